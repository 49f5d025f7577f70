/**
 * A big shop page and the event loop (docs/parsers.md "Big pages"): a loopback shop serves a 15 MB page
 * of 400 000 elements and a 4.4 MB one of 120 000. Times a run's crawl of the big page and a try
 * (tryDefinition, its picture included) of the smaller one — a try reads 5 MB at most — and the event
 * loop's longest delay meanwhile (perf_hooks.monitorEventLoopDelay): the API answers nobody while it is
 * late. Part of bench/parsers.ts's output (`bigPage`); alone: `tsx bench/big-page.ts`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parserDefinitionSchema } from '@pricewatch/shared/contract';
import { tryDefinition } from '../src/areas/parsers/try';
import { closeBrowsers } from '../src/scraping/browser-crawl';
import { crawl, type PageOutcome } from '../src/scraping/crawl';
import { closePagePool } from '../src/scraping/page-pool';

function bigPage(rows: number): Buffer {
  const parts = ['<!doctype html><html><head><meta charset="utf-8"><title>Milk</title></head><body>'];
  parts.push('<h1 class="title">Mléko polotučné 1 l</h1><div class="price">24,90 Kč</div><ul>');
  for (let i = 0; i < rows; i++) parts.push(`<li class="r${i % 10}">row ${i} of many</li>`);
  parts.push('</ul></body></html>');
  return Buffer.from(parts.join(''));
}

type Measured = { seconds: number; loopMaxMs: number; loopP99Ms: number; price: number | null; problem: string | null };

async function measured(work: () => Promise<{ price: number | null; problem: string | null }>): Promise<Measured> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const t0 = performance.now();
  const read = await work();
  const seconds = (performance.now() - t0) / 1000;
  loop.disable();
  return { seconds: +seconds.toFixed(2), loopMaxMs: Math.round(loop.max / 1e6), loopP99Ms: Math.round(loop.percentile(99) / 1e6), ...read };
}

export async function bigPageBench() {
  const pages: Record<string, Buffer> = { '/big': bigPage(400_000), '/medium': bigPage(120_000) };
  const shop = http.createServer((req, res) => {
    const page = pages[req.url ?? ''];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': page.length });
    res.end(page);
  });
  const base = await new Promise<string>((r) => shop.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(shop.address() as AddressInfo).port}`)));
  const def = parserDefinitionSchema.parse({
    productUrls: [`${base}/big`],
    strategy: 'selectors',
    selectors: { name: 'h1.title', price: '.price' },
    priceFormat: { decimal: ',', thousands: '.' },
    timeoutSeconds: 120,
    maxPageBytes: 20 * 1024 * 1024,
    respectRobotsTxt: false,
  });
  try {
    const run = await measured(async () => {
      let got: PageOutcome | null = null;
      await crawl(
        def.productUrls,
        {
          extract: { ...def, country: 'cz', currency: 'CZK' },
          concurrency: 1,
          rateLimitPerSecond: null,
          timeoutSeconds: def.timeoutSeconds,
          maxPageBytes: def.maxPageBytes,
          respectRobotsTxt: false,
          allowOrigins: [base],
          maxRetries: 0,
        },
        (o) => void (got ??= o),
      );
      const o = got as PageOutcome | null;
      return { price: o?.problem ? null : (o?.extraction?.price ?? null), problem: o?.problem?.kind ?? null };
    });
    const tried = await measured(async () => {
      const r = await tryDefinition({ ...def, maxPageBytes: 5 * 1024 * 1024 }, `${base}/medium`, { country: 'cz', policy: { allowOrigins: [base] } });
      return { price: r.offer.price, problem: r.offer.problem?.kind ?? null };
    });
    return {
      run: { pageBytes: pages['/big']!.length, elements: 400_000, ...run },
      try: { pageBytes: pages['/medium']!.length, elements: 120_000, ...tried },
    };
  } finally {
    shop.closeAllConnections();
    shop.close();
    await closeBrowsers();
    await closePagePool();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  bigPageBench().then(
    (out) => console.log(JSON.stringify({ bench: 'big-page', ...out }, null, 2)),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
