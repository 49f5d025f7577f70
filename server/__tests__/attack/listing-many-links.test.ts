/**
 * Attack on "a big page never freezes the server": a listing page is read in a thread, but its links come
 * back to the API's event loop and are queued there (crawl.ts add -> Crawlee's RequestQueue.addRequests),
 * one entry each, with no cap on their number. A 1 MB listing of 30 000 links kept the loop busy for ~25 s
 * (100 000 links, 3 MB: 71 s) on the two-core machine: every other request of the server waited.
 * Expected: the loop is never late by seconds while a listing of many links is read and queued, and a run
 * reads at most its cap of product pages (LISTING_PRODUCTS_MAX; lowered here so the test is quick), the rest
 * being a problem of the listing, not silently dropped.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { crawl } from '../../src/scraping/crawl';
import { closePagePool } from '../../src/scraping/page-pool';

jest.setTimeout(300_000);

const CAP = 300;

const LINKS = 30_000;
// The product pages are on an address a run may not reach: each is refused at once, no socket opened.
const listing = Buffer.from(
  `<html><body>${Array.from({ length: LINKS }, (_, i) => `<a class="p" href="http://10.0.0.1/p/${i}">${i}</a>`).join('')}</body></html>`,
);
const shop = http.createServer((req, res) => {
  if (req.url !== '/list') return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': listing.length });
  res.end(listing);
});
let base = '';
beforeAll(async () => {
  base = await new Promise<string>((resolve) => shop.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(shop.address() as AddressInfo).port}`)));
});
afterAll(async () => {
  shop.close();
  await closePagePool();
});

it('a listing page of 30 000 links never keeps the event loop busy for seconds, and is read up to its cap', async () => {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let refused = 0;
  const listingProblems: string[] = [];
  await crawl(
    [],
    {
      extract: { strategy: 'auto', country: 'cz', currency: 'CZK' },
      concurrency: 10,
      rateLimitPerSecond: null,
      timeoutSeconds: 60,
      maxPageBytes: 20 * 1024 * 1024,
      respectRobotsTxt: false,
      allowOrigins: [base],
      maxRetries: 0,
      listing: { url: `${base}/list`, linkSelector: 'a.p' },
      maxListingProducts: CAP,
    },
    (o) => {
      if (o.problem?.kind === 'not_allowed') refused++;
      if (o.url === `${base}/list` && o.problem) listingProblems.push(o.problem.kind);
    },
  );
  loop.disable();
  expect(refused).toBe(CAP);
  expect(listingProblems).toEqual(['too_large']);
  expect(loop.max / 1e6).toBeLessThan(2500);
});
