/**
 * Exports (spec §7, docs/exports.md): every route, bad input, the three layouts and their xlsx content,
 * templates, group exports, new-product lists, schedules, progress and a job that crashes midway. One
 * app for the file (PGlite, or PostgreSQL with TEST_DATABASE_URL); known prices from the catalogue
 * fixtures (helpers/catalogue.ts).
 *
 * @one-database: what the export calls answer and write into files; the export jobs' restarts and races are tested on both (restart, leftovers, exports-claim-race). (scripts/lib/db-test-files.cjs)
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../../src/db/client';
import { addDays, todayIso } from '../../../src/lib/days';
import { exportHooks } from '../../../src/areas/exports/runner';
import { SCHEDULE_QUEUE } from '../../../src/areas/exports/schedules';
import { filesDirFor } from '../../../src/core/file-store';
import { build, loginAs } from '../../helpers/build';
import { addFixtures, FIXTURES, us, type Fixtures } from '../../helpers/catalogue';
import { pollUntil } from '../../helpers/until';
import { byHeader, caller, data, settled, sheetsOf, until, type Call } from './helpers';

// Exports run as jobs beside the requests: leave room on a busy two-core machine.
let app: FastifyInstance;
let fx: Fixtures;
const as = {} as Record<'ashan' | 'admin' | 'guest' | 'hunter' | 'analyst' | 'metro', Call>;
let buckwheatShops: number[];

beforeAll(async () => {
  app = await build();
  fx = await addFixtures(app);
  // Two more client users who may unload prices (Ashan-type): Metro (sees all networks) and Albert's
  // analyst (sees Albert, Lidl and Kaufland only) — to test what one network sees of another's.
  await app.db.execute(sql`UPDATE users SET is_ashan = true WHERE username IN ('metro', 'analyst')`);
  for (const u of ['ashan', 'admin', 'guest', 'hunter', 'analyst', 'metro'] as const) as[u] = caller(app, await loginAs(app, u));
  buckwheatShops = ['atb-kyi-obolon', 'auchan-kyi-petrivka', 'auchan-lvi-sykhiv', 'silpo-kyi-pechersk'].map(fx.shop);
});

afterAll(async () => {
  exportHooks.afterPage = undefined;
  await app?.close();
});

afterEach(() => {
  exportHooks.afterPage = undefined;
});

const period = () => ({ start: us(fx.start), end: us(fx.end) });

async function exportAs(call: Call, type: 'inline' | 'ashan' | 'atb', body: Record<string, unknown>) {
  const res = await call('POST', `/export/${type}/prices`, body);
  if (res.statusCode !== 200) throw new Error(`${type}: ${res.statusCode} ${res.body}`);
  return data(res);
}

async function download(call: Call, file: string) {
  const res = await call('GET', `/data/${file}`);
  expect(res.statusCode).toBe(200);
  return res;
}

describe('price exports and their files', () => {
  it('inline: queued, then done with a file of one row per product and day and a column per shop', async () => {
    const created = await exportAs(as.ashan, 'inline', { products: [fx.buckwheat], shops: buckwheatShops, ...period(), name: 'Buckwheat' });
    expect(created).toMatchObject({ name: 'Buckwheat', type: 'inline', state: 'queued', rowsExpected: 30, network: 'auchan', file: null });
    const done = await settled(as.ashan, created._id);
    expect(done).toMatchObject({ state: 'done', progress: 100, rowsWritten: 30, extension: '.xlsx', downloadable: true, error: null });
    expect(done.file).toMatch(/^export-\d{8}-[0-9a-f]+\.xlsx$/);

    const res = await download(as.ashan, done.file);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`filename="${done.file}"`);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const [sheet] = await sheetsOf(res.rawPayload);
    expect(sheet!.name).toBe('Prices');
    expect(sheet!.rows[0]).toEqual([
      'EAN',
      'Article',
      'Name',
      'Brand',
      'Day',
      'ATB · ATB Obolon',
      'Auchan · Auchan Petrivka',
      'Auchan · Auchan Sykhiv',
      'Silpo · Silpo Pechersk',
    ]);
    expect(sheet!.rows).toHaveLength(31);
    const rows = byHeader(sheet!.rows);
    expect(rows[0]).toMatchObject({ EAN: FIXTURES.buckwheat.ean, Article: FIXTURES.buckwheat.article, Name: FIXTURES.buckwheat.name, Day: fx.start });
    expect(rows[0]).toMatchObject({ 'ATB · ATB Obolon': 45, 'Auchan · Auchan Petrivka': 50, 'Auchan · Auchan Sykhiv': 52, 'Silpo · Silpo Pechersk': 60 });
    expect(rows[29]).toMatchObject({ Day: fx.end, 'Silpo · Silpo Pechersk': 60 });
  });

  it('inline: the template layout picks product columns and shelf or shopper prices', async () => {
    const albert = fx.shop('albert-prg-andel');
    const promoDay = addDays(fx.start, 22); // day 23 of 30: promo 80.00 on a 100.00 shelf price
    const one = { products: [fx.cocoa], shops: [albert], start: us(promoDay), end: us(promoDay), productColumns: ['name', 'weight'] };
    const price = await settled(as.admin, (await exportAs(as.admin, 'inline', one))._id);
    const regular = await settled(as.admin, (await exportAs(as.admin, 'inline', { ...one, priceField: 'regular' }))._id);
    const [p] = await sheetsOf((await download(as.admin, price.file)).rawPayload);
    const [r] = await sheetsOf((await download(as.admin, regular.file)).rawPayload);
    expect(p!.rows).toEqual([
      ['Name', 'Weight', 'Day', 'Albert · Albert Anděl'],
      [FIXTURES.cocoa.name, '250 g', promoDay, 80],
    ]);
    expect(r!.rows[1]).toEqual([FIXTURES.cocoa.name, '250 g', promoDay, 100]);
  });

  it('ashan: each own shop against the average of each competitor network and the cheapest shop', async () => {
    const done = await settled(as.ashan, (await exportAs(as.ashan, 'ashan', { products: [fx.buckwheat], networks: ['atb', 'silpo'], ...period() }))._id);
    expect(done).toMatchObject({ state: 'done', type: 'ashan', rowsWritten: 3 });
    const [sheet] = await sheetsOf((await download(as.ashan, done.file)).rawPayload);
    expect(sheet!.rows[0]).toEqual([
      'EAN',
      'Article',
      'Name',
      'Brand',
      'Own shop',
      'Own price',
      'ATB avg',
      'ATB diff %',
      'Silpo avg',
      'Silpo diff %',
      'Cheapest competitor',
      'Cheapest price',
      'Diff to cheapest %',
    ]);
    const rows = byHeader(sheet!.rows);
    expect(rows.map((r) => r['Own shop'])).toEqual(['Auchan · Auchan Odesa', 'Auchan · Auchan Petrivka', 'Auchan · Auchan Sykhiv']);
    expect(rows[1]).toMatchObject({
      'Own price': 50,
      'ATB avg': 45,
      'ATB diff %': 11.1,
      'Silpo avg': 60,
      'Silpo diff %': -16.7,
      'Cheapest competitor': 'ATB · ATB Obolon',
      'Cheapest price': 45,
      'Diff to cheapest %': 11.1,
    });
    expect(rows[0]).toMatchObject({ 'Own price': null, 'ATB avg': 45 });
  });

  it('atb: each competitor shop against the chain (the provider names the chain)', async () => {
    const body = { products: [fx.buckwheat], networks: ['auchan', 'silpo'], ...period() };
    const missing = await as.admin('POST', '/export/atb/prices', body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields[0].path).toBe('baseNetwork');
    const done = await settled(as.admin, (await exportAs(as.admin, 'atb', { ...body, baseNetwork: 'atb' }))._id);
    expect(done).toMatchObject({ state: 'done', type: 'atb', rowsWritten: 6 });
    const [sheet] = await sheetsOf((await download(as.admin, done.file)).rawPayload);
    expect(sheet!.rows[0]).toEqual([
      'EAN',
      'Article',
      'Name',
      'Brand',
      'Network',
      'Shop',
      'City',
      'Avg price',
      'Min price',
      'Max price',
      'Promo days %',
      'ATB avg',
      'Own diff %',
    ]);
    const petrivka = byHeader(sheet!.rows).find((r) => r.Shop === 'Auchan · Auchan Petrivka');
    expect(petrivka).toMatchObject({
      Network: 'Auchan',
      City: 'Kyiv',
      'Avg price': 50,
      'Min price': 50,
      'Max price': 50,
      'Promo days %': 0,
      'ATB avg': 45,
      'Own diff %': -10,
    });
  });

  it('shows progress while running and never a half file', async () => {
    const products = (await queryRows<{ id: number }>(app.db, sql`SELECT id FROM products ORDER BY id LIMIT 80`)).map((r) => r.id);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    exportHooks.afterPage = async ({ page }) => {
      if (page === 1) await held;
    };
    const created = await exportAs(as.ashan, 'inline', { products, networks: ['auchan'], start: us(addDays(todayIso(), -365)), end: us(todayIso()) });
    expect(created.rowsExpected).toBe(80 * 366);
    const running = await until(as.ashan, created._id, (r) => r.state === 'running' && r.rowsWritten > 0);
    expect(running.progress).toBeGreaterThan(0);
    expect(running.progress).toBeLessThan(100);
    expect(running.file).toBeNull();
    expect(running.downloadable).toBe(false);
    release();
    const done = await settled(as.ashan, created._id);
    expect(done).toMatchObject({ state: 'done', rowsWritten: 80 * 366, progress: 100 });
  });

  it('a job that crashes midway ends failed with its reason, and leaves no file', async () => {
    const products = (await queryRows<{ id: number }>(app.db, sql`SELECT id FROM products ORDER BY id LIMIT 80`)).map((r) => r.id);
    const [before] = await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM files`);
    exportHooks.afterPage = ({ page }) => {
      if (page === 2) throw new Error('disk on fire');
    };
    const created = await exportAs(as.ashan, 'inline', { products, networks: ['auchan'], start: us(addDays(todayIso(), -365)), end: us(todayIso()) });
    const failed = await settled(as.ashan, created._id);
    expect(failed).toMatchObject({ state: 'failed', error: 'internal_error', file: null, downloadable: false });
    const [after] = await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM files`);
    expect(after!.n).toBe(before!.n);
    const tmp = await readdir(path.join(filesDirFor(app.config.dataDir), 'tmp')).catch(() => []);
    expect(tmp.filter((f) => f.endsWith('.part'))).toEqual([]);
  });
});

describe('bad input', () => {
  const fieldOf = (res: { json: () => any }) => res.json().error.fields?.[0]?.path;

  it('an empty selection, a missing or too long period, an unknown product or template', async () => {
    let res = await as.ashan('POST', '/export/inline/prices', { shops: buckwheatShops, ...period() });
    expect([res.statusCode, fieldOf(res)]).toEqual([400, 'products']);
    res = await as.ashan('POST', '/export/inline/prices', { products: [], eans: [], shops: buckwheatShops, ...period() });
    expect([res.statusCode, fieldOf(res)]).toEqual([400, 'products']);
    res = await as.ashan('POST', '/export/inline/prices', { products: [fx.buckwheat], ...period() });
    expect([res.statusCode, fieldOf(res)]).toEqual([400, 'shops']);
    res = await as.ashan('POST', '/export/inline/prices', { products: [fx.buckwheat], shops: buckwheatShops });
    expect([res.statusCode, fieldOf(res)]).toEqual([400, 'start']);
    res = await as.ashan('POST', '/export/inline/prices', { products: [fx.buckwheat], shops: buckwheatShops, start: '01/01/2024', end: '01/02/2025' });
    expect([res.statusCode, fieldOf(res)]).toEqual([400, 'end']);
    res = await as.ashan('POST', '/export/inline/prices', { products: [fx.buckwheat], shops: buckwheatShops, start: us(fx.end), end: us(fx.start) });
    expect([res.statusCode, fieldOf(res)]).toEqual([400, 'end']);
    res = await as.ashan('POST', '/export/inline/prices', { products: [fx.buckwheat], shops: buckwheatShops, start: '2024-01-01', end: us(fx.end) });
    expect([res.statusCode, fieldOf(res)]).toEqual([400, 'start']);
    res = await as.ashan('POST', '/export/inline/prices', { products: [99_999_999], shops: buckwheatShops, ...period() });
    expect([res.statusCode, fieldOf(res)]).toEqual([400, 'products']);
    res = await as.ashan('POST', '/export/inline/prices', { eans: ['4829999999999'], shops: buckwheatShops, ...period() });
    expect([res.statusCode, fieldOf(res)]).toEqual([400, 'products']);
    res = await as.ashan('POST', '/export/inline/prices', { template: 987654 });
    expect(res.statusCode).toBe(404);
  });

  it('a pasted list of EANs and articles: matches in order, the rest reported as unmatched', async () => {
    const created = await exportAs(as.ashan, 'inline', {
      eans: [FIXTURES.buckwheat.ean, '4829999999999'],
      articles: [FIXTURES.cocoa.article],
      shops: buckwheatShops,
      days: 7,
    });
    const detail = data(await as.ashan('GET', `/export/get/${created._id}`));
    expect(detail.params).toMatchObject({ products: [String(fx.buckwheat), String(fx.cocoa)], unmatched: ['4829999999999'], end: todayIso() });
    expect(detail.params.start).toBe(addDays(todayIso(), -6));
    await settled(as.ashan, created._id);
  });

  it('types, networks and roles the caller may not use: 403', async () => {
    const body = { products: [fx.buckwheat], shops: buckwheatShops, ...period() };
    expect((await as.ashan('POST', '/export/atb/prices', body)).statusCode).toBe(403);
    expect((await as.guest('POST', '/export/inline/prices', body)).statusCode).toBe(403);
    expect((await as.guest('GET', '/export/list')).statusCode).toBe(200);
    expect((await as.hunter('GET', '/export/list')).statusCode).toBe(403);
    // Albert's analyst sees Albert, Lidl and Kaufland only.
    expect((await as.analyst('POST', '/export/inline/prices', { ...body, shops: undefined, networks: ['auchan'] })).statusCode).toBe(403);
    const res = await as.analyst('POST', '/export/inline/prices', { ...body, shops: undefined, networks: ['nowhere'] });
    expect([res.statusCode, fieldOf(res)]).toEqual([400, 'networks']);
  });
});

describe('requests: list, get, update, delete', () => {
  let mine: any;

  beforeAll(async () => {
    mine = await settled(
      as.ashan,
      (await exportAs(as.ashan, 'inline', { products: [fx.buckwheat], networks: ['auchan'], ...period(), name: 'For listing' }))._id,
    );
  });

  it('lists newest first with the spec paging defaults and the filters', async () => {
    const list = data(await as.ashan('GET', '/export/list'));
    expect(list).toMatchObject({ limit: 30, skip: 0 });
    expect(list.items[0]._id).toBe(mine._id);
    expect(list.total).toBeGreaterThanOrEqual(list.items.length);
    const page = data(await as.ashan('GET', '/export/list?limit=1&skip=1'));
    expect(page.items).toHaveLength(1);
    expect(page.items[0]._id).not.toBe(mine._id);
    const ashanOnly = data(await as.ashan('GET', '/export/list?type=ashan'));
    expect(ashanOnly.items.every((r: any) => r.type === 'ashan')).toBe(true);
    expect(data(await as.ashan('GET', '/export/list?by=me')).total).toBe(list.total);
    expect(data(await as.ashan('GET', '/export/list?by=admin')).total).toBe(0);
    expect(data(await as.ashan('GET', `/export/list?from=${us(addDays(todayIso(), 1))}`)).total).toBe(0);
    expect(data(await as.ashan('GET', `/export/list?from=${us(todayIso())}&state=done`)).items.every((r: any) => r.state === 'done')).toBe(true);
    expect((await as.ashan('GET', '/export/list?network=albert')).statusCode).toBe(403);
    expect((await as.ashan('GET', '/export/list?limit=0')).statusCode).toBe(400);
    expect((await as.ashan('GET', '/export/list?from=2024-01-01')).statusCode).toBe(400);
  });

  it("another network's requests and files stay hidden; the provider reads the request and so its file", async () => {
    expect((await as.analyst('GET', `/export/get/${mine._id}`)).statusCode).toBe(404);
    expect(data(await as.analyst('GET', '/export/list')).items.some((r: any) => r._id === mine._id)).toBe(false);
    expect((await as.analyst('GET', `/data/${mine.file}`)).statusCode).toBe(403);
    expect((await as.metro('GET', `/data/${mine.file}`)).statusCode).toBe(403);
    // A file is readable by exactly those who may read the request that made it (issue 13).
    const seen = data(await as.admin('GET', `/export/get/${mine._id}`));
    expect(seen).toMatchObject({ _id: mine._id, network: 'auchan', downloadable: true });
    expect((await as.admin('GET', `/data/${mine.file}`)).statusCode).toBe(200);
    expect(data(await as.admin('GET', '/export/list?network=auchan')).items.some((r: any) => r._id === mine._id)).toBe(true);
  });

  it("a user who may not read export requests cannot download another user's export file (hunter-limit)", async () => {
    const admins = await settled(
      as.admin,
      (await exportAs(as.admin, 'inline', { products: [fx.buckwheat], networks: ['auchan'], ...period(), name: 'Admin only' }))._id,
    );
    expect((await as.admin('GET', `/data/${admins.file}`)).statusCode).toBe(200);
    expect((await as.hunter('GET', `/export/get/${admins._id}`)).statusCode).toBe(403);
    const refused = await as.hunter('GET', `/data/${admins.file}`);
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'forbidden']);
    // Guests may read the provider's requests (not write them), so they may read the file.
    expect(data(await as.guest('GET', `/export/get/${admins._id}`)).downloadable).toBe(true);
    expect((await as.guest('GET', `/data/${admins.file}`)).statusCode).toBe(200);
  });

  it('GET /data keeps names inside the files folder', async () => {
    for (const bad of ['..%2F..%2Fetc%2Fpasswd', '%2E%2E%2Fsecret.xlsx', 'tmp%2Fx.part', 'a%5C..%5Cb.xlsx']) {
      const res = await as.ashan('GET', `/data/${bad}`);
      expect([400, 404]).toContain(res.statusCode);
    }
    expect((await as.ashan('GET', '/data/export-20990101-ffffffffffffffffffffffff.xlsx')).statusCode).toBe(404);
  });

  it('PUT renames and runs a finished request again (its old file is gone)', async () => {
    const renamed = data(await as.ashan('PUT', `/export/${mine._id}`, { name: 'Renamed' }));
    expect(renamed.name).toBe('Renamed');
    expect((await as.ashan('PUT', `/export/${mine._id}`, {})).statusCode).toBe(400);
    const again = data(await as.ashan('PUT', `/export/${mine._id}`, { rerun: true }));
    expect(again.state).toBe('queued');
    const done = await settled(as.ashan, mine._id);
    expect(done.state).toBe('done');
    expect(done.file).not.toBe(mine.file);
    expect((await as.ashan('GET', `/data/${mine.file}`)).statusCode).toBe(404);
    expect((await as.analyst('PUT', `/export/${mine._id}`, { name: 'x' })).statusCode).toBe(404);
    mine = done;
  });

  it('PUT rerun of a running request is 409', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    exportHooks.afterPage = () => held;
    const products = (await queryRows<{ id: number }>(app.db, sql`SELECT id FROM products ORDER BY id LIMIT 60`)).map((r) => r.id);
    const created = await exportAs(as.ashan, 'inline', { products, networks: ['auchan'], start: us(addDays(todayIso(), -365)), end: us(todayIso()) });
    await until(as.ashan, created._id, (r) => r.state === 'running');
    const res = await as.ashan('PUT', `/export/${created._id}`, { rerun: true });
    expect([res.statusCode, res.json().error.code, res.json().error.message]).toEqual([409, 'conflict', 'export_running']);
    // Deleting it while it runs stops the job; its file is never kept.
    expect(data(await as.ashan('DELETE', `/export/prices?id=${created._id}`))).toEqual({ deleted: 1 });
    release();
    expect((await as.ashan('GET', `/export/get/${created._id}`)).statusCode).toBe(404);
  });

  it('DELETE /export/prices removes a request and its file', async () => {
    expect((await as.analyst('DELETE', `/export/prices?id=${mine._id}`)).statusCode).toBe(404);
    expect(data(await as.ashan('DELETE', `/export/prices?id=${mine._id}`))).toEqual({ deleted: 1 });
    expect((await as.ashan('GET', `/export/get/${mine._id}`)).statusCode).toBe(404);
    expect((await as.ashan('GET', `/data/${mine.file}`)).statusCode).toBe(404);
    expect((await as.ashan('DELETE', `/export/prices?id=${mine._id}`)).statusCode).toBe(404);
    expect((await as.ashan('DELETE', '/export/prices?id=abc')).statusCode).toBe(400);
  });
});

describe('templates, group exports, new-product lists', () => {
  const templateBody = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    autoGeneration: true,
    date: us(addDays(todayIso(), -10)),
    data: { type: 'inline', products: [fx.buckwheat], shops: buckwheatShops, start: us(addDays(fx.end, -15)), end: us(addDays(fx.end, -10)), ...extra },
  });

  it('saves, lists, updates and uses a template; its period rolls with autoGeneration', async () => {
    const saved = data(await as.ashan('POST', '/export/save-template', templateBody('Weekly buckwheat')));
    expect(saved).toMatchObject({ name: 'Weekly buckwheat', type: 'inline', autoGeneration: true, schedules: 0, network: 'auchan' });
    expect(saved.data).toMatchObject({ type: 'inline', products: [fx.buckwheat], start: us(addDays(fx.end, -15)) });
    // Saved 10 days ago for the 6 days ending then: today it covers the 6 days ending today.
    expect([saved.nextStart, saved.nextEnd]).toEqual([addDays(todayIso(), -5), todayIso()]);
    expect(data(await as.ashan('GET', '/export/get-templates')).some((t: any) => t._id === saved._id)).toBe(true);
    expect(data(await as.analyst('GET', '/export/get-templates')).some((t: any) => t._id === saved._id)).toBe(false);

    const fixed = data(await as.ashan('POST', '/export/save-template', { ...templateBody('Fixed'), template: saved._id, autoGeneration: false }));
    expect(fixed).toMatchObject({ _id: saved._id, name: 'Fixed', autoGeneration: false, nextEnd: addDays(fx.end, -10) });

    const request = await exportAs(as.ashan, 'inline', { template: saved._id });
    expect(request).toMatchObject({ name: 'Fixed', template: { _id: saved._id, name: 'Fixed' }, start: addDays(fx.end, -15), end: addDays(fx.end, -10) });
    const overridden = await exportAs(as.ashan, 'inline', { template: saved._id, days: 3, name: 'Override' });
    expect(overridden).toMatchObject({ name: 'Override', start: addDays(todayIso(), -2), end: todayIso() });
    await settled(as.ashan, request._id);
    await settled(as.ashan, overridden._id);

    // DELETE /export/prices/delete removes the requests made from the template.
    expect(data(await as.ashan('DELETE', '/export/prices/delete', { templates: [saved._id] }))).toEqual({ deleted: 2 });
    expect((await as.ashan('DELETE', '/export/prices/delete', {})).statusCode).toBe(400);
  });

  it('refuses a template whose selection would not run', async () => {
    const res = await as.ashan('POST', '/export/save-template', templateBody('Bad', { shops: undefined }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0].path).toBe('shops');
    expect((await as.ashan('POST', '/export/save-template', { ...templateBody('Nope'), template: 424242 })).statusCode).toBe(404);
    expect((await as.guest('POST', '/export/save-template', templateBody('Guest'))).statusCode).toBe(403);
  });

  it('exports several templates into one file, one sheet each', async () => {
    const a = data(await as.ashan('POST', '/export/save-template', templateBody('Inline one')));
    const b = data(
      await as.ashan('POST', '/export/save-template', {
        name: 'Ashan one',
        autoGeneration: false,
        data: { type: 'ashan', products: [fx.buckwheat], networks: ['atb', 'silpo'], start: us(fx.start), end: us(fx.end) },
      }),
    );
    const res = await as.ashan('POST', '/export/export-group-requests', { templates: [a._id, b._id] });
    expect(res.statusCode).toBe(200);
    const group = data(res);
    expect(group).toMatchObject({ extension: '.xlsx', rows: 6 + 3 });
    const sheets = await sheetsOf((await download(as.ashan, group.file)).rawPayload);
    expect(sheets.map((s) => s.name)).toEqual(['Inline one', 'Ashan one']);
    expect(sheets[1]!.rows[0]![4]).toBe('Own shop');
    const listed = data(await as.ashan('GET', '/export/list?type=group')).items[0];
    expect(listed).toMatchObject({ _id: group.request, type: 'group', state: 'done', file: group.file });

    expect((await as.ashan('POST', '/export/export-group-requests', { templates: [] })).statusCode).toBe(400);
    expect((await as.ashan('POST', '/export/export-group-requests', { templates: [a._id, 999999] })).statusCode).toBe(404);

    // One template deleted by body, several by list; unknown ones are 404.
    expect(data(await as.ashan('DELETE', '/export/delete-template', { template: a._id }))).toEqual({ deleted: 1 });
    expect((await as.ashan('DELETE', '/export/delete-template', { template: a._id })).statusCode).toBe(404);
    expect((await as.ashan('DELETE', '/export/delete-template')).statusCode).toBe(400);
    expect(data(await as.ashan('DELETE', '/export/delete-templates', { templates: [b._id] }))).toEqual({ deleted: 1 });
  });

  it('keeps new-product lists: matched to the catalogue, the rest marked new', async () => {
    const saved = data(
      await as.ashan('POST', '/export/save-new-prod-template', {
        name: 'Autumn novelties',
        products: [{ ean: FIXTURES.buckwheat.ean }, { article: '777777777', name: 'Pumpkin seeds 200 g' }],
      }),
    );
    expect(saved).toMatchObject({ name: 'Autumn novelties', matched: 1 });
    expect(saved.products).toEqual([
      { ean: FIXTURES.buckwheat.ean, article: null, name: null, productId: String(fx.buckwheat) },
      { ean: null, article: '777777777', name: 'Pumpkin seeds 200 g', productId: null },
    ]);
    expect((await as.ashan('POST', '/export/save-new-prod-template', { name: 'x', products: [{ name: 'no code' }] })).statusCode).toBe(400);
    expect((await as.ashan('POST', '/export/save-new-prod-template', { name: 'x', products: [] })).statusCode).toBe(400);
    const second = data(await as.ashan('POST', '/export/save-new-prod-template', { name: 'Second', products: [{ ean: '4820000000017' }] }));
    expect(data(await as.ashan('GET', '/export/get-new-prod-template')).map((l: any) => l.name)).toEqual(['Second', 'Autumn novelties']);
    expect(data(await as.analyst('GET', '/export/get-new-prod-template'))).toEqual([]);
    expect((await as.analyst('DELETE', `/export/new-prod-template?id=${second._id}`)).statusCode).toBe(404);
    expect(data(await as.ashan('DELETE', `/export/new-prod-template?id=${second._id}`))).toEqual({ deleted: 1 });
    expect(data(await as.ashan('DELETE', '/export/all-new-prod-template'))).toEqual({ deleted: 1 });
    expect(data(await as.ashan('GET', '/export/get-new-prod-template'))).toEqual([]);
  });
});

describe('schedules', () => {
  let template: any;

  beforeAll(async () => {
    template = data(
      await as.ashan('POST', '/export/save-template', {
        name: 'Scheduled',
        autoGeneration: true,
        data: { type: 'inline', products: [fx.buckwheat], shops: buckwheatShops, days: 7 },
      }),
    );
  });

  it('creates daily, weekly and monthly schedules in the deployment time zone', async () => {
    const daily = data(await as.ashan('POST', '/export/export-request-schedule', { template: template._id, frequency: 'daily', time: '06:30' }));
    expect(daily).toMatchObject({ name: 'Scheduled', frequency: 'daily', time: '06:30', cron: '30 6 * * *', timeZone: 'Europe/Prague', enabled: true });
    expect(daily.template).toEqual({ _id: template._id, name: 'Scheduled', type: 'inline' });
    expect(Date.parse(daily.nextRunAt)).toBeGreaterThan(Date.now());
    expect(await app.jobs.scheduleKeys(SCHEDULE_QUEUE)).toContain(daily._id);

    const weekly = data(
      await as.ashan('POST', '/export/export-request-schedule', { template: template._id, frequency: 'weekly', time: '23:05', dayOfWeek: 7 }),
    );
    expect(weekly.cron).toBe('5 23 * * 0');
    const monthly = data(await as.ashan('PUT', `/export/export-request-schedule/${weekly._id}`, { frequency: 'monthly', dayOfMonth: 28 }));
    expect(monthly).toMatchObject({ frequency: 'monthly', dayOfWeek: null, dayOfMonth: 28, cron: '5 23 28 * *' });
    const off = data(await as.ashan('PUT', `/export/export-request-schedule/${weekly._id}`, { enabled: false }));
    expect(off).toMatchObject({ enabled: false, nextRunAt: null });
    expect(await app.jobs.scheduleKeys(SCHEDULE_QUEUE)).not.toContain(weekly._id);

    const list = data(await as.ashan('GET', '/export/export-request-schedule'));
    expect(list.map((s: any) => s._id)).toEqual([weekly._id, daily._id]);
    expect(data(await as.analyst('GET', '/export/export-request-schedule'))).toEqual([]);

    expect(data(await as.ashan('DELETE', `/export/export-request-schedule/${weekly._id}`))).toEqual({ deleted: 1 });
    expect((await as.ashan('DELETE', `/export/export-request-schedule/${weekly._id}`)).statusCode).toBe(404);
  });

  it('refuses a bad time or day naming the field, and an unknown template', async () => {
    const post = (b: Record<string, unknown>) =>
      as.ashan('POST', '/export/export-request-schedule', { template: template._id, frequency: 'daily', time: '08:00', ...b });
    for (const [body, field] of [
      [{ time: '25:00' }, 'time'],
      [{ time: '7:5' }, 'time'],
      [{ time: '' }, 'time'],
      [{ frequency: 'weekly' }, 'dayOfWeek'],
      [{ frequency: 'weekly', dayOfWeek: 8 }, 'dayOfWeek'],
      [{ frequency: 'monthly', dayOfMonth: 31 }, 'dayOfMonth'],
      [{ frequency: 'hourly' }, 'frequency'],
    ] as const) {
      const res = await post(body);
      expect([res.statusCode, res.json().error.fields?.[0]?.path]).toEqual([400, field]);
    }
    expect((await post({ template: 99999 })).statusCode).toBe(404);
    const s = data(await post({}));
    const res = await as.ashan('PUT', `/export/export-request-schedule/${s._id}`, { frequency: 'weekly' });
    expect([res.statusCode, res.json().error.fields[0].path]).toEqual([400, 'dayOfWeek']);
    expect((await as.ashan('PUT', `/export/export-request-schedule/${s._id}`, { time: '24:00' })).statusCode).toBe(400);
  });

  it('a template a schedule runs cannot be deleted (409) until the schedule is gone', async () => {
    const t = data(
      await as.ashan('POST', '/export/save-template', { name: 'Pinned', data: { type: 'inline', products: [fx.buckwheat], shops: buckwheatShops, days: 2 } }),
    );
    const s = data(await as.ashan('POST', '/export/export-request-schedule', { template: t._id, frequency: 'daily', time: '05:00' }));
    let res = await as.ashan('DELETE', '/export/delete-template', { template: t._id });
    expect([res.statusCode, res.json().error.code, res.json().error.message]).toEqual([409, 'conflict', 'template_in_use']);
    res = await as.ashan('DELETE', '/export/delete-templates', { templates: [t._id] });
    expect(res.statusCode).toBe(409);
    expect(data(await as.ashan('GET', '/export/get-templates')).find((x: any) => x._id === t._id).schedules).toBe(1);
    await as.ashan('DELETE', `/export/export-request-schedule/${s._id}`);
    expect(data(await as.ashan('DELETE', '/export/delete-template', { template: t._id }))).toEqual({ deleted: 1 });
  });

  it('a schedule that comes due queues a request from its template, owned by its creator', async () => {
    const s = data(await as.ashan('POST', '/export/export-request-schedule', { template: template._id, frequency: 'daily', time: '04:00' }));
    // What pg-boss sends when the cron comes due.
    await app.jobs.send(SCHEDULE_QUEUE, { scheduleId: Number(s._id) });
    // Until the job has queued the request, however long pg-boss takes to hand it over under load.
    const request = await pollUntil(
      async () => data(await as.ashan('GET', '/export/list')).items.find((r: any) => r.scheduleId === s._id),
      (found) => found !== undefined,
      50,
    );
    expect(request).toMatchObject({ name: 'Scheduled', type: 'inline', template: { _id: template._id }, end: todayIso(), network: 'auchan' });
    expect((await settled(as.ashan, request._id)).state).toBe('done');
    const after = data(await as.ashan('GET', '/export/export-request-schedule')).find((x: any) => x._id === s._id);
    expect(after.lastRequestId).toBe(request._id);
  });
});
