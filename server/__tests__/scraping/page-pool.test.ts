/**
 * Reading pages in worker threads (src/scraping/page-pool.ts, docs/parsers.md "Big pages"): a page whose
 * reading outlasts its time budget ends as a `timeout` problem with no price (the thread is terminated,
 * not the process), and the pool reads the next page as usual; listing links are read there too.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { crawl, type CrawlOptions, type PageOutcome } from '../../src/scraping/crawl';
import { planApi } from '../../src/scraping/json-api';
import { closePagePool, readInThread } from '../../src/scraping/page-pool';

jest.setTimeout(180_000);

function page(rows: number): Buffer {
  const parts = ['<!doctype html><html><head><meta charset="utf-8"><title>Milk</title></head><body>'];
  parts.push('<h1 class="title">Mléko 1 l</h1><div class="price">24,90 Kč</div><ul>');
  for (let i = 0; i < rows; i++) parts.push(`<li class="r${i % 10}">row ${i} of many</li>`);
  parts.push('</ul></body></html>');
  return Buffer.from(parts.join(''));
}
const PAGES: Record<string, Buffer> = {
  // Seconds of parsing in a thread, a fraction of a second to download from loopback.
  '/heavy': page(120_000),
  '/small': page(3),
  '/small2': page(4),
  // A shop API's one answer of 110 000 items, under 20 MB: seconds of JSON.parse and JSONPath.
  '/api': Buffer.from(
    JSON.stringify({
      meta: { total: 110_000 },
      data: Array.from({ length: 110_000 }, (_, i) => ({ id: `a${i}`, title: `Product ${i}`, link: `/p/${i}`, price: { now: 24.9, was: '29.90' } })),
    }),
  ),
  '/list': Buffer.from('<ul><li><a class="p" href="/small">a</a></li><li><a class="p" href="small2">b</a></li><li><a href="/other">c</a></li></ul>'),
};
const hits: string[] = [];
const shop = http.createServer((req, res) => {
  hits.push(req.url ?? '');
  const body = PAGES[req.url ?? ''];
  if (!body) return void res.writeHead(404).end();
  const type = req.url === '/api' ? 'application/json' : 'text/html; charset=utf-8';
  res.writeHead(200, { 'content-type': type, 'content-length': body.length });
  res.end(body);
});
let base = '';

beforeAll(async () => {
  base = await new Promise((r) => shop.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(shop.address() as AddressInfo).port}`)));
});
afterAll(async () => {
  await closePagePool();
  shop.closeAllConnections();
  shop.close();
});

async function read(urls: string[], extra: Partial<CrawlOptions> = {}): Promise<PageOutcome[]> {
  const out: PageOutcome[] = [];
  await crawl(
    urls,
    {
      extract: {
        strategy: 'selectors',
        selectors: { name: 'h1.title', price: '.price' },
        priceFormat: { decimal: ',', thousands: '.' },
        country: 'cz',
        currency: 'CZK',
      },
      concurrency: 1,
      rateLimitPerSecond: null,
      timeoutSeconds: 20,
      maxPageBytes: 20 * 1024 * 1024,
      respectRobotsTxt: false,
      allowOrigins: [base],
      maxRetries: 2,
      backoffMs: 10,
      ...extra,
    },
    (o) => void out.push(o),
  );
  return out;
}

it('a page read past its budget is a timeout problem, no price, not retried; the next page reads as usual', async () => {
  const [heavy] = await read([`${base}/heavy`], { timeoutSeconds: 1 });
  expect([heavy!.problem?.kind, heavy!.problem?.message, heavy!.extraction]).toEqual(['timeout', 'reading the page took over 1 s', null]);
  // Reading it again would take as long: asked once, whatever maxRetries says.
  expect(hits.filter((h) => h === '/heavy')).toHaveLength(1);
  const [small] = await read([`${base}/small`]);
  expect([small!.problem, small!.extraction?.price, small!.extraction?.name]).toEqual([null, 24.9, 'Mléko 1 l']);
});

it("a listing page's links are read in a thread, resolved against the page's address", async () => {
  const out = await read([], { listing: { url: `${base}/list`, linkSelector: 'a.p' } });
  expect(out.map((o) => [o.url, o.extraction?.price ?? null]).sort()).toEqual([
    [`${base}/small`, 24.9],
    [`${base}/small2`, 24.9],
  ]);
});

it('a selector the parser cannot read is answered as such, not thrown in the thread', async () => {
  const r = await readInThread({ kind: 'links', html: '<a href="/x">x</a>', selector: 'a[[[', base }, { budgetMs: 10_000, waitMs: 60_000 });
  expect(r.kind).toBe('invalid_selector');
});

it("a shop API's 20 MB answer of 110 000 items is read in a thread: every item read, the loop never late by seconds", async () => {
  expect(PAGES['/api']!.length).toBeGreaterThan(10_000_000);
  const plan = planApi(
    {
      request: { url: `${base}/api`, method: 'GET', headers: {} },
      fields: { items: '$.data[*]', name: '$.title', article: '$.id', url: '$.link', price: '$.price.now', oldPrice: '$.price.was' },
    } as Parameters<typeof planApi>[0],
    [],
    { country: 'cz', currency: 'CZK' },
  );
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let items = 0;
  let priced = 0;
  await crawl(
    [],
    {
      extract: { strategy: 'json' },
      concurrency: 1,
      rateLimitPerSecond: null,
      timeoutSeconds: 60,
      maxPageBytes: 20 * 1024 * 1024,
      respectRobotsTxt: false,
      allowOrigins: [base],
      maxRetries: 0,
      api: plan,
    },
    (o) => {
      items++;
      if (!o.problem && o.extraction?.price === 24.9 && o.extraction.oldPrice === 29.9) priced++;
    },
  );
  loop.disable();
  expect([items, priced]).toEqual([110_000, 110_000]);
  // On the main thread: 0.6 s of JSON.parse and 4.2 s of JSONPath for 80 000 such items in one turn (loaded 2-core machine).
  expect(loop.max / 1e6).toBeLessThan(2500);
});
