/**
 * @one-database: what the price calls answer, one request at a time. (scripts/lib/db-test-files.cjs)
 */
import type { FastifyInstance } from 'fastify';
import { allPricesResponseSchema, priceHistoryResponseSchema, productPricesResponseSchema } from '@pricewatch/shared/contract';
import { addDays } from '../../../src/lib/days';
import { build, loginAs } from '../../helpers/build';
import { addFixtures, callerFor, makeAshanType, us, type Caller, type Fixtures } from '../../helpers/catalogue';

let app: FastifyInstance;
let fx: Fixtures;
const as: Record<string, Caller> = {};
beforeAll(async () => {
  app = await build();
  fx = await addFixtures(app);
  // analyst stands for a network user with a narrow view; Ashan-type so that it may call analytics (all-prices).
  await makeAshanType(app, ['analyst']);
  for (const u of ['admin', 'analyst', 'ashan']) as[u] = callerFor(app, await loginAs(app, u));
});
afterAll(() => app.close());

describe('GET /prices/product/{id}', () => {
  it('answers the current price in every shop, cheapest first and marked, per currency', async () => {
    const res = await as.admin!('GET', `/prices/product/${fx.cocoa}`);
    expect(res.statusCode).toBe(200);
    const { data } = productPricesResponseSchema.parse(res.json());
    const czk = data.prices.filter((p) => p.currency === 'CZK');
    expect(czk.map((p) => [p.network, p.price, p.cheapest])).toEqual([
      ['lidl', 90, true],
      ['billa', 95, false],
      ['albert', 100, false],
      ['kaufland', 110, false],
    ]);
    const uah = data.prices.filter((p) => p.currency === 'UAH');
    expect(uah).toEqual([expect.objectContaining({ network: 'auchan', price: 400, cheapest: true })]);
    expect(data.summary).toEqual(
      expect.arrayContaining([
        { currency: 'CZK', min: 90, avg: 98.75, max: 110, shops: 4, promoShops: 0 },
        { currency: 'UAH', min: 400, avg: 400, max: 400, shops: 1, promoShops: 0 },
      ]),
    );
    const albert = czk.find((p) => p.network === 'albert')!;
    // The promo ended on day 27: the open span started on day 28.
    expect(albert).toMatchObject({
      shopCode: 'albert-prg-andel',
      cityName: 'Praha',
      regular: 100,
      promo: null,
      isPromo: false,
      inStock: true,
      source: 'parser',
      since: addDays(fx.start, 27),
      observedAt: fx.end,
      url: 'https://www.albert.cz/p/777',
    });
  });

  it('shows a network user only the shops it may see', async () => {
    const { data } = productPricesResponseSchema.parse((await as.analyst!('GET', `/prices/product/${fx.cocoa}`)).json());
    expect(data.prices.map((p) => p.network).sort()).toEqual(['albert', 'kaufland', 'lidl']);
  });

  it('is 404 for an unknown product and 400 for a non-numeric id', async () => {
    expect((await as.admin!('GET', '/prices/product/987654')).statusCode).toBe(404);
    expect((await as.admin!('GET', '/prices/product/x')).statusCode).toBe(400);
  });
});

describe('GET /prices/history', () => {
  const history = async (query: string, user = 'admin') => {
    const res = await as[user]!('GET', `/prices/history?${query}`);
    expect(res.statusCode).toBe(200);
    return priceHistoryResponseSchema.parse(res.json()).data;
  };

  it('answers the spans of every shop within the period, clipped to it, with day-weighted figures', async () => {
    const data = await history(`product=${fx.cocoa}&start=${us(fx.start)}&end=${us(fx.end)}`);
    expect(data.start).toBe(fx.start);
    expect(data.end).toBe(fx.end);
    const albert = data.shops.find((s) => s.network === 'albert')!;
    expect(albert.spans).toEqual([
      { start: fx.start, end: addDays(fx.start, 19), regular: 100, promo: null, price: 100, isPromo: false, inStock: true, source: 'parser' },
      { start: addDays(fx.start, 20), end: addDays(fx.start, 26), regular: 100, promo: 80, price: 80, isPromo: true, inStock: true, source: 'parser' },
      { start: addDays(fx.start, 27), end: fx.end, regular: 100, promo: null, price: 100, isPromo: false, inStock: true, source: 'parser' },
    ]);
    expect(albert).toMatchObject({ min: 80, max: 100, avg: 95.33, days: 30, promoDays: 7, currency: 'CZK' });
    const kaufland = data.shops.find((s) => s.network === 'kaufland')!;
    expect(kaufland.spans.map((s) => s.inStock)).toEqual([true, false, true]);
    expect(data.shops.map((s) => s.network).sort()).toEqual(['albert', 'auchan', 'billa', 'kaufland', 'lidl']);
  });

  it('clips spans to a shorter period and leaves out nothing inside it', async () => {
    const start = addDays(fx.start, 22);
    const end = addDays(fx.start, 24);
    const data = await history(`product=${fx.cocoa}&start=${us(start)}&end=${us(end)}&include=${fx.shop('albert-prg-andel')}`);
    expect(data.shops).toHaveLength(1);
    expect(data.shops[0]!.spans).toEqual([{ start, end, regular: 100, promo: 80, price: 80, isPromo: true, inStock: true, source: 'parser' }]);
  });

  it('defaults to the 365 days ending today', async () => {
    const data = await history(`product=${fx.cocoa}`);
    expect(data.end).toBe(fx.end);
    expect(data.start).toBe(addDays(fx.end, -364));
  });

  it('keeps invisible shops out, and refuses including one', async () => {
    const data = await history(`product=${fx.cocoa}`, 'analyst');
    expect(data.shops.map((s) => s.network).sort()).toEqual(['albert', 'kaufland', 'lidl']);
    const res = await as.analyst!('GET', `/prices/history?product=${fx.cocoa}&include=${fx.shop('billa-prg-vinohrady')}`);
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['start after end', (f: Fixtures) => `product=${f.cocoa}&start=${us(f.end)}&end=${us(f.start)}`, 'end'],
    ['an ISO date', (f: Fixtures) => `product=${f.cocoa}&start=${f.start}`, 'start'],
    ['an impossible day', (f: Fixtures) => `product=${f.cocoa}&end=02/30/2026`, 'end'],
    ['a period over 3 years', (f: Fixtures) => `product=${f.cocoa}&start=01/01/2020&end=01/01/2024`, 'end'],
    ['no product', () => 'start=01/01/2026', 'product'],
    ['a non-numeric product', () => 'product=abc', 'product'],
  ])('is 400 for %s, naming the field', async (_, query, field) => {
    const res = await as.admin!('GET', `/prices/history?${query(fx)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields[0].path).toBe(field);
  });

  it('is 404 for an unknown product', async () => {
    const res = await as.admin!('GET', '/prices/history?product=987654');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('POST /prices/all-prices', () => {
  it('answers current prices of many products in the chosen shops', async () => {
    const res = await as.analyst!('POST', '/prices/all-prices', { products: [fx.cocoa, fx.buckwheat], networks: ['lidl', 'albert'] });
    expect(res.statusCode).toBe(200);
    const { data } = allPricesResponseSchema.parse(res.json());
    expect(data.map((r) => [r.productId, r.network, r.price])).toEqual([
      [String(fx.cocoa), 'albert', 100],
      [String(fx.cocoa), 'lidl', 90],
    ]);
  });

  it('answers the prices of one day with `date`', async () => {
    const day = addDays(fx.start, 22);
    const res = await as.admin!('POST', '/prices/all-prices', { products: [fx.cocoa], shops: [fx.shop('albert-prg-andel')], date: us(day) });
    const { data } = allPricesResponseSchema.parse(res.json());
    expect(data).toEqual([expect.objectContaining({ network: 'albert', regular: 100, promo: 80, price: 80, isPromo: true, since: addDays(fx.start, 20) })]);
  });

  it('never answers shops a network may not see', async () => {
    const { data } = allPricesResponseSchema.parse((await as.analyst!('POST', '/prices/all-prices', { products: [fx.cocoa, fx.buckwheat] })).json());
    expect(new Set(data.map((r) => r.network))).toEqual(new Set(['albert', 'kaufland', 'lidl']));
    expect((await as.analyst!('POST', '/prices/all-prices', { products: [fx.cocoa], networks: ['billa'] })).statusCode).toBe(403);
  });

  it('is 400 without products, with too many, or with a bad date', async () => {
    expect((await as.admin!('POST', '/prices/all-prices', {})).statusCode).toBe(400);
    expect((await as.admin!('POST', '/prices/all-prices', { products: Array.from({ length: 501 }, (_, i) => i + 1) })).statusCode).toBe(400);
    const bad = await as.admin!('POST', '/prices/all-prices', { products: [1], date: '2026-13-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].path).toBe('date');
  });
});
