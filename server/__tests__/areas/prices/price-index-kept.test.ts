/**
 * The price index's kept rows (migration 0021, docs/analytics.md "Price index") follow every write: ten
 * recordObservations writers at once on the shops of one network and of several networks of one country (the same
 * products, so the pair rows of two networks change in both writers), spans written in the past and deleted, a
 * product moved to another section, a shop moved to another network and one deleted, the catalogue loads' rebuild.
 * After each, the rows equal figures computed in the test from the spans, every writer landed and the server
 * answers. PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/client';
import { mulberry32 } from '../../../src/demo/catalogue/prng';
import { keptTables, weekly } from '../../helpers/kept-tables';
import { inTenBatches } from '../../helpers/ten-writers';
import { indexDiffFromSpans } from '../../helpers/price-index';

jest.setTimeout(300_000);

// Prices that differ by shop and move every few days, a promo one day in seven.
const kit = keptTables({
  env: { DEMO_PRODUCTS: '0' },
  first: '2023-03-06',
  name: 'Price index',
  productCountry: 'cz',
  section: true,
  countries: ['cz'],
  skipBelow: 0.1,
  price: weekly((regular, cycle) => (cycle === 5 ? regular - 101 : null)),
});
const { productIds, byNetwork, day: at } = kit;

beforeAll(() => expect(byNetwork.length).toBeGreaterThanOrEqual(3));

async function expectIndexFollows() {
  expect(await indexDiffFromSpans(kit.db)).toEqual([]);
}

async function expectServerAnswers() {
  const res = await kit.asAdmin('POST', '/prices/history/prices/analytics', { start: kit.us(0), end: kit.us(40) });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.networks.length).toBeGreaterThan(0);
}

describe('the price index rows follow the writes', () => {
  it('ten writers at once on the shops of one network, day after day: the rows equal the spans; the server answers', async () => {
    const { shops } = byNetwork[0]!;
    const rnd = mulberry32(2021);
    for (let day = 0; day < 10; day++) {
      const perShop = shops.map((s, k) => kit.dayOf(s, k, day, rnd));
      // Ten batches over the network's shops (a shop's products split across batches when it has fewer than ten).
      await kit.tenAtOnce(inTenBatches(perShop));
    }
    await expectIndexFollows();
    await expectServerAnswers();
  });

  it('ten writers at once on shops of several networks of one country, the same products: the pair rows follow', async () => {
    const shops = byNetwork.flatMap((n) => n.shops.slice(0, 4)).slice(0, 10);
    expect(shops).toHaveLength(10);
    const rnd = mulberry32(2122);
    for (let day = 10; day < 18; day++) await kit.tenAtOnce(shops.map((s, k) => kit.dayOf(s, k, day, rnd)));
    await expectIndexFollows();
    const [pairs] = await queryRows<{ n: number }>(
      kit.db,
      sql`SELECT count(*)::int AS n FROM price_network_pair_days WHERE day BETWEEN ${at(10)}::date AND ${at(17)}::date`,
    );
    expect(pairs!.n).toBeGreaterThan(10);
    await expectServerAnswers();
  });

  it('spans written in the past, changed and deleted: the rows follow (min/max recomputed for the days that lost a price)', async () => {
    const shop = byNetwork[0]!.shops[1]!;
    const p = productIds[1]!;
    await kit.db.execute(
      sql`INSERT INTO price_spans (product_id, shop_id, start_day, end_day, regular, promo, in_stock, source)
          VALUES (${p}, ${shop}, ${at(-10)}::date, ${at(-6)}::date, 1000, 700, true, 0),
                 (${p}, ${byNetwork[1]!.shops[0]!}, ${at(-8)}::date, ${at(-2)}::date, 1100, null, true, 0)`,
    );
    await expectIndexFollows();
    await kit.db.execute(sql`UPDATE price_spans SET regular = regular + 500 WHERE product_id = ${p} AND start_day < ${at(0)}::date`);
    await expectIndexFollows();
    await kit.db.execute(sql`UPDATE price_spans SET end_day = end_day - 2 WHERE product_id = ${p} AND start_day < ${at(0)}::date`);
    await expectIndexFollows();
    await kit.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${p} AND shop_id = ${shop} AND start_day >= ${at(3)}::date`);
    await expectIndexFollows();
    await kit.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${productIds[2]!}`);
    await expectIndexFollows();
    await expectServerAnswers();
  });

  it('a product moved to another section takes its rows along', async () => {
    await kit.db.execute(sql`UPDATE products SET section_id = NULL WHERE id = ${productIds[4]!}`);
    await expectIndexFollows();
    await kit.db.execute(sql`UPDATE products SET section_id = (SELECT section_id FROM products WHERE id = ${productIds[5]!}) WHERE id = ${productIds[3]!}`);
    await expectIndexFollows();
  });

  it('a shop moved to another network takes its rows along; the catalogue loads’ rebuild gives the same rows', async () => {
    const shop = byNetwork[0]!.shops[0]!;
    await kit.db.execute(sql`UPDATE shops SET network_id = ${byNetwork[1]!.network} WHERE id = ${shop}`);
    await expectIndexFollows();
    await kit.db.execute(sql`UPDATE shops SET network_id = ${byNetwork[0]!.network} WHERE id = ${shop}`);
    await expectIndexFollows();
    await kit.expectRebuildKeeps(
      sql`SELECT concat_ws('|', 'd', d.*) AS k FROM price_network_days d UNION ALL SELECT concat_ws('|', 'p', p.*) FROM price_network_pair_days p
          UNION ALL SELECT concat_ws('|', 'e', e.*) FROM price_day_extremes e UNION ALL SELECT concat_ws('|', 's', s.*) FROM price_shop_days s
          ORDER BY 1`,
      sql`SELECT price_index_rebuild()`,
    );
    await expectServerAnswers();
  });

  it('a shop deleted by hand leaves its network’s rows as if it had not been there', async () => {
    const from = byNetwork[0]!.shops[0]!;
    const id = await kit.shopLike(from, 'price-index-gone');
    const rnd = mulberry32(2324);
    await kit.alone(id, [20, 24], rnd);
    await expectIndexFollows();
    await kit.db.execute(sql`DELETE FROM shops WHERE id = ${id}`);
    await expectIndexFollows();
    await expectServerAnswers();
  });

  it('the check sees a wrong row (an average sum, a pair’s products, a minimum, a shop’s day)', async () => {
    const changes = [
      sql`UPDATE price_network_days SET avg_sum = avg_sum + 0.000001 WHERE (day, network_id, section_id) = (SELECT day, network_id, section_id FROM price_network_days LIMIT 1)`,
      sql`UPDATE price_network_pair_days SET products = products + 1 WHERE (day, network_id, base_network_id, section_id) = (SELECT day, network_id, base_network_id, section_id FROM price_network_pair_days LIMIT 1)`,
      sql`UPDATE price_day_extremes SET min_price = min_price - 1 WHERE (day, shop_id, section_id) = (SELECT day, shop_id, section_id FROM price_day_extremes LIMIT 1)`,
      sql`UPDATE price_shop_days SET price_sum = price_sum + 1 WHERE (day, shop_id) = (SELECT day, shop_id FROM price_shop_days LIMIT 1)`,
    ];
    await kit.expectCheckSees(changes, indexDiffFromSpans);
    await expectIndexFollows();
  });
});
