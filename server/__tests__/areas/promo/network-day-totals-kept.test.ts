/**
 * The network day totals (migration 0022, docs/analytics.md "Promo analysis by section") follow every write: ten
 * recordObservations writers at once on the shops of one network and of several networks, spans written in the past,
 * their figures changed at the same shopper's price (the price index's queue marks those days with a sign 0), spans
 * shortened and deleted, a product moved to another section, a shop moved to another network and one deleted, the
 * rebuild. After each, the rows equal figures computed in the test from the spans, every writer landed and the promo
 * analysis answers. PGlite and PostgreSQL; Polish deployment (promo analysis is not in the Czech one).
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
import { networkDayTotalsDiff } from '../../helpers/network-day-totals';
import { totalsDiffFromSpans } from '../../helpers/price-totals';

jest.setTimeout(300_000);

let app: FastifyInstance;
const productIds: number[] = [];
let byNetwork: { network: number; shops: number[] }[] = [];
// Before the demo history (the last 365 days): only this test's spans fall on these days.
const FIRST = '2023-03-06';
const us = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

async function expectKeptFollows() {
  expect(await totalsDiffFromSpans(app.db)).toEqual([]);
  expect(await networkDayTotalsDiff(app.db)).toEqual([]);
}

async function expectServerAnswers() {
  const admin = callerFor(app, await loginAs(app, 'admin'));
  const res = await admin('GET', `/promo-analysis/summary?start=${us(FIRST)}&end=${us(addDays(FIRST, 40))}&groupBy=section`);
  expect(res.statusCode).toBe(200);
  expect(res.json().data.rows.length).toBeGreaterThan(0);
}

/** One day's observations of a shop: prices that differ by shop, promos every few days, products skipped now and then. */
function dayOf(shop: number, k: number, day: number, rnd: () => number): Observation[] {
  return productIds
    .filter(() => rnd() > 0.1)
    .map((p, i) => {
      const cycle = (day + i + k) % 7;
      const regular = 1000 + i * 10 + k * 3 + (cycle < 3 ? 0 : 7);
      const promo = cycle >= 5 ? regular - 101 - 50 * (cycle - 5) : null;
      return { productId: p, shopId: shop, day: addDays(FIRST, day), regular, promo, inStock: true, source: 'parser' as const };
    });
}

beforeAll(async () => {
  app = await build({ env: { COUNTRY: 'pl', DEMO_PRODUCTS: '0' } });
  const rows = await queryRows<{ network_id: number; shops: number[] }>(
    app.db,
    sql`SELECT s.network_id, array_agg(s.id ORDER BY s.id) AS shops FROM shops s JOIN networks n ON n.id = s.network_id
        WHERE n.country = 'cz' GROUP BY s.network_id HAVING count(*) >= 2 ORDER BY count(*) DESC, s.network_id`,
  );
  byNetwork = rows.map((r) => ({ network: r.network_id, shops: r.shops.map(Number) }));
  expect(byNetwork.length).toBeGreaterThanOrEqual(3);
  const [section] = await queryRows<{ id: number }>(app.db, sql`INSERT INTO sections (name) VALUES ('Network totals') RETURNING id`);
  for (let i = 0; i < 12; i++) {
    const [row] = await queryRows<{ id: number }>(
      app.db,
      sql`INSERT INTO products (name, country, section_id) VALUES (${`Network totals ${i}`}, 'cz', ${i % 3 ? section!.id : null}) RETURNING id`,
    );
    productIds.push(row!.id);
  }
});
afterAll(() => app.close());

describe('the network day totals follow the writes', () => {
  it('ten writers at once on the shops of one network, day after day: the rows equal the spans; the server answers', async () => {
    const { shops } = byNetwork[0]!;
    const rnd = mulberry32(2201);
    for (let day = 0; day < 10; day++) await recordTenAtOnce(app.db, inTenBatches(shops.map((s, k) => dayOf(s, k, day, rnd))));
    await expectKeptFollows();
    const [kept] = await queryRows<{ n: number; promo: number }>(
      app.db,
      sql`SELECT count(*)::int AS n, sum(promo)::int AS promo FROM price_network_day_totals WHERE day BETWEEN ${FIRST}::date AND ${addDays(FIRST, 9)}::date`,
    );
    expect(kept!.n).toBeGreaterThan(10);
    expect(kept!.promo).toBeGreaterThan(0);
    await expectServerAnswers();
  });

  it('ten writers at once on shops of several networks, the same products', async () => {
    const shops = byNetwork.flatMap((n) => n.shops.slice(0, 4)).slice(0, 10);
    expect(shops).toHaveLength(10);
    const rnd = mulberry32(2202);
    for (let day = 10; day < 18; day++)
      await recordTenAtOnce(
        app.db,
        shops.map((s, k) => dayOf(s, k, day, rnd)),
      );
    await expectKeptFollows();
    await expectServerAnswers();
  });

  it('spans written in the past, their figures changed at the same price, shortened and deleted: the rows follow', async () => {
    const shop = byNetwork[0]!.shops[1]!;
    const p = productIds[1]!;
    await app.db.execute(
      sql`INSERT INTO price_spans (product_id, shop_id, start_day, end_day, regular, promo, in_stock, source)
          VALUES (${p}, ${shop}, ${addDays(FIRST, -10)}::date, ${addDays(FIRST, -6)}::date, 1000, 700, true, 0),
                 (${p}, ${shop}, ${addDays(FIRST, -5)}::date, ${addDays(FIRST, -3)}::date, 1000, 650, true, 0),
                 (${p}, ${byNetwork[1]!.shops[0]!}, ${addDays(FIRST, -8)}::date, ${addDays(FIRST, -2)}::date, 1100, null, true, 0)`,
    );
    await expectKeptFollows();
    // The shopper's price stays: a promo's regular price, then a promo turned into a regular price at its price.
    await app.db.execute(sql`UPDATE price_spans SET regular = regular + 500 WHERE product_id = ${p} AND promo IS NOT NULL AND start_day < ${FIRST}::date`);
    await expectKeptFollows();
    await app.db.execute(
      sql`UPDATE price_spans SET regular = promo, promo = NULL WHERE product_id = ${p} AND shop_id = ${shop} AND start_day = ${addDays(FIRST, -10)}::date`,
    );
    await expectKeptFollows();
    await app.db.execute(sql`UPDATE price_spans SET end_day = end_day - 2 WHERE product_id = ${p} AND start_day < ${FIRST}::date`);
    await expectKeptFollows();
    await app.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${p} AND shop_id = ${shop} AND start_day >= ${addDays(FIRST, 3)}::date`);
    await expectKeptFollows();
    await app.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${productIds[2]!}`);
    await expectKeptFollows();
    await expectServerAnswers();
  });

  it('a product moved to another section takes its rows along', async () => {
    await app.db.execute(sql`UPDATE products SET section_id = NULL WHERE id = ${productIds[4]!}`);
    await expectKeptFollows();
    await app.db.execute(sql`UPDATE products SET section_id = (SELECT section_id FROM products WHERE id = ${productIds[5]!}) WHERE id = ${productIds[3]!}`);
    await expectKeptFollows();
  });

  it('a shop moved to another network takes its rows along; the rebuild gives the same rows', async () => {
    const shop = byNetwork[0]!.shops[0]!;
    await app.db.execute(sql`UPDATE shops SET network_id = ${byNetwork[1]!.network} WHERE id = ${shop}`);
    await expectKeptFollows();
    await app.db.execute(sql`UPDATE shops SET network_id = ${byNetwork[0]!.network} WHERE id = ${shop}`);
    await expectKeptFollows();
    const rows = () =>
      queryRows<{ k: string }>(
        app.db,
        sql`SELECT concat_ws('|', day, network_id, section_id, priced, promo, price_sum, round(depth_sum::numeric, 6), promo_starts) AS k
            FROM price_network_day_totals ORDER BY 1`,
      );
    const before = await rows();
    expect(before.length).toBeGreaterThan(0);
    // The index's rebuild (catalogue loads, the demo shops' alignment) rebuilds these rows too.
    await app.db.transaction((tx) => tx.execute(sql`SELECT price_index_rebuild()`));
    expect(await rows()).toEqual(before);
    await expectServerAnswers();
  });

  it('a shop deleted by hand leaves its network’s rows as if it had not been there', async () => {
    const from = byNetwork[0]!.shops[0]!;
    const [shop] = await queryRows<{ id: number }>(
      app.db,
      sql`INSERT INTO shops (code, name, network_id, country, city_code)
          SELECT 'network-totals-gone', 'Gone', network_id, country, city_code FROM shops WHERE id = ${from} RETURNING id`,
    );
    const id = Number(shop!.id);
    const rnd = mulberry32(2203);
    for (let day = 20; day < 24; day++) await app.db.transaction((tx) => recordObservations(tx as unknown as Db, dayOf(id, 1, day, rnd)));
    await expectKeptFollows();
    await app.db.execute(sql`DELETE FROM shops WHERE id = ${id}`);
    expect(await networkDayTotalsDiff(app.db)).toEqual([]);
    await expectServerAnswers();
  });

  it('the check sees a wrong row (a count, a depth sum, a row too many)', async () => {
    for (const change of [
      sql`UPDATE price_network_day_totals SET promo = promo + 1 WHERE (day, network_id, section_id) = (SELECT day, network_id, section_id FROM price_network_day_totals LIMIT 1)`,
      sql`UPDATE price_network_day_totals SET depth_sum = depth_sum + 0.01 WHERE (day, network_id, section_id) = (SELECT day, network_id, section_id FROM price_network_day_totals LIMIT 1)`,
      sql`INSERT INTO price_network_day_totals VALUES ('2001-01-01', ${byNetwork[0]!.network}, 0, 1, 0, 100, 0, 0)`,
    ]) {
      await app.db
        .transaction(async (tx) => {
          await tx.execute(change);
          expect((await networkDayTotalsDiff(tx as unknown as Db)).length).toBeGreaterThan(0);
          throw new Error('undo');
        })
        .catch((e: Error) => expect(e.message).toBe('undo'));
    }
    expect(await networkDayTotalsDiff(app.db)).toEqual([]);
  });
});
