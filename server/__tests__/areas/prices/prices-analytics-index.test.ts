/**
 * The price index (POST /prices/history/prices/analytics) over every product of the selection (issue 19 item 1): no
 * sample, and its figures equal a computation over price_spans written here independently of the server's SQL, on
 * the demo catalogue's generated year — whole networks from the kept rows of migration 0021, a part of a network and
 * chosen products over the spans. PGlite and PostgreSQL.
 *
 * @one-database: values the price index computes from its kept rows (driver-parity); the rows' upkeep is tested on both (price-index-kept). (scripts/lib/db-test-files.cjs)
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pricesAnalyticsResponseSchema, type Currency, type PricesAnalytics } from '@pricewatch/shared/contract';
import { queryRows } from '../../../src/db/client';
import { currencyOf } from '../../../src/lib/money';
import { addDays, todayIso } from '../../../src/lib/days';
import { build, loginAs } from '../../helpers/build';
import { callerFor, makeAshanType, us, type Caller } from '../../helpers/catalogue';

jest.setTimeout(300_000);

let app: FastifyInstance;
let admin: Caller;
let analyst: Caller;
type Span = { product_id: number; shop_id: number; start_day: string; end_day: string; price: number; section_id: number | null };
type Shop = { id: number; name: string; network: string; networkName: string; currency: Currency };
let spans: Span[] = [];
let shops = new Map<number, Shop>();

beforeAll(async () => {
  app = await build();
  await makeAshanType(app, ['analyst']);
  admin = callerFor(app, await loginAs(app, 'admin'));
  analyst = callerFor(app, await loginAs(app, 'analyst'));
  spans = await queryRows<Span>(
    app.db,
    sql`SELECT ps.product_id, ps.shop_id, ps.start_day::text AS start_day, ps.end_day::text AS end_day,
               coalesce(ps.promo, ps.regular) AS price, p.section_id
        FROM price_spans ps LEFT JOIN products p ON p.id = ps.product_id`,
  );
  const rows = await queryRows<{ id: number; name: string; network: string; network_name: string; country: string }>(
    app.db,
    sql`SELECT s.id, s.name, n.code AS network, n.name AS network_name, n.country FROM shops s JOIN networks n ON n.id = s.network_id`,
  );
  shops = new Map(rows.map((s) => [s.id, { id: s.id, name: s.name, network: s.network, networkName: s.network_name, currency: currencyOf(s.country) }]));
});
afterAll(() => app.close());

const money = (minor: number) => minor / 100;
const DAY = 86_400_000;
/** a / b rounded half up, exactly (non-negative integers). */
const roundDiv = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);
const MICRO = 1_000_000n;

/**
 * The call's answer computed from the spans: every product priced in the kept shops (and sections) in [start, end].
 * Exact arithmetic: a product's network average to 6 decimals of a minor unit (the definition the server keeps),
 * sums in integers, figures rounded half up to a minor unit (averages) or 0.1 (the index).
 */
function expected(start: string, end: string, keepShop: (s: Shop) => boolean, base: string | null, sections?: number[], withShops = false): PricesAnalytics {
  type Acc = { min: number; max: number; sum: bigint; n: bigint };
  const add = (m: Map<string, Acc>, k: string, price: number) => {
    const a = m.get(k) ?? { min: Infinity, max: -Infinity, sum: 0n, n: 0n };
    m.set(k, a);
    a.min = Math.min(a.min, price);
    a.max = Math.max(a.max, price);
    a.sum += BigInt(price);
    a.n++;
  };
  const perShop = new Map<string, Acc>(); // shop|day
  const perNetworkProduct = new Map<string, Acc>(); // network|day|product
  const products = new Set<number>();
  const first = Date.parse(start);
  const last = Date.parse(end);
  for (const s of spans) {
    const shop = shops.get(s.shop_id);
    if (!shop || !keepShop(shop)) continue;
    if (sections && !sections.includes(s.section_id ?? -1)) continue;
    const a = Math.max(Date.parse(s.start_day), first);
    const b = Math.min(Date.parse(s.end_day), last);
    if (a > b) continue;
    products.add(s.product_id);
    for (let t = a; t <= b; t += DAY) {
      const day = new Date(t).toISOString().slice(0, 10);
      add(perShop, `${s.shop_id}|${day}`, s.price);
      add(perNetworkProduct, `${shop.network}|${day}|${s.product_id}`, s.price);
    }
  }
  const micro = (a: Acc) => roundDiv(a.sum * MICRO, a.n);
  const baseAvg = new Map<string, bigint>(); // day|product
  for (const [k, a] of perNetworkProduct) {
    const [network, day, product] = k.split('|');
    if (network === base) baseAvg.set(`${day}|${product}`, micro(a));
  }
  type Day = { min: number; max: number; avgSum: bigint; n: bigint; num: bigint; den: bigint; compared: number };
  const perNetwork = new Map<string, Map<string, Day>>();
  for (const [k, a] of perNetworkProduct) {
    const [network, day, product] = k.split('|') as [string, string, string];
    const days = perNetwork.get(network) ?? new Map<string, Day>();
    perNetwork.set(network, days);
    const d = days.get(day) ?? { min: Infinity, max: -Infinity, avgSum: 0n, n: 0n, num: 0n, den: 0n, compared: 0 };
    days.set(day, d);
    d.min = Math.min(d.min, a.min);
    d.max = Math.max(d.max, a.max);
    d.avgSum += micro(a);
    d.n++;
    const b = baseAvg.get(`${day}|${product}`);
    if (b !== undefined) {
      d.num += micro(a);
      d.den += b;
      d.compared++;
    }
  }
  const baseShop = base ? [...shops.values()].find((s) => s.network === base)! : null;
  const byDay = <T extends { day: string }>(points: T[]) => points.sort((x, y) => (x.day < y.day ? -1 : 1));
  const index = (num: bigint, den: bigint) => Number(roundDiv(num * 1000n, den)) / 10;
  const shopPoints = new Map<number, PricesAnalytics['shops'][number]['points']>();
  for (const [k, a] of perShop) {
    const [id, day] = k.split('|') as [string, string];
    const list = shopPoints.get(Number(id)) ?? [];
    shopPoints.set(Number(id), list);
    list.push({ day, min: money(a.min), avg: money(Number(roundDiv(a.sum, a.n))), max: money(a.max), products: Number(a.n) });
  }
  return {
    start,
    end,
    baseNetwork: base,
    products: products.size,
    networks: [...perNetwork.entries()]
      .map(([network, days]) => {
        const shop = [...shops.values()].find((s) => s.network === network)!;
        const comparable = !!baseShop && shop.currency === baseShop.currency;
        let num = 0n;
        let den = 0n;
        const points = byDay(
          [...days.entries()].map(([day, d]) => {
            if (comparable && d.den) {
              num += d.num;
              den += d.den;
            }
            return {
              day,
              min: money(d.min),
              avg: money(Number(roundDiv(d.avgSum, d.n * MICRO))),
              max: money(d.max),
              products: Number(d.n),
              index: comparable && d.den ? index(d.num, d.den) : null,
              compared: comparable ? d.compared : 0,
            };
          }),
        );
        return { network, networkName: shop.networkName, currency: shop.currency, index: den ? index(num, den) : null, points };
      })
      .sort((a, b) => a.networkName.localeCompare(b.networkName)),
    // The per-shop series only when the body names shops.
    shops: [...(withShops ? shopPoints : new Map<number, never>()).entries()]
      .map(([id, points]) => {
        const s = shops.get(id)!;
        return { shopId: String(id), shopName: s.name, network: s.network, currency: s.currency, points: byDay(points) };
      })
      .sort((a, b) => a.shopName.localeCompare(b.shopName)),
  };
}

async function call(caller: Caller, body: Record<string, unknown>) {
  const res = await caller('POST', '/prices/history/prices/analytics', body);
  expect(res.statusCode).toBe(200);
  return pricesAnalyticsResponseSchema.parse(res.json()).data;
}

const today = todayIso();
const periods: [string, string, string][] = [
  ['a 365-day period', addDays(today, -364), today],
  ['a period cutting spans at both ends', addDays(today, -47), addDays(today, -19)],
];

describe('POST /prices/history/prices/analytics answers over every product of the selection', () => {
  it.each(periods)('%s, every shop, base albert: equals a computation over the spans', async (_label, start, end) => {
    const want = expected(start, end, () => true, 'albert');
    expect(want.products).toBeGreaterThan(100);
    expect(want.networks.filter((n) => n.index !== null && n.network !== 'albert').length).toBeGreaterThan(2);
    expect(await call(admin, { start: us(start), end: us(end), baseNetwork: 'albert' })).toEqual(want);
  });

  it('another base network, and a section filter', async () => {
    const start = addDays(today, -90);
    expect(await call(admin, { start: us(start), end: us(today), baseNetwork: 'lidl' })).toEqual(expected(start, today, () => true, 'lidl'));
    const [section] = await queryRows<{ id: number }>(
      app.db,
      sql`SELECT section_id AS id FROM products WHERE section_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const sections = [Number(section!.id)];
    const want = expected(start, today, () => true, 'albert', sections);
    expect(want.products).toBeGreaterThan(3);
    expect(await call(admin, { start: us(start), end: us(today), baseNetwork: 'albert', sections })).toEqual(want);
  });

  it('a network filter, one shop of a network, a network user with a narrow view, chosen products', async () => {
    const start = addDays(today, -120);
    const picked = (s: Shop) => ['lidl', 'billa'].includes(s.network);
    expect(await call(admin, { start: us(start), end: us(today), networks: ['lidl', 'billa'], baseNetwork: 'lidl' })).toEqual(
      expected(start, today, picked, 'lidl'),
    );
    // Part of a network (one Albert shop): over the spans.
    const albertShop = [...shops.values()].find((s) => s.network === 'albert')!.id;
    expect([...shops.values()].filter((s) => s.network === 'albert').length).toBeGreaterThan(1);
    expect(await call(admin, { start: us(start), end: us(today), shops: [albertShop], baseNetwork: 'albert' })).toEqual(
      expected(start, today, (s) => s.id === albertShop, 'albert', undefined, true),
    );
    // analyst sees albert, lidl and kaufland; its own network (albert) is the base.
    const mine = (s: Shop) => ['albert', 'lidl', 'kaufland'].includes(s.network);
    expect(await call(analyst, { start: us(start), end: us(today) })).toEqual(expected(start, today, mine, 'albert'));
    // Chosen products: over the spans.
    const chosen = [...new Set(spans.map((s) => s.product_id))].sort((a, b) => a - b).slice(3, 9);
    const want = expected(start, today, () => true, 'albert');
    const got = await call(admin, { start: us(start), end: us(today), baseNetwork: 'albert', products: chosen });
    const inChosen = new Set(chosen);
    const spansBefore = spans;
    spans = spans.filter((s) => inChosen.has(s.product_id));
    try {
      expect(got).toEqual(expected(start, today, () => true, 'albert'));
    } finally {
      spans = spansBefore;
    }
    expect(got.products).toBeLessThan(want.products);
  });

  it('shops named: their per-shop series too (whole networks from the kept rows, with and without a section); none named: no shop series', async () => {
    const start = addDays(today, -60);
    const picked = (s: Shop) => ['lidl', 'billa'].includes(s.network);
    const named = [...shops.values()].filter(picked).map((s) => s.id);
    const withShops = await call(admin, { start: us(start), end: us(today), shops: named, baseNetwork: 'lidl' });
    expect(withShops).toEqual(expected(start, today, picked, 'lidl', undefined, true));
    expect(withShops.shops.map((s) => s.shopId).sort()).toEqual(named.map(String).sort());
    // The same networks without naming the shops: the same network figures, no shop series.
    const byNetwork = await call(admin, { start: us(start), end: us(today), networks: ['lidl', 'billa'], baseNetwork: 'lidl' });
    expect(byNetwork.shops).toEqual([]);
    expect(byNetwork.networks).toEqual(withShops.networks);
    const [section] = await queryRows<{ id: number }>(
      app.db,
      sql`SELECT section_id AS id FROM products WHERE section_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const sections = [Number(section!.id)];
    expect(await call(admin, { start: us(start), end: us(today), shops: named, sections, baseNetwork: 'lidl' })).toEqual(
      expected(start, today, picked, 'lidl', sections, true),
    );
  });
});
