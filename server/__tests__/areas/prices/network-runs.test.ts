/**
 * price_network_runs (migration 0020, docs/analytics.md "Network runs") follow every write: ten recordObservations
 * writers at once on shops of one network (chain-wide promos opened, deepened, ended and reopened in different
 * shops on different days) and of several, spans written in the past and deleted, a shop moved to another network,
 * the catalogue loads' rebuild. After each, the rows equal rows computed in the test from the pair runs (which
 * themselves equal the spans), the writers all landed (no deadlock, no freeze on PGlite) and the server answers.
 * PGlite and PostgreSQL.
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
import { networkRunsDiffFromPairRuns, runsDiffFromSpans, totalsDiffFromSpans } from '../../helpers/price-totals';

jest.setTimeout(300_000);

let app: FastifyInstance;
const productIds: number[] = [];
let byNetwork: { network: number; shops: number[] }[] = [];
// Before the demo history (the last 365 days): only this test's spans fall on these days.
const FIRST = '2023-03-06';
/** Ten batches at once, each in a transaction of its own; every one lands. */
const tenAtOnce = (batches: Observation[][]) => recordTenAtOnce(app.db, batches);
const us = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

async function expectRunsFollow() {
  expect(await runsDiffFromSpans(app.db)).toEqual([]);
  expect(await networkRunsDiffFromPairRuns(app.db)).toEqual([]);
}

async function expectServerAnswers() {
  const admin = callerFor(app, await loginAs(app, 'admin'));
  const res = await admin('GET', `/promo-analysis/summary?start=${us(FIRST)}&end=${us(addDays(FIRST, 40))}&groupBy=network`);
  expect(res.statusCode).toBe(200);
  expect(res.json().data.rows.length).toBeGreaterThan(0);
}

/**
 * One day's observations of a shop: per product a chain promo (shared by the network's shops, starting a day later
 * in odd shops and deeper in some), else the regular price; products not observed now and then.
 */
function dayOf(shop: number, k: number, day: number, rnd: () => number): Observation[] {
  return productIds
    .filter(() => rnd() > 0.08)
    .map((p, i) => {
      const cycle = (day + i) % 9;
      const onPromo = cycle >= (k % 2) + 2 && cycle < 6;
      const regular = 1000 + i * 10;
      const promo = onPromo ? Math.round(regular * (cycle === 4 && k % 3 === 0 ? 0.6 : 0.8)) : null;
      return { productId: p, shopId: shop, day: addDays(FIRST, day), regular, promo, inStock: true, source: 'parser' as const };
    });
}

beforeAll(async () => {
  app = await build({ env: { COUNTRY: 'pl', DEMO_PRODUCTS: '0' } });
  const rows = await queryRows<{ network_id: number; shops: number[] }>(
    app.db,
    sql`SELECT network_id, array_agg(id ORDER BY id) AS shops FROM shops GROUP BY network_id HAVING count(*) >= 2 ORDER BY count(*) DESC, network_id`,
  );
  byNetwork = rows.map((r) => ({ network: r.network_id, shops: r.shops.map(Number) }));
  expect(byNetwork.length).toBeGreaterThanOrEqual(3);
  for (let i = 0; i < 12; i++) {
    const [row] = await queryRows<{ id: number }>(app.db, sql`INSERT INTO products (name, country) VALUES (${`Network runs ${i}`}, 'pl') RETURNING id`);
    productIds.push(row!.id);
  }
});
afterAll(() => app.close());

describe('price_network_runs follow the writes', () => {
  it('ten writers at once on the shops of one network, day after day: the rows equal the pair runs; the server answers', async () => {
    const { shops } = byNetwork[0]!;
    const rnd = mulberry32(2020);
    for (let day = 0; day < 12; day++) {
      // Ten batches over the network's shops (a shop's products split across batches when it has fewer than ten).
      const perShop = shops.map((s, k) => dayOf(s, k, day, rnd));
      await tenAtOnce(inTenBatches(perShop));
    }
    await expectRunsFollow();
    const [promos] = await queryRows<{ n: number; shared: number }>(
      app.db,
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
    for (let day = 12; day < 20; day++) await tenAtOnce(shops.map((s, k) => dayOf(s, k, day, rnd)));
    expect(await totalsDiffFromSpans(app.db)).toEqual([]);
    await expectRunsFollow();
    await expectServerAnswers();
  });

  it('spans written in the past and deleted (bulk and demo-history paths): the rows are rebuilt', async () => {
    const shop = byNetwork[0]!.shops[1]!;
    const p = productIds[0]!;
    // A promo span before the history, then one inside it (splitting nothing: the pair is rebuilt).
    await app.db.execute(
      sql`INSERT INTO price_spans (product_id, shop_id, start_day, end_day, regular, promo, in_stock, source)
          VALUES (${p}, ${shop}, ${addDays(FIRST, -10)}::date, ${addDays(FIRST, -6)}::date, 1000, 700, true, 0)`,
    );
    await expectRunsFollow();
    await app.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${p} AND shop_id = ${shop} AND start_day >= ${addDays(FIRST, 3)}::date`);
    await expectRunsFollow();
    await app.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${productIds[1]!}`);
    await expectRunsFollow();
    await expectServerAnswers();
  });

  it('a shop moved to another network takes its rows along; the catalogue loads’ rebuild gives the same rows', async () => {
    const shop = byNetwork[0]!.shops[0]!;
    const to = byNetwork[1]!.network;
    await app.db.execute(sql`UPDATE shops SET network_id = ${to} WHERE id = ${shop}`);
    await expectRunsFollow();
    await app.db.execute(sql`UPDATE shops SET network_id = ${byNetwork[0]!.network} WHERE id = ${shop}`);
    await expectRunsFollow();
    const before = await queryRows<{ k: string }>(app.db, sql`SELECT concat_ws('|', w.*) AS k FROM price_network_runs w ORDER BY 1`);
    await app.db.transaction((tx) => tx.execute(sql`SELECT price_pair_runs_rebuild()`));
    const after = await queryRows<{ k: string }>(app.db, sql`SELECT concat_ws('|', w.*) AS k FROM price_network_runs w ORDER BY 1`);
    expect(after).toEqual(before);
    await expectServerAnswers();
  });

  it('a shop deleted by hand leaves its network’s rows as if it had not been there', async () => {
    const from = byNetwork[0]!.shops[0]!;
    const [shop] = await queryRows<{ id: number }>(
      app.db,
      sql`INSERT INTO shops (code, name, network_id, country, city_code)
          SELECT 'network-runs-gone', 'Gone', network_id, country, city_code FROM shops WHERE id = ${from} RETURNING id`,
    );
    const id = Number(shop!.id);
    const rnd = mulberry32(2323);
    for (let day = 20; day < 26; day++) await app.db.transaction((tx) => recordObservations(tx as unknown as Db, dayOf(id, 1, day, rnd)));
    const [mine] = await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM price_pair_runs WHERE shop_id = ${id}`);
    expect(mine!.n).toBeGreaterThan(0);
    await expectRunsFollow();
    await app.db.execute(sql`DELETE FROM shops WHERE id = ${id}`);
    expect(await networkRunsDiffFromPairRuns(app.db)).toEqual([]);
    await expectServerAnswers();
  });

  it('the check sees a wrong row (a prev_end, an end, a run count)', async () => {
    for (const change of [sql`prev_end = NULL`, sql`end_day = end_day + 1`, sql`runs = runs + 1`]) {
      await app.db
        .transaction(async (tx) => {
          await tx.execute(
            sql`UPDATE price_network_runs SET ${change}
              WHERE (network_id, product_id, promo, start_day) = (SELECT network_id, product_id, promo, start_day FROM price_network_runs
                                                               WHERE promo AND prev_end IS NOT NULL ORDER BY 1, 2, 4 LIMIT 1)`,
          );
          expect((await networkRunsDiffFromPairRuns(tx as unknown as Db)).length).toBeGreaterThan(0);
          throw new Error('undo');
        })
        .catch((e: Error) => expect(e.message).toBe('undo'));
    }
    await expectRunsFollow();
  });
});
