/**
 * Parser engine benchmark (`npm run bench` → this, or `pnpm --filter @pricewatch/server run bench:parsers`):
 * pages per second and prices per second against the loopback demo shops with politeness off, and
 * extraction accuracy against the shops' known prices (must be 100%). Prints one JSON object.
 * BENCH_PARSER_PAGES (default 150) product pages per shop; the failing shop is left out of accuracy.
 * The JSON API shop (strategy json) reads the same number of products from its API, ten a request.
 * Each shop is fetched as its definition says; pagesPerMinute compares HTTP fetch with browser fetch (the
 * script-rendered shop, BENCH_BROWSER_PAGES pages, default 40: a browser page costs far more).
 * `bigPage`: a 15 MB page's run and a 4.4 MB page's try, each with the event loop's longest delay (big-page.ts).
 */
import { parserDefinitionSchema } from '@pricewatch/shared/contract';
import { DEMO_SHOPS, definitionFor } from '../src/demo-shops/catalog';
import { demoPrice } from '../src/demo-shops/prices';
import { startDemoShops } from '../src/demo-shops/server';
import { crawl } from '../src/scraping/crawl';
import { planApi } from '../src/scraping/json-api';
import { todayDay } from '../src/lib/days';
import { bigPageBench } from './big-page';

const PAGES = Number(process.env.BENCH_PARSER_PAGES ?? 150);
const CONCURRENCY = Number(process.env.BENCH_PARSER_CONCURRENCY ?? 8);
const BROWSER_PAGES = Number(process.env.BENCH_BROWSER_PAGES ?? 40);

async function main() {
  const day = todayDay();
  const specs = DEMO_SHOPS.filter((s) => !s.failing);
  const products = new Map(
    specs.map((s) => [
      s.code,
      Array.from({ length: s.template === 'script-rendered' ? BROWSER_PAGES : PAGES }, (_, i) => ({
        id: 1000 + i,
        ean: null,
        name: `Bench product ${i}`,
        article: `b${i}`,
      })),
    ]),
  );
  const shops = await startDemoShops({ products, specs, day: () => day });
  const perShop: Record<string, { strategy: string; pages: number; seconds: number; correct: number }> = {};
  let pages = 0;
  const byFetch = { http: { pages: 0, seconds: 0 }, browser: { pages: 0, seconds: 0 } };
  let prices = 0;
  let correct = 0;
  let checked = 0;
  const wrong: string[] = [];
  const started = performance.now();
  try {
    for (const shop of shops.shops) {
      const def = parserDefinitionSchema.parse(
        definitionFor(
          shop.spec,
          shop.base,
          shop.products.map((p) => p.article),
        ),
      );
      const byUrl = new Map(shop.products.map((p) => [`${shop.base}/p/${p.article}`, p]));
      const t0 = performance.now();
      let shopPages = 0;
      let shopCorrect = 0;
      await crawl(
        def.productUrls,
        {
          extract: def,
          concurrency: CONCURRENCY,
          rateLimitPerSecond: null,
          timeoutSeconds: def.timeoutSeconds,
          maxPageBytes: def.maxPageBytes,
          respectRobotsTxt: def.respectRobotsTxt,
          allowPrivate: true,
          listing: def.listing,
          // The JSON API shop: its catalogue from the API (products counted as pages).
          api: def.api ? planApi(def.api, [], { country: shop.spec.country, currency: shop.spec.currency }) : undefined,
          fetch: def.fetch,
          waitFor: def.waitFor,
        },
        (o) => {
          const p = byUrl.get(o.url);
          if (!p) return;
          shopPages++;
          const x = o.extraction;
          if (x && !o.problem && x.price !== null) prices++;
          const truth = demoPrice(p.id, shop.spec.code, day);
          checked++;
          const ok =
            !o.problem &&
            x !== null &&
            Math.round(x.price! * 100) === (truth.promo ?? truth.regular) &&
            (x.promo ? Math.round(x.oldPrice! * 100) === truth.regular : truth.promo === null);
          if (ok) {
            correct++;
            shopCorrect++;
          } else if (wrong.length < 5) wrong.push(`${shop.spec.code} ${o.url}: ${JSON.stringify(x ?? o.problem)}`);
        },
      );
      pages += shopPages;
      byFetch[def.fetch].pages += shopPages;
      byFetch[def.fetch].seconds += (performance.now() - t0) / 1000;
      perShop[shop.spec.code] = { strategy: def.strategy, pages: shopPages, seconds: +((performance.now() - t0) / 1000).toFixed(2), correct: shopCorrect };
    }
  } finally {
    await shops.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const out = {
    bench: 'parsers',
    shops: specs.length,
    pagesPerShop: PAGES,
    concurrency: CONCURRENCY,
    pages,
    prices,
    seconds: +seconds.toFixed(2),
    pagesPerSecond: +(pages / seconds).toFixed(1),
    pricesPerSecond: +(prices / seconds).toFixed(1),
    // Browser fetch includes starting Chromium once.
    pagesPerMinute: Object.fromEntries(Object.entries(byFetch).map(([mode, m]) => [mode, m.seconds ? Math.round((m.pages / m.seconds) * 60) : null])),
    accuracyPct: checked ? +((correct / checked) * 100).toFixed(2) : 0,
    perShop,
    ...(wrong.length ? { wrong } : {}),
    bigPage: await bigPageBench(),
  };
  console.log(JSON.stringify(out, null, 2));
  process.exit(out.accuracyPct === 100 ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
