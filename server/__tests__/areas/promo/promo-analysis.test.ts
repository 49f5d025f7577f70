/**
 * Promo analysis on a known dataset in March 2024 (long before the demo history, which covers the last
 * 365 days): four products priced day by day through recordObservations, promos with known depth and
 * length, one continuing from before the period, one changing its price midway, one in two shops of a
 * network on the same days; and three leaflets with known mechanics. The app runs as the Polish
 * deployment (promo analysis is not part of the Czech one — tested at the end).
 *
 * @one-database: values the promo analysis computes: the same SQL on both, and both drivers hand back the same values (db/driver-parity.test.ts). (scripts/lib/db-test-files.cjs)
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { leafletFileResponseSchema, promoAnalysisResponseSchema, type PromoAnalysis } from '@pricewatch/shared/contract';
import { queryRows } from '../../../src/db/client';
import { addDays } from '../../../src/lib/days';
import { recordObservations, type Observation } from '../../../src/areas/prices/record';
import { shopDirectory } from '../../../src/core/shop-directory';
import { build, loginAs } from '../../helpers/build';
import { callerFor, type Caller } from '../../helpers/catalogue';

let app: FastifyInstance;
const as: Record<string, Caller> = {};
const ids: Record<string, number> = {};
const PERIOD = 'start=03/04/2024&end=03/31/2024';

/** Regular and promo (minor units) of a product in a shop on a day of 2024, or null (not observed). */
type Plan = (day: string) => { regular: number; promo: number | null } | null;
const between = (day: string, from: string, to: string) => day >= from && day <= to;

async function seed() {
  const db = app.db;
  const one = async (q: ReturnType<typeof sql>) => (await queryRows<{ id: number }>(db, q))[0]!.id;
  ids.brandA = await one(sql`INSERT INTO brands (name) VALUES ('Promo Alpha') RETURNING id`);
  ids.brandB = await one(sql`INSERT INTO brands (name) VALUES ('Promo Beta') RETURNING id`);
  ids.section = await one(sql`INSERT INTO sections (name) VALUES ('Promo Section') RETURNING id`);
  const product = (name: string, brand: number, section: number | null) =>
    one(sql`INSERT INTO products (name, brand_id, section_id, country) VALUES (${name}, ${brand}, ${section}, 'cz') RETURNING id`);
  ids.p1 = await product('Promo P1', ids.brandA, ids.section);
  ids.p2 = await product('Promo P2', ids.brandB, ids.section);
  ids.p3 = await product('Promo P3', ids.brandB, null);
  ids.p4 = await product('Promo P4', ids.brandA, ids.section);
  const shops = new Map((await queryRows<{ id: number; code: string }>(db, sql`SELECT id, code FROM shops`)).map((s) => [s.code, s.id]));
  const shop = (code: string) => shops.get(code)!;

  const plans: [number, number, Plan][] = [
    // P1 at Albert Anděl: 20 % off 4–10 March, then 25 % off 11–13 (the same promo, deeper), 10 % off 25–31.
    [
      ids.p1,
      shop('albert-prg-andel'),
      (d) => ({
        regular: 10000,
        promo: between(d, '2024-03-04', '2024-03-10')
          ? 8000
          : between(d, '2024-03-11', '2024-03-13')
            ? 7500
            : between(d, '2024-03-25', '2024-03-31')
              ? 9000
              : null,
      }),
    ],
    // P1 at Albert Vaňkovka: the same promo start, 7 days only.
    [ids.p1, shop('albert-brn-vankovka'), (d) => ({ regular: 10000, promo: between(d, '2024-03-04', '2024-03-10') ? 8000 : null })],
    [ids.p1, shop('lidl-prg-smichov'), () => ({ regular: 9000, promo: null })],
    // P2 at Albert: 50 % off from 28 February to 6 March (started before the period).
    [ids.p2, shop('albert-prg-andel'), (d) => ({ regular: 10000, promo: between(d, '2024-02-28', '2024-03-06') ? 5000 : null })],
    // P2 at Lidl: 20 % off 18–21 March.
    [ids.p2, shop('lidl-prg-smichov'), (d) => ({ regular: 10000, promo: between(d, '2024-03-18', '2024-03-21') ? 8000 : null })],
    // P3 at Billa: 25 % off 20–22 March.
    [ids.p3, shop('billa-prg-vinohrady'), (d) => ({ regular: 8000, promo: between(d, '2024-03-20', '2024-03-22') ? 6000 : null })],
    // P4 at Lidl: never on promo.
    [ids.p4, shop('lidl-prg-smichov'), () => ({ regular: 5000, promo: null })],
  ];
  for (let day = '2024-02-26'; day <= '2024-03-31'; day = addDays(day, 1)) {
    const obs: Observation[] = [];
    for (const [productId, shopId, plan] of plans) {
      const p = plan(day);
      if (p) obs.push({ productId, shopId, day, ...p, inStock: true, source: 'parser' });
    }
    await recordObservations(db, obs);
  }

  const network = async (code: string) => one(sql`SELECT id FROM networks WHERE code = ${code}`);
  const leaflet = (code: number, start: string, end: string) =>
    one(sql`INSERT INTO leaflets (network_id, name, start_day, end_day) VALUES (${code}, 'Promo test', ${start}, ${end}) RETURNING id`);
  const price = (leafletId: number, mechanics: string, price: number, oldPrice: number | null, discountPct: number | null = null) =>
    db.execute(sql`INSERT INTO leaflet_prices (leaflet_id, product_name, price, old_price, discount_pct, mechanics)
                   VALUES (${leafletId}, 'x', ${price}, ${oldPrice}, ${discountPct}, ${mechanics})`);
  const albert = await leaflet(await network('albert'), '2024-03-01', '2024-03-07');
  await price(albert, 'discount', 8000, 10000); // 20 %
  await price(albert, 'discount', 3500, 5000); // 30 %
  await price(albert, 'multi_buy', 2000, null);
  await price(albert, 'card', 1700, 2000, 15);
  const billa = await leaflet(await network('billa'), '2024-03-10', '2024-03-16');
  await price(billa, 'discount', 600, 1000); // 40 %
  const later = await leaflet(await network('albert'), '2024-05-01', '2024-05-07');
  await price(later, 'bundle', 100, 200);
  shopDirectory(db).invalidate();
}

beforeAll(async () => {
  app = await build({ env: { COUNTRY: 'pl' } });
  for (const u of ['admin', 'analyst', 'guest', 'hunter', 'metro', 'operator']) as[u] = callerFor(app, await loginAs(app, u));
  await seed();
});
afterAll(() => app.close());

async function summary(who: string, query: string): Promise<PromoAnalysis> {
  const res = await as[who]!('GET', `/promo-analysis/summary?${query}`);
  expect(res.statusCode).toBe(200);
  return promoAnalysisResponseSchema.parse(res.json()).data;
}
const byKey = (data: PromoAnalysis) => Object.fromEntries(data.rows.map((r) => [r.key, r]));

describe('GET /promo-analysis/summary', () => {
  it('by network: share, day-weighted and max depth, promos started, clipped duration', async () => {
    const data = await summary('admin', `${PERIOD}&groupBy=network`);
    expect(data).toMatchObject({ start: '2024-03-04', end: '2024-03-31', groupBy: 'network' });
    expect(data.rows.map((r) => r.key)).toEqual(['albert', 'billa', 'lidl']);
    const rows = byKey(data);
    // Albert: P1 and P2 both on promo. Depth over promo days: 20×7 + 25×3 + 10×7 (Anděl) + 20×7 (Vaňkovka)
    // + 50×3 (P2, clipped to 4–6 March) = 575 over 27 days. Promos: P1 from 4 March (10 days — both shops
    // started that day: one promo, the longer length), P1 from 25 March (7), P2 from 28 February (3 days
    // in the period; started before it, so not counted as started).
    expect(rows.albert).toEqual({
      key: 'albert',
      label: 'Albert',
      products: 2,
      promoProducts: 2,
      promoSharePct: 100,
      avgDepthPct: 21.3,
      maxDepthPct: 50,
      avgDurationDays: 6.7,
      promoCount: 2,
      promosPerProduct: 1,
    });
    expect(rows.lidl).toMatchObject({
      products: 3,
      promoProducts: 1,
      promoSharePct: 33.3,
      avgDepthPct: 20,
      maxDepthPct: 20,
      avgDurationDays: 4,
      promoCount: 1,
      promosPerProduct: 1,
    });
    expect(rows.billa).toMatchObject({
      products: 1,
      promoProducts: 1,
      promoSharePct: 100,
      avgDepthPct: 25,
      maxDepthPct: 25,
      avgDurationDays: 3,
      promoCount: 1,
    });
  });

  it('by brand and by section (a product without a section is the "none" group)', async () => {
    const brands = byKey(await summary('admin', `${PERIOD}&groupBy=brand`));
    expect(brands[String(ids.brandA)]).toEqual({
      key: String(ids.brandA),
      label: 'Promo Alpha',
      products: 2,
      promoProducts: 1,
      promoSharePct: 50,
      avgDepthPct: 17.7, // 425 / 24
      maxDepthPct: 25,
      avgDurationDays: 8.5, // 10 and 7
      promoCount: 2,
      promosPerProduct: 2,
    });
    // P2 at Albert (50 × 3), P2 at Lidl (20 × 4), P3 at Billa (25 × 3): 305 / 10.
    expect(brands[String(ids.brandB)]).toMatchObject({
      products: 2,
      promoProducts: 2,
      avgDepthPct: 30.5,
      maxDepthPct: 50,
      avgDurationDays: 3.3,
      promoCount: 2,
      promosPerProduct: 1,
    });

    const sections = await summary('admin', `${PERIOD}&groupBy=section`);
    expect(sections.rows.map((r) => r.label)).toEqual(['—', 'Promo Section']);
    expect(byKey(sections).none).toMatchObject({ products: 1, promoProducts: 1, avgDepthPct: 25, promoCount: 1 });
    expect(byKey(sections)[String(ids.section)]).toMatchObject({
      products: 3,
      promoProducts: 2,
      promoSharePct: 66.7,
      avgDepthPct: 21.1, // 655 / 31
      maxDepthPct: 50,
      avgDurationDays: 6, // 10, 7, 3, 4
      promoCount: 3,
      promosPerProduct: 1.5,
    });
  });

  it('weekly promo share per network (weeks start on Monday)', async () => {
    const data = await summary('admin', PERIOD);
    const weekly = (network: string) => data.weekly.filter((w) => w.network === network).map((w) => [w.week, w.promoSharePct]);
    expect(weekly('albert')).toEqual([
      ['2024-03-04', 100],
      ['2024-03-11', 50],
      ['2024-03-18', 0],
      ['2024-03-25', 50],
    ]);
    expect(weekly('lidl')).toEqual([
      ['2024-03-04', 0],
      ['2024-03-11', 0],
      ['2024-03-18', 33.3],
      ['2024-03-25', 0],
    ]);
    expect(weekly('billa')).toEqual([
      ['2024-03-04', 0],
      ['2024-03-11', 0],
      ['2024-03-18', 100],
      ['2024-03-25', 0],
    ]);
  });

  it('mechanics of the leaflets running in the period, with their average discount', async () => {
    const data = await summary('admin', PERIOD);
    expect(data.mechanics).toEqual([
      { mechanics: 'discount', count: 3, avgDiscountPct: 30 },
      { mechanics: 'multi_buy', count: 1, avgDiscountPct: null },
      { mechanics: 'card', count: 1, avgDiscountPct: 15 },
    ]);
  });

  it('a network filter narrows groups, the trend and the mechanics', async () => {
    const data = await summary('admin', `${PERIOD}&networks=albert,lidl`);
    expect(data.rows.map((r) => r.key)).toEqual(['albert', 'lidl']);
    expect(new Set(data.weekly.map((w) => w.network))).toEqual(new Set(['albert', 'lidl']));
    expect(data.mechanics.find((m) => m.mechanics === 'discount')).toEqual({ mechanics: 'discount', count: 2, avgDiscountPct: 25 });
  });

  it('a network user sees only the visible networks; naming another is 403', async () => {
    // analyst (Albert's client) sees albert, kaufland, lidl.
    const data = await summary('analyst', PERIOD);
    expect(data.rows.map((r) => r.key)).toEqual(['albert', 'lidl']);
    expect(data.weekly.some((w) => w.network === 'billa')).toBe(false);
    expect(data.mechanics.find((m) => m.mechanics === 'discount')?.count).toBe(2);
    const brands = await summary('analyst', `${PERIOD}&groupBy=brand`);
    // P3 is sold only at Billa: brand Beta is P2 alone for this user.
    expect(byKey(brands)[String(ids.brandB)]).toMatchObject({ products: 1, promoProducts: 1, promoCount: 1 });
    const res = await as.analyst!('GET', `/promo-analysis/summary?${PERIOD}&networks=billa`);
    expect(res.statusCode).toBe(403);
  });

  it('an empty period answers no rows', async () => {
    const data = await summary('admin', 'start=01/01/2020&end=01/31/2020');
    expect(data).toMatchObject({ rows: [], mechanics: [], weekly: [] });
  });

  it.each([
    ['start=2024-03-04&end=03/31/2024', 'start', 'expected MM/DD/YYYY'],
    ['start=03/31/2024&end=03/04/2024', 'end', 'end_before_start'],
    [`${PERIOD}&groupBy=shop`, 'groupBy', null],
    ['end=03/31/2024', 'start', null],
    [`${PERIOD}&networks=nowhere`, 'networks', null],
    ['start=01/01/2024&end=01/01/2025', 'end', 'period longer than 366 days'],
  ])('400 for %s, naming %s', async (query, field, message) => {
    const res = await as.admin!('GET', `/promo-analysis/summary?${query}`);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    const hit = error.fields.find((f: { path: string }) => f.path === field);
    expect(hit).toBeDefined();
    if (message) expect(hit.message).toBe(message);
  });

  it('a whole leap year (366 days) is allowed', async () => {
    expect((await as.admin!('GET', '/promo-analysis/summary?start=01/01/2024&end=12/31/2024')).statusCode).toBe(200);
  });

  it('counts a chain-wide promo started before the period once in the average duration, however its shops split it', async () => {
    // June 2024, Albert only: P5 at Anděl 20 % off 3–14 June, 10 % off 17–20; at Vaňkovka the same
    // promo from 3 June as two spans (20 % on 3–5, 25 % on 6–12). Period 8–20 June: the span read
    // from the day before (7 June) at Vaňkovka starts on the 6th, at Anděl on the 3rd — both started
    // before the period, so they are one promo (the longer one: 7 days in the period), plus 17–20 (4).
    const db = app.db;
    const [brand] = await queryRows<{ id: number }>(db, sql`INSERT INTO brands (name) VALUES ('Promo Gamma') RETURNING id`);
    const [p5] = await queryRows<{ id: number }>(db, sql`INSERT INTO products (name, brand_id, country) VALUES ('Promo P5', ${brand!.id}, 'cz') RETURNING id`);
    const shops = new Map((await queryRows<{ id: number; code: string }>(db, sql`SELECT id, code FROM shops`)).map((s) => [s.code, s.id]));
    const plans: [number, Plan][] = [
      [
        shops.get('albert-prg-andel')!,
        (d) => ({ regular: 10000, promo: between(d, '2024-06-03', '2024-06-14') ? 8000 : between(d, '2024-06-17', '2024-06-20') ? 9000 : null }),
      ],
      [
        shops.get('albert-brn-vankovka')!,
        (d) => ({ regular: 10000, promo: between(d, '2024-06-03', '2024-06-05') ? 8000 : between(d, '2024-06-06', '2024-06-12') ? 7500 : null }),
      ],
    ];
    for (let day = '2024-06-01'; day <= '2024-06-20'; day = addDays(day, 1)) {
      await recordObservations(
        db,
        plans.map(([shopId, plan]) => ({ productId: p5!.id, shopId, day, ...plan(day)!, inStock: true, source: 'parser' }) as Observation),
      );
    }
    const rows = byKey(await summary('admin', 'start=06/08/2024&end=06/20/2024&groupBy=network&networks=albert'));
    expect(rows.albert).toMatchObject({
      products: 1,
      promoProducts: 1,
      promoSharePct: 100,
      avgDepthPct: 19.1, // (20·7 + 10·4 + 25·5) / 16
      maxDepthPct: 25,
      promoCount: 1, // 17 June; the other started before the period
      avgDurationDays: 5.5, // (7 + 4) / 2 — not (7 + 5 + 4) / 3
      promosPerProduct: 1,
    });
  });

  it('who may call: leaflet access and not hunter-limit; guests read', async () => {
    expect((await as.hunter!('GET', `/promo-analysis/summary?${PERIOD}`)).statusCode).toBe(403);
    expect((await as.metro!('GET', `/promo-analysis/summary?${PERIOD}`)).statusCode).toBe(403);
    expect((await as.guest!('GET', `/promo-analysis/summary?${PERIOD}`)).statusCode).toBe(200);
    expect((await as.operator!('GET', `/promo-analysis/summary?${PERIOD}`)).statusCode).toBe(200);
  });
});

describe('POST /promo-analysis/export', () => {
  it('writes an xlsx with the groups, mechanics and weekly sheets', async () => {
    const res = await as.admin!('POST', '/promo-analysis/export', { start: '03/04/2024', end: '03/31/2024', groupBy: 'brand', networks: ['albert', 'lidl'] });
    expect(res.statusCode).toBe(200);
    const { data } = leafletFileResponseSchema.parse(res.json());
    expect(data.extension).toBe('.xlsx');
    const file = await app.inject({ method: 'GET', url: `/data/${data.file}`, query: { token: (await loginAs(app, 'admin')).token } });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Groups (brand)', 'Mechanics', 'Weekly']);
    const values = (name: string) =>
      book
        .getWorksheet(name)!
        .getSheetValues()
        .slice(1)
        .map((r) => (r as unknown[]).slice(1));
    const groups = values('Groups (brand)');
    expect(groups[0]).toEqual([
      'Group',
      'Key',
      'Products',
      'Products on promo',
      'Promo share %',
      'Average depth %',
      'Max depth %',
      'Average duration (days)',
      'Promos started',
      'Promos per product',
    ]);
    // Albert and Lidl only: Beta = P2 (on promo at both), Alpha = P1 (promo at Albert) and P4.
    expect(groups.slice(1)).toEqual([
      ['Promo Beta', String(ids.brandB), 1, 1, 100, 32.9, 50, 3.5, 1, 1],
      ['Promo Alpha', String(ids.brandA), 2, 1, 50, 17.7, 25, 8.5, 2, 2],
    ]);
    expect(values('Mechanics')).toEqual([
      ['Mechanics', 'Leaflet prices', 'Average discount %'],
      ['discount', 2, 25],
      ['multi_buy', 1],
      ['card', 1, 15],
    ]);
    const weekly = values('Weekly');
    expect(weekly[0]).toEqual(['Week (Monday)', 'Network', 'Promo share %']);
    expect(weekly.slice(1)).toContainEqual(['2024-03-04', 'albert', 100]);
    expect(weekly).toHaveLength(1 + 8);
  });

  it('validates the body like the summary and is refused to guests', async () => {
    const bad = await as.admin!('POST', '/promo-analysis/export', { start: '03/31/2024', end: '03/04/2024' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0]).toEqual({ path: 'end', message: 'end_before_start' });
    expect((await as.guest!('POST', '/promo-analysis/export', { start: '03/04/2024', end: '03/31/2024' })).statusCode).toBe(403);
  });
});

describe('the Czech deployment', () => {
  it('has no promo analysis: 403 promo_analysis_not_in_deployment, even for a bad query', async () => {
    const cz = await build();
    try {
      const admin = callerFor(cz, await loginAs(cz, 'admin'));
      for (const res of [
        await admin('GET', `/promo-analysis/summary?${PERIOD}`),
        await admin('GET', '/promo-analysis/summary?start=bad'),
        await admin('POST', '/promo-analysis/export', { start: '03/04/2024', end: '03/31/2024' }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toMatchObject({ code: 'forbidden', message: 'promo_analysis_not_in_deployment' });
      }
    } finally {
      await cz.close();
    }
  });
});
