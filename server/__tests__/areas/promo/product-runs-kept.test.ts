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
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '../../../src/db/client';
import { recordObservations, type Observation } from '../../../src/areas/prices/record';
import { mulberry32 } from '../../../src/demo/catalogue/prng';
import { addDays } from '../../../src/lib/days';
import { build, loginAs } from '../../helpers/build';
import { callerFor } from '../../helpers/catalogue';
import { inTenBatches, recordTenAtOnce } from '../../helpers/ten-writers';
import { productRunsDiff } from '../../helpers/product-runs';

jest.setTimeout(300_000);

let app: FastifyInstance;
const productIds: number[] = [];
let byNetwork: { network: number; country: string; shops: number[] }[] = [];
// Before the demo history (the last 365 days): only this test's spans fall on these days.
const FIRST = '2023-05-01';
const us = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

async function expectServerAnswers() {
  const admin = callerFor(app, await loginAs(app, 'admin'));
  const res = await admin('GET', `/promo-analysis/summary?start=${us(FIRST)}&end=${us(addDays(FIRST, 40))}&groupBy=section`);
  expect(res.statusCode).toBe(200);
  const rows = res.json().data.rows as { products: number; promoProducts: number }[];
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.promoProducts <= r.products)).toBe(true);
}

/** One day's observations of a shop: prices that differ by shop, promos every few days, products skipped now and then. */
function dayOf(shop: number, k: number, day: number, rnd: () => number): Observation[] {
  return productIds
    .filter(() => rnd() > 0.15)
    .map((p, i) => {
      const cycle = (day + i + k) % 7;
      const regular = 1000 + i * 10 + k * 3 + (cycle < 3 ? 0 : 7);
      const promo = cycle >= 5 ? regular - 101 - 50 * (cycle - 5) : null;
      return { productId: p, shopId: shop, day: addDays(FIRST, day), regular, promo, inStock: true, source: 'parser' as const };
    });
}

beforeAll(async () => {
  app = await build({ env: { COUNTRY: 'pl', DEMO_PRODUCTS: '0' } });
  const rows = await queryRows<{ network_id: number; country: string; shops: number[] }>(
    app.db,
    sql`SELECT s.network_id, n.country, array_agg(s.id ORDER BY s.id) AS shops FROM shops s JOIN networks n ON n.id = s.network_id
        WHERE n.country IN ('cz', 'pl') GROUP BY s.network_id, n.country HAVING count(*) >= 2 ORDER BY n.country, count(*) DESC, s.network_id`,
  );
  byNetwork = rows.map((r) => ({ network: r.network_id, country: r.country, shops: r.shops.map(Number) }));
  expect(byNetwork.filter((n) => n.country === 'cz').length).toBeGreaterThanOrEqual(3);
  expect(byNetwork.filter((n) => n.country === 'pl').length).toBeGreaterThanOrEqual(1);
  const [section] = await queryRows<{ id: number }>(app.db, sql`INSERT INTO sections (name) VALUES ('Product runs') RETURNING id`);
  for (let i = 0; i < 12; i++) {
    const [row] = await queryRows<{ id: number }>(
      app.db,
      sql`INSERT INTO products (name, country, section_id) VALUES (${`Product runs ${i}`}, 'cz', ${i % 3 ? section!.id : null}) RETURNING id`,
    );
    productIds.push(row!.id);
  }
});
afterAll(() => app.close());

const czech = () => byNetwork.filter((n) => n.country === 'cz');

describe('the product runs follow the writes', () => {
  it('ten writers at once on the shops of one network, day after day (gaps included): the rows equal the spans', async () => {
    const { shops } = czech()[0]!;
    const rnd = mulberry32(2401);
    for (let day = 0; day < 10; day++) await recordTenAtOnce(app.db, inTenBatches(shops.map((s, k) => dayOf(s, k, day, rnd))));
    expect(await productRunsDiff(app.db)).toEqual([]);
    const [kept] = await queryRows<{ n: number; promo: number }>(
      app.db,
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
    for (let day = 10; day < 18; day++)
      await recordTenAtOnce(
        app.db,
        shops.map((s, k) => dayOf(s, k, day, rnd)),
      );
    expect(await productRunsDiff(app.db)).toEqual([]);
    await expectServerAnswers();
  });

  it('ten writers at once on shops of two countries, the same products (their commit steps take the products’ country key)', async () => {
    const pl = byNetwork.filter((n) => n.country === 'pl').flatMap((n) => n.shops.slice(0, 3));
    const cz = czech().flatMap((n) => n.shops.slice(0, 2));
    const shops = [...pl.slice(0, 5), ...cz.slice(0, 10 - Math.min(5, pl.length))];
    expect(shops).toHaveLength(10);
    const rnd = mulberry32(2403);
    for (let day = 18; day < 24; day++)
      await recordTenAtOnce(
        app.db,
        shops.map((s, k) => dayOf(s, k, day, rnd)),
      );
    expect(await productRunsDiff(app.db)).toEqual([]);
    await expectServerAnswers();
  });

  it('spans written in the past, a promo ended at its price, spans shortened and deleted: the rows follow', async () => {
    const shop = czech()[0]!.shops[1]!;
    const p = productIds[1]!;
    await app.db.execute(
      sql`INSERT INTO price_spans (product_id, shop_id, start_day, end_day, regular, promo, in_stock, source)
          VALUES (${p}, ${shop}, ${addDays(FIRST, -10)}::date, ${addDays(FIRST, -6)}::date, 1000, 700, true, 0),
                 (${p}, ${shop}, ${addDays(FIRST, -5)}::date, ${addDays(FIRST, -3)}::date, 1000, 650, true, 0),
                 (${p}, ${czech()[1]!.shops[0]!}, ${addDays(FIRST, -8)}::date, ${addDays(FIRST, -2)}::date, 1100, null, true, 0)`,
    );
    expect(await productRunsDiff(app.db)).toEqual([]);
    // The shopper's price stays but the promo ends: the promo days go, the priced days stay.
    await app.db.execute(
      sql`UPDATE price_spans SET regular = promo, promo = NULL WHERE product_id = ${p} AND shop_id = ${shop} AND start_day = ${addDays(FIRST, -5)}::date`,
    );
    expect(await productRunsDiff(app.db)).toEqual([]);
    await app.db.execute(sql`UPDATE price_spans SET end_day = end_day - 2 WHERE product_id = ${p} AND start_day < ${FIRST}::date`);
    expect(await productRunsDiff(app.db)).toEqual([]);
    // A hole in the middle of the history: one run becomes two.
    await app.db.execute(
      sql`DELETE FROM price_spans WHERE product_id = ${productIds[3]!} AND start_day BETWEEN ${addDays(FIRST, 4)}::date AND ${addDays(FIRST, 6)}::date`,
    );
    expect(await productRunsDiff(app.db)).toEqual([]);
    // A span written into the hole (days only added): the two runs become one again.
    const pl = byNetwork.find((n) => n.country === 'pl')!.shops[0]!;
    await app.db.execute(
      sql`INSERT INTO price_spans (product_id, shop_id, start_day, end_day, regular, promo, in_stock, source)
          VALUES (${productIds[3]!}, ${pl}, ${addDays(FIRST, 3)}::date, ${addDays(FIRST, 9)}::date, 1200, 900, true, 0)`,
    );
    expect(await productRunsDiff(app.db)).toEqual([]);
    await app.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${productIds[2]!}`);
    expect(await productRunsDiff(app.db)).toEqual([]);
    const [gone] = await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM price_product_runs WHERE product_id = ${productIds[2]!}`);
    expect(gone!.n).toBe(0);
    await expectServerAnswers();
  });

  it('a product moved to another section takes its rows along', async () => {
    await app.db.execute(sql`UPDATE products SET section_id = NULL WHERE id = ${productIds[4]!}`);
    expect(await productRunsDiff(app.db)).toEqual([]);
    await app.db.execute(sql`UPDATE products SET section_id = (SELECT section_id FROM products WHERE id = ${productIds[5]!}) WHERE id = ${productIds[3]!}`);
    expect(await productRunsDiff(app.db)).toEqual([]);
  });

  it('a shop moved to another network changes nothing; the rebuild gives the same rows', async () => {
    const shop = czech()[0]!.shops[0]!;
    await app.db.execute(sql`UPDATE shops SET network_id = ${czech()[1]!.network} WHERE id = ${shop}`);
    expect(await productRunsDiff(app.db)).toEqual([]);
    await app.db.execute(sql`UPDATE shops SET network_id = ${czech()[0]!.network} WHERE id = ${shop}`);
    expect(await productRunsDiff(app.db)).toEqual([]);
    const rows = () =>
      queryRows<{ k: string }>(
        app.db,
        sql`SELECT concat_ws('|', product_id, promo, start_day, end_day, prev_end, section_id) AS k FROM price_product_runs ORDER BY 1`,
      );
    const before = await rows();
    expect(before.length).toBeGreaterThan(0);
    // The index's rebuild (catalogue loads, the demo shops' alignment) rebuilds these rows too.
    await app.db.transaction((tx) => tx.execute(sql`SELECT price_index_rebuild()`));
    expect(await rows()).toEqual(before);
    await expectServerAnswers();
  });

  it('a shop deleted by hand leaves the rows as if it had not been there', async () => {
    const from = czech()[0]!.shops[0]!;
    const [shop] = await queryRows<{ id: number }>(
      app.db,
      sql`INSERT INTO shops (code, name, network_id, country, city_code)
          SELECT 'product-runs-gone', 'Gone', network_id, country, city_code FROM shops WHERE id = ${from} RETURNING id`,
    );
    const id = Number(shop!.id);
    const rnd = mulberry32(2404);
    // Days nobody else priced: the shop's runs stand alone, so its deletion must take them away.
    for (let day = 30; day < 34; day++) await app.db.transaction((tx) => recordObservations(tx as unknown as Db, dayOf(id, 1, day, rnd)));
    expect(await productRunsDiff(app.db)).toEqual([]);
    const [had] = await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM price_product_runs WHERE end_day >= ${addDays(FIRST, 30)}::date`);
    expect(had!.n).toBeGreaterThan(0);
    await app.db.execute(sql`DELETE FROM shops WHERE id = ${id}`);
    expect(await productRunsDiff(app.db)).toEqual([]);
    const [left] = await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM price_product_runs WHERE end_day >= ${addDays(FIRST, 30)}::date`);
    expect(left!.n).toBe(0);
    await expectServerAnswers();
  });

  it('the check sees a wrong row (an end, a previous end, a section, a row too many)', async () => {
    const one = sql`(SELECT product_id, promo, start_day FROM price_product_runs WHERE prev_end IS NOT NULL LIMIT 1)`;
    for (const change of [
      sql`UPDATE price_product_runs SET end_day = end_day + 1 WHERE (product_id, promo, start_day) = ${one}`,
      sql`UPDATE price_product_runs SET prev_end = prev_end - 1 WHERE (product_id, promo, start_day) = ${one}`,
      sql`UPDATE price_product_runs SET section_id = section_id + 1 WHERE (product_id, promo, start_day) = ${one}`,
      sql`INSERT INTO price_product_runs VALUES (${productIds[0]!}, true, '2001-01-01', '2001-01-02', NULL, 0)`,
    ]) {
      await app.db
        .transaction(async (tx) => {
          await tx.execute(change);
          expect((await productRunsDiff(tx as unknown as Db)).length).toBeGreaterThan(0);
          throw new Error('undo');
        })
        .catch((e: Error) => expect(e.message).toBe('undo'));
    }
    expect(await productRunsDiff(app.db)).toEqual([]);
  });
});
