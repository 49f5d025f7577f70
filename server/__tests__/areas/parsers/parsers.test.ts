/**
 * Parsers API on a demo database with the demo shops running on loopback: the list and its filters,
 * schedules, force start followed to the end, prices in the history, problems, the results file, rights.
 *
 * @one-database: parser runs through the product, one force start at a time; recording (record-batches, the kept tables) and the jobs are tested on both elsewhere. (scripts/lib/db-test-files.cjs)
 */
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/client';
import type { DemoPrice } from '../../../src/demo-shops/prices';
import { DEMO_SHOPS, DEMO_SHOP_PRODUCTS } from '../../../src/demo-shops/catalog';
import { todayDay, todayIso } from '../../../src/lib/days';
import { body, build, loginAs, type Session } from '../../helpers/build';
import { evaluated } from '../alarms/helpers';

let app: FastifyInstance;

/** The true price of a product a running demo shop renders (its page's, misprints aside). */
const truthOf = (productId: number | string, code: string, day: number): DemoPrice => app.parsers.demoShops!.price(code, Number(productId), day);
let analyst: Session;
let operator: Session;

const get = (s: Session, url: string) => app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}token=${s.token}` });
const post = (s: Session, url: string, payload: unknown) =>
  app.inject({ method: 'POST', url: `${url}?token=${s.token}`, payload: payload as object, cookies: s.xsrf.cookies, headers: s.xsrf.headers });

async function parserId(code: string): Promise<string> {
  const res = await get(operator, `/parsers/list?filters=${code}`);
  return body(res).data.items.find((p: { code: string }) => p.code === code)._id;
}

/** Runs everything queued, in this process, to the end. */
async function drain() {
  const { worker } = app.parsers;
  while (await worker.claimAndRun()) {
    /* claim all */
  }
  await worker.idle();
  if (await worker.claimAndRun()) await drain();
}

beforeAll(async () => {
  app = await build({ env: { DEMO_SHOPS: '1', PARSERS_WORKER: '0' } });
  Object.assign(app.parsers.workerOptions, { politeness: false, backoffMs: 10, maxRetries: 0 });
  analyst = await loginAs(app, 'analyst');
  operator = await loginAs(app, 'operator');
});
afterAll(() => app?.close());

describe('GET /parsers/list', () => {
  it('lists the demo shops’ parsers with paging, and only those of visible networks for a network user', async () => {
    const all = body(await get(operator, '/parsers/list'));
    // One parser per demo shop (src/demo-shops/catalog.ts).
    expect(all.data.total).toBe(DEMO_SHOPS.length);
    expect(all.data.items.map((p: { country: string }) => p.country).sort()).toEqual(DEMO_SHOPS.map((s) => s.country).sort());
    const page = body(await get(operator, `/parsers/list?limit=2&skip=${DEMO_SHOPS.length - 1}`));
    expect(page.data.items).toHaveLength(1);
    // Albert sees its own network plus lidl and kaufland (exportDetails.allowedNetworks).
    const mine = body(await get(analyst, '/parsers/list'));
    expect(mine.data.items.map((p: { network: string }) => p.network).sort()).toEqual(['albert', 'kaufland', 'lidl']);
  });

  it('filters by shop; an unknown shop is 400, another network’s shop 403', async () => {
    const [lidl] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM shops WHERE code = 'lidl-prg-smichov'`);
    const [silpo] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM shops WHERE code = 'silpo-kyi-pechersk'`);
    const byShop = body(await get(analyst, `/parsers/list?shops=${lidl!.id}`)).data.items.map((p: { code: string }) => p.code);
    expect(byShop).toEqual(['lidl-prg-smichov']);
    expect((await get(analyst, `/parsers/list?shops=${silpo!.id}`)).statusCode).toBe(403);
    const unknown = await get(analyst, '/parsers/list?shops=99999999');
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).error.fields[0].path).toBe('shops');
  });

  it('rejects bad filters with 400 naming the field', async () => {
    for (const [q, field] of [
      ['limit=0', 'limit'],
      ['skip=-1', 'skip'],
      ['shops=abc', 'shops'],
    ]) {
      const res = await get(operator, `/parsers/list?${q}`);
      expect(res.statusCode).toBe(400);
      expect(body(res).error.fields[0].path).toMatch(new RegExp(`^${field}`));
    }
  });
});

describe('force start, live progress, prices, problems, results', () => {
  it('runs a parser to the end and writes the shop’s prices into the history', async () => {
    const id = await parserId('lidl-prg-smichov');
    // The seeded history already covers today, and the history only moves forward: start it from yesterday.
    await app.db.execute(sql`DELETE FROM price_spans WHERE shop_id = (SELECT id FROM shops WHERE code = 'lidl-prg-smichov')`);
    await app.db.execute(sql`DELETE FROM current_prices WHERE shop_id = (SELECT id FROM shops WHERE code = 'lidl-prg-smichov')`);
    // An alarm on one of the shop's products, set before the run, fires from the prices the run writes.
    const admin = await loginAs(app, 'admin');
    // `above` needs the product in stock, and the demo shops' stock changes day by day: take the first of
    // the shop's rendered products that is in stock today, so the test does not depend on the date.
    const offers = await queryRows<{ product_id: number; shop_id: number }>(
      app.db,
      sql`SELECT o.product_id, o.shop_id FROM offers o JOIN shops s ON s.id = o.shop_id WHERE s.code = 'lidl-prg-smichov'
        ORDER BY o.product_id LIMIT ${DEMO_SHOP_PRODUCTS}`,
    );
    const offer = offers.find((o) => truthOf(o.product_id, 'lidl-prg-smichov', todayDay()).inStock);
    expect(offer).toBeDefined();
    const alarm = await post(admin, '/price-alarms', { productId: offer!.product_id, shops: [offer!.shop_id], rule: 'above', value: 0.01 });
    expect(alarm.statusCode).toBe(200);

    const started = body(await post(analyst, '/parsers/force-start', { parsers: [id] }));
    expect(started.data[0]).toMatchObject({ status: 'queued', trigger: 'force' });
    const runId = started.data[0]._id;
    await drain();
    const run = body(await get(analyst, `/parsers/runs/${runId}`)).data;
    expect(run).toMatchObject({ status: 'done', pagesTotal: 12, pagesDone: 12, pricesFound: 12, notFound: 0, errors: {} });

    // The current price of every product of the shop is today's demo price.
    const rows = await queryRows<{ product_id: number; regular: number; promo: number | null; in_stock: boolean; last_seen: string | Date; source: number }>(
      app.db,
      sql`SELECT cp.product_id, cp.regular, cp.promo, cp.in_stock, cp.last_seen, cp.source FROM current_prices cp JOIN shops s ON s.id = cp.shop_id
        WHERE s.code = 'lidl-prg-smichov' AND cp.product_id IN (SELECT product_id FROM parser_run_items WHERE run_id = ${Number(runId)})`,
    );
    expect(rows).toHaveLength(12);
    for (const r of rows) {
      const truth = truthOf(r.product_id, 'lidl-prg-smichov', todayDay());
      expect({ regular: r.regular, promo: r.promo, inStock: r.in_stock }).toEqual(truth);
      expect(new Date(r.last_seen).toISOString().slice(0, 10)).toBe(todayIso());
      expect(r.source).toBe(0);
    }

    // Evaluation is a background job (pg-boss when jobs run): wait until it is done.
    await evaluated(app);
    const fired: { rule: string; productId: string; shopId: string }[] = body(await get(admin, '/price-alarms/events?limit=100')).data.items;
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ rule: 'above', productId: String(offer!.product_id), shopId: String(offer!.shop_id) });

    const list = body(await get(analyst, '/parsers/list?filters=lidl')).data.items[0];
    expect(list.lastRun).toMatchObject({ _id: runId, status: 'done', pricesFound: 12 });
    expect(list.activeRun).toBeNull();
  });

  it('the failing shop shows under onlyWithProblems with its problems by kind, and under onlyWithNotFound', async () => {
    const id = await parserId('kaufland-prg-barrandov');
    const runId = body(await post(analyst, '/parsers/force-start', { parsers: [id] })).data[0]._id;
    await drain();
    const run = body(await get(analyst, `/parsers/runs/${runId}`)).data;
    expect(run.status).toBe('done');
    expect(run.notFound).toBe(1);
    expect(run.errors).toMatchObject({
      http_status: 1,
      timeout: 1,
      layout_changed: 1,
      blocked: 1,
      price_unparseable: 1,
      too_large: 1,
      redirect_loop: 1,
      invalid_encoding: 1,
      not_allowed: 1,
    });
    expect(run.pricesFound).toBe(6);

    const problems = body(await get(analyst, '/parsers/list?onlyWithProblems=true')).data.items.map((p: { code: string }) => p.code);
    expect(problems).toEqual(['kaufland-prg-barrandov']);
    const notFound = body(await get(analyst, '/parsers/list?onlyWithNotFound=true')).data.items.map((p: { code: string }) => p.code);
    expect(notFound).toEqual(['kaufland-prg-barrandov']);

    const details = body(await get(analyst, `/parsers/runs/${runId}/problems`)).data;
    expect(details.find((d: { url: string }) => d.url.endsWith('/special/huge')).kind).toBe('too_large');

    // Its results as an xlsx the caller downloads from /data/{file}.
    const file = body(await get(analyst, `/parsers/runs/${runId}/results`)).data;
    expect(file.extension).toBe('.xlsx');
    const dl = await get(analyst, `/data/${file.file}?filename=kaufland`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toContain('kaufland.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(dl.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(1 + 16);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['URL', 'Price', 'Problem']));
    // Another network's user cannot read it.
    const other = await loginAs(app, 'atb');
    expect((await get(other, `/data/${file.file}`)).statusCode).toBe(403);
  });

  it('a parser failing again and again is flagged', async () => {
    const id = Number(await parserId('carrefour-tbs-east-point'));
    // Its shop breaks: its only page now redirects for ever.
    const loop = `${app.parsers.demoShops!.shops.find((s) => s.spec.failing)!.base}/special/redirect-loop`;
    await app.db.execute(sql`UPDATE parsers SET definition = jsonb_set(definition, '{productUrls}', ${JSON.stringify([loop])}::jsonb) WHERE id = ${id}`);
    for (let i = 0; i < 3; i++) {
      await post(operator, '/parsers/force-start', { parsers: [id] });
      await drain();
    }
    const item = body(await get(operator, '/parsers/list?filters=carrefour')).data.items[0];
    expect(item.lastRun.status).toBe('failed');
    expect(item.failingStreak).toBe(3);
    expect(item.flagged).toBe(true);
  });

  it('an invalid stored definition fails the run with a recorded problem, prices untouched', async () => {
    const id = Number(await parserId('zabka-waw-srodmiescie'));
    await app.db.execute(sql`UPDATE parsers SET definition = '{"productUrls": ["not a url"], "strategy": "selectors"}'::jsonb WHERE id = ${id}`);
    const before = await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM price_spans`);
    const runId = body(await post(operator, '/parsers/force-start', { parsers: [id] })).data[0]._id;
    await drain();
    const run = body(await get(operator, `/parsers/runs/${runId}`)).data;
    expect(run.status).toBe('failed');
    expect(run.errors).toEqual({ invalid_definition: 1 });
    expect(await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM price_spans`)).toEqual(before);
  });
});

describe('rights and validation', () => {
  it('guests look but do not start; network users without parser access get 403', async () => {
    const guest = await loginAs(app, 'guest');
    expect((await get(guest, '/parsers/list')).statusCode).toBe(200);
    const id = await parserId('albert-prg-andel');
    expect((await post(guest, '/parsers/force-start', { parsers: [id] })).statusCode).toBe(403);
    await app.db.execute(sql`UPDATE networks SET export_details = export_details || '{"access": ["manual"]}'::jsonb WHERE code = 'billa'`);
    const netadmin = await loginAs(app, 'netadmin');
    expect((await get(netadmin, '/parsers/list')).statusCode).toBe(403);
  });

  it('a network user cannot start or read another network’s parser', async () => {
    const id = await parserId('silpo-kyi-pechersk');
    expect((await post(analyst, '/parsers/force-start', { parsers: [id] })).statusCode).toBe(403);
  });

  it('force-start validates its body', async () => {
    for (const payload of [{}, { parsers: [] }, { parsers: ['x'] }, { parsers: [999999] }]) {
      const res = await post(operator, '/parsers/force-start', payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).error.fields[0].path).toMatch(/^parsers/);
    }
  });

  it('GET /parsers-schedules/list answers the next run times', async () => {
    const id = await parserId('albert-prg-andel');
    const res = body(await get(analyst, `/parsers-schedules/list?parsers=${id}`));
    expect(res.data[0].schedule).toBe('0 */6 * * *');
    expect(res.data[0].next).toHaveLength(3);
    expect(new Date(res.data[0].next[0]).getUTCHours() % 6).toBe(0);
  });
});
