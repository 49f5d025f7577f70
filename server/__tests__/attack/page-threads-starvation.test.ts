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
import type { FastifyInstance } from 'fastify';
import { body, type Session } from '../helpers/build';
import { offerAt, parsersApp, selectorsDefinition, shopIdOf, startedRun, startPageShop, type PageShop } from '../helpers/parser-shop';
import type { Caller } from '../helpers/catalogue';

jest.setTimeout(600_000);

const nested = (depth: number) =>
  Buffer.from(`<html><body><h1 class="title">Mléko</h1>${'<div>'.repeat(depth)}<b class="price">24,90 Kč</b>${'</div>'.repeat(depth)}</body></html>`);
const PAGES: Record<string, Buffer> = {
  '/p/nested': nested(40_000),
  '/p/small': Buffer.from('<html><body><h1 class="title">Mléko polotučné 1 l</h1><b class="price">24,90 Kč</b></body></html>'),
};
let shop: PageShop;
let app: FastifyInstance;
let operator: Session;
let call: Caller;

beforeAll(async () => {
  shop = await startPageShop(PAGES);
  ({ app, operator, call } = await parsersApp({ shop: shop.base, env: { DEMO_SHOPS: '1' } }));
});
afterAll(async () => {
  await app?.close();
  await shop?.close();
});

it('a try of a deeply nested page does not cost a parser run its prices', async () => {
  const shopId = await shopIdOf(app, 'lidl-prg-smichov');
  const url = `${shop.base}/p/small`;
  await offerAt(app, shopId, url);
  const definition = selectorsDefinition([url], { timeoutSeconds: 120 });

  // The try: a 440 KB page, well under a try's 5 MB.
  const tried = call('POST', '/parsers/try', { url: `${shop.base}/p/nested`, shopId, definition });
  // Once the shop has sent the try its page, the page goes to the try's thread at once; the run below asks
  // for a thread only after its own database work and page fetch.
  await shop.served('/p/nested');
  const runId = await startedRun({ app, operator, call }, { code: 'starved-shop', name: 'Starved', shopId, definition });
  await app.parsers.worker.runById(runId);
  const run = body(await call('GET', `/parsers/runs/${runId}`)).data;
  await tried;
  expect([run.status, run.pricesFound, run.errors]).toEqual(['done', 1, {}]);
});
