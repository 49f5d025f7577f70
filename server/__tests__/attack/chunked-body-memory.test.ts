/**
 * Attack on the page size cap: a shop answering without Content-Length and streaming without end. The cap
 * (`maxPageBytes`) was checked only once the whole body had arrived, so the API process held everything sent
 * until the page's timeout (~800 MB in 30 s on the 2-core machine). Expected: the page is a `too_large`
 * problem with no price as soon as it passes the cap, and the shop stops being read.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crawl, type PageOutcome } from '../../src/scraping/crawl';
import { closePagePool } from '../../src/scraping/page-pool';

const CAP = 1024 * 1024;
const chunk = Buffer.alloc(64 * 1024, 'a');
let sent = 0;
const shop = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); // no content-length: chunked
  res.write('<html><body><span class="price">12,90 Kč</span>');
  const pump = () => {
    let ok = true;
    // At most 2 GB, and only while the client reads: a reader that stops makes the writes wait.
    while (ok && sent < 2e9 && !res.destroyed) {
      ok = res.write(chunk);
      sent += chunk.length;
    }
    if (!res.destroyed && sent < 2e9) res.once('drain', pump);
  };
  pump();
});
let base = '';
beforeAll(async () => {
  base = await new Promise<string>((resolve) => shop.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(shop.address() as AddressInfo).port}`)));
});
afterAll(async () => {
  shop.closeAllConnections();
  shop.close();
  await closePagePool();
});

it('a page streamed without Content-Length stops at maxPageBytes as too_large, with no price', async () => {
  const outcomes: PageOutcome[] = [];
  await crawl(
    [`${base}/p`],
    {
      extract: { strategy: 'auto', country: 'cz', currency: 'CZK' },
      concurrency: 1,
      rateLimitPerSecond: null,
      timeoutSeconds: 60,
      maxPageBytes: CAP,
      respectRobotsTxt: false,
      allowOrigins: [base],
      maxRetries: 0,
    },
    (o) => void outcomes.push(o),
  );
  expect(outcomes).toHaveLength(1);
  expect(outcomes[0]!.problem?.kind).toBe('too_large');
  expect(outcomes[0]!.extraction?.price ?? null).toBeNull();
  // Socket buffers on both sides hold a few MB; a minute of streaming would be hundreds.
  expect(sent).toBeLessThan(64 * 1024 * 1024);
});
