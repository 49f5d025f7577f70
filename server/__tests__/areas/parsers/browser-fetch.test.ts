/**
 * Browser fetch through the whole product (docs/parsers.md "Browser fetch"): the demo shop that renders
 * its price and JSON-LD only by script, force-started like any parser. With `"fetch": "browser"` its
 * prices reach the history; the same definition fetched over HTTP finds no price on any page.
 *
 * @one-database: a page fetched by the browser; nothing here depends on the database. (scripts/lib/db-test-files.cjs)
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/client';
import type { DemoPrice } from '../../../src/demo-shops/prices';
import { DEMO_SHOPS, DEMO_SHOP_PRODUCTS } from '../../../src/demo-shops/catalog';
import { todayDay } from '../../../src/lib/days';
import { body, build, loginAs, type Session } from '../../helpers/build';

jest.setTimeout(180_000);

const SHOP = DEMO_SHOPS.find((s) => s.template === 'script-rendered')!.code;
let app: FastifyInstance;

/** The true price of a product a running demo shop renders (its page's, misprints aside). */
const truthOf = (productId: number | string, code: string, day: number): DemoPrice => app.parsers.demoShops!.price(code, Number(productId), day);
let operator: Session;

const get = (url: string) => app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}token=${operator.token}` });
const post = (url: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `${url}?token=${operator.token}`,
    payload: payload as object,
    cookies: operator.xsrf.cookies,
    headers: operator.xsrf.headers,
  });

async function forceRun(): Promise<{ status: string; pagesDone: number; pricesFound: number; errors: Record<string, number>; _id: string }> {
  const list = body(await get(`/parsers/list?filters=${SHOP}`)).data.items;
  const started = body(await post('/parsers/force-start', { parsers: [list.find((p: { code: string }) => p.code === SHOP)._id] }));
  const runId = started.data[0]._id;
  const { worker } = app.parsers;
  while (await worker.claimAndRun()) {
    /* claim all */
  }
  await worker.idle();
  return body(await get(`/parsers/runs/${runId}`)).data;
}

beforeAll(async () => {
  app = await build({ env: { DEMO_SHOPS: '1', PARSERS_WORKER: '0' } });
  Object.assign(app.parsers.workerOptions, { politeness: false, backoffMs: 10, maxRetries: 0 });
  operator = await loginAs(app, 'operator');
});
afterAll(() => app?.close());

it('the demo parser with fetch "browser" writes every price the script renders', async () => {
  // The seeded history covers today and only moves forward: start the shop's from nothing.
  await app.db.execute(sql`DELETE FROM price_spans WHERE shop_id = (SELECT id FROM shops WHERE code = ${SHOP})`);
  await app.db.execute(sql`DELETE FROM current_prices WHERE shop_id = (SELECT id FROM shops WHERE code = ${SHOP})`);
  const run = await forceRun();
  expect(run).toMatchObject({ status: 'done', pagesDone: DEMO_SHOP_PRODUCTS, pricesFound: DEMO_SHOP_PRODUCTS, errors: {} });
  const rows = await queryRows<{ product_id: number; regular: number; promo: number | null; in_stock: boolean }>(
    app.db,
    sql`SELECT cp.product_id, cp.regular, cp.promo, cp.in_stock FROM current_prices cp JOIN shops s ON s.id = cp.shop_id WHERE s.code = ${SHOP}`,
  );
  expect(rows).toHaveLength(DEMO_SHOP_PRODUCTS);
  for (const r of rows) expect({ regular: r.regular, promo: r.promo, inStock: r.in_stock }).toEqual(truthOf(r.product_id, SHOP, todayDay()));
});

it('the same definition fetched over HTTP gets layout_changed on every page and writes nothing', async () => {
  await app.db.execute(sql`UPDATE parsers SET definition = (definition - 'waitFor') || '{"fetch":"http"}'::jsonb WHERE code = ${SHOP}`);
  const before = await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM price_spans`);
  const run = await forceRun();
  expect(run).toMatchObject({ status: 'failed', pagesDone: DEMO_SHOP_PRODUCTS, pricesFound: 0, errors: { layout_changed: DEMO_SHOP_PRODUCTS } });
  expect(await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM price_spans`)).toEqual(before);
});
