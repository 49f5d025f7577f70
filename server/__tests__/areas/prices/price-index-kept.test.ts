/**
 * The price index's kept rows (migration 0021, docs/analytics.md "Price index") follow every write: ten
 * recordObservations writers at once on the shops of one network and of several networks of one country (the same
 * products, so the pair rows of two networks change in both writers), spans written in the past and deleted, a
 * product moved to another section, a shop moved to another network and one deleted, the catalogue loads' rebuild.
 * After each, the rows equal figures computed in the test from the spans, every writer landed and the server
 * answers. PGlite and PostgreSQL.
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
import { indexDiffFromSpans } from '../../helpers/price-index';

jest.setTimeout(300_000);

let app: FastifyInstance;
const productIds: number[] = [];
let byNetwork: { network: number; shops: number[] }[] = [];
// Before the demo history (the last 365 days): only this test's spans fall on these days.
const FIRST = '2023-03-06';
/** Ten batches at once, each in a transaction of its own; every one lands. */
const tenAtOnce = (batches: Observation[][]) => recordTenAtOnce(app.db, batches);
const us = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

async function expectIndexFollows() {
  expect(await indexDiffFromSpans(app.db)).toEqual([]);
}

async function expectServerAnswers() {
  const admin = callerFor(app, await loginAs(app, 'admin'));
  const res = await admin('POST', '/prices/history/prices/analytics', { start: us(FIRST), end: us(addDays(FIRST, 40)) });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.networks.length).toBeGreaterThan(0);
}

/** One day's observations of a shop: prices that differ by shop and move every few days, products skipped now and then. */
function dayOf(shop: number, k: number, day: number, rnd: () => number): Observation[] {
  return productIds
    .filter(() => rnd() > 0.1)
    .map((p, i) => {
      const cycle = (day + i + k) % 7;
      const regular = 1000 + i * 10 + k * 3 + (cycle < 3 ? 0 : 7);
      const promo = cycle === 5 ? regular - 101 : null;
      return { productId: p, shopId: shop, day: addDays(FIRST, day), regular, promo, inStock: true, source: 'parser' as const };
    });
}

beforeAll(async () => {
  app = await build({ env: { DEMO_PRODUCTS: '0' } });
  const rows = await queryRows<{ network_id: number; shops: number[] }>(
    app.db,
    sql`SELECT s.network_id, array_agg(s.id ORDER BY s.id) AS shops FROM shops s JOIN networks n ON n.id = s.network_id
        WHERE n.country = 'cz' GROUP BY s.network_id HAVING count(*) >= 2 ORDER BY count(*) DESC, s.network_id`,
  );
  byNetwork = rows.map((r) => ({ network: r.network_id, shops: r.shops.map(Number) }));
  expect(byNetwork.length).toBeGreaterThanOrEqual(3);
  const [section] = await queryRows<{ id: number }>(app.db, sql`INSERT INTO sections (name) VALUES ('Price index') RETURNING id`);
  for (let i = 0; i < 12; i++) {
    const [row] = await queryRows<{ id: number }>(
      app.db,
      sql`INSERT INTO products (name, country, section_id) VALUES (${`Price index ${i}`}, 'cz', ${i % 3 ? section!.id : null}) RETURNING id`,
    );
    productIds.push(row!.id);
  }
});
afterAll(() => app.close());

describe('the price index rows follow the writes', () => {
  it('ten writers at once on the shops of one network, day after day: the rows equal the spans; the server answers', async () => {
    const { shops } = byNetwork[0]!;
    const rnd = mulberry32(2021);
    for (let day = 0; day < 10; day++) {
      const perShop = shops.map((s, k) => dayOf(s, k, day, rnd));
      // Ten batches over the network's shops (a shop's products split across batches when it has fewer than ten).
      await tenAtOnce(inTenBatches(perShop));
    }
    await expectIndexFollows();
    await expectServerAnswers();
  });

  it('ten writers at once on shops of several networks of one country, the same products: the pair rows follow', async () => {
    const shops = byNetwork.flatMap((n) => n.shops.slice(0, 4)).slice(0, 10);
    expect(shops).toHaveLength(10);
    const rnd = mulberry32(2122);
    for (let day = 10; day < 18; day++) await tenAtOnce(shops.map((s, k) => dayOf(s, k, day, rnd)));
    await expectIndexFollows();
    const [pairs] = await queryRows<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM price_network_pair_days WHERE day BETWEEN ${addDays(FIRST, 10)}::date AND ${addDays(FIRST, 17)}::date`,
    );
    expect(pairs!.n).toBeGreaterThan(10);
    await expectServerAnswers();
  });

  it('spans written in the past, changed and deleted: the rows follow (min/max recomputed for the days that lost a price)', async () => {
    const shop = byNetwork[0]!.shops[1]!;
    const p = productIds[1]!;
    await app.db.execute(
      sql`INSERT INTO price_spans (product_id, shop_id, start_day, end_day, regular, promo, in_stock, source)
          VALUES (${p}, ${shop}, ${addDays(FIRST, -10)}::date, ${addDays(FIRST, -6)}::date, 1000, 700, true, 0),
                 (${p}, ${byNetwork[1]!.shops[0]!}, ${addDays(FIRST, -8)}::date, ${addDays(FIRST, -2)}::date, 1100, null, true, 0)`,
    );
    await expectIndexFollows();
    await app.db.execute(sql`UPDATE price_spans SET regular = regular + 500 WHERE product_id = ${p} AND start_day < ${FIRST}::date`);
    await expectIndexFollows();
    await app.db.execute(sql`UPDATE price_spans SET end_day = end_day - 2 WHERE product_id = ${p} AND start_day < ${FIRST}::date`);
    await expectIndexFollows();
    await app.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${p} AND shop_id = ${shop} AND start_day >= ${addDays(FIRST, 3)}::date`);
    await expectIndexFollows();
    await app.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${productIds[2]!}`);
    await expectIndexFollows();
    await expectServerAnswers();
  });

  it('a product moved to another section takes its rows along', async () => {
    await app.db.execute(sql`UPDATE products SET section_id = NULL WHERE id = ${productIds[4]!}`);
    await expectIndexFollows();
    await app.db.execute(sql`UPDATE products SET section_id = (SELECT section_id FROM products WHERE id = ${productIds[5]!}) WHERE id = ${productIds[3]!}`);
    await expectIndexFollows();
  });

  it('a shop moved to another network takes its rows along; the catalogue loads’ rebuild gives the same rows', async () => {
    const shop = byNetwork[0]!.shops[0]!;
    await app.db.execute(sql`UPDATE shops SET network_id = ${byNetwork[1]!.network} WHERE id = ${shop}`);
    await expectIndexFollows();
    await app.db.execute(sql`UPDATE shops SET network_id = ${byNetwork[0]!.network} WHERE id = ${shop}`);
    await expectIndexFollows();
    const rows = () =>
      queryRows<{ k: string }>(
        app.db,
        sql`SELECT concat_ws('|', 'd', d.*) AS k FROM price_network_days d UNION ALL SELECT concat_ws('|', 'p', p.*) FROM price_network_pair_days p
            UNION ALL SELECT concat_ws('|', 'e', e.*) FROM price_day_extremes e UNION ALL SELECT concat_ws('|', 's', s.*) FROM price_shop_days s
            ORDER BY 1`,
      );
    const before = await rows();
    await app.db.transaction((tx) => tx.execute(sql`SELECT price_index_rebuild()`));
    expect(await rows()).toEqual(before);
    await expectServerAnswers();
  });

  it('a shop deleted by hand leaves its network’s rows as if it had not been there', async () => {
    const from = byNetwork[0]!.shops[0]!;
    const [shop] = await queryRows<{ id: number }>(
      app.db,
      sql`INSERT INTO shops (code, name, network_id, country, city_code)
          SELECT 'price-index-gone', 'Gone', network_id, country, city_code FROM shops WHERE id = ${from} RETURNING id`,
    );
    const id = Number(shop!.id);
    const rnd = mulberry32(2324);
    for (let day = 20; day < 24; day++) await app.db.transaction((tx) => recordObservations(tx as unknown as Db, dayOf(id, 1, day, rnd)));
    await expectIndexFollows();
    await app.db.execute(sql`DELETE FROM shops WHERE id = ${id}`);
    await expectIndexFollows();
    await expectServerAnswers();
  });

  it('the check sees a wrong row (an average sum, a pair’s products, a minimum, a shop’s day)', async () => {
    for (const change of [
      sql`UPDATE price_network_days SET avg_sum = avg_sum + 0.000001 WHERE (day, network_id, section_id) = (SELECT day, network_id, section_id FROM price_network_days LIMIT 1)`,
      sql`UPDATE price_network_pair_days SET products = products + 1 WHERE (day, network_id, base_network_id, section_id) = (SELECT day, network_id, base_network_id, section_id FROM price_network_pair_days LIMIT 1)`,
      sql`UPDATE price_day_extremes SET min_price = min_price - 1 WHERE (day, shop_id, section_id) = (SELECT day, shop_id, section_id FROM price_day_extremes LIMIT 1)`,
      sql`UPDATE price_shop_days SET price_sum = price_sum + 1 WHERE (day, shop_id) = (SELECT day, shop_id FROM price_shop_days LIMIT 1)`,
    ]) {
      await app.db
        .transaction(async (tx) => {
          await tx.execute(change);
          expect((await indexDiffFromSpans(tx as unknown as Db)).length).toBeGreaterThan(0);
          throw new Error('undo');
        })
        .catch((e: Error) => expect(e.message).toBe('undo'));
    }
    await expectIndexFollows();
  });
});
