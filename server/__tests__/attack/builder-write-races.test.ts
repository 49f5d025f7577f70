/**
 * The converted write paths (issue 15 item 1: alarms, leaflets, exports, scrapers on the typed builder),
 * each sent ten times at once, and what the rows say afterwards — not only "no 5xx" (access/
 * concurrent-writes does that for every route) but the state a user would check: ten toggles leave the
 * alarm as it was, one firing marked read ten times counts once, one request deleted ten times is
 * deleted once, ten new schedules are ten schedules. The server still answers afterwards. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { queryRows } from '../../src/db/client';
import { build, loginAs, type Session } from '../helpers/build';
import { addFixtures, callerFor, us, type Caller, type Fixtures } from '../helpers/catalogue';

const TIMES = 10;

let app: FastifyInstance;
let fx: Fixtures;
let ashan: Caller;
let analyst: Caller;
let shop: number;

const data = (res: LightMyRequestResponse) => res.json().data;
const statuses = (rs: LightMyRequestResponse[]) => rs.map((r) => r.statusCode).sort();
const tenAtOnce = (f: (i: number) => Promise<LightMyRequestResponse>) => Promise.all(Array.from({ length: TIMES }, (_, i) => f(i)));
const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(app.db, q);

async function ok(res: Promise<LightMyRequestResponse>) {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body.slice(0, 300)}`);
  return data(r);
}

let ashanSession: Session;

beforeAll(async () => {
  app = await build({ env: { JOB_WORKERS: '0', PARSERS_WORKER: '0', DEMO_SHOPS: '1' } });
  fx = await addFixtures(app);
  ashanSession = await loginAs(app, 'ashan');
  ashan = callerFor(app, ashanSession);
  analyst = callerFor(app, await loginAs(app, 'analyst'));
  shop = fx.shop('auchan-kyi-petrivka');
}, 300_000);

afterEach(async () => {
  const check = await ashan('GET', '/auth/check');
  expect(check.statusCode).toBe(200);
});

afterAll(() => app?.close());

describe('ten at once on the converted write paths, then the state', () => {
  it('alarm settings: ten different saves, one row holding one of them', async () => {
    const res = await tenAtOnce((i) => ashan('PUT', '/price-alarms/settings', { email: `race${i}@example.com`, notify: i % 2 ? 'daily' : 'immediate' }));
    expect(statuses(res)).toEqual(res.map(() => 200));
    const saved = await ok(ashan('GET', '/price-alarms/settings'));
    expect(res.map((r) => data(r))).toContainEqual(saved);
    const [n] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM alarm_settings WHERE user_id = ${String(ashanSession.user._id)}::uuid`);
    expect(Number(n!.n)).toBe(1);
  });

  it('a product alarm toggled ten times at once is as it was; each answer a whole alarm', async () => {
    const made = await ok(ashan('POST', '/price-products-alarms', { name: 'Toggle race', products: [fx.buckwheat], shops: [shop], rule: 'below', value: 1 }));
    const res = await tenAtOnce(() => ashan('PUT', `/price-products-alarms/toggle/${made._id}`));
    expect(statuses(res)).toEqual(res.map(() => 200));
    for (const r of res) expect(data(r)).toMatchObject({ _id: made._id, name: 'Toggle race', enabled: expect.any(Boolean) });
    const list = await ok(ashan('GET', '/price-products-alarms/get/all?limit=500'));
    expect(list.items.find((a: { _id: string }) => a._id === made._id).enabled).toBe(made.enabled);
  });

  it('one firing marked read ten times at once counts once', async () => {
    const alarm = await ok(ashan('POST', '/price-alarms', { productId: fx.buckwheat, shops: [shop], rule: 'below', value: 1 }));
    await app.db.execute(
      sql`INSERT INTO alarm_firings (owner_id, alarm_id, kind, alarm_name, product_id, shop_id, rule, value, old_price, new_price)
          SELECT owner_id, id, kind, name, ${fx.buckwheat}, ${shop}, rule, value, 5000, 90 FROM alarms WHERE id = ${Number(alarm._id)}`,
    );
    const [firing] = await rows<{ id: number }>(sql`SELECT max(id) AS id FROM alarm_firings`);
    const before = (await ok(ashan('GET', '/price-alarms/events/unread-count'))).count;
    const res = await tenAtOnce(() => ashan('PUT', '/price-alarms/events/read', { ids: [Number(firing!.id)] }));
    expect(statuses(res)).toEqual(res.map(() => 200));
    expect(res.reduce((n, r) => n + data(r).count, 0)).toBe(1);
    expect((await ok(ashan('GET', '/price-alarms/events/unread-count'))).count).toBe(before - 1);
  });

  it('a price alarm deleted ten times at once: one deletion, the rest 404', async () => {
    const alarm = await ok(ashan('POST', '/price-alarms', { productId: fx.buckwheat, shops: [shop], rule: 'above', value: 1 }));
    const res = await tenAtOnce(() => ashan('DELETE', `/price-alarms/${alarm._id}`));
    expect(statuses(res)).toEqual([200, ...Array(TIMES - 1).fill(404)]);
    expect(data(res.find((r) => r.statusCode === 200)!)).toEqual({ count: 1 });
  });

  it('ten group updates at once: every alarm ends with one of the ten values', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(Number((await ok(ashan('POST', '/price-alarms', { productId: fx.buckwheat, shops: [shop], rule: 'below', value: 1 })))._id));
    const res = await tenAtOnce((i) => ashan('PUT', '/price-alarms', { ids, set: { value: 100 + i } }));
    expect(statuses(res)).toEqual(res.map(() => 200));
    for (const r of res) expect(data(r)).toEqual({ count: 3 });
    const values = await rows<{ value: number }>(sql`SELECT value FROM alarms WHERE id = ANY(${sql.param(ids)}::int[])`);
    for (const v of values) expect(Number(v.value)).toBeGreaterThanOrEqual(100);
    for (const v of values) expect(Number(v.value)).toBeLessThan(100 + TIMES);
  });

  it('one export request deleted ten times at once is deleted once', async () => {
    const made = await ok(ashan('POST', '/export/inline/prices', { products: [fx.buckwheat], shops: [shop], start: us(fx.start), end: us(fx.end) }));
    const res = await tenAtOnce(() => ashan('DELETE', `/export/prices?id=${made._id}`));
    expect(res.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
    expect(res.filter((r) => r.statusCode === 200).reduce((n, r) => n + data(r).deleted, 0)).toBe(1);
    expect((await ashan('GET', `/export/get/${made._id}`)).statusCode).toBe(404);
  });

  it('ten schedules made at once are ten schedules, each listed once', async () => {
    const tpl = await ok(
      ashan('POST', '/export/save-template', { name: 'Race template', data: { type: 'inline', products: [fx.buckwheat], shops: [shop], days: 7 } }),
    );
    const res = await tenAtOnce((i) =>
      ashan('POST', '/export/export-request-schedule', { template: Number(tpl._id), frequency: 'daily', time: `0${i}:15`, name: `Race ${i}` }),
    );
    expect(statuses(res)).toEqual(res.map(() => 200));
    const made = res.map((r) => data(r)._id);
    expect(new Set(made).size).toBe(TIMES);
    const listed = (await ok(ashan('GET', '/export/export-request-schedule'))).filter((s: { _id: string }) => made.includes(s._id));
    expect(listed).toHaveLength(TIMES);
    for (const s of listed)
      expect(s).toMatchObject({ template: { _id: tpl._id, name: 'Race template', type: 'inline' }, enabled: true, nextRunAt: expect.any(String) });
    // Edited ten times at once: one of the edits, whole.
    const edits = await tenAtOnce((i) =>
      ashan('PUT', `/export/export-request-schedule/${made[0]}`, { frequency: 'weekly', dayOfWeek: (i % 7) + 1, time: '05:00' }),
    );
    expect(statuses(edits)).toEqual(edits.map(() => 200));
    const after = (await ok(ashan('GET', '/export/export-request-schedule'))).find((s: { _id: string }) => s._id === made[0]);
    expect(after).toMatchObject({ frequency: 'weekly', time: '05:00', dayOfMonth: null });
    expect(after.cron).toBe(`0 5 * * ${after.dayOfWeek === 7 ? 0 : after.dayOfWeek}`);
  });

  it('a leaflet price deleted ten times at once: one deletion, the rest 404', async () => {
    const leaflet = await ok(ashan('POST', '/leaflets/create', { name: 'Race leaflet', network: 'auchan', start: us(fx.start), end: us(fx.end) }));
    await app.db.execute(
      sql`INSERT INTO leaflet_prices (leaflet_id, product_id, product_name, price, mechanics, source)
          VALUES (${Number(leaflet._id)}, ${fx.buckwheat}, 'Buckwheat', 4500, 'discount', 'manual')`,
    );
    const [price] = await rows<{ id: number }>(sql`SELECT id FROM leaflet_prices WHERE leaflet_id = ${Number(leaflet._id)}`);
    const res = await tenAtOnce(() => ashan('DELETE', `/leaflets/prices/${price!.id}`));
    expect(statuses(res)).toEqual([200, ...Array(TIMES - 1).fill(404)]);
    expect((await ok(ashan('GET', `/leaflets/${leaflet._id}`))).priceCount).toBe(0);
  });

  it('ten scraper requests at once: ten requests, each with its own runs', async () => {
    const [row] = await rows<{ product_id: number }>(
      sql`SELECT o.product_id FROM offers o JOIN shops s ON s.id = o.shop_id WHERE s.code = 'albert-prg-andel' AND o.url LIKE 'http://127.0.0.1:%' ORDER BY o.product_id LIMIT 1`,
    );
    const res = await tenAtOnce(() => analyst('POST', '/scrapers/product', { productId: Number(row!.product_id), network: 'albert' }));
    expect(statuses(res)).toEqual(res.map(() => 200));
    const ids = res.map((r) => Number(data(r)._id));
    expect(new Set(ids).size).toBe(TIMES);
    const runs = await rows<{ id: number; n: number }>(
      sql`SELECT scraper_request_id AS id, count(*)::int AS n FROM parser_runs WHERE scraper_request_id = ANY(${sql.param(ids)}::bigint[]) GROUP BY 1`,
    );
    expect(runs).toHaveLength(TIMES);
    expect(new Set(runs.map((r) => Number(r.n))).size).toBe(1);
    const list = await ok(analyst('GET', `/scrapers/list?scrapers=${ids.join(',')}&limit=50`));
    expect(list.total).toBe(TIMES);
  });
});
