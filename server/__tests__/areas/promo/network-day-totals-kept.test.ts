/**
 * The network day totals (migration 0022, docs/analytics.md "Promo analysis by section") follow every write: ten
 * recordObservations writers at once on the shops of one network and of several networks, spans written in the past,
 * their figures changed at the same shopper's price (the price index's queue marks those days with a sign 0), spans
 * shortened and deleted, a product moved to another section, a shop moved to another network and one deleted, the
 * rebuild. After each, the rows equal figures computed in the test from the spans, every writer landed and the promo
 * analysis answers. PGlite and PostgreSQL; Polish deployment (promo analysis is not in the Czech one).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/client';
import { mulberry32 } from '../../../src/demo/catalogue/prng';
import { keptTables, weekly } from '../../helpers/kept-tables';
import { inTenBatches } from '../../helpers/ten-writers';
import { networkDayTotalsDiff } from '../../helpers/network-day-totals';
import { totalsDiffFromSpans } from '../../helpers/price-totals';

jest.setTimeout(300_000);

// Prices that differ by shop, promos every few days (deeper on the last day of the cycle).
const kit = keptTables({
  env: { COUNTRY: 'pl', DEMO_PRODUCTS: '0' },
  first: '2023-03-06',
  name: 'Network totals',
  productCountry: 'cz',
  section: true,
  countries: ['cz'],
  skipBelow: 0.1,
  price: weekly((regular, cycle) => (cycle >= 5 ? regular - 101 - 50 * (cycle - 5) : null)),
});
const { productIds, byNetwork, day: at } = kit;

beforeAll(() => expect(byNetwork.length).toBeGreaterThanOrEqual(3));

async function expectKeptFollows() {
  expect(await totalsDiffFromSpans(kit.db)).toEqual([]);
  expect(await networkDayTotalsDiff(kit.db)).toEqual([]);
}

async function expectServerAnswers() {
  const res = await kit.asAdmin('GET', `/promo-analysis/summary?start=${kit.us(0)}&end=${kit.us(40)}&groupBy=section`);
  expect(res.statusCode).toBe(200);
  expect(res.json().data.rows.length).toBeGreaterThan(0);
}

describe('the network day totals follow the writes', () => {
  it('ten writers at once on the shops of one network, day after day: the rows equal the spans; the server answers', async () => {
    const { shops } = byNetwork[0]!;
    const rnd = mulberry32(2201);
    for (let day = 0; day < 10; day++) await kit.tenAtOnce(inTenBatches(shops.map((s, k) => kit.dayOf(s, k, day, rnd))));
    await expectKeptFollows();
    const [kept] = await queryRows<{ n: number; promo: number }>(
      kit.db,
      sql`SELECT count(*)::int AS n, sum(promo)::int AS promo FROM price_network_day_totals WHERE day BETWEEN ${at(0)}::date AND ${at(9)}::date`,
    );
    expect(kept!.n).toBeGreaterThan(10);
    expect(kept!.promo).toBeGreaterThan(0);
    await expectServerAnswers();
  });

  it('ten writers at once on shops of several networks, the same products', async () => {
    const shops = byNetwork.flatMap((n) => n.shops.slice(0, 4)).slice(0, 10);
    expect(shops).toHaveLength(10);
    const rnd = mulberry32(2202);
    for (let day = 10; day < 18; day++) await kit.tenAtOnce(shops.map((s, k) => kit.dayOf(s, k, day, rnd)));
    await expectKeptFollows();
    await expectServerAnswers();
  });

  it('spans written in the past, their figures changed at the same price, shortened and deleted: the rows follow', async () => {
    const shop = byNetwork[0]!.shops[1]!;
    const p = productIds[1]!;
    await kit.db.execute(
      sql`INSERT INTO price_spans (product_id, shop_id, start_day, end_day, regular, promo, in_stock, source)
          VALUES (${p}, ${shop}, ${at(-10)}::date, ${at(-6)}::date, 1000, 700, true, 0),
                 (${p}, ${shop}, ${at(-5)}::date, ${at(-3)}::date, 1000, 650, true, 0),
                 (${p}, ${byNetwork[1]!.shops[0]!}, ${at(-8)}::date, ${at(-2)}::date, 1100, null, true, 0)`,
    );
    await expectKeptFollows();
    // The shopper's price stays: a promo's regular price, then a promo turned into a regular price at its price.
    await kit.db.execute(sql`UPDATE price_spans SET regular = regular + 500 WHERE product_id = ${p} AND promo IS NOT NULL AND start_day < ${at(0)}::date`);
    await expectKeptFollows();
    await kit.db.execute(
      sql`UPDATE price_spans SET regular = promo, promo = NULL WHERE product_id = ${p} AND shop_id = ${shop} AND start_day = ${at(-10)}::date`,
    );
    await expectKeptFollows();
    await kit.db.execute(sql`UPDATE price_spans SET end_day = end_day - 2 WHERE product_id = ${p} AND start_day < ${at(0)}::date`);
    await expectKeptFollows();
    await kit.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${p} AND shop_id = ${shop} AND start_day >= ${at(3)}::date`);
    await expectKeptFollows();
    await kit.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${productIds[2]!}`);
    await expectKeptFollows();
    await expectServerAnswers();
  });

  it('a product moved to another section takes its rows along', async () => {
    await kit.db.execute(sql`UPDATE products SET section_id = NULL WHERE id = ${productIds[4]!}`);
    await expectKeptFollows();
    await kit.db.execute(sql`UPDATE products SET section_id = (SELECT section_id FROM products WHERE id = ${productIds[5]!}) WHERE id = ${productIds[3]!}`);
    await expectKeptFollows();
  });

  it('a shop moved to another network takes its rows along; the rebuild gives the same rows', async () => {
    const shop = byNetwork[0]!.shops[0]!;
    await kit.db.execute(sql`UPDATE shops SET network_id = ${byNetwork[1]!.network} WHERE id = ${shop}`);
    await expectKeptFollows();
    await kit.db.execute(sql`UPDATE shops SET network_id = ${byNetwork[0]!.network} WHERE id = ${shop}`);
    await expectKeptFollows();
    // The index's rebuild (catalogue loads, the demo shops' alignment) rebuilds these rows too.
    const before = await kit.expectRebuildKeeps(
      sql`SELECT concat_ws('|', day, network_id, section_id, priced, promo, price_sum, round(depth_sum::numeric, 6), promo_starts) AS k
          FROM price_network_day_totals ORDER BY 1`,
      sql`SELECT price_index_rebuild()`,
    );
    expect(before.length).toBeGreaterThan(0);
    await expectServerAnswers();
  });

  it('a shop deleted by hand leaves its network’s rows as if it had not been there', async () => {
    const from = byNetwork[0]!.shops[0]!;
    const id = await kit.shopLike(from, 'network-totals-gone');
    const rnd = mulberry32(2203);
    await kit.alone(id, [20, 24], rnd);
    await expectKeptFollows();
    await kit.db.execute(sql`DELETE FROM shops WHERE id = ${id}`);
    expect(await networkDayTotalsDiff(kit.db)).toEqual([]);
    await expectServerAnswers();
  });

  it('the check sees a wrong row (a count, a depth sum, a row too many)', async () => {
    const changes = [
      sql`UPDATE price_network_day_totals SET promo = promo + 1 WHERE (day, network_id, section_id) = (SELECT day, network_id, section_id FROM price_network_day_totals LIMIT 1)`,
      sql`UPDATE price_network_day_totals SET depth_sum = depth_sum + 0.01 WHERE (day, network_id, section_id) = (SELECT day, network_id, section_id FROM price_network_day_totals LIMIT 1)`,
      sql`INSERT INTO price_network_day_totals VALUES ('2001-01-01', ${byNetwork[0]!.network}, 0, 1, 0, 100, 0, 0)`,
    ];
    await kit.expectCheckSees(changes, networkDayTotalsDiff);
    expect(await networkDayTotalsDiff(kit.db)).toEqual([]);
  });
});
