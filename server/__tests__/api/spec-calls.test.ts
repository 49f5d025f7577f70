/**
 * Issue 17: the calls of spec §7 as a client written from the spec makes them — the spec's parameter
 * names, its forms, its dates (§9) — and the one shape of answers (timestamps, file extensions, paged
 * lists). Generic checks walk the OpenAPI document (GET /api/openapi.json), so a new call is held to the
 * same rules.
 *
 * @one-database: the calls' names, forms and answer shapes, one request at a time. (scripts/lib/db-test-files.cjs)
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { queryRows } from '../../src/db/client';
import { addDays, todayIso } from '../../src/lib/days';
import { build, loginAs } from '../helpers/build';
import { addFixtures, us, type Fixtures } from '../helpers/catalogue';
import { callAs, type Call } from '../access/call';
import { multipart, settle } from '../areas/alarms/helpers';

let app: FastifyInstance;
let fx: Fixtures;
const as = {} as Record<'admin' | 'ashan' | 'atb' | 'metro' | 'analyst', Call>;
let adminToken: string;
let doc: { paths: Record<string, Record<string, Operation>> };

type Parameter = { in: string; name: string; required?: boolean; description?: string; schema: Schema };
type Operation = { parameters?: Parameter[]; responses: Record<string, unknown> };
const describedAs = (p: Parameter) => String(p.description ?? p.schema.description ?? '');
type Schema = Record<string, unknown>;

const data = (res: LightMyRequestResponse) => res.json().data;
const fieldsOf = (res: LightMyRequestResponse): string[] => (res.json().error?.fields ?? []).map((f: { path: string }) => f.path);
/** A day as toLocaleDateString('en-US') writes it: no zero padding. */
const unpadded = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;

beforeAll(async () => {
  app = await build();
  fx = await addFixtures(app);
  for (const u of ['admin', 'ashan', 'atb', 'metro', 'analyst'] as const) as[u] = callAs(app, await loginAs(app, u));
  doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(() => app.close());

describe('1. POST /custom/import-internal-prices takes the spec form (prices, network, shop)', () => {
  /** Each import writes a day of its own after the fixtures' (today's prices are the fixtures'). */
  let days = 10;
  const nextDay = () => us(addDays(todayIso(), ++days));
  const priceOn = async (shop: number, day: string) => {
    const res = await as.admin('POST', '/prices/all-prices', { products: [fx.buckwheat], shops: [shop], date: day });
    return data(res)[0]?.regular;
  };
  const send = (form: { payload: Buffer | string; headers: Record<string, string> }) =>
    app.inject({ method: 'POST', url: `/custom/import-internal-prices?token=${adminToken}`, ...withXsrf(form) });
  let xsrf: { cookies: Record<string, string>; headers: Record<string, string> };
  const withXsrf = (form: { payload: Buffer | string; headers: Record<string, string> }) => ({
    payload: form.payload,
    headers: { ...xsrf.headers, ...form.headers },
    cookies: xsrf.cookies,
  });
  beforeAll(async () => {
    const session = await loginAs(app, 'admin');
    xsrf = session.xsrf;
    adminToken = session.token;
  });

  it('as multipart/form-data with `prices` as JSON text', async () => {
    const atb = fx.shop('atb-kyi-obolon');
    const date = nextDay();
    const res = await send(multipart({ prices: JSON.stringify([{ product: fx.buckwheat, price: 41 }]), network: 'atb', shop: String(atb), date }));
    expect([res.statusCode, data(res)?.written]).toEqual([200, 1]);
    expect(await priceOn(atb, date)).toBe(41);
  });

  it('as application/x-www-form-urlencoded', async () => {
    const atb = fx.shop('atb-kyi-obolon');
    const date = nextDay();
    const form = new URLSearchParams({ prices: JSON.stringify([{ product: fx.buckwheat, price: 42 }]), network: 'atb', shop: String(atb), date });
    const res = await send({ payload: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect([res.statusCode, data(res)?.written]).toEqual([200, 1]);
    expect(await priceOn(atb, date)).toBe(42);
  });

  it('and still as JSON', async () => {
    const silpo = fx.shop('silpo-kyi-pechersk');
    const date = nextDay();
    const res = await as.admin('POST', '/custom/import-internal-prices', {
      prices: [{ product: fx.buckwheat, price: 61 }],
      network: 'silpo',
      shop: silpo,
      date,
    });
    expect([res.statusCode, data(res)?.written]).toEqual([200, 1]);
    expect(await priceOn(silpo, date)).toBe(61);
  });

  it('a broken or missing field is 400 naming it', async () => {
    let res = await send(multipart({ prices: '[{"product": ', shop: String(fx.shop('atb-kyi-obolon')) }));
    expect([res.statusCode, fieldsOf(res)]).toEqual([400, ['prices']]);
    res = await send(multipart({ network: 'atb', shop: String(fx.shop('atb-kyi-obolon')) }));
    expect([res.statusCode, fieldsOf(res)]).toEqual([400, ['prices']]);
    res = await send(multipart({ prices: JSON.stringify([{ product: fx.buckwheat, price: 1 }]), shop: 'x' }));
    expect([res.statusCode, fieldsOf(res)]).toEqual([400, ['shop']]);
  });

  it('the document names the form', () => {
    const op = doc.paths['/custom/import-internal-prices']!.post as unknown as { requestBody: { content: Record<string, unknown> } };
    expect(Object.keys(op.requestBody.content).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']);
  });
});

describe('2. dates in US short format also without zero padding (spec §9)', () => {
  it('GET /prices/history?start=1/5/2026&end=11/1/2026', async () => {
    const res = await as.admin('GET', `/prices/history?product=${fx.buckwheat}&start=1/5/2026&end=11/1/2026`);
    expect(res.statusCode).toBe(200);
    expect(data(res)).toMatchObject({ start: '2026-01-05', end: '2026-11-01' });
  });

  it('as toLocaleDateString("en-US") writes them, in the calls that take dates', async () => {
    const [start, end] = [unpadded(fx.start), unpadded(fx.end)];
    expect((await as.admin('GET', `/export/list?from=${start}`)).statusCode).toBe(200);
    expect((await as.admin('GET', `/leaflets/search/by-period?start=${start}&end=${end}`)).statusCode).toBe(200);
    const all = await as.admin('POST', '/prices/all-prices', { products: [fx.buckwheat], date: end });
    expect(all.statusCode).toBe(200);
    const analytics = await as.admin('POST', '/prices/history/products/analytics', { start, end, products: [fx.buckwheat] });
    expect([analytics.statusCode, data(analytics).start, data(analytics).end]).toEqual([200, fx.start, fx.end]);
    expect((await as.admin('GET', `/prices/history?product=${fx.buckwheat}&start=2/30/2026`)).statusCode).toBe(400);
  });

  it('every documented date query parameter takes 1/5/2026', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      const get = ops.get;
      const dates = (get?.parameters ?? []).filter((p) => p.in === 'query' && describedAs(p).includes('US short format'));
      if (!get || !dates.length || path.includes('{')) continue;
      const query = Object.fromEntries(dates.map((p) => [p.name, '1/5/2026']));
      const required = (get.parameters ?? []).filter((p) => p.required && !(p.name in query)).map((p) => p.name);
      if (required.includes('product')) query.product = String(fx.buckwheat);
      const res = await as.admin('GET', `${path}?${new URLSearchParams(query)}`);
      checked++;
      const bad = fieldsOf(res).filter((f) => f in query);
      if (bad.length) wrong.push(`${path}: ${bad.join(', ')}`);
    }
    expect(checked).toBeGreaterThanOrEqual(4);
    expect(wrong).toEqual([]);
  });

  it('export templates answer their data in the request format and their own days as ISO, and say which is which', async () => {
    const saved = await as.admin('POST', '/export/save-template', {
      name: 'Dates',
      data: { type: 'inline', products: [fx.buckwheat], networks: ['atb'], start: unpadded(fx.start), end: unpadded(fx.end) },
      date: unpadded(fx.end),
    });
    expect(saved.statusCode).toBe(200);
    const t = data(saved);
    expect(t.data).toMatchObject({ start: us(fx.start), end: us(fx.end) });
    expect(t).toMatchObject({ date: fx.end, nextStart: fx.start, nextEnd: fx.end });
    const schema = JSON.stringify(doc.paths['/export/get-templates']!.get!.responses['200']);
    expect(schema).toContain('request format, as sent: MM/DD/YYYY');
    expect(schema).toContain('answer format: ISO day YYYY-MM-DD');
  });
});

/** Every string under a key ending in `At` (createdAt, firedAt…), with its path. */
function instants(value: unknown, path = 'data'): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => instants(v, `${path}.${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    /At$/.test(k) && (typeof v === 'string' || v === null) ? [[`${path}.${k}`, v] as [string, unknown]] : instants(v, `${path}.${k}`),
  );
}
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

describe('3. timestamps in answers are ISO 8601 UTC', () => {
  it('in every alarm answer', async () => {
    const atb = fx.shop('atb-kyi-obolon');
    const answers: [string, LightMyRequestResponse][] = [];
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const res = await as.ashan(method, url, payload);
      expect([url, res.statusCode]).toEqual([url, 200]);
      answers.push([`${method} ${url}`, res]);
      return data(res);
    };
    const alarm = await call('POST', '/price-alarms', { productId: fx.buckwheat, shops: [atb], rule: 'below', value: 20 });
    await call('PUT', `/price-alarms/${alarm._id}`, { productId: fx.buckwheat, shops: [atb], rule: 'below', value: 19 });
    await call('GET', '/price-alarms/get/all');
    await call('GET', `/price-alarms/products/${fx.buckwheat}`);
    const productAlarm = await call('POST', '/price-products-alarms', { name: 'Buckwheat', products: [fx.buckwheat], shops: [atb], rule: 'promo_start' });
    await call('PUT', `/price-products-alarms/${productAlarm._id}`, { name: 'Buckwheat 2', products: [fx.buckwheat], shops: [atb], rule: 'promo_start' });
    await call('PUT', `/price-products-alarms/toggle/${productAlarm._id}`);
    await call('GET', '/price-products-alarms/get/all');
    // A firing, so lastFiredAt and firedAt are there too.
    // A day after every other price this file writes (the alarm looks at the newest one).
    const written = await as.admin('POST', '/custom/import-internal-prices', {
      date: us(addDays(todayIso(), 30)),
      prices: [{ product: fx.buckwheat, shop: atb, price: 10 }],
    });
    expect(written.json()).toMatchObject({ data: { written: 1 } });
    await settle(app);
    const listed = await call('GET', '/price-alarms/get/all');
    expect(listed.items[0].lastFiredAt).not.toBeNull();
    await call('GET', '/price-alarms/events');
    const found = answers.flatMap(([call, res]) => instants(data(res)).map(([path, v]) => [call, path, v] as const));
    expect(found.map(([, path]) => path)).toEqual(
      expect.arrayContaining(['data.createdAt', 'data.items.0.createdAt', 'data.items.0.lastFiredAt', 'data.items.0.firedAt']),
    );
    expect(found.filter(([, , v]) => v !== null && !ISO_UTC.test(String(v)))).toEqual([]);
  });

  it('in the other answers that carry them', async () => {
    const urls = [
      '/export/list',
      '/export/get-templates',
      '/export/get-new-prod-template',
      '/export/export-request-schedule',
      '/network-users/admin/list',
      '/scrapers/list',
      '/parsers/list',
    ];
    const bad: string[] = [];
    for (const url of urls) {
      const res = await as.admin('GET', url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      for (const [path, v] of instants(data(res))) if (v !== null && !ISO_UTC.test(String(v))) bad.push(`${url} ${path}: ${v}`);
    }
    expect(bad).toEqual([]);
  });
});

describe('4. file answers give extension ".xlsx" (spec §9)', () => {
  it('products, alarms and group exports', async () => {
    const files = [
      await as.admin('GET', `/products/export?search=Fixture`),
      await as.ashan('POST', '/price-alarms/export'),
      await as.ashan('POST', '/price-products-alarms/export'),
    ];
    const template = data(
      await as.admin('POST', '/export/save-template', { name: 'Group', data: { type: 'inline', products: [fx.buckwheat], networks: ['atb'], days: 3 } }),
    );
    files.push(await as.admin('POST', '/export/export-group-requests', { templates: [template._id] }));
    expect(files.map((r) => [r.statusCode, data(r).extension])).toEqual(files.map(() => [200, '.xlsx']));
  });

  it('every documented answer with an extension', () => {
    const extensions: string[] = [];
    const walk = (s: unknown): void => {
      if (Array.isArray(s)) return s.forEach(walk);
      if (!s || typeof s !== 'object') return;
      for (const [k, v] of Object.entries(s)) {
        if (k === 'extension' && v && typeof v === 'object' && 'properties' in (s as object) === false) extensions.push(JSON.stringify(v));
        walk(v);
      }
    };
    for (const ops of Object.values(doc.paths)) for (const op of Object.values(ops)) walk(op.responses['200']);
    expect(extensions.length).toBeGreaterThanOrEqual(7);
    for (const e of extensions) expect(e).toContain('".xlsx"');
    expect(extensions.some((e) => e.includes('"xlsx"'))).toBe(false);
  });
});

/** Documented query parameters that follow the boolean rule. */
function booleanParameters(): [string, string][] {
  const out: [string, string][] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const p of ops.get?.parameters ?? []) {
      if (p.in === 'query' && describedAs(p).startsWith('true or 1, false or 0')) out.push([path, p.name]);
    }
  }
  return out;
}

describe('5. boolean query parameters parse one way everywhere', () => {
  it('GET /parsers/list?onlyWithProblems=maybe and onlyWithNotFound=maybe are 400 naming them', async () => {
    for (const name of ['onlyWithProblems', 'onlyWithNotFound']) {
      const res = await as.admin('GET', `/parsers/list?${name}=maybe`);
      expect([name, res.statusCode, fieldsOf(res)]).toEqual([name, 400, [name]]);
      expect((await as.admin('GET', `/parsers/list?${name}=true`)).statusCode).toBe(200);
      expect((await as.admin('GET', `/parsers/list?${name}=0`)).statusCode).toBe(200);
    }
  });

  it('every boolean query parameter: maybe is 400 naming it, true and 0 pass', async () => {
    const params = booleanParameters();
    expect(params.map(([, name]) => name)).toEqual(
      expect.arrayContaining(['onlyWithProblems', 'onlyWithNotFound', 'full', 'onlyPromo', 'enabled', 'unread', 'refresh']),
    );
    const wrong: string[] = [];
    for (const [path, name] of params) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const maybe = await as.admin('GET', `${url}?${name}=maybe`);
      if (maybe.statusCode !== 400 || !fieldsOf(maybe).includes(name)) wrong.push(`${path}?${name}=maybe → ${maybe.statusCode}`);
      for (const value of ['true', '0']) {
        const ok = await as.admin('GET', `${url}?${name}=${value}`);
        if (fieldsOf(ok).includes(name)) wrong.push(`${path}?${name}=${value} refused`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('6. DELETE parameters in the query string and in the body', () => {
  async function templateWithRequest(name: string) {
    const template = data(
      await as.admin('POST', '/export/save-template', { name, data: { type: 'inline', products: [fx.buckwheat], networks: ['atb'], days: 3 } }),
    );
    const request = await as.admin('POST', '/export/inline/prices', { template: Number(template._id) });
    expect(request.statusCode).toBe(200);
    return template._id as string;
  }

  it('DELETE /export/prices/delete (templates)', async () => {
    const inQuery = await templateWithRequest('Query');
    let res = await as.admin('DELETE', `/export/prices/delete?templates=${inQuery}`);
    expect([res.statusCode, data(res)]).toEqual([200, { deleted: 1 }]);
    const inBody = await templateWithRequest('Body');
    res = await as.admin('DELETE', '/export/prices/delete', { templates: [inBody] });
    expect([res.statusCode, data(res)]).toEqual([200, { deleted: 1 }]);
    res = await as.admin('DELETE', '/export/prices/delete');
    expect([res.statusCode, fieldsOf(res)]).toEqual([400, ['templates']]);
  });

  it('DELETE /export/new-prod-template (id)', async () => {
    const make = async () => data(await as.admin('POST', '/export/save-new-prod-template', { name: 'New', products: [{ ean: '4820000000001' }] }))._id;
    let res = await as.admin('DELETE', `/export/new-prod-template?id=${await make()}`);
    expect([res.statusCode, data(res)]).toEqual([200, { deleted: 1 }]);
    res = await as.admin('DELETE', '/export/new-prod-template', { id: await make() });
    expect([res.statusCode, data(res)]).toEqual([200, { deleted: 1 }]);
    const kept = await make();
    res = await as.admin('DELETE', '/export/new-prod-template', {});
    expect([res.statusCode, fieldsOf(res)]).toEqual([400, ['id']]);
    expect(data(await as.admin('GET', '/export/get-new-prod-template')).map((t: { _id: string }) => t._id)).toContain(kept);
  });

  it('DELETE /scrapers/delete-scraper-request (id, type)', async () => {
    const inQuery = await scraperRequest('admin');
    let res = await as.admin('DELETE', `/scrapers/delete-scraper-request?id=${inQuery}&type=product`);
    expect(res.statusCode).toBe(200);
    const inBody = await scraperRequest('admin');
    res = await as.admin('DELETE', '/scrapers/delete-scraper-request', { id: inBody, type: 'product' });
    expect(res.statusCode).toBe(200);
    expect(data(await as.admin('GET', `/scrapers/list?scrapers=${inQuery},${inBody}`)).total).toBe(0);
    res = await as.admin('DELETE', '/scrapers/delete-scraper-request', { id: inBody });
    expect([res.statusCode, fieldsOf(res)]).toEqual([400, ['type']]);
  });
});

/** A finished scraper request of `username` for cocoa at Albert, as the scrapers area stores one. */
async function scraperRequest(username: string, type = 'product'): Promise<string> {
  const [row] = await queryRows<{ id: number }>(
    app.db,
    sql`INSERT INTO scraper_requests (type, product_id, network_id, user_id, country, status, finished_at)
        SELECT ${type}, ${fx.cocoa}, n.id, u.id, 'cz', 'done', now() FROM networks n, users u
        WHERE n.code = 'albert' AND u.username = ${username} RETURNING id`,
  );
  return String(row!.id);
}

describe('7. scrapers: GET /scrapers/{type}?user= and GET /scrapers/list?type=', () => {
  it('user takes the username the answers show', async () => {
    const mine = await scraperRequest('analyst');
    const theirs = await scraperRequest('admin');
    const listed = data(await as.admin('GET', `/scrapers/list?scrapers=${mine},${theirs}`)).items;
    const shown = listed.find((r: { _id: string }) => r._id === mine).user;
    expect(shown).toBe('analyst');
    for (const user of [shown, shown.toUpperCase()]) {
      const res = await as.admin('GET', `/scrapers/product?user=${encodeURIComponent(user)}&productId=${fx.cocoa}`);
      expect(res.statusCode).toBe(200);
      const ids = data(res).map((r: { _id: string }) => r._id);
      expect(ids).toContain(mine);
      expect(ids).not.toContain(theirs);
    }
    expect(data(await as.admin('GET', `/scrapers/product?user=nobody&productId=${fx.cocoa}`))).toEqual([]);
  });

  it('type is applied', async () => {
    const product = await scraperRequest('admin');
    const other = await scraperRequest('admin', 'listing');
    const res = await as.admin('GET', `/scrapers/list?type=product&scrapers=${product},${other}`);
    expect(res.statusCode).toBe(200);
    expect(data(res).items.map((r: { _id: string }) => r._id)).toEqual([product]);
    await app.db.execute(sql`DELETE FROM scraper_requests WHERE id = ${Number(other)}`);
  });
});

describe('8. paged answers are { items, total, limit, skip } everywhere', () => {
  it('every documented GET with limit and skip', async () => {
    const paged = Object.entries(doc.paths).filter(([path, ops]) => {
      const names = (ops.get?.parameters ?? []).map((p) => p.name);
      return !path.includes('{') && names.includes('limit') && names.includes('skip');
    });
    expect(paged.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        '/products',
        '/products/list',
        '/export/list',
        '/parsers/list',
        '/scrapers/list',
        '/price-alarms/get/all',
        '/price-products-alarms/get/all',
        '/price-alarms/events',
      ]),
    );
    const wrong: string[] = [];
    for (const [path] of paged) {
      const res = await as.admin('GET', `${path}?limit=2&skip=1`);
      const d = data(res);
      const shapeOk = res.statusCode === 200 && Array.isArray(d.items) && d.items.length <= 2 && typeof d.total === 'number' && d.limit === 2 && d.skip === 1;
      if (!shapeOk) wrong.push(`${path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('GET /leaflets/{id}/prices/pageable gives limit and skip beside its page and size', async () => {
    const created = await as.admin('POST', '/leaflets/create', { name: 'Paged', network: 'albert', start: us(fx.start), end: us(fx.end) });
    expect(created.statusCode).toBe(200);
    const res = await as.admin('GET', `/leaflets/${data(created)._id}/prices/pageable?page=0&size=5`);
    expect(data(res)).toMatchObject({ items: [], total: 0, page: 0, size: 5, limit: 5, skip: 0 });
  });
});

describe('9. Atb- and Metro-type chains run the exports of their type (spec §6)', () => {
  const selection = () => ({ products: [fx.buckwheat], networks: ['silpo'], start: us(fx.start), end: us(fx.end) });

  it('an Atb chain runs the atb export of its own network, and sees its requests', async () => {
    const res = await as.atb('POST', '/export/atb/prices', selection());
    expect(res.statusCode).toBe(200);
    expect(data(res)).toMatchObject({ type: 'atb', network: 'atb' });
    const listed = data(await as.atb('GET', '/export/list'));
    expect(listed.items.map((r: { _id: string }) => r._id)).toContain(data(res)._id);
    expect((await as.atb('POST', '/export/inline/prices', selection())).statusCode).toBe(200);
    expect((await as.atb('POST', '/export/ashan/prices', selection())).statusCode).toBe(403);
    // Another chain's shops as its own: never (baseNetwork is the provider's choice only).
    const other = await as.atb('POST', '/export/atb/prices', { ...selection(), baseNetwork: 'silpo' });
    expect(other.statusCode === 200 ? data(other).network : other.statusCode).toBe('atb');
  });

  it('a Metro chain runs the inline export, not the Ashan or Atb ones', async () => {
    const res = await as.metro('POST', '/export/inline/prices', { ...selection(), networks: ['metro', 'silpo'] });
    expect(res.statusCode).toBe(200);
    expect((await as.metro('POST', '/export/atb/prices', selection())).statusCode).toBe(403);
    expect((await as.metro('POST', '/export/ashan/prices', selection())).statusCode).toBe(403);
    const template = await as.metro('POST', '/export/save-template', { name: 'Atb as Metro', data: { type: 'atb', ...selection() } });
    expect(template.statusCode).toBe(403);
  });

  it('other chains still have no exports; analytics stay the menu rule', async () => {
    expect((await as.analyst('GET', '/export/list')).statusCode).toBe(403);
    expect((await as.atb('POST', '/prices/history/products/analytics', { start: us(fx.start), end: us(fx.end) })).statusCode).toBe(403);
  });
});
