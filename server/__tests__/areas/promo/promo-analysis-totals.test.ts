/**
 * Promo analysis from the network runs and network day totals (issue 19 item 1) equals a direct computation over the spans,
 * written here independently of the server's SQL from the definitions in docs/promo-analysis.md: random price
 * histories (chain-wide promos in two shops of one network, split differently; gaps; depth changes mid-promo;
 * products without a brand or section) written day by day through recordObservations, then every grouping over
 * periods that cut runs at both ends. PGlite and PostgreSQL; Polish deployment (no promo analysis in the Czech one).
 *
 * @one-database: values the promo analysis computes from the kept runs (driver-parity); the runs' upkeep under ten writers is tested on both (product-runs-kept, network-runs). (scripts/lib/db-test-files.cjs)
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { promoAnalysisResponseSchema, type PromoAnalysis, type PromoGroup } from '@pricewatch/shared/contract';
import { queryRows } from '../../../src/db/client';
import { recordObservations, type Observation } from '../../../src/areas/prices/record';
import { shopDirectory } from '../../../src/core/shop-directory';
import { mulberry32 } from '../../../src/demo/catalogue/prng';
import { addDays } from '../../../src/lib/days';
import { build, loginAs } from '../../helpers/build';
import { callerFor, type Caller } from '../../helpers/catalogue';
import { networkRunsDiffFromPairRuns, runsDiffFromSpans } from '../../helpers/price-totals';
import { iso, reference, us, type Span } from '../../helpers/promo-reference';

let app: FastifyInstance;
let admin: Caller;
const SHOP_CODES = ['albert-prg-andel', 'albert-brn-vankovka', 'lidl-prg-smichov', 'billa-prg-vinohrady', 'kaufland-brn-kralovo-pole'];
// Long before the demo history (the last 365 days), so only this test's spans fall in the periods.
const FIRST = '2023-01-02';
const DAYS = 70;

beforeAll(async () => {
  app = await build({ env: { COUNTRY: 'pl', DEMO_PRODUCTS: '0' } });
  admin = callerFor(app, await loginAs(app, 'admin'));
  const db = app.db;
  const one = async (q: ReturnType<typeof sql>) => (await queryRows<{ id: number }>(db, q))[0]!.id;
  const brands = [
    await one(sql`INSERT INTO brands (name) VALUES ('Runs Alpha') RETURNING id`),
    await one(sql`INSERT INTO brands (name) VALUES ('Runs Beta') RETURNING id`),
  ];
  const sections = [
    await one(sql`INSERT INTO sections (name) VALUES ('Runs A') RETURNING id`),
    await one(sql`INSERT INTO sections (name) VALUES ('Runs B') RETURNING id`),
  ];
  const products: number[] = [];
  for (let i = 0; i < 60; i++) {
    const brand = i % 5 === 4 ? null : brands[i % 2]!;
    const section = i % 7 === 6 ? null : sections[i % 2]!;
    products.push(
      await one(sql`INSERT INTO products (name, brand_id, section_id, country) VALUES (${`Runs product ${i}`}, ${brand}, ${section}, 'pl') RETURNING id`),
    );
  }
  const shops = await queryRows<{ id: number; code: string }>(
    db,
    sql`SELECT id, code FROM shops WHERE code = ANY(${sql.param(SHOP_CODES)}::text[]) ORDER BY code`,
  );
  expect(shops).toHaveLength(SHOP_CODES.length);
  const albert = shops.filter((s) => s.code.startsWith('albert-'));
  shopDirectory(db).invalidate();

  // Per product a chain promo plan shared by Albert's two shops (one of them sometimes deeper midway, so the
  // same promo is split into spans differently), and independent promos elsewhere; gaps in observation.
  const rnd = mulberry32(4242);
  const chain = new Map<number, { left: number; pct: number }>();
  const own = new Map<string, { regular: number; left: number; pct: number }>();
  for (let d = 0; d < DAYS; d++) {
    const day = addDays(FIRST, d);
    const obs: Observation[] = [];
    for (const p of products) {
      const c = chain.get(p) ?? { left: 0, pct: 0 };
      if (c.left > 0) c.left--;
      else if (rnd() < 0.08) Object.assign(c, { left: 2 + Math.floor(rnd() * 9), pct: 0.6 + rnd() * 0.3 });
      chain.set(p, c);
      for (const s of shops) {
        if ((p + s.id) % 6 === 0) continue; // not sold there
        if (rnd() < 0.1) continue; // not observed that day
        const key = `${p}:${s.id}`;
        const st = own.get(key) ?? { regular: 1000 + Math.floor(rnd() * 9000), left: 0, pct: 0 };
        if (rnd() < 0.04) st.regular += Math.floor(rnd() * 300) - 100;
        let promo: number | null = null;
        if (albert.some((a) => a.id === s.id) && p % 3 !== 0) {
          if (c.left > 0) promo = Math.round(st.regular * (s.id === albert[0]!.id && c.left < 3 ? c.pct - 0.1 : c.pct));
        } else {
          if (st.left > 0) st.left--;
          else if (rnd() < 0.07) Object.assign(st, { left: 1 + Math.floor(rnd() * 8), pct: 0.55 + rnd() * 0.4 });
          if (st.left > 0) promo = Math.round(st.regular * st.pct);
        }
        own.set(key, st);
        obs.push({ productId: p, shopId: s.id, day, regular: st.regular, promo, inStock: true, source: 'parser' });
      }
    }
    await recordObservations(db, obs);
  }
}, 300_000);
afterAll(() => app.close());

async function expectEqual(start: string, end: string, groupBy: PromoGroup, networks: string[] | null, as: { caller: Caller; sees: string[] } | null = null) {
  const res = await (as?.caller ?? admin)(
    'GET',
    `/promo-analysis/summary?start=${us(start)}&end=${us(end)}&groupBy=${groupBy}${networks ? `&networks=${networks.join(',')}` : ''}`,
  );
  const visible = networks ?? as?.sees ?? null;
  expect(res.statusCode).toBe(200);
  const data: PromoAnalysis = promoAnalysisResponseSchema.parse(res.json()).data;
  const shops = await queryRows<{ id: number; network: string }>(
    app.db,
    sql`SELECT s.id, n.code AS network FROM shops s JOIN networks n ON n.id = s.network_id`,
  );
  const network = new Map(shops.filter((s) => !visible || visible.includes(s.network)).map((s) => [s.id, s.network]));
  const products = await queryRows<{ id: number; brand_id: number | null; section_id: number | null }>(
    app.db,
    sql`SELECT id, brand_id, section_id FROM products`,
  );
  const spans = (
    await queryRows<Span>(
      app.db,
      // Whole histories: a promo run's largest depth counts its spans outside the period too (docs/promo-analysis.md).
      sql`SELECT product_id, shop_id, start_day::text AS start_day, end_day::text AS end_day, regular, promo FROM price_spans`,
    )
  )
    .map((s) => ({ ...s, start_day: iso(s.start_day), end_day: iso(s.end_day) }))
    .filter((s) => network.has(s.shop_id));
  const want = reference(spans, start, end, groupBy, {
    network,
    brand: new Map(products.map((p) => [p.id, p.brand_id])),
    section: new Map(products.map((p) => [p.id, p.section_id])),
  });
  expect(want.rows.length).toBeGreaterThan(1);
  const got = data.rows
    .map((r) => ({
      key: r.key,
      products: r.products,
      promoProducts: r.promoProducts,
      avgDepthPct: r.avgDepthPct,
      maxDepthPct: r.maxDepthPct,
      avgDurationDays: r.avgDurationDays,
      promoCount: r.promoCount,
    }))
    .sort((x, y) => x.key.localeCompare(y.key));
  // The average depth is summed in another order (per day in the totals): equal to the rounding.
  expect(got.map((r) => ({ ...r, avgDepthPct: null }))).toEqual(want.rows.map((r) => ({ ...r, avgDepthPct: null })));
  got.forEach((r, i) => expect(Math.abs((r.avgDepthPct ?? 0) - (want.rows[i]!.avgDepthPct ?? 0))).toBeLessThanOrEqual(0.1));
  expect(data.weekly).toEqual(want.weekly);
  return want;
}

describe('promo analysis equals a computation over the spans', () => {
  it('the pair runs and network runs it reads follow the spans', async () => {
    expect(await runsDiffFromSpans(app.db)).toEqual([]);
    expect(await networkRunsDiffFromPairRuns(app.db)).toEqual([]);
  });

  // Periods: the whole history and more (a partial first week), and cuts through running promos at both ends.
  const periods: [string, string][] = [
    ['2022-12-20', addDays(FIRST, DAYS + 3)],
    [addDays(FIRST, 17), addDays(FIRST, 45)],
    [addDays(FIRST, 31), addDays(FIRST, 33)],
  ];
  for (const [start, end] of periods) {
    for (const groupBy of ['network', 'section', 'brand'] as const) {
      it(`${groupBy}, ${start} – ${end}`, async () => {
        const want = await expectEqual(start, end, groupBy, null);
        if (groupBy === 'network' && start > FIRST) {
          // The data has what the test is about: promos started before the period and within it.
          expect(want.rows.some((r) => r.promoCount > 0 && r.avgDurationDays !== null)).toBe(true);
        }
      });
    }
  }

  it("a network user's figures cover only the networks they see", async () => {
    // analyst: an Albert user allowed lidl and kaufland (demo users).
    const analyst = { caller: callerFor(app, await loginAs(app, 'analyst')), sees: ['albert', 'kaufland', 'lidl'] };
    for (const groupBy of ['network', 'section'] as const) {
      const want = await expectEqual(addDays(FIRST, 17), addDays(FIRST, 45), groupBy, null, analyst);
      if (groupBy === 'network') expect(want.rows.map((r) => r.key).sort()).toEqual(['albert', 'kaufland', 'lidl']);
    }
  });

  it('after a product moves to another section and a shop to another network, by section and by network still equal the spans', async () => {
    // What the kept network day totals (0022) recompute at commit: both sections' and both networks' days.
    const db = app.db;
    const [moved] = await queryRows<{ id: number; section_id: number | null }>(
      db,
      sql`SELECT p.id, p.section_id FROM products p WHERE p.name = 'Runs product 2'`,
    );
    const [other] = await queryRows<{ id: number }>(db, sql`SELECT id FROM sections WHERE name = 'Runs B'`);
    const [shop] = await queryRows<{ id: number; network_id: number }>(db, sql`SELECT id, network_id FROM shops WHERE code = 'lidl-prg-smichov'`);
    const [billa] = await queryRows<{ id: number }>(db, sql`SELECT id FROM networks WHERE code = 'billa'`);
    expect(moved!.section_id).not.toBe(other!.id);
    await db.execute(sql`UPDATE products SET section_id = ${other!.id} WHERE id = ${moved!.id}`);
    await db.execute(sql`UPDATE shops SET network_id = ${billa!.id} WHERE id = ${shop!.id}`);
    shopDirectory(db).invalidate();
    try {
      for (const groupBy of ['section', 'network'] as const) await expectEqual(addDays(FIRST, 17), addDays(FIRST, 45), groupBy, null);
    } finally {
      await db.execute(sql`UPDATE products SET section_id = ${moved!.section_id} WHERE id = ${moved!.id}`);
      await db.execute(sql`UPDATE shops SET network_id = ${shop!.network_id} WHERE id = ${shop!.id}`);
      shopDirectory(db).invalidate();
    }
    await expectEqual(addDays(FIRST, 17), addDays(FIRST, 45), 'section', null);
  });

  it('a network filter narrows the groups and the weeks', async () => {
    const want = await expectEqual(addDays(FIRST, 10), addDays(FIRST, 40), 'section', ['albert', 'lidl']);
    expect(
      want.weekly
        .map((w) => w.network)
        .sort()
        .at(-1),
    ).toBe('lidl');
  });
});
