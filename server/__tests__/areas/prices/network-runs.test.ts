/**
 * price_network_runs (migration 0020, docs/analytics.md "Network runs") follow every write: ten recordObservations
 * writers at once on shops of one network (chain-wide promos opened, deepened, ended and reopened in different
 * shops on different days) and of several, spans written in the past and deleted, a shop moved to another network,
 * the catalogue loads' rebuild. After each, the rows equal rows computed in the test from the pair runs (which
 * themselves equal the spans), the writers all landed (no deadlock, no freeze on PGlite) and the server answers.
 * PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/client';
import { mulberry32 } from '../../../src/demo/catalogue/prng';
import { keptTables } from '../../helpers/kept-tables';
import { inTenBatches } from '../../helpers/ten-writers';
import { networkRunsDiffFromPairRuns, runsDiffFromSpans, totalsDiffFromSpans } from '../../helpers/price-totals';

jest.setTimeout(300_000);

// Per product a chain promo (shared by the network's shops, starting a day later in odd shops and deeper in some),
// else the regular price.
const kit = keptTables({
  env: { COUNTRY: 'pl', DEMO_PRODUCTS: '0' },
  first: '2023-03-06',
  name: 'Network runs',
  productCountry: 'pl',
  section: false,
  skipBelow: 0.08,
  price: (i, k, day) => {
    const cycle = (day + i) % 9;
    const onPromo = cycle >= (k % 2) + 2 && cycle < 6;
    const regular = 1000 + i * 10;
    return { regular, promo: onPromo ? Math.round(regular * (cycle === 4 && k % 3 === 0 ? 0.6 : 0.8)) : null };
  },
});
const { productIds, byNetwork, day: at } = kit;

beforeAll(() => expect(byNetwork.length).toBeGreaterThanOrEqual(3));

async function expectRunsFollow() {
  expect(await runsDiffFromSpans(kit.db)).toEqual([]);
  expect(await networkRunsDiffFromPairRuns(kit.db)).toEqual([]);
}

async function expectServerAnswers() {
  const res = await kit.asAdmin('GET', `/promo-analysis/summary?start=${kit.us(0)}&end=${kit.us(40)}&groupBy=network`);
  expect(res.statusCode).toBe(200);
  expect(res.json().data.rows.length).toBeGreaterThan(0);
}

describe('price_network_runs follow the writes', () => {
  it('ten writers at once on the shops of one network, day after day: the rows equal the pair runs; the server answers', async () => {
    const { shops } = byNetwork[0]!;
    const rnd = mulberry32(2020);
    for (let day = 0; day < 12; day++) {
      // Ten batches over the network's shops (a shop's products split across batches when it has fewer than ten).
      const perShop = shops.map((s, k) => kit.dayOf(s, k, day, rnd));
      await kit.tenAtOnce(inTenBatches(perShop));
    }
    await expectRunsFollow();
    const [promos] = await queryRows<{ n: number; shared: number }>(
      kit.db,
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE runs > 1)::int AS shared FROM price_network_runs WHERE promo AND product_id = ANY(${sql.param(productIds)}::int[])`,
    );
    // Chain-wide promos: rows shared by several shops' runs, and rows of one shop (starting a day later elsewhere).
    expect(promos!.shared).toBeGreaterThan(5);
    expect(promos!.n).toBeGreaterThan(promos!.shared);
    await expectServerAnswers();
  });

  it('ten writers at once on shops of several networks: the rows equal the pair runs; the server answers', async () => {
    const shops = byNetwork.flatMap((n) => n.shops).slice(0, 10);
    expect(shops).toHaveLength(10);
    const rnd = mulberry32(2121);
    for (let day = 12; day < 20; day++) await kit.tenAtOnce(shops.map((s, k) => kit.dayOf(s, k, day, rnd)));
    expect(await totalsDiffFromSpans(kit.db)).toEqual([]);
    await expectRunsFollow();
    await expectServerAnswers();
  });

  it('spans written in the past and deleted (bulk and demo-history paths): the rows are rebuilt', async () => {
    const shop = byNetwork[0]!.shops[1]!;
    const p = productIds[0]!;
    // A promo span before the history, then one inside it (splitting nothing: the pair is rebuilt).
    await kit.db.execute(
      sql`INSERT INTO price_spans (product_id, shop_id, start_day, end_day, regular, promo, in_stock, source)
          VALUES (${p}, ${shop}, ${at(-10)}::date, ${at(-6)}::date, 1000, 700, true, 0)`,
    );
    await expectRunsFollow();
    await kit.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${p} AND shop_id = ${shop} AND start_day >= ${at(3)}::date`);
    await expectRunsFollow();
    await kit.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${productIds[1]!}`);
    await expectRunsFollow();
    await expectServerAnswers();
  });

  it('a shop moved to another network takes its rows along; the catalogue loads’ rebuild gives the same rows', async () => {
    const shop = byNetwork[0]!.shops[0]!;
    const to = byNetwork[1]!.network;
    await kit.db.execute(sql`UPDATE shops SET network_id = ${to} WHERE id = ${shop}`);
    await expectRunsFollow();
    await kit.db.execute(sql`UPDATE shops SET network_id = ${byNetwork[0]!.network} WHERE id = ${shop}`);
    await expectRunsFollow();
    await kit.expectRebuildKeeps(sql`SELECT concat_ws('|', w.*) AS k FROM price_network_runs w ORDER BY 1`, sql`SELECT price_pair_runs_rebuild()`);
    await expectServerAnswers();
  });

  it('a shop deleted by hand leaves its network’s rows as if it had not been there', async () => {
    const from = byNetwork[0]!.shops[0]!;
    const id = await kit.shopLike(from, 'network-runs-gone');
    const rnd = mulberry32(2323);
    await kit.alone(id, [20, 26], rnd);
    const [mine] = await queryRows<{ n: number }>(kit.db, sql`SELECT count(*)::int AS n FROM price_pair_runs WHERE shop_id = ${id}`);
    expect(mine!.n).toBeGreaterThan(0);
    await expectRunsFollow();
    await kit.db.execute(sql`DELETE FROM shops WHERE id = ${id}`);
    expect(await networkRunsDiffFromPairRuns(kit.db)).toEqual([]);
    await expectServerAnswers();
  });

  it('the check sees a wrong row (a prev_end, an end, a run count)', async () => {
    const one = sql`(SELECT network_id, product_id, promo, start_day FROM price_network_runs WHERE promo AND prev_end IS NOT NULL ORDER BY 1, 2, 4 LIMIT 1)`;
    const changes = [sql`prev_end = NULL`, sql`end_day = end_day + 1`, sql`runs = runs + 1`].map(
      (change) => sql`UPDATE price_network_runs SET ${change} WHERE (network_id, product_id, promo, start_day) = ${one}`,
    );
    await kit.expectCheckSees(changes, networkRunsDiffFromPairRuns);
    await expectRunsFollow();
  });
});
