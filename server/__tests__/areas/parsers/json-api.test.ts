/**
 * The JSON API strategy through the whole product (issue 16 item 2): the demo API shop's parser runs
 * once and covers the shop's whole catalogue, page by page, and its prices reach the history; a
 * template with {id} asks per product; a scraper request takes only its product; an invalid path fails
 * the run with invalid_definition naming the field and writes nothing. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 *
 * @one-database: the JSON API strategy through one parser run; recording is tested on both elsewhere. (scripts/lib/db-test-files.cjs)
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/client';
import type { DemoPrice } from '../../../src/demo-shops/prices';
import { DEMO_API_PAGE_SIZE, DEMO_SHOPS } from '../../../src/demo-shops/catalog';
import { todayDay, todayIso } from '../../../src/lib/days';
import { body, build, loginAs, type Session } from '../../helpers/build';

const SHOP = DEMO_SHOPS.find((s) => s.template === 'json-api')!.code;

let app: FastifyInstance;

/** The true price of a product a running demo shop renders (its page's, misprints aside). */
const truthOf = (productId: number | string, code: string, day: number): DemoPrice => app.parsers.demoShops!.price(code, Number(productId), day);
let operator: Session;

const get = (s: Session, url: string) => app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}token=${s.token}` });
const post = (s: Session, url: string, payload: unknown) =>
  app.inject({ method: 'POST', url: `${url}?token=${s.token}`, payload: payload as object, cookies: s.xsrf.cookies, headers: s.xsrf.headers });

async function drain() {
  const { worker } = app.parsers;
  while (await worker.claimAndRun()) {
    /* claim all */
  }
  await worker.idle();
  if (await worker.claimAndRun()) await drain();
}

async function parser() {
  const [row] = await queryRows<{ id: number; shop_id: number; definition: Record<string, unknown> }>(
    app.db,
    sql`SELECT id, shop_id, definition FROM parsers WHERE code = ${SHOP}`,
  );
  return { id: String(row!.id), shopId: Number(row!.shop_id), definition: row!.definition };
}

async function runToEnd(id: string) {
  const started = body(await post(operator, '/parsers/force-start', { parsers: [id] }));
  await drain();
  return body(await get(operator, `/parsers/runs/${started.data[0]._id}`)).data;
}

/** The shop's current prices, by product. */
async function current(shopId: number) {
  const rows = await queryRows<{ product_id: number; regular: number; promo: number | null; in_stock: boolean; last_seen: string | Date }>(
    app.db,
    sql`SELECT product_id, regular, promo, in_stock, last_seen FROM current_prices WHERE shop_id = ${shopId} ORDER BY product_id`,
  );
  return new Map(rows.map((r) => [Number(r.product_id), r]));
}

const setDefinition = (definition: unknown) => app.db.execute(sql`UPDATE parsers SET definition = ${JSON.stringify(definition)}::jsonb WHERE code = ${SHOP}`);

beforeAll(async () => {
  app = await build({ env: { DEMO_SHOPS: '1', PARSERS_WORKER: '0' } });
  Object.assign(app.parsers.workerOptions, { politeness: false, backoffMs: 10, maxRetries: 0 });
  operator = await loginAs(app, 'operator');
});
afterAll(() => app?.close());

describe('a JSON API shop', () => {
  it('one run covers the whole catalogue, page by page, and writes every price into the history', async () => {
    const p = await parser();
    const offers = await queryRows<{ product_id: number }>(app.db, sql`SELECT product_id FROM offers WHERE shop_id = ${p.shopId} ORDER BY product_id`);
    // More than one page of the API, so paging is what covers the catalogue.
    expect(offers.length).toBeGreaterThan(DEMO_API_PAGE_SIZE);
    const run = await runToEnd(p.id);
    expect(run).toMatchObject({ status: 'done', pagesTotal: offers.length, pagesDone: offers.length, pricesFound: offers.length, notFound: 0, errors: {} });
    const prices = await current(p.shopId);
    for (const { product_id } of offers) {
      const truth = truthOf(product_id, SHOP, todayDay());
      const row = prices.get(Number(product_id))!;
      expect({ regular: row.regular, promo: row.promo, inStock: row.in_stock }).toEqual(truth);
      expect(String(row.last_seen instanceof Date ? row.last_seen.toISOString() : row.last_seen).slice(0, 10)).toBe(todayIso());
    }
  });

  it('a template with {id} asks the API once per catalogue product of the shop', async () => {
    const p = await parser();
    const def = p.definition as { api: { request: { url: string }; paging?: unknown } };
    const base = def.api.request.url.replace(/\/api\/.*$/, '');
    await setDefinition({ ...def, api: { ...def.api, paging: undefined, request: { ...def.api.request, url: `${base}/api/v1/products/{id}` } } });
    try {
      const [{ n }] = (await queryRows<{ n: number }>(
        app.db,
        sql`SELECT count(*)::int AS n FROM offers WHERE shop_id = ${p.shopId} AND shop_article IS NOT NULL`,
      )) as [{ n: number }];
      const run = await runToEnd(p.id);
      expect(run).toMatchObject({ status: 'done', pagesTotal: n, pricesFound: n, errors: {} });
    } finally {
      await setDefinition(def);
    }
  });

  it('a scraper request reads the catalogue but keeps only its product', async () => {
    const p = await parser();
    const [offer] = await queryRows<{ product_id: number; network: string }>(
      app.db,
      sql`SELECT o.product_id, n.code AS network FROM offers o JOIN shops s ON s.id = o.shop_id JOIN networks n ON n.id = s.network_id
        WHERE o.shop_id = ${p.shopId} ORDER BY o.product_id DESC LIMIT 1`,
    );
    const res = await post(operator, '/scrapers/product', { productId: Number(offer!.product_id), network: offer!.network });
    expect(res.statusCode).toBe(200);
    await drain();
    const request = body(await get(operator, `/scrapers/list?scrapers=${body(res).data._id}`)).data.items[0];
    expect(request.status).toBe('done');
    const truth = truthOf(offer!.product_id, SHOP, todayDay());
    expect(request.results).toHaveLength(1);
    expect(request.results[0]).toMatchObject({ price: (truth.promo ?? truth.regular) / 100, strategy: 'json', problem: null });
  });

  it('an invalid JSONPath fails the run with invalid_definition naming the field, and writes nothing', async () => {
    const p = await parser();
    const def = p.definition as { api: { fields: Record<string, string> } };
    await app.db.execute(sql`DELETE FROM current_prices WHERE shop_id = ${p.shopId}`);
    await setDefinition({ ...def, api: { ...def.api, fields: { ...def.api.fields, price: '$.pricing[' } } });
    try {
      const run = await runToEnd(p.id);
      expect(run).toMatchObject({ status: 'failed', pagesDone: 0, pricesFound: 0, errors: { invalid_definition: 1 } });
      const [failure] = await queryRows<{ failure: string }>(app.db, sql`SELECT failure FROM parser_runs WHERE id = ${Number(run._id)}`);
      expect(failure!.failure).toMatch(/api\.fields\.price: invalid JSONPath/);
      expect((await current(p.shopId)).size).toBe(0);
      const [{ n }] = (await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM parser_run_items WHERE run_id = ${Number(run._id)}`)) as [
        { n: number },
      ];
      expect(n).toBe(0);
    } finally {
      await setDefinition(def);
    }
  });
});
