/**
 * The engine against real HTTP: the demo shops on 127.0.0.1 (ephemeral ports), every strategy and
 * format, and the pages that fail. Known prices come from the shops' own price function.
 */
import { parserDefinitionSchema } from '@pricewatch/shared/contract';
import { DEMO_SHOPS, definitionFor } from '../../src/demo-shops/catalog';
import { demoPrice } from '../../src/demo-shops/prices';
import { failureOf, startDemoShops, type DemoShops } from '../../src/demo-shops/server';
import { crawl, type CrawlOptions, type PageOutcome } from '../../src/scraping/crawl';
import { extract } from '../../src/scraping/extract';
import { planApi } from '../../src/scraping/json-api';
import { todayDay } from '../../src/lib/days';
import type { Resolver } from '../../src/scraping/address';
import { privateSpellings, startLoopback, type Loopback } from '../helpers/ssrf';

const DAY = todayDay();
const products = new Map(
  // Half anchored on a catalogue price (250.00 to 2,250.00: thousands separators on the page), half drawn.
  DEMO_SHOPS.map((s) => [
    s.code,
    Array.from({ length: 10 }, (_, i) => ({ id: 100 + i, ean: null, name: `Product ${i}`, article: `a${i}`, ...(i % 2 ? { base: i * 25_000 } : {}) })),
  ]),
);
let shops: DemoShops;

beforeAll(async () => {
  shops = await startDemoShops({ products, day: () => DAY, slowMs: 5000, hugeBytes: 50 * 1024 * 1024 });
});
afterAll(() => shops.close());

/** `demo`: the demo shops' own origins are allowed, as in demo mode; `none`: no private address. */
async function crawlShop(code: string, override: Record<string, unknown> = {}, allow: 'demo' | 'none' = 'demo') {
  const shop = shops.shops.find((s) => s.spec.code === code)!;
  const def = parserDefinitionSchema.parse({
    ...definitionFor(
      shop.spec,
      shop.base,
      shop.products.map((p) => p.article),
    ),
    ...override,
  });
  const out: PageOutcome[] = [];
  await crawl(
    def.productUrls,
    {
      extract: def,
      concurrency: 4,
      rateLimitPerSecond: null,
      timeoutSeconds: def.timeoutSeconds,
      maxPageBytes: def.maxPageBytes,
      respectRobotsTxt: true,
      allowOrigins: allow === 'demo' ? shops.shops.map((s) => s.base) : [],
      maxRetries: 1,
      backoffMs: 20,
      listing: def.listing,
      fetch: def.fetch,
      waitFor: def.waitFor,
      // The JSON API shop: its catalogue pages through the same crawler.
      api: def.api ? planApi(def.api, [], { country: shop.spec.country, currency: shop.spec.currency }) : undefined,
    },
    (o) => void out.push(o),
  );
  return { shop, out: new Map(out.map((o) => [o.url.replace(shop.base, ''), o])) };
}

describe('the engine on the demo shops', () => {
  it.each(DEMO_SHOPS.filter((s) => !s.failing).map((s) => [s.code, s.template]))(
    '%s (%s): every price, old price, promo flag and stock as the shop shows them',
    async (code) => {
      const { shop, out } = await crawlShop(code);
      expect(out.size).toBe(10);
      for (const p of shop.products) {
        const o = out.get(`/p/${p.article}`)!;
        const truth = demoPrice(p, code, DAY);
        expect(o.problem).toBeNull();
        expect(o.extraction).toMatchObject({
          price: (truth.promo ?? truth.regular) / 100,
          oldPrice: truth.promo ? truth.regular / 100 : null,
          promo: truth.promo !== null,
          name: p.name,
        });
        if (shop.spec.template !== 'selectors-space') expect(o.extraction!.inStock).toBe(truth.inStock);
      }
    },
  );

  it('records each failing page as a problem of its kind, and never a price', async () => {
    const { shop, out } = await crawlShop('kaufland-prg-barrandov');
    const kindOf = (path: string) => out.get(path)?.problem?.kind;
    const byFailure = (f: string) => `/p/${shop.products[[0, 1, 2, 3, 4, 5].find((i) => failureOf(i) === f)!]!.article}`;
    expect(out.get(byFailure('not_found'))).toMatchObject({ notFound: true, status: 404 });
    expect(kindOf(byFailure('server_error'))).toBe('http_status');
    expect(kindOf(byFailure('slow'))).toBe('timeout');
    expect(kindOf(byFailure('layout_changed'))).toBe('layout_changed');
    expect(kindOf(byFailure('blocked'))).toBe('blocked');
    expect(kindOf(byFailure('call_us'))).toBe('price_unparseable');
    expect(kindOf('/special/huge')).toBe('too_large');
    expect(kindOf('/special/redirect-loop')).toBe('redirect_loop');
    expect(kindOf('/special/bad-utf8')).toBe('invalid_encoding');
    expect(kindOf('/private/secret')).toBe('not_allowed'); // robots.txt
    for (const o of out.values()) if (o.problem) expect(o.extraction?.price ?? null).toBeNull();
    // The healthy pages of the failing shop still give their prices.
    const good = shop.products.slice(6).map((p) => out.get(`/p/${p.article}`)!);
    expect(good.every((o) => o.problem === null && o.extraction!.price! > 0)).toBe(true);
  });

  it('the JSON API shop: pages through the same client — its header sent, loopback refused outside demo mode', async () => {
    const shop = shops.shops.find((s) => s.spec.template === 'json-api')!;
    const def = parserDefinitionSchema.parse(definitionFor(shop.spec, shop.base, []));
    const noKey = await crawlShop(shop.spec.code, { api: { ...def.api, request: { ...def.api!.request, headers: {} } } });
    expect([...noKey.out.entries()].map(([path, o]) => [path, o.problem?.kind])).toEqual([[`/api/v1/products?page=1&size=10`, 'http_status']]);
    const refused = await crawlShop(shop.spec.code, {}, 'none');
    expect([...refused.out.values()].map((o) => o.problem?.kind)).toEqual(['not_allowed']);
    const robots = await crawlShop(shop.spec.code, { api: { ...def.api, request: { ...def.api!.request, url: `${shop.base}/private/api?page={page}` } } });
    expect([...robots.out.values()].map((o) => o.problem?.kind)).toEqual(['not_allowed']);
  });

  it('a bad selector is a recorded problem on every page, not a crash', async () => {
    const { out } = await crawlShop('lidl-prg-smichov', { selectors: { price: 'div[[[' } });
    expect([...out.values()].every((o) => o.problem?.kind === 'invalid_definition')).toBe(true);
  });

  it('refuses loopback addresses outside demo and test mode', async () => {
    const { out } = await crawlShop('carrefour-tbs-east-point', {}, 'none');
    expect([...out.values()].every((o) => o.problem?.kind === 'not_allowed')).toBe(true);
  });

  it('discovers product pages from a listing page', async () => {
    const { shop, out } = await crawlShop('albert-prg-andel');
    expect(shop.spec.listing).toBe(true);
    expect(out.size).toBe(10);
  });
});

describe('addresses (docs/parsers.md "Addresses")', () => {
  let lb: Loopback;
  beforeAll(async () => {
    lb = await startLoopback();
  });
  afterAll(() => lb.close());
  beforeEach(() => {
    lb.hits.length = 0;
    lb.shopHits.length = 0;
  });

  /** Crawls as demo mode would, with `lb.shop` as the one allowed (demo shop) origin. */
  async function crawlAs(urls: string[], extra: Partial<CrawlOptions> = {}) {
    const out: PageOutcome[] = [];
    await crawl(
      urls,
      {
        extract: { strategy: 'auto' },
        concurrency: 4,
        rateLimitPerSecond: null,
        timeoutSeconds: 5,
        maxPageBytes: 1_000_000,
        respectRobotsTxt: true,
        allowOrigins: [lb.shop],
        maxRetries: 0,
        ...extra,
      },
      (o) => void out.push(o),
    );
    return out;
  }

  it('refuses every spelling of a private address as a start URL', async () => {
    const urls = privateSpellings(lb.servicePort);
    const out = await crawlAs(urls);
    expect(out.map((o) => o.url).sort()).toEqual([...urls].sort());
    for (const o of out)
      expect({ url: o.url, kind: o.problem?.kind, price: o.extraction?.price ?? null }).toEqual({ url: o.url, kind: 'not_allowed', price: null });
    expect(lb.hits).toEqual([]);
  });

  it('refuses them as redirect targets of an allowed shop', async () => {
    const urls = privateSpellings(lb.servicePort).map((to) => `${lb.shop}/go?to=${encodeURIComponent(to)}`);
    const out = await crawlAs(urls);
    expect(out).toHaveLength(urls.length);
    for (const o of out) expect([o.url, o.problem?.kind]).toEqual([o.url, 'not_allowed']);
    // The shop itself was reached (it is the allowed origin); the service behind the redirects never.
    expect(lb.shopHits.filter((h) => h.startsWith('/go'))).toHaveLength(urls.length);
    expect(lb.hits).toEqual([]);
  });

  it('refuses them as product links on a listing page', async () => {
    const links = privateSpellings(lb.servicePort);
    const listing = `${lb.shop}/listing?${links.map((l) => `to=${encodeURIComponent(l)}`).join('&')}`;
    const out = await crawlAs([], { listing: { url: listing, linkSelector: 'a.p' } });
    expect(out.length).toBeGreaterThanOrEqual(new Set(links.map((l) => new URL(l).href)).size);
    for (const o of out) expect([o.url, o.problem?.kind]).toEqual([o.url, 'not_allowed']);
    expect(lb.shopHits.some((h) => h.startsWith('/listing'))).toBe(true);
    expect(lb.hits).toEqual([]);
  });

  it('refuses a host name that resolves to a private address, even one whose address:port is allowed', async () => {
    const asked: string[] = [];
    const resolve: Resolver = async (host) => {
      asked.push(host);
      return host === 'mapped.test' ? [{ address: '::ffff:127.0.0.1', family: 6 }] : [{ address: '127.0.0.1', family: 4 }];
    };
    const urls = [`http://shop.test:${lb.servicePort}/p`, `http://mapped.test:${lb.servicePort}/p`];
    // The service's own 127.0.0.1:port is an allowed origin here.
    const refused: string[] = [];
    const out = await crawlAs(urls, { resolve, allowOrigins: [lb.service], onRefused: (r) => refused.push(`${r.host} ${r.address}`) });
    expect(out.map((o) => [o.url, o.problem?.kind]).sort()).toEqual(urls.map((u) => [u, 'not_allowed']).sort());
    // The problem (shown to chain users) names the host, never the address it resolved to; the server's log gets that.
    const message = out.find((o) => o.url.includes('shop.test'))!.problem!.message;
    expect([message.includes('shop.test'), /127\.0\.0\.1|::ffff/.test(message)]).toEqual([true, false]);
    expect(refused).toEqual(expect.arrayContaining(['shop.test 127.0.0.1', 'mapped.test ::ffff:127.0.0.1']));
    // The socket asked the injected resolver (the system's knows no *.test): what is checked is what it connects to.
    expect(asked).toEqual(expect.arrayContaining(['shop.test', 'mapped.test']));
    expect(lb.hits).toEqual([]);
  });

  it('refuses localhost although 127.0.0.1 on that port is allowed', async () => {
    const out = await crawlAs([`http://localhost:${lb.servicePort}/p`], { allowOrigins: [lb.service] });
    expect(out.map((o) => o.problem?.kind)).toEqual(['not_allowed']);
    expect(lb.hits).toEqual([]);
  });

  it('connects to the address its resolver answered, asking it once per connection', async () => {
    let asked = 0;
    const resolve: Resolver = async () => {
      asked++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const url = `http://only-in-the-resolver.test:${lb.servicePort}/p`;
    const out = await crawlAs([url], { respectRobotsTxt: false, allowPrivate: true, resolve });
    expect(out[0]).toMatchObject({ problem: null, extraction: { price: 1 } });
    expect(lb.hits).toEqual(['/p']);
    expect(asked).toBe(1);
    // Right after, without allowPrivate: no kept-alive socket of that crawl is reused, the host is refused.
    const strict = await crawlAs([url], { respectRobotsTxt: false, resolve });
    expect(strict.map((o) => o.problem?.kind)).toEqual(['not_allowed']);
    expect(lb.hits).toEqual(['/p']);
  });
});

describe('extract', () => {
  it('auto: JSON-LD first, then microdata, then selectors', () => {
    const ld = `<script type="application/ld+json">{"@type":"Product","name":"Milk","gtin13":"8594001021499","offers":{"@type":"Offer","price":"24.90","priceCurrency":"CZK","availability":"https://schema.org/InStock"}}</script>`;
    expect(extract(ld, { strategy: 'auto' })).toMatchObject({ strategy: 'jsonld', price: 24.9, ean: '8594001021499', currency: 'CZK', inStock: true });
    const md = `<div itemscope itemtype="http://schema.org/Product"><span itemprop="name">Tea</span><div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span itemprop="price" content="5.49">5.49 ₾</span></div></div>`;
    expect(extract(md, { strategy: 'auto' })).toMatchObject({ strategy: 'microdata', price: 5.49 });
    const css = `<h1>Cheese</h1><p class="p"><del>1.899,00 Kč</del> 1.600,00 Kč</p>`;
    expect(extract(css, { strategy: 'auto', selectors: { price: '.p' }, priceFormat: { decimal: ',', thousands: '.' } })).toMatchObject({
      strategy: 'selectors',
      price: 1600,
      oldPrice: 1899,
      promo: true,
    });
  });

  it('a page matching nothing is "layout changed"; a broken JSON-LD block is skipped', () => {
    expect(extract('<script type="application/ld+json">{broken</script><p>hi</p>', { strategy: 'auto' }).problem?.kind).toBe('layout_changed');
  });

  it('an invalid EAN is dropped, not matched', () => {
    const ld = `<script type="application/ld+json">{"@type":"Product","gtin13":"1234567890123","offers":{"price":"1.00"}}</script>`;
    expect(extract(ld, { strategy: 'jsonld' }).ean).toBeNull();
  });
});
