/**
 * @one-database: values the analytics compute: the same SQL on both, the same values from both drivers (db/driver-parity.test.ts). (scripts/lib/db-test-files.cjs)
 */
import type { FastifyInstance } from 'fastify';
import {
  ashanShopsPricesResponseSchema,
  discountAnalysisResponseSchema,
  pricesAnalyticsResponseSchema,
  productsAnalyticsResponseSchema,
} from '@pricewatch/shared/contract';
import { addDays } from '../../../src/lib/days';
import { build, loginAs } from '../../helpers/build';
import { addFixtures, callerFor, makeAshanType, us, type Caller, type Fixtures } from '../../helpers/catalogue';

let app: FastifyInstance;
let fx: Fixtures;
const as: Record<string, Caller> = {};
let period: { start: string; end: string };
beforeAll(async () => {
  app = await build();
  fx = await addFixtures(app);
  period = { start: us(fx.start), end: us(fx.end) };
  // analyst and atb stand for network users with a narrow view; Ashan-type so that they may call analytics.
  await makeAshanType(app, ['analyst', 'atb']);
  for (const u of ['admin', 'analyst', 'ashan', 'atb', 'metro', 'hunter', 'guest']) as[u] = callerFor(app, await loginAs(app, u));
});

describe('who may call analytics: the menu rule (admin or Ashan, not hunter-limit)', () => {
  const calls = (): [string, Record<string, unknown>][] => [
    ['/prices/history/products/analytics', { ...period, products: [fx.buckwheat] }],
    ['/prices/history/prices/analytics', { ...period, products: [fx.buckwheat] }],
    ['/prices/history/ashan-shops-prices', { ...period, products: [fx.buckwheat], baseNetwork: 'auchan' }],
    ['/prices/history/discount-analysis', { ...period, products: [fx.buckwheat] }],
    ['/prices/all-prices', { products: [fx.buckwheat] }],
  ];

  it('answers admin, guest and Ashan users; refuses Metro, hunter-limit (and, in the demo, atb and analyst: route matrix)', async () => {
    for (const [url, payload] of calls()) {
      for (const who of ['admin', 'guest', 'ashan']) {
        const body = who === 'ashan' ? { ...payload, baseNetwork: undefined } : payload;
        expect([url, who, (await as[who]!('POST', url, body)).statusCode]).toEqual([url, who, 200]);
      }
      for (const who of ['metro', 'hunter']) {
        const res = await as[who]!('POST', url, payload);
        expect([url, who, res.statusCode, res.json().error?.code]).toEqual([url, who, 403, 'forbidden']);
      }
    }
  });
});
afterAll(() => app.close());

describe('POST /prices/history/products/analytics', () => {
  it('answers min/avg/max per network and the index against the base network (100 = same)', async () => {
    const res = await as.admin!('POST', '/prices/history/products/analytics', { ...period, products: [fx.cocoa], baseNetwork: 'albert' });
    expect(res.statusCode).toBe(200);
    const { data } = productsAnalyticsResponseSchema.parse(res.json());
    expect(data).toMatchObject({ start: fx.start, end: fx.end, baseNetwork: 'albert', total: 1, limit: 200, skip: 0 });
    const [item] = data.items;
    expect(item!.product._id).toBe(String(fx.cocoa));
    const by = Object.fromEntries(item!.networks.map((n) => [n.network, n]));
    // albert: 23 days at 100 and 7 at 80 → 95.33.
    expect(by.albert).toEqual({
      network: 'albert',
      networkName: 'Albert',
      currency: 'CZK',
      min: 80,
      avg: 95.33,
      max: 100,
      promoShare: 23.3,
      shops: 1,
      index: 100,
    });
    expect(by.lidl).toMatchObject({ avg: 90, index: 94.4 });
    expect(by.kaufland).toMatchObject({ avg: 110, index: 115.4 });
    expect(by.billa).toMatchObject({ avg: 95, index: 99.7 });
    // Another currency is not compared.
    expect(by.auchan).toMatchObject({ currency: 'UAH', avg: 400, index: null });
    expect(item!.cheapestNetwork).toBe('lidl');
  });

  it("uses a network user's own network as the base and shows only what it may see", async () => {
    const { data } = productsAnalyticsResponseSchema.parse(
      (await as.analyst!('POST', '/prices/history/products/analytics', { ...period, products: [fx.cocoa] })).json(),
    );
    expect(data.baseNetwork).toBe('albert');
    expect(data.items[0]!.networks.map((n) => n.network).sort()).toEqual(['albert', 'kaufland', 'lidl']);
  });

  it('picks products by section or brand when none are named, at most 200', async () => {
    const res = await as.admin!('POST', '/prices/history/products/analytics', { ...period, networks: ['albert'] });
    const { data } = productsAnalyticsResponseSchema.parse(res.json());
    expect(data.items.length).toBeGreaterThan(0);
    expect(data.items.length).toBeLessThanOrEqual(200);
    expect(data.items.every((i) => i.networks.every((n) => n.network === 'albert'))).toBe(true);
  });
});

describe('POST /prices/history/prices/analytics', () => {
  it('answers per network per day min/avg/max and the index vs the base network', async () => {
    const res = await as.admin!('POST', '/prices/history/prices/analytics', {
      ...period,
      products: [fx.cocoa],
      networks: ['albert', 'lidl', 'auchan'],
      baseNetwork: 'albert',
    });
    expect(res.statusCode).toBe(200);
    const { data } = pricesAnalyticsResponseSchema.parse(res.json());
    expect(data.products).toBe(1);
    const albert = data.networks.find((n) => n.network === 'albert')!;
    const lidl = data.networks.find((n) => n.network === 'lidl')!;
    expect(albert.points).toHaveLength(30);
    expect(albert.points.every((p) => p.index === 100)).toBe(true);
    expect(albert.index).toBe(100);
    const promoDay = albert.points.find((p) => p.day === addDays(fx.start, 22))!;
    expect(promoDay).toEqual({ day: addDays(fx.start, 22), min: 80, avg: 80, max: 80, products: 1, index: 100, compared: 1 });
    expect(lidl.points.find((p) => p.day === addDays(fx.start, 22))!.index).toBe(112.5); // 90 / 80
    expect(lidl.points.find((p) => p.day === fx.start)!.index).toBe(90);
    expect(lidl.index).toBe(94.4);
    expect(data.networks.find((n) => n.network === 'auchan')!.index).toBeNull();
    expect(lidl.points.find((p) => p.day === fx.start)!.compared).toBe(1);
    // No shops named: no per-shop series; naming one gives its days.
    expect(data.shops).toEqual([]);
    const named = await as.admin!('POST', '/prices/history/prices/analytics', {
      ...period,
      products: [fx.cocoa],
      shops: [fx.shop('lidl-prg-smichov')],
      baseNetwork: 'albert',
    });
    expect(named.statusCode).toBe(200);
    const shop = pricesAnalyticsResponseSchema.parse(named.json()).data.shops.find((s) => s.network === 'lidl')!;
    expect(shop.points[0]).toEqual({ day: fx.start, min: 90, avg: 90, max: 90, products: 1 });
  });
});

describe('POST /prices/history/ashan-shops-prices', () => {
  it("compares the Ashan user's own shops with competitors of the same currency", async () => {
    const res = await as.ashan!('POST', '/prices/history/ashan-shops-prices', { ...period, products: [fx.buckwheat] });
    expect(res.statusCode).toBe(200);
    const { data } = ashanShopsPricesResponseSchema.parse(res.json());
    expect(data.ownNetwork).toBe('auchan');
    expect(data.currency).toBe('UAH');
    expect(data.ownShops.map((s) => s.code).sort()).toEqual(['auchan-kyi-petrivka', 'auchan-lvi-sykhiv', 'auchan-ods-kotovskoho']);
    expect(data.items).toEqual([
      {
        product: expect.objectContaining({ _id: String(fx.buckwheat) }),
        own: 51,
        ownMin: 50,
        competitorsMin: 45,
        competitorsAvg: 52.5,
        competitorsMax: 60,
        cheapestNetwork: 'atb',
        cheapestShopId: String(fx.shop('atb-kyi-obolon')),
        diffMinPct: 13.3,
        diffAvgPct: -2.9,
      },
    ]);
  });

  it('needs the network named by a provider user, and narrows competitors by network', async () => {
    const missing = await as.admin!('POST', '/prices/history/ashan-shops-prices', { ...period, products: [fx.buckwheat] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields[0].path).toBe('baseNetwork');
    const res = await as.admin!('POST', '/prices/history/ashan-shops-prices', {
      ...period,
      products: [fx.buckwheat],
      baseNetwork: 'auchan',
      networks: ['silpo'],
    });
    const { data } = ashanShopsPricesResponseSchema.parse(res.json());
    expect(data.items[0]).toMatchObject({ competitorsMin: 60, cheapestNetwork: 'silpo', diffMinPct: -15 });
  });
});

describe('POST /prices/history/discount-analysis', () => {
  it('answers promo share, depth, starts and duration per network', async () => {
    const res = await as.admin!('POST', '/prices/history/discount-analysis', { ...period, products: [fx.cocoa] });
    expect(res.statusCode).toBe(200);
    const { data } = discountAnalysisResponseSchema.parse(res.json());
    const albert = data.networks.find((n) => n.network === 'albert')!;
    expect(albert).toEqual({
      network: 'albert',
      networkName: 'Albert',
      currency: 'CZK',
      products: 1,
      productsOnPromo: 1,
      productDays: 30,
      promoDays: 7,
      promoShare: 23.3,
      avgDepthPct: 20,
      maxDepthPct: 20,
      promoStarts: 1,
      avgDurationDays: 7,
    });
    expect(data.networks.find((n) => n.network === 'lidl')).toMatchObject({ promoDays: 0, promoShare: 0, avgDepthPct: null, promoStarts: 0 });
    expect(data.networks[0]!.network).toBe('albert'); // most promo first
  });

  it('finds weekly promos in the demo data', async () => {
    const res = await as.admin!('POST', '/prices/history/discount-analysis', {
      start: us(addDays(fx.end, -89)),
      end: period.end,
      networks: ['albert', 'billa'],
    });
    const { data } = discountAnalysisResponseSchema.parse(res.json());
    for (const n of data.networks) {
      expect(n.promoShare).toBeGreaterThan(5);
      expect(n.promoShare).toBeLessThan(35);
      expect(n.avgDepthPct).toBeGreaterThanOrEqual(10);
      expect(n.maxDepthPct).toBeLessThanOrEqual(40);
      expect(n.promoStarts).toBeGreaterThan(0);
    }
  });
});

describe('analytics bad input and visibility', () => {
  const urls = [
    '/prices/history/products/analytics',
    '/prices/history/prices/analytics',
    '/prices/history/ashan-shops-prices',
    '/prices/history/discount-analysis',
  ];

  it.each(urls)('%s: 400 for start after end, bad dates, a period over 366 days; 403 for a hidden network', async (url) => {
    const after = await as.atb!('POST', url, { start: period.end, end: period.start });
    expect(after.statusCode).toBe(400);
    expect(after.json().error.fields[0].path).toBe('end');
    const iso = await as.atb!('POST', url, { start: fx.start, end: period.end });
    expect(iso.json().error.fields[0].path).toBe('start');
    const missing = await as.atb!('POST', url, { start: period.start });
    expect(missing.json().error.fields[0].path).toBe('end');
    const long = await as.atb!('POST', url, { start: '01/01/2024', end: '06/01/2025' });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields[0].path).toBe('end');
    const hidden = await as.atb!('POST', url, { ...period, networks: ['albert'] });
    expect(hidden.statusCode).toBe(403);
    const unknown = await as.atb!('POST', url, { ...period, networks: ['nope'] });
    expect(unknown.statusCode).toBe(400);
  });

  it('never shows a network user a network it may not see', async () => {
    const res = await as.atb!('POST', '/prices/history/discount-analysis', period);
    const { data } = discountAnalysisResponseSchema.parse(res.json());
    expect(data.networks.every((n) => ['atb', 'silpo', 'novus'].includes(n.network))).toBe(true);
  });
});
