/**
 * Attack on the page threads (src/scraping/page-pool.ts): the pool is shared by tries and parser runs and
 * has one thread on a two-core machine. A small page (330 KB-1 MB) of deeply nested elements costs parse5
 * time quadratic in its depth (30 000 levels: ~75 s), so one try of such a page, with the definition's
 * timeoutSeconds of 120, holds the only thread for two minutes. A parser run's page that waits over a
 * minute for a thread is then recorded as a `timeout` problem, not retried: one editor's try costs every
 * parser run of the process its prices, and trying again and again keeps them failing.
 * Expected: a try never takes the runs' prices away (the run below reads its small page's price). Fixed
 * by reading tries' pages in a thread of their own (page-pool.ts inTryLane, entered in try-slots.ts).
 *
 * @one-database: the page threads and the event loop, whatever the database (scripts/lib/db-test-files.cjs).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { body, build, loginAs, type Session } from '../helpers/build';

jest.setTimeout(600_000);

const nested = (depth: number) =>
  Buffer.from(`<html><body><h1 class="title">Mléko</h1>${'<div>'.repeat(depth)}<b class="price">24,90 Kč</b>${'</div>'.repeat(depth)}</body></html>`);
const PAGES: Record<string, Buffer> = {
  '/p/nested': nested(40_000),
  '/p/small': Buffer.from('<html><body><h1 class="title">Mléko polotučné 1 l</h1><b class="price">24,90 Kč</b></body></html>'),
};
const shop = http.createServer((req, res) => {
  const page = PAGES[req.url ?? ''];
  if (!page) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': page.length });
  res.end(page);
});
let shopBase = '';
let app: FastifyInstance;
let operator: Session;

const call = (s: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}token=${s.token}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    cookies: s.xsrf.cookies,
    headers: s.xsrf.headers,
  });

const definition = (extra: Record<string, unknown> = {}) => ({
  productUrls: [`${shopBase}/p/small`],
  strategy: 'selectors',
  selectors: { name: 'h1.title', price: '.price' },
  priceFormat: { decimal: ',', thousands: '.' },
  timeoutSeconds: 120,
  respectRobotsTxt: false,
  ...extra,
});

beforeAll(async () => {
  shopBase = await new Promise<string>((resolve) => shop.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(shop.address() as AddressInfo).port}`)));
  app = await build({ env: { DEMO_SHOPS: '1', PARSERS_WORKER: '0' } });
  app.parsers.workerOptions.allowOrigins = [...app.parsers.workerOptions.allowOrigins, shopBase];
  Object.assign(app.parsers.workerOptions, { politeness: false, backoffMs: 10, maxRetries: 0 });
  operator = await loginAs(app, 'operator');
});
afterAll(async () => {
  await app?.close();
  shop.closeAllConnections();
  shop.close();
});

it('a try of a deeply nested page does not cost a parser run its prices', async () => {
  const [row] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM shops WHERE code = 'lidl-prg-smichov'`);
  const shopId = Number(row!.id);
  const url = `${shopBase}/p/small`;
  await app.db.execute(sql`UPDATE offers SET url = ${url}
    WHERE (product_id, shop_id) IN (SELECT product_id, shop_id FROM offers WHERE shop_id = ${shopId} ORDER BY product_id LIMIT 1)`);
  const created = await call(operator, 'POST', '/parsers', { code: 'starved-shop', name: 'Starved', shopId, definition: definition() });
  expect([created.statusCode, created.statusCode === 200 ? null : created.body]).toEqual([200, null]);

  // The try: a 440 KB page, well under a try's 5 MB.
  const tried = call(operator, 'POST', '/parsers/try', { url: `${shopBase}/p/nested`, shopId, definition: definition() });
  // The try's page is in its thread before the run asks for one.
  await new Promise((r) => setTimeout(r, 3000));
  const started = await call(operator, 'POST', '/parsers/force-start', { parsers: [body(created).data._id] });
  const runId = Number(body(started).data[0]._id);
  await app.parsers.worker.runById(runId);
  const run = body(await call(operator, 'GET', `/parsers/runs/${runId}`)).data;
  await tried;
  expect([run.status, run.pricesFound, run.errors]).toEqual(['done', 1, {}]);
});
