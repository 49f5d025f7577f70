/**
 * recordObservations with batches of every size stores exactly what the history rules say (issue 19 item 2: the
 * statement reads its batch by subscript so that the planner probes the spans per observation whatever the batch's
 * size; docs/database.md "At scale"). The rules are computed here in plain TypeScript from the module's header: the
 * latest observation of a pair in a batch wins, one on or before the pair's last day is ignored, equal figures extend
 * the open span (across a gap, keeping the span's source), anything else opens a span. Batches below and far above
 * the planner's 1000-row guess, ten writers at once on one network; every kept table equals its check over the spans
 * and the server answers after. PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PRICE_SOURCES } from '@pricewatch/shared/contract';
import { queryRows } from '../../../src/db/client';
import { recordObservations, type Observation } from '../../../src/areas/prices/record';
import { mulberry32 } from '../../../src/demo/catalogue/prng';
import { addDays } from '../../../src/lib/days';
import { build, loginAs } from '../../helpers/build';
import { callerFor } from '../../helpers/catalogue';
import { indexDiffFromSpans } from '../../helpers/price-index';
import { networkRunsDiffFromPairRuns, runsDiffFromSpans, totalsDiffFromSpans } from '../../helpers/price-totals';
import { inTenBatches, recordTenAtOnce } from '../../helpers/ten-writers';

jest.setTimeout(600_000);

let app: FastifyInstance;
const products: number[] = [];
let shops: number[] = [];
let network: number[] = [];
// Before the demo history (the last 365 days): only this file's spans fall on these days.
const FIRST = '2022-04-04';

/** The history rules, batch by batch in commit order: spans and current price per pair, as text rows. */
const spansOf = new Map<string, string[][]>();
function expectBatch(batch: Observation[]) {
  const latest = new Map<string, Observation>();
  for (const o of batch) {
    const key = `${o.productId}|${o.shopId}`;
    const prev = latest.get(key);
    if (!prev || o.day > prev.day) latest.set(key, o);
  }
  for (const [key, o] of latest) {
    const list = spansOf.get(key) ?? [];
    const open = list.at(-1);
    if (open && o.day <= open[1]!) continue;
    const figures = [String(o.regular), o.promo === null ? '' : String(o.promo), String(o.inStock)];
    if (open && open.slice(2, 5).join('|') === figures.join('|')) open[1] = o.day;
    else list.push([o.day, o.day, ...figures, o.source]);
    spansOf.set(key, list);
  }
}
const expectedSpans = () => [...spansOf].flatMap(([k, list]) => list.map((s) => `${k}|${s.join('|')}`)).sort();
const expectedCurrent = () => [...spansOf].map(([k, list]) => `${k}|${list.at(-1)!.join('|')}`).sort();

const sourceName = sql.raw(`(ARRAY[${PRICE_SOURCES.map((s) => `'${s}'`).join(',')}])[source + 1]`);
async function stored() {
  const spans = await queryRows<{ k: string }>(
    app.db,
    sql`SELECT concat_ws('|', product_id, shop_id, start_day::text, end_day::text, regular, coalesce(promo::text, ''), in_stock::text, ${sourceName}) AS k
        FROM price_spans WHERE product_id = ANY(${sql.param(products)}::int[])`,
  );
  // The current price as the open span it stands for: its start, last day seen, figures and source.
  const current = await queryRows<{ k: string }>(
    app.db,
    sql`SELECT concat_ws('|', product_id, shop_id, start_day::text, last_seen::text, regular, coalesce(promo::text, ''), in_stock::text, ${sourceName}) AS k
        FROM current_prices WHERE product_id = ANY(${sql.param(products)}::int[])`,
  );
  return { spans: spans.map((r) => r.k).sort(), current: current.map((r) => r.k).sort() };
}

async function expectExact() {
  expect(await stored()).toEqual({ spans: expectedSpans(), current: expectedCurrent() });
  expect({
    totals: await totalsDiffFromSpans(app.db),
    pairRuns: await runsDiffFromSpans(app.db),
    networkRuns: await networkRunsDiffFromPairRuns(app.db),
    index: await indexDiffFromSpans(app.db),
  }).toEqual({ totals: [], pairRuns: [], networkRuns: [], index: [] });
}

async function record(batch: Observation[]) {
  await recordObservations(app.db, batch);
  expectBatch(batch);
}

/**
 * A day's observations of the given pairs: most at yesterday's figures, some at a new price, a promo or out of stock,
 * some a price back to an earlier one, a few days skipped (a gap), a few of an older day, some pairs twice (unless
 * `twice` is false: writers at once must not share a pair, or the result would depend on their commit order).
 */
function dayOf(pairs: [number, number][], day: number, rnd: () => number, twice = true): Observation[] {
  const out: Observation[] = [];
  for (const [productId, shopId] of pairs) {
    if (rnd() < 0.1) continue; // not seen today: the next equal observation bridges the gap
    const r = rnd();
    const regular = r < 0.7 ? 1000 + (productId % 50) * 10 : r < 0.85 ? 1000 + (productId % 50) * 10 + 90 : 1 + Math.floor(rnd() * 2_000_000_000);
    const promo = rnd() < 0.1 ? regular - 1 : null;
    const source = PRICE_SOURCES[Math.floor(rnd() * PRICE_SOURCES.length)]!;
    out.push({ productId, shopId, day: addDays(FIRST, day), regular, promo, inStock: rnd() > 0.05, source });
    if (twice && rnd() < 0.03)
      out.push({ productId, shopId, day: addDays(FIRST, day - 1 - Math.floor(rnd() * 3)), regular: regular + 5, promo: null, inStock: true, source });
  }
  return out;
}

beforeAll(async () => {
  app = await build({ env: { DEMO_PRODUCTS: '0' } });
  const rows = await queryRows<{ network_id: number; shops: number[] }>(
    app.db,
    sql`SELECT s.network_id, array_agg(s.id ORDER BY s.id) AS shops FROM shops s JOIN networks n ON n.id = s.network_id
        WHERE n.country = 'cz' GROUP BY s.network_id ORDER BY count(*) DESC, s.network_id`,
  );
  network = rows[0]!.shops.map(Number);
  shops = rows.flatMap((r) => r.shops.map(Number)).slice(0, 6);
  expect(network.length).toBeGreaterThanOrEqual(2);
  const [section] = await queryRows<{ id: number }>(app.db, sql`INSERT INTO sections (name) VALUES ('Record batches') RETURNING id`);
  const made = await queryRows<{ id: number }>(
    app.db,
    sql`INSERT INTO products (name, country, section_id)
        SELECT 'Record batches ' || g, 'cz', CASE WHEN g % 4 = 0 THEN NULL ELSE ${section!.id}::int END FROM generate_series(1, 500) g
        RETURNING id`,
  );
  products.push(...made.map((r) => Number(r.id)).sort((a, b) => a - b));
});
afterAll(() => app.close());

describe('recordObservations stores exactly the history rules, whatever the batch size', () => {
  it('batches of 1, 50 and 3000 observations over new and known pairs, day after day', async () => {
    const rnd = mulberry32(1923);
    const pairs = products.flatMap((p) => shops.map((s) => [p, s] as [number, number])); // 3000 pairs
    for (let day = 0; day < 4; day++) {
      const obs = dayOf(pairs, day, rnd);
      // One large batch, then the same day's size again in small ones on other days.
      if (day % 2 === 0) await record(obs);
      else for (let i = 0; i < obs.length; i += 50) await record(obs.slice(i, i + 50));
      await record([obs[0]!]);
    }
    await expectExact();
  });

  it('an extension keeps the open span and its source; a figure back to an earlier one opens a new span', async () => {
    const [p] = products;
    const s = shops[0]!;
    const at = (day: number, regular: number, source: Observation['source']): Observation => ({
      productId: p!,
      shopId: s,
      day: addDays(FIRST, day),
      regular,
      promo: null,
      inStock: true,
      source,
    });
    await record([at(10, 777, 'manual')]);
    await record([at(12, 777, 'parser')]);
    expect(await stored()).toEqual({ spans: expectedSpans(), current: expectedCurrent() });
    expect(expectedCurrent().find((c) => c.startsWith(`${p}|${s}|`))).toBe(`${p}|${s}|${addDays(FIRST, 10)}|${addDays(FIRST, 12)}|777||true|manual`);
    await record([at(13, 778, 'parser')]);
    await record([at(14, 777, 'retail')]);
    await expectExact();
  });

  it('ten writers at once on one network: exact, and the server answers', async () => {
    const rnd = mulberry32(77);
    for (let day = 20; day < 23; day++) {
      const perShop = network.map((s) =>
        dayOf(
          products.map((p) => [p, s] as [number, number]),
          day,
          rnd,
          false,
        ),
      );
      const batches = inTenBatches(perShop);
      await recordTenAtOnce(app.db, batches);
      // Each pair is in one batch of the ten, so their commit order does not matter.
      for (const b of batches) expectBatch(b);
    }
    await expectExact();
    const admin = callerFor(app, await loginAs(app, 'admin'));
    const us = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
    const res = await admin('POST', '/prices/history/prices/analytics', { start: us(addDays(FIRST, 20)), end: us(addDays(FIRST, 23)) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.networks.length).toBeGreaterThan(0);
  });
});
