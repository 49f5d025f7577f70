/** Scraper requests: one product scraped now by the parsers of a network, listed, filtered, deleted. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/client';
import { body, build, loginAs, type Session } from '../../helpers/build';

jest.setTimeout(120_000);

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
