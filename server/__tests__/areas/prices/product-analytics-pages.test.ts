/**
 * The per-product analytics calls over the whole selection (issue 19 item 1): products/analytics and
 * ashan-shops-prices answer pages of every product priced in the chosen shops in the period — no sample.
 * Paged through to the end, they equal a computation over price_spans written here independently of the
 * server's SQL, on the demo catalogue's generated year of history. PGlite and PostgreSQL.
 *
 * @one-database: values the per-product analytics compute (driver-parity), paged through. (scripts/lib/db-test-files.cjs)
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ashanShopsPricesResponseSchema, productsAnalyticsResponseSchema, type Currency } from '@pricewatch/shared/contract';
import { queryRows } from '../../../src/db/client';
import { currencyOf } from '../../../src/lib/money';
import { addDays, todayIso } from '../../../src/lib/days';
import { build, loginAs } from '../../helpers/build';
import { callerFor, makeAshanType, us, type Caller } from '../../helpers/catalogue';

let app: FastifyInstance;
let admin: Caller;
let analyst: Caller;
type Span = { product_id: number; shop_id: number; start_day: string; end_day: string; regular: number; promo: number | null };
type Shop = { id: number; network: string; networkName: string; currency: Currency };
let spans: Span[] = [];
let shops = new Map<number, Shop>();

beforeAll(async () => {
  app = await build();
  await makeAshanType(app, ['analyst']);
  admin = callerFor(app, await loginAs(app, 'admin'));
  analyst = callerFor(app, await loginAs(app, 'analyst'));
  spans = await queryRows<Span>(
    app.db,
    sql`SELECT product_id, shop_id, start_day::text AS start_day, end_day::text AS end_day, regular, promo FROM price_spans`,
  );
  const rows = await queryRows<{ id: number; network: string; network_name: string; country: string }>(
    app.db,
    sql`SELECT s.id, n.code AS network, n.name AS network_name, n.country FROM shops s JOIN networks n ON n.id = s.network_id`,
  );
  shops = new Map(rows.map((s) => [s.id, { id: s.id, network: s.network, networkName: s.network_name, currency: currencyOf(s.country) }]));
});
afterAll(() => app.close());

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;
const money = (minor: number) => Math.round(minor) / 100;

type Pair = { shop: Shop; min: number; max: number; priceDays: number; days: number; promoDays: number };

/** Per product, per shop: the day-weighted figures of its spans inside [start, end], in the shops kept. */
function pairsOf(start: string, end: string, keepShop: (s: Shop) => boolean) {
  const byProduct = new Map<number, Map<number, Pair>>();
  for (const s of spans) {
    const shop = shops.get(s.shop_id)!;
    if (!keepShop(shop)) continue;
    const a = s.start_day > start ? s.start_day : start;
    const b = s.end_day < end ? s.end_day : end;
    if (a > b) continue;
    const days = (Date.parse(b) - Date.parse(a)) / 86_400_000 + 1;
    const price = s.promo ?? s.regular;
    const pairs = byProduct.get(s.product_id) ?? new Map<number, Pair>();
    byProduct.set(s.product_id, pairs);
    const p = pairs.get(s.shop_id) ?? { shop, min: Infinity, max: -Infinity, priceDays: 0, days: 0, promoDays: 0 };
    pairs.set(s.shop_id, p);
    p.min = Math.min(p.min, price);
    p.max = Math.max(p.max, price);
    p.priceDays += price * days;
    p.days += days;
    if (s.promo !== null) p.promoDays += days;
  }
  return byProduct;
}

/** products/analytics' items, every product of the selection by id (contract: productsAnalyticsSchema). */
function productsAnalyticsOf(start: string, end: string, keepShop: (s: Shop) => boolean, base: string | null) {
  const byProduct = pairsOf(start, end, keepShop);
  return [...byProduct.keys()]
    .sort((a, b) => a - b)
    .map((id) => {
      const nets = new Map<string, Pair & { shops: number }>();
      for (const p of byProduct.get(id)!.values()) {
        const n = nets.get(p.shop.network) ?? { ...p, min: Infinity, max: -Infinity, priceDays: 0, days: 0, promoDays: 0, shops: 0 };
        nets.set(p.shop.network, n);
        n.min = Math.min(n.min, p.min);
        n.max = Math.max(n.max, p.max);
        n.priceDays += p.priceDays;
        n.days += p.days;
        n.promoDays += p.promoDays;
        n.shops++;
      }
      const b = base ? nets.get(base) : undefined;
      const networks = [...nets.values()]
        .map((n) => ({
          network: n.shop.network,
          networkName: n.shop.networkName,
          currency: n.shop.currency,
          min: money(n.min),
          avg: round2(money(n.priceDays / n.days)),
          max: money(n.max),
          promoShare: round1((n.promoDays / n.days) * 100),
          shops: n.shops,
          index: b && n.shop.currency === b.shop.currency ? round1((n.priceDays / n.days / (b.priceDays / b.days)) * 100) : null,
        }))
        .sort((x, y) => x.avg - y.avg || x.networkName.localeCompare(y.networkName));
      const baseCurrency = base ? [...shops.values()].find((s) => s.network === base)!.currency : null;
      const comparable = baseCurrency ? networks.filter((n) => n.currency === baseCurrency) : networks;
      return { product: String(id), networks, cheapestNetwork: comparable[0]?.network ?? null };
    });
}

/** ashan-shops-prices' items: the own network's shops against the other networks' shops of its currency. */
function ashanOf(start: string, end: string, own: string) {
  const currency = [...shops.values()].find((s) => s.network === own)!.currency;
  const byProduct = pairsOf(start, end, (s) => s.currency === currency);
  const pct = (a: number, b: number | null | undefined) => (b ? round1(((a - b) / b) * 100) : null);
  const items = [];
  for (const id of [...byProduct.keys()].sort((a, b) => a - b)) {
    const pairs = [...byProduct.get(id)!.values()];
    const mine = pairs.filter((p) => p.shop.network === own);
    if (!mine.length) continue;
    const theirs = pairs.filter((p) => p.shop.network !== own);
    const ownAvg = mine.reduce((s, p) => s + p.priceDays, 0) / mine.reduce((s, p) => s + p.days, 0);
    const perShop = theirs.map((p) => ({ shop: p.shop, avg: p.priceDays / p.days })).sort((a, b) => a.avg - b.avg || a.shop.id - b.shop.id);
    const compDays = theirs.reduce((s, p) => s + p.days, 0);
    const compAvg = compDays ? theirs.reduce((s, p) => s + p.priceDays, 0) / compDays : null;
    const cheapest = perShop[0];
    items.push({
      product: String(id),
      own: round2(money(ownAvg)),
      ownMin: money(Math.min(...mine.map((p) => p.min))),
      competitorsMin: cheapest ? round2(money(cheapest.avg)) : null,
      competitorsAvg: compAvg === null ? null : round2(money(compAvg)),
      competitorsMax: perShop.length ? round2(money(perShop[perShop.length - 1]!.avg)) : null,
      cheapestNetwork: cheapest?.shop.network ?? null,
      cheapestShopId: cheapest ? String(cheapest.shop.id) : null,
      diffMinPct: pct(ownAvg, cheapest?.avg),
      diffAvgPct: pct(ownAvg, compAvg),
    });
  }
  return items;
}

/** Every page of a per-product call, `limit` at a time, until `total`: the pages must tile the selection. */
async function allPages<T>(
  caller: Caller,
  url: string,
  body: Record<string, unknown>,
  limit: number,
  parse: (json: unknown) => { total: number; limit: number; skip: number; items: T[] },
) {
  const items: T[] = [];
  let total: number | null = null;
  for (let skip = 0; total === null || skip < total; skip += limit) {
    const res = await caller('POST', url, { ...body, limit, skip });
    expect(res.statusCode).toBe(200);
    const page = parse(res.json());
    expect({ limit: page.limit, skip: page.skip }).toEqual({ limit, skip });
    total ??= page.total;
    expect(page.total).toBe(total);
    expect(page.items.length).toBe(Math.min(limit, total - skip));
    items.push(...page.items);
  }
  return { total: total!, items };
}

const productsPages = (caller: Caller, body: Record<string, unknown>, limit: number) =>
  allPages(caller, '/prices/history/products/analytics', body, limit, (j) => productsAnalyticsResponseSchema.parse(j).data).then((r) => ({
    total: r.total,
    items: r.items.map((i) => ({ ...i, product: i.product._id })),
  }));

const ashanPages = (caller: Caller, body: Record<string, unknown>, limit: number) =>
  allPages(caller, '/prices/history/ashan-shops-prices', body, limit, (j) => ashanShopsPricesResponseSchema.parse(j).data).then((r) => ({
    total: r.total,
    items: r.items.map((i) => ({ ...i, product: i.product._id })),
  }));

const today = todayIso();
const periods: [string, string, string][] = [
  ['a 365-day period', addDays(today, -364), today],
  ['a period cutting spans at both ends', addDays(today, -47), addDays(today, -19)],
];

describe('POST /prices/history/products/analytics pages through every product of the selection', () => {
  it.each(periods)('%s: all pages equal a computation over the spans (every shop, base albert)', async (_label, start, end) => {
    const expected = productsAnalyticsOf(start, end, () => true, 'albert');
    expect(expected.length).toBeGreaterThan(100);
    const got = await productsPages(admin, { start: us(start), end: us(end), baseNetwork: 'albert' }, 37);
    expect(got.total).toBe(expected.length);
    expect(got.items).toEqual(expected);
  });

  it('a network filter and a network user with a narrow view: only those shops, their products, all of them', async () => {
    const start = addDays(today, -120);
    const picked = (s: Shop) => ['lidl', 'billa'].includes(s.network);
    const got = await productsPages(admin, { start: us(start), end: us(today), networks: ['lidl', 'billa'], baseNetwork: 'lidl' }, 50);
    expect(got).toEqual({ total: expect.any(Number), items: productsAnalyticsOf(start, today, picked, 'lidl') });
    expect(got.total).toBe(got.items.length);
    // Part of a network (one Albert shop): counted from the pair runs, not the network runs.
    const albertShop = [...shops.values()].find((s) => s.network === 'albert')!.id;
    expect([...shops.values()].filter((s) => s.network === 'albert').length).toBeGreaterThan(1);
    const part = (s: Shop) => s.id === albertShop;
    const partGot = await productsPages(admin, { start: us(start), end: us(today), shops: [albertShop] }, 30);
    expect(partGot.items).toEqual(productsAnalyticsOf(start, today, part, null));
    // analyst sees albert, lidl and kaufland; its own network (albert) is the base.
    const mine = (s: Shop) => ['albert', 'lidl', 'kaufland'].includes(s.network);
    const narrow = await productsPages(analyst, { start: us(start), end: us(today) }, 200);
    expect(narrow.items).toEqual(productsAnalyticsOf(start, today, mine, 'albert'));
  });

  it('paging past the end answers the real total and no items; bad paging is 400 naming the field', async () => {
    const body = { start: us(addDays(today, -30)), end: us(today) };
    const first = productsAnalyticsResponseSchema.parse((await admin('POST', '/prices/history/products/analytics', body)).json()).data;
    expect({ limit: first.limit, skip: first.skip, items: first.items.length }).toEqual({ limit: 200, skip: 0, items: Math.min(200, first.total) });
    const past = productsAnalyticsResponseSchema.parse(
      (await admin('POST', '/prices/history/products/analytics', { ...body, skip: first.total + 5 })).json(),
    ).data;
    expect({ total: past.total, items: past.items }).toEqual({ total: first.total, items: [] });
    for (const [field, value] of [
      ['limit', 0],
      ['limit', 201],
      ['limit', 1.5],
      ['limit', '10'],
      ['skip', -1],
      ['skip', 10_000_001],
    ] as const) {
      const res = await admin('POST', '/prices/history/products/analytics', { ...body, [field]: value });
      expect([field, value, res.statusCode, res.json().error?.fields?.map((f: { path: string }) => f.path)]).toEqual([field, value, 400, [field]]);
    }
  });
});

describe('POST /prices/history/ashan-shops-prices pages through every product of the own shops', () => {
  it.each(periods)('%s: all pages equal a computation over the spans (albert against the other Czech shops)', async (_label, start, end) => {
    const expected = ashanOf(start, end, 'albert');
    expect(expected.length).toBeGreaterThan(30);
    const got = await ashanPages(admin, { start: us(start), end: us(end), baseNetwork: 'albert' }, 11);
    expect(got).toEqual({ total: expected.length, items: expected });
  });
});
