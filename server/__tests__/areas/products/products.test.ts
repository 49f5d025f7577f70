/**
 * @one-database: what the product calls answer, one request at a time. (scripts/lib/db-test-files.cjs)
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  maxArticleResponseSchema,
  productPageResponseSchema,
  productResponseSchema,
  productSearchResponseSchema,
  similarProductsResponseSchema,
  brandsResponseSchema,
} from '@pricewatch/shared/contract';
import { queryRows } from '../../../src/db/client';
import { isValidEan } from '../../../src/demo/catalogue/ean';
import { build, loginAs, TEST_DEMO_PRODUCTS } from '../../helpers/build';
import { addFixtures, callerFor, FIXTURES, type Caller, type Fixtures } from '../../helpers/catalogue';

let app: FastifyInstance;
let fx: Fixtures;
const as: Record<string, Caller> = {};
beforeAll(async () => {
  app = await build();
  fx = await addFixtures(app);
  for (const u of ['admin', 'analyst', 'ashan']) as[u] = callerFor(app, await loginAs(app, u));
});
afterAll(() => app.close());

const search = async (user: string, query: string) => {
  const res = await as[user]!('GET', `/products/search?${query}`);
  expect(res.statusCode).toBe(200);
  return productSearchResponseSchema.parse(res.json()).data;
};

describe('the demo catalogue', () => {
  it('holds products with valid EAN-13s, brands, sections and prices', async () => {
    const rows = await queryRows<{ ean: string; brand_id: number | null; section_id: number | null }>(
      app.db,
      sql`SELECT ean, brand_id, section_id FROM products WHERE description <> 'fixture'`,
    );
    expect(rows).toHaveLength(TEST_DEMO_PRODUCTS);
    expect(rows.every((r) => isValidEan(r.ean) && r.brand_id !== null && r.section_id !== null)).toBe(true);
    const [spans] = await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM price_spans`);
    expect(spans!.n).toBeGreaterThan(TEST_DEMO_PRODUCTS * 20);
  });
});

describe('GET /products/search', () => {
  it('finds a product by its EAN', async () => {
    const items = await search('admin', `ean=${FIXTURES.cocoa.ean}`);
    expect(items.map((p) => p.name)).toEqual([FIXTURES.cocoa.name]);
    expect(items[0]).toMatchObject({ _id: String(fx.cocoa), ean: FIXTURES.cocoa.ean, article: '999001', brand: 'Madeta', country: 'cz' });
  });

  it('treats "$123" as article and EAN at once (spec §5) and puts exact matches first', async () => {
    // The header box sends parseSearchText('$999002') = { article: '999002', ean: '999002' }.
    const items = await search('admin', 'article=999002&ean=999002');
    expect(items[0]!._id).toBe(String(fx.buckwheat));
    const byEan = await search('admin', `article=${FIXTURES.buckwheat.ean}&ean=${FIXTURES.buckwheat.ean}`);
    expect(byEan.map((p) => p._id)).toEqual([String(fx.buckwheat)]);
    const dollar = await search('admin', 'article=$999001');
    expect(dollar.map((p) => p._id)).toEqual([String(fx.cocoa)]);
  });

  it('matches an EAN prefix of at least 4 digits', async () => {
    const items = await search('admin', `ean=${FIXTURES.cocoa.ean.slice(0, 8)}`);
    expect(items.map((p) => p._id)).toContain(String(fx.cocoa));
    expect(items.every((p) => p.ean!.startsWith(FIXTURES.cocoa.ean.slice(0, 8)))).toBe(true);
  });

  it('searches names case-insensitively by every word, as substrings', async () => {
    const items = await search('admin', 'name=cOcOa_mIx%20special');
    expect(items.map((p) => p._id)).toEqual([String(fx.cocoa)]);
    const milk = await search('admin', 'name=milk&limit=500');
    expect(milk.length).toBeGreaterThan(0);
    expect(milk.every((p) => p.name.toLowerCase().includes('milk'))).toBe(true);
  });

  it('combines article, EAN and name with OR', async () => {
    const items = await search('admin', `article=999002&name=${encodeURIComponent('Cocoa_Mix')}`);
    expect(items.map((p) => p._id).sort()).toEqual([String(fx.cocoa), String(fx.buckwheat)].sort());
  });

  it('takes LIKE wildcards and regex characters literally', async () => {
    const underscore = await search('admin', 'name=_');
    expect(underscore.map((p) => p._id)).toEqual([String(fx.cocoa)]);
    const percent = await search('admin', `name=${encodeURIComponent('100%')}&limit=500`);
    expect(percent.length).toBeGreaterThan(0);
    expect(percent.every((p) => p.name.includes('100%'))).toBe(true);
    for (const text of ['.*', '[Test]', '(Special)', "'; DROP TABLE products; --", '\\', '^$|?+{}']) {
      const items = await search('admin', `name=${encodeURIComponent(text)}`);
      expect(items.every((p) => p.name.toLowerCase().includes(text.toLowerCase()))).toBe(true);
    }
    const [n] = await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM products`);
    expect(n!.n).toBe(TEST_DEMO_PRODUCTS + 2);
  });

  it('answers list rows with current price figures over visible shops only', async () => {
    const [admin] = await search('admin', `ean=${FIXTURES.cocoa.ean}`);
    // albert 100 (promo over), lidl 90, kaufland 110, billa 95 — the UAH shop is another currency.
    expect(admin).toMatchObject({ shops: 4, minPrice: 90, maxPrice: 110, currency: 'CZK', onPromo: 0 });
    const [analyst] = await search('analyst', `ean=${FIXTURES.cocoa.ean}`);
    expect(analyst).toMatchObject({ shops: 3, minPrice: 90, maxPrice: 110, currency: 'CZK' });
  });

  it('answers an empty list without parameters', async () => {
    expect(await search('admin', '')).toEqual([]);
  });
});

describe('GET /products', () => {
  it('splits the header search text by the spec rule', async () => {
    const byText = productPageResponseSchema.parse((await as.admin!('GET', '/products?search=%24999001')).json()).data;
    expect(byText.items.map((p) => p._id)).toEqual([String(fx.cocoa)]);
    expect(byText.total).toBe(1);
    const byName = productPageResponseSchema.parse((await as.admin!('GET', '/products?search=Buckwheat%20premium')).json()).data;
    expect(byName.items.map((p) => p._id)).toContain(String(fx.buckwheat));
  });

  it('keeps products with a price in the market (network) or marketId (shop), with figures there', async () => {
    const lidl = productPageResponseSchema.parse((await as.analyst!('GET', '/products?market=lidl&search=fixture')).json()).data;
    expect(lidl.items.map((p) => p._id)).toEqual([String(fx.cocoa)]);
    expect(lidl.items[0]).toMatchObject({ shops: 1, minPrice: 90, maxPrice: 90 });
    const shop = fx.shop('albert-prg-andel');
    const albert = productPageResponseSchema.parse((await as.analyst!('GET', `/products?marketId=${shop}&limit=500`)).json()).data;
    expect(albert.items.some((p) => p._id === String(fx.cocoa))).toBe(true);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM current_prices WHERE shop_id = ${shop}`);
    expect(albert.total).toBe(n);
  });

  it('refuses a market the user may not see', async () => {
    const res = await as.analyst!('GET', '/products?market=billa');
    expect(res.statusCode).toBe(403);
    const shop = await as.analyst!('GET', `/products?marketId=${fx.shop('billa-prg-vinohrady')}`);
    expect(shop.statusCode).toBe(403);
  });
});

describe('GET /products/list', () => {
  const page = async (query: string, user = 'admin') => {
    const res = await as[user]!('GET', `/products/list?${query}`);
    expect(res.statusCode).toBe(200);
    return productPageResponseSchema.parse(res.json()).data;
  };

  it('pages through every product sorted by name', async () => {
    const first = await page('limit=50');
    expect(first.total).toBe(TEST_DEMO_PRODUCTS + 2);
    expect(first.items).toHaveLength(50);
    const second = await page('limit=50&skip=50');
    const names = [...first.items, ...second.items].map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set([...first.items, ...second.items].map((p) => p._id)).size).toBe(100);
  });

  it('answers an empty page with the total past the end', async () => {
    const past = await page('skip=100000');
    expect(past).toEqual({ items: [], total: TEST_DEMO_PRODUCTS + 2, limit: 30, skip: 100000 });
  });

  it('filters by section, brand, country, networks, shops and promo, and sorts both ways', async () => {
    const cocoa = (await page(`search=${FIXTURES.cocoa.ean}`)).items[0]!;
    const bySection = await page(`sections=${cocoa.sectionId}&limit=500`);
    expect(bySection.items.every((p) => p.sectionId === cocoa.sectionId)).toBe(true);
    const byBrand = await page(`brands=${cocoa.brandId}&limit=500`);
    expect(byBrand.items.every((p) => p.brand === 'Madeta')).toBe(true);
    const ua = await page('country=ua&limit=500');
    expect(ua.items.every((p) => p.country === 'ua' && (p.currency === null || p.currency === 'UAH'))).toBe(true);
    const desc = await page('sort=ean&order=desc&limit=500&country=cz');
    const eans = desc.items.map((p) => p.ean!);
    expect(eans).toEqual([...eans].sort().reverse());
    const promo = await page('onlyPromo=true&limit=500');
    expect(promo.items.every((p) => p.onPromo > 0)).toBe(true);
    const inLidl = await page('networks=lidl&limit=500', 'analyst');
    expect(inLidl.items.every((p) => p.shops >= 1)).toBe(true);
    expect((await as.analyst!('GET', '/products/list?networks=billa')).statusCode).toBe(403);
  });

  it('sorts by the lowest current price (no price last either way) and by shop count, over the shops the user sees', async () => {
    const prices = (items: { minPrice: number | null }[]) => items.map((p) => p.minPrice);
    const cheap = await page('sort=price&limit=500&country=cz');
    const withPrice = prices(cheap.items).filter((v): v is number => v !== null);
    expect(withPrice.length).toBeGreaterThan(10);
    expect(withPrice).toEqual([...withPrice].sort((a, b) => a - b));
    expect(
      prices(cheap.items).indexOf(null) === -1 ||
        prices(cheap.items)
          .slice(prices(cheap.items).indexOf(null))
          .every((v) => v === null),
    ).toBe(true);
    const dear = await page('sort=price&order=desc&limit=50&country=cz');
    const top = prices(dear.items).filter((v): v is number => v !== null);
    expect(top[0]).toBe(Math.max(...withPrice, ...top));
    expect(top).toEqual([...top].sort((a, b) => b - a));
    expect(dear.items[0]!.minPrice).not.toBeNull();
    const most = await page('sort=shops&order=desc&limit=200');
    const counts = most.items.map((p) => p.shops);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThan(1);
    // The analyst sees Lidl and Kaufland only: the count is theirs.
    const seen = await page('sort=shops&order=desc&limit=100', 'analyst');
    const seenCounts = seen.items.map((p) => p.shops);
    expect(seenCounts).toEqual([...seenCounts].sort((a, b) => b - a));
  });
});

describe('GET /products/{id}', () => {
  it('answers the product card with the offers of visible shops', async () => {
    const res = await as.analyst!('GET', `/products/${fx.cocoa}`);
    expect(res.statusCode).toBe(200);
    const { data } = productResponseSchema.parse(res.json());
    expect(data).toMatchObject({ name: FIXTURES.cocoa.name, ean: FIXTURES.cocoa.ean, weight: 250, unit: 'g', description: 'fixture' });
    expect(data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(data.createdAt) - Date.now())).toBeLessThan(10 * 60_000);
    expect(data.offers).toEqual([
      {
        shopId: String(fx.shop('albert-prg-andel')),
        shopName: 'Albert Anděl',
        network: 'albert',
        networkName: 'Albert',
        url: 'https://www.albert.cz/p/777',
        shopArticle: '777',
      },
    ]);
  });

  it('is 404 for an unknown id and 400 for a non-numeric one', async () => {
    const missing = await as.admin!('GET', '/products/987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, error: { code: 'not_found', message: 'product' } });
    const bad = await as.admin!('GET', '/products/12abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].path).toBe('id');
  });
});

describe('GET /products/max-article', () => {
  it('answers the greatest numeric article and the next one', async () => {
    const { data } = maxArticleResponseSchema.parse((await as.admin!('GET', '/products/max-article')).json());
    expect(data).toEqual({ maxArticle: '999002', next: '999003' });
  });
});

describe('GET /products/find-similar-products', () => {
  it('ranks by name similarity, brand, weight and price', async () => {
    const res = await as.admin!('GET', `/products/find-similar-products?name=${encodeURIComponent('Cocoa Mix Special 250g')}&brand=Madeta&weight=250&price=92`);
    expect(res.statusCode).toBe(200);
    const { data } = similarProductsResponseSchema.parse(res.json());
    expect(data[0]).toMatchObject({ _id: String(fx.cocoa), sameBrand: true, weightDiffPct: 0, price: 90, currency: 'CZK' });
    expect(data[0]!.priceDiffPct).toBeCloseTo(2.2, 1);
    expect(data.map((d) => d.score)).toEqual([...data.map((d) => d.score)].sort((a, b) => b - a));
  });

  it("compares the price of the named market's shop", async () => {
    const res = await as.admin!(
      'GET',
      `/products/find-similar-products?name=${encodeURIComponent('Fixture Cocoa Mix')}&marketId=${fx.shop('kaufland-brn-kralovo-pole')}`,
    );
    const top = res.json().data.find((d: { _id: string }) => d._id === String(fx.cocoa));
    expect(top.price).toBe(110);
  });

  it('needs a name', async () => {
    const res = await as.admin!('GET', '/products/find-similar-products');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0].path).toBe('name');
  });
});

describe('POST /brands/get-by-filters', () => {
  it('answers brands with product counts, filtered', async () => {
    const res = await as.admin!('POST', '/brands/get-by-filters', { search: 'madet' });
    expect(res.statusCode).toBe(200);
    const { data } = brandsResponseSchema.parse(res.json());
    expect(data.map((b) => b.name)).toEqual(['Madeta']);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM products p JOIN brands b ON b.id = p.brand_id WHERE b.name = 'Madeta'`,
    );
    expect(data[0]!.products).toBe(n);
    const inLidl = brandsResponseSchema.parse((await as.analyst!('POST', '/brands/get-by-filters', { networks: ['lidl'], limit: 1000 })).json()).data;
    expect(inLidl.length).toBeGreaterThan(0);
    expect((await as.analyst!('POST', '/brands/get-by-filters', { networks: ['billa'] })).statusCode).toBe(403);
  });
});
