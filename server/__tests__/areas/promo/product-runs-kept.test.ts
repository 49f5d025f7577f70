/**
 * The product runs (migration 0024, docs/analytics.md "Product runs") follow every write: ten recordObservations
 * writers at once on the shops of one network, of several networks and of two countries (the same products: their
 * rows are shared by writers holding different network keys), spans written in the past, their figures changed at
 * the same shopper's price (a promo ended at its price), shortened and deleted, a product moved to another section, a
 * shop moved to another network and one deleted, the rebuild. After each, the rows equal runs computed in the test
 * from the spans, and promo analysis by section answers. PGlite and PostgreSQL; Polish deployment (promo analysis is
 * not in the Czech one).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/client';
import { mulberry32 } from '../../../src/demo/catalogue/prng';
import { keptTables, weekly } from '../../helpers/kept-tables';
import { inTenBatches } from '../../helpers/ten-writers';
import { productRunsDiff } from '../../helpers/product-runs';

jest.setTimeout(300_000);

// Prices that differ by shop, promos every few days (deeper on the last day of the cycle).
const kit = keptTables({
  env: { COUNTRY: 'pl', DEMO_PRODUCTS: '0' },
  first: '2023-05-01',
  name: 'Product runs',
  productCountry: 'cz',
  section: true,
  countries: ['cz', 'pl'],
  skipBelow: 0.15,
  price: weekly((regular, cycle) => (cycle >= 5 ? regular - 101 - 50 * (cycle - 5) : null)),
});
const { productIds, byNetwork, day: at } = kit;
const czech = () => byNetwork.filter((n) => n.country === 'cz');

beforeAll(() => {
  expect(czech().length).toBeGreaterThanOrEqual(3);
  expect(byNetwork.filter((n) => n.country === 'pl').length).toBeGreaterThanOrEqual(1);
});

async function expectServerAnswers() {
  const res = await kit.asAdmin('GET', `/promo-analysis/summary?start=${kit.us(0)}&end=${kit.us(40)}&groupBy=section`);
  expect(res.statusCode).toBe(200);
  const rows = res.json().data.rows as { products: number; promoProducts: number }[];
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.promoProducts <= r.products)).toBe(true);
}

describe('the product runs follow the writes', () => {
  it('ten writers at once on the shops of one network, day after day (gaps included): the rows equal the spans', async () => {
    const { shops } = czech()[0]!;
    const rnd = mulberry32(2401);
    for (let day = 0; day < 10; day++) await kit.tenAtOnce(inTenBatches(shops.map((s, k) => kit.dayOf(s, k, day, rnd))));
    expect(await productRunsDiff(kit.db)).toEqual([]);
    const [kept] = await queryRows<{ n: number; promo: number }>(
      kit.db,
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE promo)::int AS promo FROM price_product_runs WHERE product_id = ANY(${sql.param(productIds)}::int[])`,
    );
    expect(kept!.n).toBeGreaterThan(12);
    expect(kept!.promo).toBeGreaterThan(0);
    await expectServerAnswers();
  });

  it('ten writers at once on shops of several networks, the same products', async () => {
    const shops = czech()
      .flatMap((n) => n.shops.slice(0, 4))
      .slice(0, 10);
    expect(shops).toHaveLength(10);
    const rnd = mulberry32(2402);
    for (let day = 10; day < 18; day++) await kit.tenAtOnce(shops.map((s, k) => kit.dayOf(s, k, day, rnd)));
    expect(await productRunsDiff(kit.db)).toEqual([]);
    await expectServerAnswers();
  });

  it('ten writers at once on shops of two countries, the same products (their commit steps take the products’ country key)', async () => {
    const pl = byNetwork.filter((n) => n.country === 'pl').flatMap((n) => n.shops.slice(0, 3));
    const cz = czech().flatMap((n) => n.shops.slice(0, 2));
    const shops = [...pl.slice(0, 5), ...cz.slice(0, 10 - Math.min(5, pl.length))];
    expect(shops).toHaveLength(10);
    const rnd = mulberry32(2403);
    for (let day = 18; day < 24; day++) await kit.tenAtOnce(shops.map((s, k) => kit.dayOf(s, k, day, rnd)));
    expect(await productRunsDiff(kit.db)).toEqual([]);
    await expectServerAnswers();
  });

  it('spans written in the past, a promo ended at its price, spans shortened and deleted: the rows follow', async () => {
    const shop = czech()[0]!.shops[1]!;
    const p = productIds[1]!;
    await kit.db.execute(
      sql`INSERT INTO price_spans (product_id, shop_id, start_day, end_day, regular, promo, in_stock, source)
          VALUES (${p}, ${shop}, ${at(-10)}::date, ${at(-6)}::date, 1000, 700, true, 0),
                 (${p}, ${shop}, ${at(-5)}::date, ${at(-3)}::date, 1000, 650, true, 0),
                 (${p}, ${czech()[1]!.shops[0]!}, ${at(-8)}::date, ${at(-2)}::date, 1100, null, true, 0)`,
    );
    expect(await productRunsDiff(kit.db)).toEqual([]);
    // The shopper's price stays but the promo ends: the promo days go, the priced days stay.
    await kit.db.execute(
      sql`UPDATE price_spans SET regular = promo, promo = NULL WHERE product_id = ${p} AND shop_id = ${shop} AND start_day = ${at(-5)}::date`,
    );
    expect(await productRunsDiff(kit.db)).toEqual([]);
    await kit.db.execute(sql`UPDATE price_spans SET end_day = end_day - 2 WHERE product_id = ${p} AND start_day < ${at(0)}::date`);
    expect(await productRunsDiff(kit.db)).toEqual([]);
    // A hole in the middle of the history: one run becomes two.
    await kit.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${productIds[3]!} AND start_day BETWEEN ${at(4)}::date AND ${at(6)}::date`);
    expect(await productRunsDiff(kit.db)).toEqual([]);
    // A span written into the hole (days only added): the two runs become one again.
    const pl = byNetwork.find((n) => n.country === 'pl')!.shops[0]!;
    await kit.db.execute(
      sql`INSERT INTO price_spans (product_id, shop_id, start_day, end_day, regular, promo, in_stock, source)
          VALUES (${productIds[3]!}, ${pl}, ${at(3)}::date, ${at(9)}::date, 1200, 900, true, 0)`,
    );
    expect(await productRunsDiff(kit.db)).toEqual([]);
    await kit.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${productIds[2]!}`);
    expect(await productRunsDiff(kit.db)).toEqual([]);
    const [gone] = await queryRows<{ n: number }>(kit.db, sql`SELECT count(*)::int AS n FROM price_product_runs WHERE product_id = ${productIds[2]!}`);
    expect(gone!.n).toBe(0);
    await expectServerAnswers();
  });

  it('a product moved to another section takes its rows along', async () => {
    await kit.db.execute(sql`UPDATE products SET section_id = NULL WHERE id = ${productIds[4]!}`);
    expect(await productRunsDiff(kit.db)).toEqual([]);
    await kit.db.execute(sql`UPDATE products SET section_id = (SELECT section_id FROM products WHERE id = ${productIds[5]!}) WHERE id = ${productIds[3]!}`);
    expect(await productRunsDiff(kit.db)).toEqual([]);
  });

  it('a shop moved to another network changes nothing; the rebuild gives the same rows', async () => {
    const shop = czech()[0]!.shops[0]!;
    await kit.db.execute(sql`UPDATE shops SET network_id = ${czech()[1]!.network} WHERE id = ${shop}`);
    expect(await productRunsDiff(kit.db)).toEqual([]);
    await kit.db.execute(sql`UPDATE shops SET network_id = ${czech()[0]!.network} WHERE id = ${shop}`);
    expect(await productRunsDiff(kit.db)).toEqual([]);
    // The index's rebuild (catalogue loads, the demo shops' alignment) rebuilds these rows too.
    const before = await kit.expectRebuildKeeps(
      sql`SELECT concat_ws('|', product_id, promo, start_day, end_day, prev_end, section_id) AS k FROM price_product_runs ORDER BY 1`,
      sql`SELECT price_index_rebuild()`,
    );
    expect(before.length).toBeGreaterThan(0);
    await expectServerAnswers();
  });

  it('a shop deleted by hand leaves the rows as if it had not been there', async () => {
    const from = czech()[0]!.shops[0]!;
    const id = await kit.shopLike(from, 'product-runs-gone');
    const rnd = mulberry32(2404);
    // Days nobody else priced: the shop's runs stand alone, so its deletion must take them away.
    await kit.alone(id, [30, 34], rnd);
    expect(await productRunsDiff(kit.db)).toEqual([]);
    const [had] = await queryRows<{ n: number }>(kit.db, sql`SELECT count(*)::int AS n FROM price_product_runs WHERE end_day >= ${at(30)}::date`);
    expect(had!.n).toBeGreaterThan(0);
    await kit.db.execute(sql`DELETE FROM shops WHERE id = ${id}`);
    expect(await productRunsDiff(kit.db)).toEqual([]);
    const [left] = await queryRows<{ n: number }>(kit.db, sql`SELECT count(*)::int AS n FROM price_product_runs WHERE end_day >= ${at(30)}::date`);
    expect(left!.n).toBe(0);
    await expectServerAnswers();
  });

  it('the check sees a wrong row (an end, a previous end, a section, a row too many)', async () => {
    const one = sql`(SELECT product_id, promo, start_day FROM price_product_runs WHERE prev_end IS NOT NULL LIMIT 1)`;
    const changes = [
      sql`UPDATE price_product_runs SET end_day = end_day + 1 WHERE (product_id, promo, start_day) = ${one}`,
      sql`UPDATE price_product_runs SET prev_end = prev_end - 1 WHERE (product_id, promo, start_day) = ${one}`,
      sql`UPDATE price_product_runs SET section_id = section_id + 1 WHERE (product_id, promo, start_day) = ${one}`,
      sql`INSERT INTO price_product_runs VALUES (${productIds[0]!}, true, '2001-01-01', '2001-01-02', NULL, 0)`,
    ];
    await kit.expectCheckSees(changes, productRunsDiff);
    expect(await productRunsDiff(kit.db)).toEqual([]);
  });
});
