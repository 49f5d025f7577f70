/**
 * For tests that point parsers at a shop of their own: a loopback HTTP "shop" serving the pages a test
 * gives it, a test app whose parser worker may reach that shop (parsers' allowlist), and calls made as a
 * logged-in user. (helpers/ssrf.ts is the other loopback: fixed redirects and listings for the
 * address tests.)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { build, loginAs, type Session } from './build';
import { callerFor, type Caller } from './catalogue';

/** A page's HTML; a function is read at each request (for pages naming addresses known only later). */
type Page = Buffer | string | (() => string);

export type PageShop = {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** The paths asked for, in order (a shop that must never be reached checks this stays empty). */
  hits: string[];
  /** Settles once the shop has sent the whole of `path` (now or later): a test's wait on the work itself. */
  served(path: string): Promise<void>;
  close(): Promise<void>;
};

/** A loopback shop answering each path of `pages` with that HTML (its length given), 404 otherwise; a function answers every path. */
export async function startPageShop(pages: Record<string, Page> | ((path: string) => Page | undefined)): Promise<PageShop> {
  const hits: string[] = [];
  const sent = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  const sentOf = (path: string) => {
    let entry = sent.get(path);
    if (!entry) {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      entry = { promise, resolve };
      sent.set(path, entry);
    }
    return entry;
  };
  const server = http.createServer((req, res) => {
    const path = req.url ?? '';
    hits.push(path);
    res.on('finish', () => sentOf(path).resolve());
    const page = typeof pages === 'function' ? pages(path) : pages[path];
    if (page === undefined) return void res.writeHead(404).end();
    const html = Buffer.from(typeof page === 'function' ? page() : page);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': html.length });
    res.end(html);
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  return {
    base: `http://127.0.0.1:${port}`,
    hits,
    served: (path) => sentOf(path).promise,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** `call` calls as the operator; another user's calls: `callerFor(app, session)` (helpers/catalogue.ts). */
export type ParsersApp = { app: FastifyInstance; operator: Session; call: Caller };

/**
 * A test app without the parsers' background worker (a test runs what it wants with
 * `app.parsers.worker.runById`), logged in as the operator. With `shop`, the worker may reach that loopback
 * origin and runs it at once: no politeness pauses, no retries, 10 ms backoff.
 */
export async function parsersApp({ shop, env = {} }: { shop?: string; env?: Record<string, string> } = {}): Promise<ParsersApp> {
  const app = await build({ env: { PARSERS_WORKER: '0', ...env } });
  if (shop) {
    app.parsers.workerOptions.allowOrigins = [...app.parsers.workerOptions.allowOrigins, shop];
    Object.assign(app.parsers.workerOptions, { politeness: false, backoffMs: 10, maxRetries: 0 });
  }
  const operator = await loginAs(app, 'operator');
  return { app, operator, call: callerFor(app, operator) };
}

/** A demo shop's id by its code. */
export async function shopIdOf(app: FastifyInstance, code: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM shops WHERE code = ${code}`);
  if (!row) throw new Error(`no shop ${code}`);
  return Number(row.id);
}

/** Moves one of the shop's catalogue offers to `url`, so that a parser run reading that page matches it by URL. */
export async function offerAt(app: FastifyInstance, shopId: number, url: string): Promise<void> {
  await app.db.execute(sql`UPDATE offers SET url = ${url}
    WHERE (product_id, shop_id) IN (SELECT product_id, shop_id FROM offers WHERE shop_id = ${shopId} ORDER BY product_id LIMIT 1)`);
}

/** A `selectors` definition for the test shops' pages: the name in `h1.title`, the price in `.price`, Czech number format. */
export const selectorsDefinition = (productUrls: string[], extra: Record<string, unknown> = {}) => ({
  productUrls,
  strategy: 'selectors',
  selectors: { name: 'h1.title', price: '.price' },
  priceFormat: { decimal: ',', thousands: '.' },
  timeoutSeconds: 60,
  respectRobotsTxt: false,
  ...extra,
});

/** Adds a parser as the operator and starts a run of it by hand (not yet worked): the run's id. */
export async function startedRun({ call }: ParsersApp, parser: { code: string; name: string; shopId: number; definition: unknown }): Promise<number> {
  const created = await call('POST', '/parsers', parser);
  expect([created.statusCode, created.statusCode === 200 ? null : created.body]).toEqual([200, null]);
  const started = await call('POST', '/parsers/force-start', { parsers: [created.json().data._id] });
  expect([started.statusCode, started.statusCode === 200 ? null : started.body]).toEqual([200, null]);
  return Number(started.json().data[0]._id);
}
