/**
 * Attack on promo analysis and discount analysis from price_pair_runs + price_day_totals (docs/analytics.md,
 * docs/promo-analysis.md): period edges, impossible days, far past and future, NUL bytes and huge strings in
 * every field, groupBy values that are not allowed, filters naming networks the caller may not see, and price
 * writes ten at a time while both analyses run — after which the answers equal a count over price_spans
 * written here. Never a 5xx. PGlite and PostgreSQL; Polish deployment (no promo analysis in the Czech one).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { discountAnalysisResponseSchema, promoAnalysisResponseSchema } from '@pricewatch/shared/contract';
import { queryRows } from '../../src/db/client';
import { recordObservations, type Observation } from '../../src/areas/prices/record';
import { shopDirectory } from '../../src/core/shop-directory';
import { addDays, todayIso } from '../../src/lib/days';
import { build, loginAs } from '../helpers/build';
import { callerFor, makeAshanType, us, type Caller } from '../helpers/catalogue';
import { runsDiffFromSpans, totalsDiffFromSpans } from '../helpers/price-totals';

jest.setTimeout(300_000);

let app: FastifyInstance;
let admin: Caller;
let analyst: Caller;
const SHOP_CODES = ['albert-prg-andel', 'albert-brn-vankovka', 'lidl-prg-smichov', 'billa-prg-vinohrady', 'kaufland-brn-kralovo-pole'];
// Before the demo history (the last 365 days): only this file's spans fall in these periods.
const FIRST = '2023-03-01';
const DAYS = 40;
const shops: { id: number; code: string }[] = [];
const products: number[] = [];

const promo = (query: string, as: Caller = admin) => as('GET', `/promo-analysis/summary?${query}`);
const discount = (payload: Record<string, unknown>, as: Caller = admin) => as('POST', '/prices/history/discount-analysis', payload);
const period = (a: string, b: string) => `start=${us(a)}&end=${us(b)}`;
/** The fields a 400 names, as top-level names (`networks.0` → `networks`). */
const fieldsOf = (res: { json: () => { error?: { fields?: { path: string }[] } } }) => [
  ...new Set((res.json().error?.fields ?? []).map((f) => f.path.split('.')[0]!)),
];

/** Per network: products priced / on promo in the period, product-days and promo-days, straight from the spans. */
async function direct(start: string, end: string, networks: string[] | null) {
  const rows = await queryRows<{ network: string; products: number; promo_products: number; product_days: number; promo_days: number }>(
    app.db,
    sql`SELECT n.code AS network, count(DISTINCT ps.product_id)::int AS products,
               count(DISTINCT ps.product_id) FILTER (WHERE ps.promo IS NOT NULL)::int AS promo_products,
               sum(least(ps.end_day, ${end}::date) - greatest(ps.start_day, ${start}::date) + 1)::int AS product_days,
               coalesce(sum(least(ps.end_day, ${end}::date) - greatest(ps.start_day, ${start}::date) + 1) FILTER (WHERE ps.promo IS NOT NULL), 0)::int AS promo_days
        FROM price_spans ps JOIN shops s ON s.id = ps.shop_id JOIN networks n ON n.id = s.network_id
        WHERE ps.start_day <= ${end}::date AND ps.end_day >= ${start}::date
          ${networks ? sql`AND n.code = ANY(${sql.param(networks)}::text[])` : sql``}
        GROUP BY n.code ORDER BY n.code`,
  );
  return rows.map((r) => ({
    ...r,
    products: Number(r.products),
    promo_products: Number(r.promo_products),
    product_days: Number(r.product_days),
    promo_days: Number(r.promo_days),
  }));
}

async function expectBothEqualDirect(start: string, end: string, as: Caller = admin, networks: string[] | null = null) {
  const want = await direct(start, end, networks);
  expect(want.length).toBeGreaterThan(0);
  const p = await promo(period(start, end), as);
  expect(p.statusCode).toBe(200);
  const rows = promoAnalysisResponseSchema.parse(p.json()).data.rows;
  expect(
    rows.map((r) => ({ network: r.key, products: r.products, promo_products: r.promoProducts })).sort((a, b) => a.network.localeCompare(b.network)),
  ).toEqual(want.map((w) => ({ network: w.network, products: w.products, promo_products: w.promo_products })));
  const d = await discount({ start: us(start), end: us(end) }, as);
  expect(d.statusCode).toBe(200);
  const nets = discountAnalysisResponseSchema.parse(d.json()).data.networks;
  expect(
    nets
      .map((n) => ({ network: n.network, products: n.products, promo_products: n.productsOnPromo, product_days: n.productDays, promo_days: n.promoDays }))
      .sort((a, b) => a.network.localeCompare(b.network)),
  ).toEqual(want);
}

const observations = (day: number, salt: number): Observation[] =>
  products.flatMap((p, i) =>
    shops
      .filter((s) => (p + s.id + salt) % 5 !== 0)
      .map((s) => {
        const regular = 1000 + ((i * 37 + s.id) % 400);
        const onPromo = (Math.floor((day + i + salt) / 4) + s.id) % 3 === 0;
        return {
          productId: p,
          shopId: s.id,
          day: addDays(FIRST, day),
          regular,
          promo: onPromo ? Math.round(regular * 0.7) : null,
          inStock: true,
          source: 'parser' as const,
        };
      }),
  );

beforeAll(async () => {
  app = await build({ env: { COUNTRY: 'pl', DEMO_PRODUCTS: '0' } });
  await makeAshanType(app, ['analyst']);
  admin = callerFor(app, await loginAs(app, 'admin'));
  analyst = callerFor(app, await loginAs(app, 'analyst'));
  shops.push(
    ...(await queryRows<{ id: number; code: string }>(
      app.db,
      sql`SELECT id, code FROM shops WHERE code = ANY(${sql.param(SHOP_CODES)}::text[]) ORDER BY code`,
    )),
  );
  expect(shops).toHaveLength(SHOP_CODES.length);
  for (let i = 0; i < 12; i++) {
    const [row] = await queryRows<{ id: number }>(app.db, sql`INSERT INTO products (name, country) VALUES (${`Attack promo ${i}`}, 'pl') RETURNING id`);
    products.push(row!.id);
  }
  shopDirectory(app.db).invalidate();
  for (let d = 0; d < DAYS; d++) await recordObservations(app.db, observations(d, 0));
});
afterAll(() => app?.close());

describe('promo and discount analysis under attack', () => {
  it('a one-day period, a whole one and cuts through runs equal a count over the spans', async () => {
    await expectBothEqualDirect(addDays(FIRST, 10), addDays(FIRST, 10));
    await expectBothEqualDirect(FIRST, FIRST);
    await expectBothEqualDirect(addDays(FIRST, DAYS - 1), addDays(FIRST, DAYS - 1));
    await expectBothEqualDirect(addDays(FIRST, -30), addDays(FIRST, DAYS + 30));
    await expectBothEqualDirect(addDays(FIRST, 5), addDays(FIRST, 22));
  });

  it('end before start, periods over a year, impossible days: 400 naming the field; 366 days and far past or future: 200', async () => {
    const bad: [string, string][] = [
      [`start=${us(addDays(FIRST, 5))}&end=${us(FIRST)}`, 'end'],
      [period(FIRST, addDays(FIRST, 366)), 'end'],
      [period(FIRST, addDays(FIRST, 3652)), 'end'],
      ['start=02/30/2026&end=03/01/2026', 'start'],
      ['start=02/29/2025&end=03/01/2025', 'start'],
      ['start=13/01/2026&end=12/01/2026', 'start'],
      ['start=01/01/0000&end=01/02/0000', 'start'],
      ['start=2026-01-01&end=2026-01-02', 'start'],
    ];
    for (const [query, field] of bad) {
      const p = await promo(query);
      expect({ query, status: p.statusCode, fields: fieldsOf(p) }).toEqual({ query, status: 400, fields: expect.arrayContaining([field]) });
      const q = Object.fromEntries(new URLSearchParams(query));
      const d = await discount(q);
      expect({ query, status: d.statusCode, fields: fieldsOf(d) }).toEqual({ query, status: 400, fields: expect.arrayContaining([field]) });
    }
    for (const [a, b] of [
      [FIRST, addDays(FIRST, 365)],
      ['1000-01-01', '1000-12-31'],
      ['1899-12-25', '1900-01-05'],
      ['9999-01-01', '9999-12-31'],
      ['9999-12-31', '9999-12-31'],
    ] as const) {
      for (const groupBy of ['network', 'brand', 'section']) {
        const p = await promo(`${period(a, b)}&groupBy=${groupBy}`);
        expect({ a, groupBy, status: p.statusCode }).toEqual({ a, groupBy, status: 200 });
      }
      expect({ a, status: (await discount({ start: us(a), end: us(b) })).statusCode }).toEqual({ a, status: 200 });
    }
  });

  it('NUL bytes, huge strings and groupBy values that are not allowed: 400 naming the field, never a 5xx', async () => {
    const ok = period(FIRST, addDays(FIRST, 10));
    const huge = 'x'.repeat(100_000);
    const cases: [string, string][] = [
      [`start=${encodeURIComponent(`${us(FIRST)}\0`)}&end=${us(FIRST)}`, 'start'],
      [`start=${us(FIRST)}&end=%00`, 'end'],
      [`start=${huge}&end=${us(FIRST)}`, 'start'],
      [`${ok}&groupBy=product`, 'groupBy'],
      [`${ok}&groupBy=%00`, 'groupBy'],
      [`${ok}&groupBy=network%00`, 'groupBy'],
      [`${ok}&groupBy=${huge}`, 'groupBy'],
      [`${ok}&groupBy=network&groupBy=brand`, 'groupBy'],
      [`${ok}&networks=%00`, 'networks'],
      [`${ok}&networks=albert%00`, 'networks'],
      [`${ok}&networks=${huge}`, 'networks'],
      [`${ok}&networks=${'albert,'.repeat(5000)}nobody`, 'networks'],
      [`${ok}&networks=nobody`, 'networks'],
    ];
    for (const [query, field] of cases) {
      const res = await promo(query);
      expect({ query: query.slice(0, 60), status: res.statusCode, fields: fieldsOf(res) }).toEqual({
        query: query.slice(0, 60),
        status: 400,
        fields: expect.arrayContaining([field]),
      });
    }
    const body = { start: us(FIRST), end: us(addDays(FIRST, 10)) };
    const bodies: [Record<string, unknown>, string][] = [
      [{ ...body, start: `${us(FIRST)}\0` }, 'start'],
      [{ ...body, end: huge }, 'end'],
      [{ ...body, networks: ['albert\0'] }, 'networks'],
      [{ ...body, networks: [huge] }, 'networks'],
      [{ ...body, networks: ['nobody'] }, 'networks'],
      [{ ...body, shops: ['1\0'] }, 'shops'],
      [{ ...body, shops: [huge] }, 'shops'],
      [{ ...body, sections: ['\0'] }, 'sections'],
      [{ ...body, sections: ['99999999999999999999'] }, 'sections'],
      [{ ...body, brands: [-1] }, 'brands'],
      [{ ...body, products: ['1e3'] }, 'products'],
      [{ ...body, baseNetwork: 'albert\0' }, 'baseNetwork'],
      [{ ...body, baseNetwork: huge }, 'baseNetwork'],
    ];
    for (const [payload, field] of bodies) {
      const res = await discount(payload);
      const shown = JSON.stringify(payload).slice(0, 80);
      expect({ shown, status: res.statusCode, fields: fieldsOf(res) }).toEqual({ shown, status: 400, fields: expect.arrayContaining([field]) });
    }
  });

  it('a network user gets figures of the networks it may see only; another network is 403 in every field', async () => {
    const visible = ['albert', 'kaufland', 'lidl'];
    const start = FIRST;
    const end = addDays(FIRST, DAYS - 1);
    // analyst sees albert (own), lidl and kaufland, not billa.
    await expectBothEqualDirect(start, end, analyst, visible);
    for (const groupBy of ['section', 'brand']) {
      const res = await promo(`${period(start, end)}&groupBy=${groupBy}`, analyst);
      expect(res.statusCode).toBe(200);
      const want = await direct(start, end, visible);
      const products = new Set(
        (
          await queryRows<{ product_id: number }>(
            app.db,
            sql`SELECT DISTINCT ps.product_id FROM price_spans ps JOIN shops s ON s.id = ps.shop_id JOIN networks n ON n.id = s.network_id
                WHERE n.code = ANY(${sql.param(visible)}::text[]) AND ps.start_day <= ${end}::date AND ps.end_day >= ${start}::date`,
          )
        ).map((r) => r.product_id),
      );
      expect(want.length).toBe(visible.length);
      // Every test product is in one "none" group: products priced in the shops analyst sees, not billa's.
      const rows = promoAnalysisResponseSchema.parse(res.json()).data.rows;
      expect(rows.reduce((n, r) => n + r.products, 0)).toBe(products.size);
    }
    const billa = await promo(`${period(start, end)}&networks=billa`, analyst);
    expect(billa.statusCode).toBe(403);
    const mixed = await promo(`${period(start, end)}&networks=albert,billa`, analyst);
    expect(mixed.statusCode).toBe(403);
    expect((await discount({ start: us(start), end: us(end), networks: ['billa'] }, analyst)).statusCode).toBe(403);
    // Discount analysis takes no base network: an invisible one changes nothing and shows no billa figures.
    const based = await discount({ start: us(start), end: us(end), baseNetwork: 'billa' }, analyst);
    expect(based.statusCode).toBe(200);
    expect(
      discountAnalysisResponseSchema
        .parse(based.json())
        .data.networks.map((n) => n.network)
        .sort(),
    ).toEqual(visible);
    const billaShop = shops.find((s) => s.code.startsWith('billa-'))!.id;
    expect((await discount({ start: us(start), end: us(end), shops: [billaShop] }, analyst)).statusCode).toBe(403);
    // The weekly trend: only networks analyst sees.
    const weekly = promoAnalysisResponseSchema.parse((await promo(period(start, end), analyst)).json()).data.weekly;
    expect(weekly.length).toBeGreaterThan(0);
    for (const w of weekly) expect(visible).toContain(w.network);
  });

  it('ten price writers at a time while both analyses run: all land, the answers then equal the spans, the server answers', async () => {
    const start = FIRST;
    const end = addDays(FIRST, DAYS + 5);
    const writes = Array.from({ length: 10 }, (_, k) => async () => {
      // Each writer: two days past the history (extending and opening runs) and a rewrite of a day inside it.
      await recordObservations(app.db, observations(DAYS + (k % 3), k + 1));
      await recordObservations(app.db, observations(20 + k, k + 1));
    });
    const internal = Array.from(
      { length: 10 },
      (_, k) => () =>
        admin('POST', '/custom/import-internal-prices', {
          shop: String(shops[k % shops.length]!.id),
          // The internal import takes days within a year of today only.
          date: us(todayIso()),
          prices: [{ product: String(products[k]!), price: 10 + k }],
        }),
    );
    const reads = Array.from(
      { length: 10 },
      (_, k) => () => (k % 2 ? promo(`${period(start, end)}&groupBy=${['network', 'brand', 'section'][k % 3]}`) : discount({ start: us(start), end: us(end) })),
    );
    const results = await Promise.all([...writes.map((w) => w()), ...internal.map((w) => w()), ...reads.map((r) => r())]);
    for (const res of results.slice(10)) expect((res as { statusCode: number }).statusCode).toBe(200);
    expect(await totalsDiffFromSpans(app.db)).toEqual([]);
    expect(await runsDiffFromSpans(app.db)).toEqual([]);
    await expectBothEqualDirect(start, end);
    await expectBothEqualDirect(addDays(FIRST, 18), addDays(FIRST, 30));
  });
});
