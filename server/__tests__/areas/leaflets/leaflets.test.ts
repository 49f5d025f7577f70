/**
 * @one-database: what the leaflet calls answer, one request at a time. (scripts/lib/db-test-files.cjs)
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { body, build, loginAs, type Session } from '../../helpers/build';
import { caller, postForm, type Call } from './helpers';

/**
 * Leaflets as their screens use them: create, read, change, search, prices (form with a serialised
 * leafletPicture), pageable prices, statistics, export, delete — and who sees what.
 */
describe('leaflets', () => {
  let app: FastifyInstance;
  let analystSession: Session;
  let analyst: Call; // albert: sees albert, lidl, kaufland
  let netadmin: Call; // billa: sees billa, albert, penny
  let admin: Call; // the provider: sees everything
  let guest: Call;
  let products: { _id: string; name: string; ean: string | null; section: string | null }[];

  beforeAll(async () => {
    app = await build({ env: { DEMO_LEAFLETS: '1' } });
    analystSession = await loginAs(app, 'analyst');
    analyst = caller(app, analystSession);
    netadmin = caller(app, await loginAs(app, 'netadmin'));
    admin = caller(app, await loginAs(app, 'admin'));
    guest = caller(app, await loginAs(app, 'guest'));
    const res = await admin('GET', '/products?limit=5');
    products = body(res).data.items ?? body(res).data;
  });
  afterAll(() => app.close());

  async function create(call: Call, fields: Record<string, unknown>) {
    const res = await call('POST', '/leaflets/create', { name: 'Weekly offers', network: 'albert', start: '03/02/2026', end: '03/08/2026', ...fields });
    expect(res.statusCode).toBe(200);
    return body(res).data;
  }

  async function addPrice(session: Session, leafletPicture: Record<string, unknown>) {
    return postForm(app, session, '/leaflets/add-price', { leafletPicture: JSON.stringify(leafletPicture) });
  }

  it('creates a leaflet, reads it back with its network and currency, changes and searches it', async () => {
    const created = await create(analyst, { name: 'Albert Spring Sale', description: 'Big week' });
    expect(created).toMatchObject({
      name: 'Albert Spring Sale',
      network: 'albert',
      networkName: 'Albert',
      currency: 'CZK',
      start: '2026-03-02',
      end: '2026-03-08',
      description: 'Big week',
      pageCount: 0,
      priceCount: 0,
      coverThumbUrl: null,
      pages: [],
    });

    const got = body(await analyst('GET', `/leaflets/${created._id}`)).data;
    expect(got.name).toBe('Albert Spring Sale');

    const changed = await analyst('PUT', `/leaflets/${created._id}`, { name: 'Albert Spring Sale II', end: '03/10/2026' });
    expect(changed.statusCode).toBe(200);
    expect(body(changed).data).toMatchObject({ name: 'Albert Spring Sale II', start: '2026-03-02', end: '2026-03-10', description: 'Big week' });

    const byName = body(await analyst('GET', '/leaflets/search/by-name?name=spring%20sale')).data;
    expect(byName.map((l: { _id: string }) => l._id)).toContain(created._id);
    expect(body(await analyst('GET', '/leaflets/search/by-name?name=no-such-leaflet-name')).data).toEqual([]);

    // Overlap: a period touching one day of the leaflet finds it; a period after it does not.
    const overlap = body(await analyst('GET', '/leaflets/search/by-period?start=03/10/2026&end=03/20/2026&network=albert')).data;
    expect(overlap.map((l: { _id: string }) => l._id)).toContain(created._id);
    const after = body(await analyst('GET', '/leaflets/search/by-period?start=03/11/2026&end=03/20/2026&network=albert')).data;
    expect(after.map((l: { _id: string }) => l._id)).not.toContain(created._id);
  });

  it('refuses bad leaflet input naming the field', async () => {
    const endFirst = await analyst('POST', '/leaflets/create', { name: 'X', network: 'albert', start: '03/08/2026', end: '03/02/2026' });
    expect(endFirst.statusCode).toBe(400);
    expect(body(endFirst).error.fields).toEqual([expect.objectContaining({ path: 'end', message: 'end_before_start' })]);

    const badDate = await analyst('POST', '/leaflets/create', { name: 'X', network: 'albert', start: '2026-03-02', end: '03/02/2026' });
    expect(badDate.statusCode).toBe(400);
    expect(body(badDate).error.fields[0].path).toBe('start');

    const noName = await analyst('POST', '/leaflets/create', { name: '  ', network: 'albert', start: '03/02/2026', end: '03/02/2026' });
    expect(body(noName).error.fields[0]).toMatchObject({ path: 'name', message: 'required' });

    const unknownNetwork = await analyst('POST', '/leaflets/create', { name: 'X', network: 'nosuch', start: '03/02/2026', end: '03/02/2026' });
    expect(unknownNetwork.statusCode).toBe(400);
    expect(body(unknownNetwork).error.fields[0].path).toBe('network');

    // An update is checked against the stored period.
    const l = await create(analyst, {});
    const before = await analyst('PUT', `/leaflets/${l._id}`, { end: '03/01/2026' });
    expect(before.statusCode).toBe(400);
    expect(body(before).error.fields[0]).toMatchObject({ path: 'end', message: 'end_before_start' });

    expect((await analyst('GET', '/leaflets/999999')).statusCode).toBe(404);
    expect((await analyst('PUT', '/leaflets/999999', { name: 'x' })).statusCode).toBe(404);
    expect((await analyst('DELETE', '/leaflets/999999')).statusCode).toBe(404);
    expect((await analyst('GET', '/leaflets/abc')).statusCode).toBe(400);
  });

  it('shows a network’s leaflets only to callers who see that network', async () => {
    const billa = await create(netadmin, { name: 'Billa only', network: 'billa' });
    // analyst (albert) does not see billa: not found, not in searches, and naming it is forbidden.
    expect((await analyst('GET', `/leaflets/${billa._id}`)).statusCode).toBe(404);
    expect((await analyst('PUT', `/leaflets/${billa._id}`, { name: 'mine' })).statusCode).toBe(404);
    expect((await analyst('DELETE', `/leaflets/${billa._id}`)).statusCode).toBe(404);
    expect((await analyst('GET', `/leaflets/${billa._id}/prices/pageable`)).statusCode).toBe(404);
    const search = body(await analyst('GET', '/leaflets/search/by-name?name=billa%20only')).data;
    expect(search).toEqual([]);
    expect((await analyst('GET', '/leaflets/search/by-name?network=billa')).statusCode).toBe(403);
    expect((await analyst('POST', '/leaflets/create', { name: 'X', network: 'billa', start: '03/02/2026', end: '03/02/2026' })).statusCode).toBe(403);
    expect((await analyst('PUT', `/leaflets/${(await create(analyst, {}))._id}`, { network: 'billa' })).statusCode).toBe(403);
    const priced = await addPrice(analystSession, { leafletId: billa._id, productName: 'Milk', price: 10 });
    expect(priced.statusCode).toBe(404);
    // The provider sees it; the billa network admin found it in search.
    expect((await admin('GET', `/leaflets/${billa._id}`)).statusCode).toBe(200);
    expect(body(await netadmin('GET', '/leaflets/search/by-name?name=billa%20only')).data).toHaveLength(1);
    // Guests read but do not write (the access rules).
    expect((await guest('GET', `/leaflets/${billa._id}`)).statusCode).toBe(200);
    expect((await guest('POST', '/leaflets/create', { name: 'X', network: 'billa', start: '03/02/2026', end: '03/02/2026' })).statusCode).toBe(403);
  });

  it("writes only its own network's leaflets (and the provider's staff any): another visible chain's is 403", async () => {
    // analyst (albert) sees Lidl's demo leaflet but is not Lidl's user.
    const lidl = (body(await analyst('GET', '/leaflets/search/by-name?name=')).data as { _id: string; network: string }[]).find((l) => l.network === 'lidl')!;
    expect(lidl).toBeDefined();
    expect((await analyst('GET', `/leaflets/${lidl._id}`)).statusCode).toBe(200);
    const put = await analyst('PUT', `/leaflets/${lidl._id}`, { name: 'Hijacked' });
    expect([put.statusCode, body(put).error.code]).toEqual([403, 'forbidden']);
    expect((await analyst('DELETE', `/leaflets/${lidl._id}`)).statusCode).toBe(403);
    expect((await analyst('POST', '/leaflets/create', { name: 'X', network: 'lidl', start: '03/02/2026', end: '03/02/2026' })).statusCode).toBe(403);
    expect((await addPrice(analystSession, { leafletId: lidl._id, productName: 'Milk', price: 10 })).statusCode).toBe(403);
    expect((await postForm(app, analystSession, '/leaflets/save-image', { folder: lidl._id })).statusCode).toBe(403);
    const price = body(await analyst('GET', `/leaflets/${lidl._id}/prices/pageable?page=0&size=1`)).data.items[0];
    expect((await analyst('PUT', `/leaflets/prices/${price._id}`, { price: 1 })).statusCode).toBe(403);
    expect((await analyst('DELETE', `/leaflets/prices/${price._id}`)).statusCode).toBe(403);
    // Nothing changed.
    expect(body(await admin('GET', `/leaflets/${lidl._id}`)).data.name).not.toBe('Hijacked');
    expect(body(await admin('GET', `/leaflets/${lidl._id}/prices/pageable?page=0&size=1`)).data.items[0]).toEqual(price);
    // Its own network's leaflet: written.
    const own = await create(analyst, { name: 'Albert own' });
    expect((await analyst('PUT', `/leaflets/${own._id}`, { name: 'Albert own II' })).statusCode).toBe(200);
    // billa's network admin sees albert (allowed network) but writes only billa's.
    expect((await netadmin('PUT', `/leaflets/${own._id}`, { name: 'Billa was here' })).statusCode).toBe(403);
    expect((await analyst('DELETE', `/leaflets/${own._id}`)).statusCode).toBe(200);
    // The provider's staff write any.
    expect((await admin('PUT', `/leaflets/${lidl._id}`, { description: 'checked by the provider' })).statusCode).toBe(200);
  });

  it('adds prices from the form, pages through them and answers statistics', async () => {
    const l = await create(analyst, { name: 'Prices leaflet' });
    const product = products[0]!;
    const first = await addPrice(analystSession, {
      leafletId: l._id,
      productId: product._id,
      productName: 'Milk 1 l',
      price: '19,90',
      oldPrice: 24.9,
      mechanics: 'discount',
      box: { x: 10, y: 20, w: 100, h: 40 },
    });
    expect(first.statusCode).toBe(200);
    expect(body(first).data).toMatchObject({
      leafletId: l._id,
      productId: product._id,
      product: { _id: product._id, name: product.name },
      productName: 'Milk 1 l',
      price: 19.9,
      oldPrice: 24.9,
      discountPct: 20.1,
      mechanics: 'discount',
      box: { x: 10, y: 20, w: 100, h: 40 },
      source: 'manual',
      pageId: null,
    });
    const more = [
      { productName: 'Beer 0.5 l', price: 14.9, mechanics: 'multi_buy', mechanicsText: '2+1' },
      { productName: 'Cheese', price: 29.9, oldPrice: 59.9, mechanics: 'card' },
      { productName: 'Bread', price: 9.9 },
    ];
    for (const p of more) expect((await addPrice(analystSession, { leafletId: l._id, ...p })).statusCode).toBe(200);

    // Bad prices: named inside leafletPicture.
    const abc = await addPrice(analystSession, { leafletId: l._id, productName: 'X', price: 'abc' });
    expect(abc.statusCode).toBe(400);
    expect(body(abc).error.fields).toEqual([{ path: 'price', message: 'not_a_number' }]);
    const cheaperOld = await addPrice(analystSession, { leafletId: l._id, productName: 'X', price: 10, oldPrice: 9 });
    expect(body(cheaperOld).error.fields).toEqual([{ path: 'oldPrice', message: 'old_price_not_above_price' }]);
    const noName = await addPrice(analystSession, { leafletId: l._id, price: 10 });
    expect(body(noName).error.fields[0].path).toBe('productName');
    const badProduct = await addPrice(analystSession, { leafletId: l._id, productName: 'X', price: 10, productId: 99999999 });
    expect(badProduct.statusCode).toBe(400);
    expect(body(badProduct).error.fields).toEqual([{ path: 'productId', message: 'unknown_product' }]);
    const notJson = await postForm(app, analystSession, '/leaflets/add-price', { leafletPicture: '{not json' });
    expect(body(notJson).error.fields).toEqual([{ path: 'leafletPicture', message: 'invalid_json' }]);
    const missing = await postForm(app, analystSession, '/leaflets/add-price', {});
    expect(body(missing).error.fields).toEqual([{ path: 'leafletPicture', message: 'required' }]);
    const json = await analyst('POST', '/leaflets/add-price', { leafletPicture: '{}' });
    expect(json.statusCode).toBe(415);
    const otherPage = await addPrice(analystSession, { leafletId: l._id, productName: 'X', price: 10, pageId: 99999999 });
    expect(body(otherPage).error.fields).toEqual([{ path: 'pageId', message: 'unknown_page' }]);

    // Pageable: zero-based pages of `size`; past the end is 400 naming page.
    const p0 = body(await analyst('GET', `/leaflets/${l._id}/prices/pageable?page=0&size=3`)).data;
    expect(p0).toMatchObject({ page: 0, size: 3, total: 4, totalPages: 2 });
    expect(p0.items.map((i: { productName: string }) => i.productName)).toEqual(['Milk 1 l', 'Beer 0.5 l', 'Cheese']);
    const p1 = body(await analyst('GET', `/leaflets/${l._id}/prices/pageable?page=1&size=3`)).data;
    expect(p1.items.map((i: { productName: string }) => i.productName)).toEqual(['Bread']);
    const past = await analyst('GET', `/leaflets/${l._id}/prices/pageable?page=2&size=3`);
    expect(past.statusCode).toBe(400);
    expect(body(past).error.fields).toEqual([{ path: 'page', message: 'page_past_end' }]);
    const defaults = body(await analyst('GET', `/leaflets/${l._id}/prices/pageable`)).data;
    expect(defaults).toMatchObject({ page: 0, size: 10, total: 4, totalPages: 1 });
    // An empty leaflet answers page 0 with nothing.
    const empty = await create(analyst, {});
    expect(body(await analyst('GET', `/leaflets/${empty._id}/prices/pageable`)).data).toMatchObject({ items: [], total: 0, totalPages: 0 });
    const emptyPast = await analyst('GET', `/leaflets/${empty._id}/prices/pageable?page=3`);
    expect([emptyPast.statusCode, body(emptyPast).error.fields]).toEqual([400, [{ path: 'page', message: 'page_past_end' }]]);

    const stats = body(await analyst('GET', `/leaflets/${l._id}/prices/statistics`)).data;
    expect(stats).toMatchObject({
      priceCount: 4,
      matchedCount: 1,
      withOldPriceCount: 2,
      minPrice: 9.9,
      maxPrice: 29.9,
      avgPrice: 18.65,
      maxDiscountPct: 50.1,
    });
    expect(stats.byMechanics.find((m: { mechanics: string }) => m.mechanics === 'discount').count).toBe(2);
    expect(stats.byMechanics.find((m: { mechanics: string }) => m.mechanics === 'multi_buy').count).toBe(1);
    expect(stats.discountBands.find((b: { band: string }) => b.band === '50+').count).toBe(1);
    expect(stats.discountBands.find((b: { band: string }) => b.band === '20-30').count).toBe(1);
    if (product.section) expect(stats.bySection).toEqual([{ section: product.section, count: 1, avgDiscountPct: 20.1 }]);

    const listed = body(await analyst('GET', `/leaflets/${l._id}`)).data;
    expect(listed.priceCount).toBe(4);
  });

  it('exports the prices of leaflets as an xlsx file with one row per price, capped by count', async () => {
    const l = await create(analyst, { name: 'Export leaflet' });
    const product = products[1]!;
    await addPrice(analystSession, { leafletId: l._id, productId: product._id, productName: 'Printed name', price: 12.5, oldPrice: 15 });
    await addPrice(analystSession, { leafletId: l._id, productName: 'Second', price: 3, mechanics: 'other', mechanicsText: 'gift' });
    const res = await analyst('POST', `/leaflets/export`, { ids: [l._id] });
    expect(res.statusCode).toBe(200);
    const { file, extension } = body(res).data;
    expect(extension).toBe('.xlsx');
    const download = await app.inject({ method: 'GET', url: `/data/${file}`, query: { token: analystSession.token } });
    expect(download.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Leaflet',
      'Network',
      'Start',
      'End',
      'Currency',
      'Page',
      'Product',
      'EAN',
      'Name in leaflet',
      'Price',
      'Old price',
      'Discount %',
      'Mechanics',
      'Mechanics text',
    ]);
    expect(sheet.rowCount).toBe(3);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row).toEqual([
      'Export leaflet',
      'Albert',
      '2026-03-02',
      '2026-03-08',
      'CZK',
      undefined,
      product.name,
      product.ean ?? undefined,
      'Printed name',
      12.5,
      15,
      16.7,
      'discount',
    ]);
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual([
      'Export leaflet',
      'Albert',
      '2026-03-02',
      '2026-03-08',
      'CZK',
      undefined,
      undefined,
      undefined,
      'Second',
      3,
      undefined,
      undefined,
      'other',
      'gift',
    ]);

    const capped = body(await analyst('POST', `/leaflets/export?count=1`, { ids: [l._id] })).data;
    const again = await app.inject({ method: 'GET', url: `/data/${capped.file}`, query: { token: analystSession.token } });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(again.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0]!.rowCount).toBe(2);

    expect((await analyst('POST', `/leaflets/export`, { ids: [] })).statusCode).toBe(400);
    expect((await analyst('POST', `/leaflets/export`, { ids: [999999] })).statusCode).toBe(404);
  });

  it('deletes a leaflet with its prices', async () => {
    const l = await create(analyst, { name: 'To delete' });
    await addPrice(analystSession, { leafletId: l._id, productName: 'Gone', price: 1 });
    const res = await analyst('DELETE', `/leaflets/${l._id}`);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ deleted: true });
    expect((await analyst('GET', `/leaflets/${l._id}`)).statusCode).toBe(404);
    expect((await analyst('GET', `/leaflets/${l._id}/prices/pageable`)).statusCode).toBe(404);
  });

  it('has demo leaflets with rendered pages and prices of several mechanics', async () => {
    const all = body(await admin('GET', '/leaflets/search/by-name?name=')).data as {
      _id: string;
      network: string;
      pageCount: number;
      priceCount: number;
      coverThumbUrl: string | null;
    }[];
    const demo = all.filter((l) => l.pageCount > 0 && ['albert', 'billa', 'auchan', 'lidl'].includes(l.network));
    expect(new Set(demo.map((l) => l.network))).toEqual(new Set(['albert', 'billa', 'auchan', 'lidl']));
    for (const l of demo) {
      expect(l.pageCount).toBeGreaterThanOrEqual(2);
      expect(l.priceCount).toBe(l.pageCount * 6);
      expect(l.coverThumbUrl).toMatch(/^\/leaflets\/images\/[0-9a-f]{32}\.png\?size=thumb$/);
    }
    const albert = demo.find((l) => l.network === 'albert')!;
    const stats = body(await admin('GET', `/leaflets/${albert._id}/prices/statistics`)).data;
    expect(stats.byMechanics.filter((m: { count: number }) => m.count > 0).length).toBeGreaterThanOrEqual(5);
    expect(stats.matchedCount).toBeGreaterThan(0);
    expect(stats.matchedCount).toBeLessThan(stats.priceCount);
    const cover = await app.inject({ method: 'GET', url: albert.coverThumbUrl!, query: { token: analystSession.token } });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/webp');
    // analyst (albert) sees albert's and lidl's, not billa's or auchan's.
    const seen = body(await analyst('GET', '/leaflets/search/by-name?name=')).data.map((l: { network: string }) => l.network);
    expect(seen).toEqual(expect.arrayContaining(['albert', 'lidl']));
    expect(seen).not.toContain('billa');
    expect(seen).not.toContain('auchan');
  });

  it('needs a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/leaflets/search/by-name' })).statusCode).toBe(401);
  });
});
