/**
 * Attack on the network runs (migration 0020, docs/analytics.md "Network runs") from every kind of writer at
 * once: per day, ten at a time — recordObservations batches (the parsers' and confirmations' path), the internal
 * prices import over HTTP (retail/manual path), a shop moved to another network while its prices are written,
 * spans deleted by an undeclared statement, a product moved to another section — on the shops of one network,
 * then of several. Afterwards every writer landed (no deadlock), the day totals, pair runs and network runs equal
 * a computation from the spans, and the server answers (PGlite: no freeze). PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '../../src/db/client';
import { recordObservations, type Observation } from '../../src/areas/prices/record';
import { mulberry32 } from '../../src/demo/catalogue/prng';
import { addDays, todayIso } from '../../src/lib/days';
import { build, loginAs } from '../helpers/build';
import { callerFor, type Caller } from '../helpers/catalogue';
import { networkRunsDiffFromPairRuns, runsDiffFromSpans, totalsDiffFromSpans } from '../helpers/price-totals';

jest.setTimeout(600_000);

let app: FastifyInstance;
let admin: Caller;
const productIds: number[] = [];
let nets: { network: number; code: string; shops: number[] }[] = [];
let sections: number[] = [];
// Inside the internal import's bound (a year back); only this file's products have prices here.
const FIRST = addDays(todayIso(), -200);
const us = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

async function expectAllFollow() {
  expect(await totalsDiffFromSpans(app.db)).toEqual([]);
  expect(await runsDiffFromSpans(app.db)).toEqual([]);
  expect(await networkRunsDiffFromPairRuns(app.db)).toEqual([]);
}

async function expectServerAnswers() {
  const res = await admin('GET', `/promo-analysis/summary?start=${us(FIRST)}&end=${us(addDays(FIRST, 30))}&groupBy=network`);
  expect(res.statusCode).toBe(200);
  const disc = await admin('POST', '/prices/history/discount-analysis', { start: us(FIRST), end: us(addDays(FIRST, 30)) });
  expect(disc.statusCode).toBe(200);
}

/** A day's prices of a shop: chain promos on a 7-day cycle, shifted per shop; some products skipped. */
function dayOf(shop: number, k: number, day: number, rnd: () => number, products = productIds): Observation[] {
  return products
    .filter(() => rnd() > 0.1)
    .map((p, i) => {
      const cycle = (day + i + k) % 7;
      const regular = 2000 + i * 10;
      const promo = cycle >= 3 && cycle < 5 ? Math.round(regular * (cycle === 4 && k % 2 ? 0.5 : 0.75)) : null;
      return { productId: p, shopId: shop, day: addDays(FIRST, day), regular, promo, inStock: true, source: 'parser' as const };
    });
}

/** Runs the tasks at once and returns the failures' messages. */
async function atOnce(tasks: (() => Promise<unknown>)[]): Promise<string[]> {
  const results = await Promise.allSettled(tasks.map((t) => t()));
  return results
    .filter((x): x is PromiseRejectedResult => x.status === 'rejected')
    .map((x) => String((x.reason as Error & { cause?: Error }).cause?.message ?? (x.reason as Error).message ?? x.reason));
}

const record = (obs: Observation[]) => () => app.db.transaction((tx) => recordObservations(tx as unknown as Db, obs));
const internal = (shop: number, obs: Observation[]) => async () => {
  const res = await admin('POST', '/custom/import-internal-prices', {
    prices: obs.map((o) => ({ product: o.productId, price: o.regular / 100, promo: o.promo === null ? null : o.promo / 100 })),
    shop,
    date: us(obs[0]!.day),
  });
  if (res.statusCode !== 200) throw new Error(`internal prices: ${res.statusCode} ${res.body.slice(0, 200)}`);
};

beforeAll(async () => {
  app = await build({ env: { COUNTRY: 'pl', DEMO_PRODUCTS: '0' } });
  admin = callerFor(app, await loginAs(app, 'admin'));
  const rows = await queryRows<{ network_id: number; code: string; shops: number[] }>(
    app.db,
    sql`SELECT s.network_id, n.code, array_agg(s.id ORDER BY s.id) AS shops FROM shops s JOIN networks n ON n.id = s.network_id
        GROUP BY s.network_id, n.code HAVING count(*) >= 3 ORDER BY count(*) DESC, s.network_id`,
  );
  nets = rows.map((r) => ({ network: Number(r.network_id), code: r.code, shops: r.shops.map(Number) }));
  expect(nets.length).toBeGreaterThanOrEqual(3);
  sections = (await queryRows<{ id: number }>(app.db, sql`SELECT id FROM sections ORDER BY id LIMIT 2`)).map((r) => Number(r.id));
  for (let i = 0; i < 10; i++) {
    const [row] = await queryRows<{ id: number }>(
      app.db,
      // Every third product in no section.
      sql`INSERT INTO products (name, country, section_id) VALUES (${`Mixed writers ${i}`}, 'pl', ${i % 3 === 0 ? null : (sections[0] ?? null)}) RETURNING id`,
    );
    productIds.push(Number(row!.id));
  }
}, 300_000);
afterAll(() => app?.close());

describe('every kind of writer at once', () => {
  it('on the shops of one network (one moved away and back meanwhile): all land; rollups equal the spans; the server answers', async () => {
    const [a, b] = nets;
    const [s0, s1, s2] = a!.shops;
    const rnd = mulberry32(7);
    for (let day = 0; day < 8; day++) {
      const moved = day % 2 === 0 ? b!.network : a!.network;
      const victim = productIds[day % productIds.length]!;
      const half = (obs: Observation[], part: number) => obs.filter((_, j) => j % 2 === part);
      const d0 = dayOf(s0!, 0, day, rnd);
      const d1 = dayOf(s1!, 1, day, rnd);
      const d2 = dayOf(s2!, 2, day, rnd);
      const failures = await atOnce([
        record(half(d0, 0)),
        record(half(d0, 1)),
        record(half(d1, 0)),
        record(half(d1, 1)),
        internal(s2!, half(d2, 0)),
        internal(s2!, half(d2, 1)),
        // The shop being written moves to another network and back, day after day.
        () => app.db.execute(sql`UPDATE shops SET network_id = ${moved} WHERE id = ${s0!}`),
        // An undeclared statement: yesterday's spans of one product in a shop go.
        () => app.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${victim} AND shop_id = ${s1!} AND start_day = ${addDays(FIRST, day - 1)}::date`),
        // A product moves to another section (the day totals' global rewrite).
        () => app.db.execute(sql`UPDATE products SET section_id = ${day % 2 ? (sections[0] ?? null) : (sections[1] ?? null)} WHERE id = ${productIds[1]!}`),
        record(dayOf(nets[2]!.shops[0]!, 3, day, rnd)),
      ]);
      expect([day, failures]).toEqual([day, []]);
    }
    await app.db.execute(sql`UPDATE shops SET network_id = ${a!.network} WHERE id = ${s0!}`);
    await expectAllFollow();
    await expectServerAnswers();
  });

  it('on shops of several networks, batches spanning networks and days written out of order', async () => {
    const shops = nets.flatMap((n) => n.shops.slice(0, 3)).slice(0, 9);
    const rnd = mulberry32(11);
    // Days 20..25 first, then 14..19 for other products (an older start in a group: rebuild path).
    const late = productIds.slice(0, 5);
    const early = productIds.slice(5);
    for (const [from, products] of [
      [20, late],
      [14, early],
    ] as const) {
      for (let day = from; day < from + 6; day++) {
        // Each batch spans two networks' shops.
        const batches = Array.from({ length: 9 }, (_, k) => [
          ...dayOf(shops[k]!, k, day, rnd, [...products]),
          ...dayOf(shops[(k + 3) % 9]!, k + 1, day, rnd, [...products]).slice(0, 2),
        ]);
        const failures = await atOnce([
          ...batches.map((obs) => record(obs)),
          () => app.db.execute(sql`UPDATE shops SET network_id = ${nets[day % 2]!.network} WHERE id = ${nets[2]!.shops[2]!}`),
        ]);
        expect([day, failures]).toEqual([day, []]);
      }
    }
    await app.db.execute(sql`UPDATE shops SET network_id = ${nets[2]!.network} WHERE id = ${nets[2]!.shops[2]!}`);
    await expectAllFollow();
    await expectServerAnswers();
  });
});
