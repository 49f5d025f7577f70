/**
 * Scraper requests: one product scraped now by the parsers of a network, listed, filtered, deleted.
 *
 * @one-database: scraper requests one at a time; the runs they start are tested on both elsewhere. (scripts/lib/db-test-files.cjs)
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/client';
import { body, build, loginAs, type Session } from '../../helpers/build';

let app: FastifyInstance;
let analyst: Session;
let operator: Session;
let productId: number;

const url = (s: Session, path: string) => `${path}${path.includes('?') ? '&' : '?'}token=${s.token}`;
const get = (s: Session, path: string) => app.inject({ method: 'GET', url: url(s, path) });
const send = (s: Session, method: 'POST' | 'DELETE', path: string, payload?: unknown) =>
  app.inject({ method, url: url(s, path), payload: payload as object | undefined, cookies: s.xsrf.cookies, headers: s.xsrf.headers });

async function drain() {
  while (await app.parsers.worker.claimAndRun()) {
    /* claim all */
  }
  await app.parsers.worker.idle();
  if (await app.parsers.worker.claimAndRun()) await drain();
}

beforeAll(async () => {
  app = await build({ env: { DEMO_SHOPS: '1', PARSERS_WORKER: '0' } });
  Object.assign(app.parsers.workerOptions, { politeness: false, maxRetries: 0 });
  analyst = await loginAs(app, 'analyst');
  operator = await loginAs(app, 'operator');
  const [row] = await queryRows<{ product_id: number }>(
    app.db,
    sql`SELECT o.product_id FROM offers o JOIN shops s ON s.id = o.shop_id WHERE s.code = 'albert-prg-andel' AND o.url LIKE 'http://127.0.0.1:%' ORDER BY o.product_id LIMIT 1`,
  );
  productId = Number(row!.product_id);
});
afterAll(() => app?.close());

describe('scraper requests', () => {
  let requestId: string;

  it('POST /scrapers/product queues a scrape of the product in the network’s shops and answers the request', async () => {
    const res = await send(analyst, 'POST', '/scrapers/product', { productId, network: 'albert' });
    expect(res.statusCode).toBe(200);
    const req = body(res).data;
    expect(req).toMatchObject({ type: 'product', productId: String(productId), network: 'albert', status: 'queued', user: 'analyst', results: [] });
    requestId = req._id;
    await drain();
    const [done] = body(await get(analyst, `/scrapers/product?productId=${productId}`)).data;
    expect(done.status).toBe('done');
    expect(done.results).toHaveLength(1);
    expect(done.results[0]).toMatchObject({ strategy: 'jsonld', problem: null });
    expect(done.results[0].price).toBeGreaterThan(0);
  });

  it('GET /scrapers/list pages and filters; another network’s user does not see it', async () => {
    const list = body(await get(analyst, '/scrapers/list?country=cz&type=product')).data;
    expect(list.items.map((r: { _id: string }) => r._id)).toContain(requestId);
    expect(body(await get(analyst, '/scrapers/list?country=pl')).data.total).toBe(0);
    const atb = await loginAs(app, 'atb');
    expect(body(await get(atb, '/scrapers/list')).data.items).toEqual([]);
  });

  it('validates: unknown product or network, a network whose parsers do not sell it, bad type', async () => {
    const cases: [unknown, string][] = [
      [{ productId: 99999999, network: 'albert' }, 'productId'],
      [{ productId, network: 'nope' }, 'network'],
      [{ productId, network: 'lidl' }, 'network'],
      [{ productId: 'x', network: 'albert' }, 'productId'],
    ];
    for (const [payload, field] of cases) {
      const res = await send(analyst, 'POST', '/scrapers/product', payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).error.fields[0].path).toBe(field);
    }
    expect((await send(analyst, 'POST', '/scrapers/everything', { productId, network: 'albert' })).statusCode).toBe(400);
    expect((await send(analyst, 'POST', '/scrapers/product', { productId, network: 'silpo' })).statusCode).toBe(403);
  });

  it('DELETE /scrapers/delete-scraper-request: the owner may, another network may not, unknown is 404', async () => {
    const atb = await loginAs(app, 'atb');
    expect((await send(atb, 'DELETE', `/scrapers/delete-scraper-request?id=${requestId}&type=product`)).statusCode).toBe(403);
    expect((await send(analyst, 'DELETE', `/scrapers/delete-scraper-request?id=${requestId}&type=product`)).statusCode).toBe(200);
    expect((await send(analyst, 'DELETE', `/scrapers/delete-scraper-request?id=${requestId}&type=product`)).statusCode).toBe(404);
    expect((await send(operator, 'DELETE', `/scrapers/delete-scraper-request?id=abc&type=product`)).statusCode).toBe(400);
  });
});

describe('a scrape that fails, and the shop parser', () => {
  type Listed = {
    _id: string;
    code: string;
    lastRun: { _id: string; status: string; trigger: string } | null;
    failingStreak: number;
    flagged: boolean;
    problems: number;
  };
  const albert = async (filter = '') =>
    (body(await get(operator, `/parsers/list?filters=albert-prg-andel${filter}`)).data.items as Listed[]).find((p) => p.code === 'albert-prg-andel');
  let before: Listed;
  let withNotFoundBefore: boolean;
  let others: { productId: number; url: string }[];

  beforeAll(async () => {
    // The parser's own full run: its list entry must not move for what follows.
    const id = (await albert())!._id;
    expect((await send(operator, 'POST', '/parsers/force-start', { parsers: [id] })).statusCode).toBe(200);
    await drain();
    before = (await albert())!;
    expect(before.lastRun).toMatchObject({ status: 'done', trigger: 'force' });
    expect(before).toMatchObject({ failingStreak: 0, flagged: false, problems: 0 });
    expect(await albert('&onlyWithProblems=true')).toBeUndefined();
    withNotFoundBefore = (await albert('&onlyWithNotFound=true')) !== undefined;
    others = await queryRows<{ productId: number; url: string }>(
      app.db,
      sql`SELECT o.product_id AS "productId", o.url FROM offers o JOIN shops s ON s.id = o.shop_id
        WHERE s.code = 'albert-prg-andel' AND o.url LIKE 'http://127.0.0.1:%' AND o.product_id <> ${productId} ORDER BY o.product_id LIMIT 3`,
    );
    expect(others).toHaveLength(3);
  });
  afterAll(async () => {
    for (const o of others) await app.db.execute(sql`UPDATE offers SET url = ${o.url} WHERE product_id = ${o.productId} AND url LIKE 'http://127.0.0.1:%'`);
  });

  const scrape = async (pid: number) => {
    const res = await send(analyst, 'POST', '/scrapers/product', { productId: pid, network: 'albert' });
    expect(res.statusCode).toBe(200);
    await drain();
    return body(await get(analyst, `/scrapers/list?scrapers=${body(res).data._id}`)).data.items[0];
  };
  const pointAt = async (o: { productId: number; url: string }, path: string) => {
    const origin = new URL(o.url).origin;
    await app.db.execute(sql`UPDATE offers SET url = ${origin + path} WHERE product_id = ${o.productId} AND url = ${o.url}`);
  };

  it('a page the shop refuses (robots.txt) and a page that is gone: each request ends failed with its reason, not done', async () => {
    await pointAt(others[0]!, '/private/secret');
    const refused = await scrape(others[0]!.productId);
    expect(refused.status).toBe('failed');
    expect(refused.finishedAt).not.toBeNull();
    expect(refused.failures).toEqual([{ kind: 'not_allowed', message: expect.stringContaining('robots') }]);
    expect(refused.results).toHaveLength(1);
    expect(refused.results[0]).toMatchObject({ price: null, problem: { kind: 'not_allowed' } });

    await pointAt(others[1]!, '/p/no-such-article');
    const gone = await scrape(others[1]!.productId);
    expect(gone.status).toBe('failed');
    expect(gone.failures).toEqual([{ kind: 'not_found', message: 'HTTP 404' }]);

    await pointAt(others[2]!, '/p/no-such-article-either');
    expect((await scrape(others[2]!.productId)).status).toBe('failed');
  });

  it('three failed scrapes leave the parser’s list entry as it was: last run, streak, flag, problems, both filters', async () => {
    expect(await albert()).toEqual(before);
    expect(await albert('&onlyWithProblems=true')).toBeUndefined();
    expect((await albert('&onlyWithNotFound=true')) !== undefined).toBe(withNotFoundBefore);
  });

  it('a successful scrape is done with no failures and leaves the parser’s last run as it was', async () => {
    const done = await scrape(productId);
    expect(done).toMatchObject({ status: 'done', failures: [] });
    expect(done.results[0].price).toBeGreaterThan(0);
    expect(await albert()).toEqual(before);
  });

  it('a scrape whose run was abandoned (its process died three times) ends failed with that reason, not running forever', async () => {
    const req = body(await send(analyst, 'POST', '/scrapers/product', { productId, network: 'albert' })).data;
    await app.db.execute(sql`UPDATE parser_runs SET status = 'running', claimed_by = 'dead', attempts = 3, heartbeat_at = now() - interval '1 hour'
      WHERE scraper_request_id = ${Number(req._id)}`);
    await drain();
    const [after] = body(await get(analyst, `/scrapers/list?scrapers=${req._id}`)).data.items;
    expect(after).toMatchObject({ status: 'failed', results: [], failures: [{ kind: 'run_failed', message: 'abandoned after 3 attempts' }] });
    expect(after.finishedAt).not.toBeNull();
    expect(await albert()).toEqual(before);
  });

  it('force start while a scrape of the parser is queued queues the full run, not the one-product run', async () => {
    const req = body(await send(analyst, 'POST', '/scrapers/product', { productId, network: 'albert' })).data;
    const [scraperRun] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM parser_runs WHERE scraper_request_id = ${Number(req._id)}`);
    const started = body(await send(operator, 'POST', '/parsers/force-start', { parsers: [before._id] })).data;
    expect(started[0]._id).not.toBe(String(scraperRun!.id));
    expect(started[0].trigger).toBe('force');
    await drain();
    const after = (await albert())!;
    expect(after.lastRun).toMatchObject({ _id: started[0]._id, trigger: 'force', status: 'done' });
  });
});
