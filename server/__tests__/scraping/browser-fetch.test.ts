/**
 * Browser fetch (`"fetch": "browser"`, docs/parsers.md "Browser fetch") against real HTTP on loopback:
 * the demo shop that renders its price and JSON-LD only by script, and the address rules for every
 * request such a page makes. Chromium is Debian's /usr/bin/chromium.
 */
import { parserDefinitionSchema } from '@pricewatch/shared/contract';
import { DEMO_SHOPS, definitionFor } from '../../src/demo-shops/catalog';
import { demoPrice } from '../../src/demo-shops/prices';
import { startDemoShops, type DemoShops } from '../../src/demo-shops/server';
import { crawl, type CrawlOptions, type PageOutcome } from '../../src/scraping/crawl';
import { todayDay } from '../../src/lib/days';
import { privateSpellings, startLoopback, type Loopback } from '../helpers/ssrf';

const DAY = todayDay();
const SPEC = DEMO_SHOPS.find((s) => s.template === 'script-rendered')!;
const products = new Map([[SPEC.code, Array.from({ length: 4 }, (_, i) => ({ id: 300 + i, ean: null, name: `Rendered ${i}`, article: `r${i}` }))]]);
let shops: DemoShops;
let lb: Loopback;

beforeAll(async () => {
  shops = await startDemoShops({ products, day: () => DAY, specs: [SPEC] });
  lb = await startLoopback();
});
afterAll(async () => {
  await shops.close();
  await lb.close();
});

async function run(urls: string[], opts: Partial<CrawlOptions>): Promise<PageOutcome[]> {
  const out: PageOutcome[] = [];
  await crawl(
    urls,
    {
      extract: { strategy: 'auto' },
      concurrency: 2,
      rateLimitPerSecond: null,
      timeoutSeconds: 10,
      maxPageBytes: 1_000_000,
      respectRobotsTxt: true,
      maxRetries: 0,
      ...opts,
    },
    (o) => void out.push(o),
  );
  return out;
}

describe('the script-rendered demo shop', () => {
  const shop = () => shops.shops[0]!;
  const definition = () =>
    parserDefinitionSchema.parse(
      definitionFor(
        shop().spec,
        shop().base,
        shop().products.map((p) => p.article),
      ),
    );

  it('HTTP fetch sees no price: every page is layout_changed', async () => {
    const def = definition();
    const out = await run(def.productUrls, { extract: def, allowOrigins: [shop().base], fetch: 'http' });
    expect(out).toHaveLength(4);
    expect(out.map((o) => [o.problem?.kind, o.extraction?.price ?? null])).toEqual(out.map(() => ['layout_changed', null]));
  });

  it('browser fetch reads every price, old price, promo flag and stock the script renders', async () => {
    const def = definition();
    expect(def).toMatchObject({ fetch: 'browser', waitFor: 'script[type="application/ld+json"]' });
    const out = new Map(
      (await run(def.productUrls, { extract: def, allowOrigins: [shop().base], fetch: def.fetch, waitFor: def.waitFor })).map((o) => [o.url, o]),
    );
    expect(out.size).toBe(4);
    for (const p of shop().products) {
      const truth = demoPrice(p.id, SPEC.code, DAY);
      expect(out.get(`${shop().base}/p/${p.article}`)).toMatchObject({
        problem: null,
        status: 200,
        extraction: {
          name: p.name,
          price: (truth.promo ?? truth.regular) / 100,
          oldPrice: truth.promo ? truth.regular / 100 : null,
          promo: truth.promo !== null,
          inStock: truth.inStock,
          strategy: 'jsonld',
        },
      });
    }
  });

  it('refuses the shop outside demo and test mode, without opening the page', async () => {
    const def = definition();
    const out = await run(def.productUrls.slice(0, 1), { extract: def, fetch: 'browser' });
    expect(out.map((o) => o.problem?.kind)).toEqual(['not_allowed']);
  });
});

describe('every request of a rendered page meets the address rules', () => {
  beforeEach(() => {
    lb.hits.length = 0;
    lb.shopHits.length = 0;
  });

  it("blocks a page's scripts, frames and images asking private addresses; the page is still read", async () => {
    const tos = privateSpellings(lb.servicePort);
    const url = `${lb.shop}/scripted?${tos.map((t) => `to=${encodeURIComponent(t)}`).join('&')}`;
    const out = await run([url], { allowOrigins: [lb.shop], fetch: 'browser', waitFor: 'p.done', respectRobotsTxt: false });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ problem: null, extraction: { price: 2 } });
    expect(lb.shopHits.filter((h) => h.startsWith('/scripted'))).toHaveLength(1);
    expect(lb.hits).toEqual([]);
  });

  it('refuses a redirect of the page to a private address, and a start URL that is one', async () => {
    const redirects = privateSpellings(lb.servicePort).map((to) => `${lb.shop}/go?to=${encodeURIComponent(to)}`);
    const out = await run([...redirects, `http://127.0.0.1:${lb.servicePort}/p`], { allowOrigins: [lb.shop], fetch: 'browser', respectRobotsTxt: false });
    expect(out).toHaveLength(redirects.length + 1);
    for (const o of out) expect([o.url, o.problem?.kind, o.extraction?.price ?? null]).toEqual([o.url, 'not_allowed', null]);
    expect(lb.hits).toEqual([]);
  });

  it('keeps robots.txt and the size limit as the HTTP fetch does', async () => {
    const shop = shops.shops[0]!;
    const out = await run([`${shop.base}/private/secret`], { allowOrigins: [shop.base], fetch: 'browser' });
    expect(out.map((o) => o.problem?.kind)).toEqual(['not_allowed']);
    // The shop's pages are a few KB: a 2 KB limit makes the page too large.
    const small = await run([`${shop.base}/p/r0`], { allowOrigins: [shop.base], fetch: 'browser', maxPageBytes: 200 });
    expect(small.map((o) => o.problem?.kind)).toEqual(['too_large']);
  });
});

describe('the definition', () => {
  it('refuses waitFor without browser fetch, and browser fetch for the JSON API strategy, naming the field', () => {
    const shop = shops.shops[0]!;
    const base = definitionFor(shop.spec, shop.base, ['r0']);
    const paths = (def: object) => parserDefinitionSchema.safeParse(def).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ ...base, fetch: 'http' })).toEqual(['waitFor']);
    const api = definitionFor(
      DEMO_SHOPS.find((s) => s.template === 'json-api')!,
      shop.base,
      [],
    );
    expect(paths({ ...api, fetch: 'browser' })).toEqual(['fetch']);
    expect(paths(base)).toBeUndefined();
  });

  it('an invalid waitFor selector is invalid_definition on the page, not a crash', async () => {
    const shop = shops.shops[0]!;
    const out = await run([`${shop.base}/p/r1`], { allowOrigins: [shop.base], fetch: 'browser', waitFor: 'div[[[' });
    expect(out.map((o) => [o.problem?.kind, o.problem?.message.startsWith('waitFor')])).toEqual([['invalid_definition', true]]);
  });
});
