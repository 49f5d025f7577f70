/**
 * The typed-builder conversions of this session (issue 15 item 1: scrapers, alarms, leaflets, exports)
 * fed odd input at every parameter they read: NUL bytes, 10,000-character strings, arrays where a
 * scalar goes, negative, huge and fractional numbers, unknown ids, empty and 100,000-long lists. No
 * answer may be a 5xx; a 400 names the field; and the server still answers afterwards. `npm test` tries
 * one odd value in four per parameter (helpers/matrix.ts: every value kind still meets each endpoint's
 * parameters); `npm run bench` (BENCH_ONLY=matrices) tries them all.
 * @one-database: its subject is what the HTTP layer answers to odd input, one request at a time; the
 * database only holds the fixtures (the concurrent writes of these endpoints: builder-write-races).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { queryRows } from '../../src/db/client';
import { build, loginAs, type Session } from '../helpers/build';
import { addFixtures, us, type Fixtures } from '../helpers/catalogue';
import { matrixSampler } from '../helpers/matrix';

let app: FastifyInstance;
let fx: Fixtures;
const who: Record<string, Session> = {};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** As the session's user; the raw query string is kept as written (repeated keys, odd escapes). */
function send(s: Session | null, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  const full = s ? `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(s.token)}` : url;
  const xsrf = s ?? who.admin!;
  return app.inject({
    method,
    url: full,
    cookies: xsrf.xsrf.cookies,
    headers: xsrf.xsrf.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

// Query and path values as they appear in a URL (already escaped).
const RAW = [
  '%00',
  'a%00b',
  'x'.repeat(10_000),
  '-1',
  '0',
  '1.5',
  '1e308',
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  '',
  '%20',
  '%ED%A0%80', // a lone surrogate's UTF-8 bytes: not UTF-8
  '%FF',
  '%25_%5C',
  "'%20OR%201%3D1--",
  'null',
  '%5B%5D',
  '%7B%7D',
  'NaN',
  'Infinity',
  '0x10',
  '1,2,3',
  Array.from({ length: 100_000 }, (_, i) => i + 1).join(','),
];
// Body values (JSON).
const JSON_VALUES: unknown[] = [
  '\u0000',
  'x'.repeat(10_000),
  '\ud800',
  -1,
  0,
  1.5,
  1e308,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  null,
  true,
  [],
  [1, 2],
  ['1', '\u0000'],
  { a: 1 },
  Array.from({ length: 100_000 }, (_, i) => i + 1),
];

const sample = matrixSampler(4);

type Bad = { call: string; status: number; body: string };
const bad: Bad[] = [];

/** Records any 5xx, a hang, or a 400 that names no field. */
async function probe(label: string, s: Session | null, method: Method, url: string, payload?: unknown) {
  let res: LightMyRequestResponse;
  try {
    res = await send(s, method, url, payload);
  } catch (err) {
    bad.push({ call: label, status: -1, body: String(err) });
    return;
  }
  if (res.statusCode >= 500) bad.push({ call: label, status: res.statusCode, body: res.body.slice(0, 300) });
  else if (res.statusCode === 400) {
    const fields = (res.json() as { error?: { fields?: { path: string }[] } }).error?.fields;
    if (!fields?.length) bad.push({ call: label, status: 400, body: res.body.slice(0, 300) });
  }
}

const short = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 40 ? `${s.slice(0, 20)}…(${s.length})` : s;
};

/** Every raw value in each query parameter of `url` (others kept), and the parameter repeated. */
async function fuzzQuery(s: Session, path: string, params: Record<string, string>, method: Method = 'GET') {
  for (const key of Object.keys(params)) {
    for (const v of sample(RAW)) {
      const q = Object.entries({ ...params, [key]: v })
        .map(([k, x]) => `${k}=${x}`)
        .join('&');
      await probe(`${method} ${path} ${key}=${short(v)}`, s, method, `${path}?${q}`);
    }
    const twice = Object.entries(params)
      .map(([k, x]) => `${k}=${x}`)
      .join('&');
    await probe(`${method} ${path} ${key} twice`, s, method, `${path}?${twice}&${key}=${params[key]}`);
  }
}

/** Every raw value as the path's `:x`. */
async function fuzzPath(s: Session, method: Method, template: string, payload?: unknown) {
  for (const v of sample(RAW)) await probe(`${method} ${template} :x=${short(v)}`, s, method, template.replace(':x', v), payload);
}

/** Every JSON value in each field of a valid body. */
async function fuzzBody(s: Session, method: Method, url: string, valid: Record<string, unknown>) {
  for (const key of Object.keys(valid)) {
    for (const v of sample(JSON_VALUES)) await probe(`${method} ${url} ${key}=${short(v)}`, s, method, url, { ...valid, [key]: v });
  }
}

type Ids = {
  alarm: number;
  productAlarm: number;
  firing: number;
  leaflet: number;
  price: number;
  request: number;
  template: number;
  schedule: number;
  scraper: number;
};
let ids: Ids;
let scraped: number;

const one = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ id: number }>(app.db, q))[0]?.id);

beforeAll(async () => {
  app = await build({ env: { JOB_WORKERS: '0', PARSERS_WORKER: '0', DEMO_SHOPS: '1' } });
  fx = await addFixtures(app);
  for (const u of ['admin', 'ashan', 'analyst', 'metro', 'guest', 'hunter', 'netadmin', 'operator', 'atb']) who[u] = await loginAs(app, u);
  const ok = async (s: Session, method: Method, url: string, payload?: unknown) => {
    const res = await send(s, method, url, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json().data;
  };
  const ashan = who.ashan!;
  const shop = fx.shop('auchan-kyi-petrivka');
  const alarm = await ok(ashan, 'POST', '/price-alarms', { productId: fx.buckwheat, shops: [shop], rule: 'below', value: 10 });
  const productAlarm = await ok(ashan, 'POST', '/price-products-alarms', { name: 'odd', products: [fx.buckwheat], shops: [shop], rule: 'above', value: 1 });
  await app.db.execute(
    sql`INSERT INTO alarm_firings (owner_id, alarm_id, kind, alarm_name, product_id, shop_id, rule, value, old_price, new_price)
        SELECT a.owner_id, a.id, a.kind, a.name, ${fx.buckwheat}, ${shop}, a.rule, a.value, 5000, 900 FROM alarms a WHERE a.id = ${Number(alarm._id)}`,
  );
  const leaflet = await ok(ashan, 'POST', '/leaflets/create', { name: 'Odd leaflet', network: 'auchan', start: us(fx.start), end: us(fx.end) });
  await app.db.execute(
    sql`INSERT INTO leaflet_prices (leaflet_id, product_id, product_name, price, mechanics, source)
        VALUES (${Number(leaflet._id)}, ${fx.buckwheat}, 'Buckwheat', 4500, 'discount', 'manual')`,
  );
  const request = await ok(ashan, 'POST', '/export/inline/prices', { products: [fx.buckwheat], shops: [shop], start: us(fx.start), end: us(fx.end) });
  const template = await ok(ashan, 'POST', '/export/save-template', {
    name: 'Odd template',
    data: { type: 'inline', products: [fx.buckwheat], shops: [shop], start: us(fx.start), end: us(fx.end) },
  });
  const schedule = await ok(ashan, 'POST', '/export/export-request-schedule', { template: Number(template._id), frequency: 'daily', time: '06:00' });
  // A product Albert's parsers sell (an offer with a URL in a shop of an enabled parser).
  scraped = await one(
    sql`SELECT o.product_id AS id FROM offers o JOIN shops s ON s.id = o.shop_id
        WHERE s.code = 'albert-prg-andel' AND o.url LIKE 'http://127.0.0.1:%' ORDER BY o.product_id LIMIT 1`,
  );
  const scraper = await ok(who.analyst!, 'POST', '/scrapers/product', { productId: scraped, network: 'albert' });
  ids = {
    alarm: Number(alarm._id),
    productAlarm: Number(productAlarm._id),
    firing: await one(sql`SELECT id FROM alarm_firings ORDER BY id DESC LIMIT 1`),
    leaflet: Number(leaflet._id),
    price: await one(sql`SELECT id FROM leaflet_prices WHERE leaflet_id = ${Number(leaflet._id)}`),
    request: Number(request._id),
    template: Number(template._id),
    schedule: Number(schedule._id),
    scraper: Number(scraper._id),
  };
}, 300_000);

afterAll(() => app?.close());

describe('odd input on the converted endpoints: never a 5xx, a 400 names the field', () => {
  afterEach(async () => {
    if (bad.length) console.log(JSON.stringify(bad, null, 1));
    const still = await send(who.admin!, 'GET', '/auth/check');
    expect(still.statusCode).toBe(200);
    expect(bad).toEqual([]);
    bad.length = 0;
  });

  it('alarms', async () => {
    const s = who.ashan!;
    await fuzzQuery(s, '/price-alarms/get/all', { limit: '10', skip: '0', search: 'a', rule: 'below', shop: '1', enabled: 'true' });
    await fuzzQuery(s, '/price-products-alarms/get/all', { limit: '10', skip: '0', search: 'a', rule: 'below', shop: '1', enabled: 'true' });
    await fuzzQuery(s, '/price-alarms/events', { limit: '10', skip: '0', unread: 'true' });
    await fuzzPath(s, 'GET', '/price-alarms/products/:x');
    await fuzzPath(s, 'DELETE', '/price-alarms/:x');
    await fuzzPath(s, 'PUT', '/price-products-alarms/toggle/:x');
    await fuzzPath(s, 'DELETE', '/price-products-alarms/all/:x');
    const shop = fx.shop('auchan-kyi-petrivka');
    await fuzzBody(s, 'POST', '/price-alarms', { productId: fx.buckwheat, shops: [shop], rule: 'below', value: 10, start: us(fx.start), end: us(fx.end) });
    await fuzzBody(s, 'PUT', `/price-alarms/${ids.alarm}`, { productId: fx.buckwheat, shops: [shop], rule: 'below', value: 10 });
    await fuzzBody(s, 'PUT', '/price-alarms', { ids: [ids.alarm], set: { value: 5 } });
    await fuzzBody(s, 'PUT', '/price-alarms', { ids: [ids.alarm], set: { start: us(fx.start), end: us(fx.end), shops: [shop], enabled: true } });
    await fuzzBody(s, 'PUT', '/price-products-alarms', { ids: [ids.productAlarm], set: { name: 'x' } });
    await fuzzBody(s, 'POST', '/price-products-alarms', { name: 'n', products: [fx.buckwheat], shops: [shop], rule: 'above', value: 1 });
    await fuzzBody(s, 'PUT', '/price-alarms/events/read', { ids: [ids.firing] });
    await fuzzBody(s, 'PUT', '/price-alarms/settings', { email: 'a@b.cz', notify: 'daily' });
  }, 900_000);

  it('leaflets', async () => {
    const s = who.ashan!;
    await fuzzQuery(s, '/leaflets/search/by-name', { name: 'odd', network: 'auchan' });
    await fuzzQuery(s, '/leaflets/search/by-period', { start: us(fx.start), end: us(fx.end), network: 'auchan' });
    await fuzzQuery(s, `/leaflets/${ids.leaflet}/prices/pageable`, { page: '0', size: '10', pageId: '1' });
    await fuzzPath(s, 'GET', '/leaflets/:x');
    await fuzzPath(s, 'GET', '/leaflets/:x/prices/statistics');
    await fuzzPath(s, 'GET', '/leaflets/:x/prices/pageable');
    await fuzzPath(s, 'DELETE', '/leaflets/prices/:x');
    await fuzzBody(s, 'PUT', `/leaflets/prices/${ids.price}`, { productId: fx.buckwheat, productName: 'B', price: 40 });
    await fuzzBody(s, 'PUT', `/leaflets/${ids.leaflet}`, { name: 'Odd', start: us(fx.start), end: us(fx.end), description: 'd' });
    await fuzzBody(s, 'POST', '/leaflets/export', { ids: [ids.leaflet] });
    await fuzzQuery(s, '/leaflets/export', { count: '10' }, 'POST');
  }, 900_000);

  it('exports', async () => {
    const s = who.ashan!;
    await fuzzQuery(s, '/export/list', { limit: '10', skip: '0', by: 'me', type: 'inline', from: us(fx.start), network: 'auchan', state: 'queued' });
    await fuzzPath(s, 'GET', '/export/get/:x');
    await fuzzPath(s, 'PUT', '/export/:x', { name: 'renamed' });
    await fuzzPath(s, 'PUT', '/export/export-request-schedule/:x', { enabled: false });
    await fuzzPath(s, 'DELETE', '/export/export-request-schedule/:x');
    await fuzzQuery(s, '/export/prices', { id: String(ids.request + 1000) }, 'DELETE');
    await fuzzQuery(s, '/export/prices/delete', { ids: String(ids.request + 1000), templates: String(ids.template + 1000) }, 'DELETE');
    const shop = fx.shop('auchan-kyi-petrivka');
    await fuzzBody(s, 'POST', '/export/inline/prices', { products: [fx.buckwheat], shops: [shop], start: us(fx.start), end: us(fx.end), name: 'n' });
    await fuzzBody(s, 'PUT', `/export/${ids.request}`, { name: 'renamed' });
    await fuzzBody(s, 'DELETE', '/export/prices/delete', { ids: [ids.request + 1000], templates: [ids.template + 1000] });
    await fuzzBody(s, 'POST', '/export/save-template', {
      name: 'T',
      data: { type: 'inline', products: [fx.buckwheat], shops: [shop], start: us(fx.start), end: us(fx.end) },
      autoGeneration: false,
    });
    await fuzzBody(s, 'POST', '/export/save-template', {
      name: 'T2',
      data: { type: 'inline', products: [fx.buckwheat], shops: [shop], start: us(fx.start), end: us(fx.end), name: 'x' },
    });
    await fuzzBody(s, 'POST', '/export/export-request-schedule', { template: ids.template, frequency: 'weekly', time: '06:00', dayOfWeek: 1, name: 'S' });
    await fuzzBody(s, 'PUT', `/export/export-request-schedule/${ids.schedule}`, { frequency: 'monthly', dayOfMonth: 3, time: '07:00', enabled: true });
    await fuzzBody(s, 'DELETE', '/export/delete-templates', { ids: [ids.template + 1000] });
  }, 900_000);

  it('scrapers', async () => {
    const s = who.analyst!;
    await fuzzQuery(s, '/scrapers/list', { limit: '10', skip: '0', country: 'cz', type: 'product', scrapers: String(ids.scraper), field: 'status' });
    await fuzzQuery(s, '/scrapers/product', { network: 'albert', user: 'analyst', productId: String(scraped) });
    await fuzzPath(s, 'GET', '/scrapers/:x');
    await fuzzQuery(s, '/scrapers/delete-scraper-request', { id: String(ids.scraper + 1000), type: 'product' }, 'DELETE');
    await fuzzBody(s, 'POST', '/scrapers/product', { productId: scraped, network: 'albert' });
    await fuzzBody(s, 'DELETE', '/scrapers/delete-scraper-request', { id: ids.scraper + 1000, type: 'product' });
  }, 900_000);
});
