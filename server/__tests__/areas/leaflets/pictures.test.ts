import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/client';
import { leafletsDirOf } from '../../../src/areas/leaflets/pictures';
import { body, build, loginAs, type Session } from '../../helpers/build';
import { caller, picture, postForm, type Call } from './helpers';

/** Leaflet pages: uploads checked by content, stored with thumbnails, served only to those who see them. */
describe('leaflet pictures', () => {
  let app: FastifyInstance;
  let analystSession: Session;
  let netadminSession: Session;
  let analyst: Call;
  let leafletId: string;
  let png: Buffer;

  const files = () =>
    readdirSync(leafletsDirOf(app.config), { withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => f.name)
      .sort();
  const rowCounts = async () => {
    const [r] = await queryRows<{ pages: number; prices: number }>(
      app.db,
      sql`SELECT (SELECT count(*)::int FROM leaflet_pages) AS pages, (SELECT count(*)::int FROM leaflet_prices) AS prices`,
    );
    return r!;
  };
  const image = (name: string, session: Session = analystSession, query: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/leaflets/images/${name}`, query: { token: session.token, ...query } });
  const upload = (data: Buffer, name = 'page.png', folder = leafletId, session = analystSession) =>
    postForm(app, session, '/leaflets/save-image', { folder }, [{ field: 'image', name, data }]);

  beforeAll(async () => {
    app = await build();
    analystSession = await loginAs(app, 'analyst');
    netadminSession = await loginAs(app, 'netadmin');
    analyst = caller(app, analystSession);
    const res = await analyst('POST', '/leaflets/create', { name: 'Pictures', network: 'albert', start: '03/02/2026', end: '03/08/2026' });
    leafletId = body(res).data._id;
    png = await picture(900, 1200, 'png');
  });
  afterAll(() => app.close());

  it('stores uploaded pages in order with thumbnails and serves them with the token', async () => {
    const first = await upload(png);
    expect(first.statusCode).toBe(200);
    const page = body(first).data;
    expect(page).toMatchObject({ leafletId, pageNo: 1, type: 'png', width: 900, height: 1200, bytes: png.length, recognition: 'none', priceCount: 0 });
    expect(page.name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(page.url).toBe(`/leaflets/images/${page.name}`);
    expect(page.thumbUrl).toBe(`/leaflets/images/${page.name}?size=thumb`);

    const jpeg = body(await upload(await picture(400, 300, 'jpeg'), 'photo.jpg')).data;
    const webp = body(await upload(await picture(300, 400, 'webp'), 'photo.webp')).data;
    expect([jpeg.pageNo, jpeg.type, webp.pageNo, webp.type]).toEqual([2, 'jpeg', 3, 'webp']);
    expect(jpeg.name).toMatch(/\.jpg$/);

    const full = await image(page.name);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.headers['cache-control']).toContain('immutable');
    expect(full.rawPayload.equals(png)).toBe(true);

    const thumb = await image(page.name, analystSession, { size: 'thumb' });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.rawPayload.length).toBeLessThan(png.length);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(320);
    expect(meta.format).toBe('webp');

    const leaflet = body(await analyst('GET', `/leaflets/${leafletId}`)).data;
    expect(leaflet.pages.map((p: { pageNo: number }) => p.pageNo)).toEqual([1, 2, 3]);
    expect(leaflet.coverThumbUrl).toBe(page.thumbUrl);
    expect((await image(jpeg.name)).headers['content-type']).toBe('image/jpeg');

    // No token or a wrong one: 401.
    expect((await app.inject({ method: 'GET', url: `/leaflets/images/${page.name}` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/leaflets/images/${page.name}`, query: { token: 'not-a-session' } })).statusCode).toBe(401);
    // A user who does not see the leaflet's network does not get its pictures.
    const billa = body(
      await caller(app, netadminSession)('POST', '/leaflets/create', { name: 'B', network: 'billa', start: '03/02/2026', end: '03/08/2026' }),
    ).data;
    const billaPage = body(await upload(png, 'b.png', billa._id, netadminSession)).data;
    expect((await image(billaPage.name, netadminSession)).statusCode).toBe(200);
    expect((await image(billaPage.name, analystSession)).statusCode).toBe(404);
    // Names that are not ours: refused before touching the disk.
    expect((await image('..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(400);
    expect((await image('x.png')).statusCode).toBe(400);
    expect((await image(`${'0'.repeat(32)}.png`)).statusCode).toBe(404);
  });

  it('refuses what is not a picture, naming the field, and keeps nothing', async () => {
    const before = { rows: await rowCounts(), files: files() };
    const text = await upload(Buffer.from('just some text, not a picture\n'), 'notes.txt');
    expect(text.statusCode).toBe(400);
    expect(body(text).error.fields).toEqual([{ path: 'image', message: 'not_an_image' }]);

    const renamed = await upload(Buffer.from('hello, I am a text file pretending to be a PNG'), 'fake.png');
    expect(body(renamed).error.fields).toEqual([{ path: 'image', message: 'not_an_image' }]);

    const truncated = await upload(png.subarray(0, Math.floor(png.length / 2)), 'half.png');
    expect(truncated.statusCode).toBe(400);
    expect(body(truncated).error.fields).toEqual([{ path: 'image', message: 'not_an_image' }]);

    const wide = await sharp({ create: { width: 12_001, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const tooWide = await upload(wide, 'wide.png');
    expect(body(tooWide).error.fields).toEqual([{ path: 'image', message: 'image_too_large' }]);

    // 30 MB (over the 15 MB limit): 413, no row, no file.
    const huge = Buffer.alloc(30 * 1024 * 1024, 7);
    png.copy(huge, 0, 0, 64);
    const big = await upload(huge, 'huge.png');
    expect(big.statusCode).toBe(413);
    expect(body(big).error.code).toBe('payload_too_large');

    const noFile = await postForm(app, analystSession, '/leaflets/save-image', { folder: leafletId });
    expect(body(noFile).error.fields).toEqual([{ path: 'image', message: 'required' }]);
    const noFolder = await postForm(app, analystSession, '/leaflets/save-image', {}, [{ field: 'image', name: 'p.png', data: png }]);
    expect(body(noFolder).error.fields).toEqual([{ path: 'folder', message: 'required' }]);
    expect((await upload(png, 'p.png', '999999')).statusCode).toBe(404);
    expect((await analyst('POST', '/leaflets/save-image', { folder: leafletId })).statusCode).toBe(415);

    expect(await rowCounts()).toEqual(before.rows);
    expect(files()).toEqual(before.files);
  });

  it('removes the stored files when the page row cannot be written', async () => {
    const before = { rows: await rowCounts(), files: files() };
    const spy = jest.spyOn(app.db, 'transaction').mockRejectedValueOnce(new Error('database went away'));
    try {
      const res = await upload(png);
      expect(res.statusCode).toBe(500);
      expect(body(res).error.code).toBe('internal_error');
    } finally {
      spy.mockRestore();
    }
    expect(await rowCounts()).toEqual(before.rows);
    expect(files()).toEqual(before.files);
  });

  it('adds a price with a new page picture in one go, and deletes pages and files with the leaflet', async () => {
    const res = await analyst('POST', '/leaflets/create', { name: 'With picture', network: 'albert', start: '03/02/2026', end: '03/08/2026' });
    const l = body(res).data;
    const before = files().length;
    const priced = await postForm(
      app,
      analystSession,
      '/leaflets/add-price',
      { leafletPicture: JSON.stringify({ leafletId: l._id, productName: 'Yoghurt', price: 9.9, box: { x: 5, y: 5, w: 50, h: 20 } }) },
      [{ field: 'picture', name: 'page.png', data: png }],
    );
    expect(priced.statusCode).toBe(200);
    const price = body(priced).data;
    expect(price).toMatchObject({ productName: 'Yoghurt', price: 9.9, pageNo: 1 });
    expect(price.pageId).not.toBeNull();
    expect(files().length).toBe(before + 2);
    const detail = body(await analyst('GET', `/leaflets/${l._id}`)).data;
    expect(detail.pages).toEqual([expect.objectContaining({ _id: price.pageId, priceCount: 1 })]);
    const onPage = body(await analyst('GET', `/leaflets/${l._id}/prices/pageable?pageId=${price.pageId}`)).data;
    expect(onPage.total).toBe(1);

    // A bad price with a picture: nothing of it is kept.
    const bad = await postForm(
      app,
      analystSession,
      '/leaflets/add-price',
      { leafletPicture: JSON.stringify({ leafletId: l._id, productName: 'X', price: 'abc' }) },
      [{ field: 'picture', name: 'page.png', data: png }],
    );
    expect(body(bad).error.fields).toEqual([{ path: 'price', message: 'not_a_number' }]);
    const fake = await postForm(
      app,
      analystSession,
      '/leaflets/add-price',
      { leafletPicture: JSON.stringify({ leafletId: l._id, productName: 'X', price: 1 }) },
      [{ field: 'picture', name: 'page.png', data: Buffer.from('text') }],
    );
    expect(body(fake).error.fields).toEqual([{ path: 'picture', message: 'not_an_image' }]);
    expect(files().length).toBe(before + 2);

    expect((await analyst('DELETE', `/leaflets/${l._id}`)).statusCode).toBe(200);
    expect(files().length).toBe(before);
    expect((await image(detail.pages[0].name)).statusCode).toBe(404);
  });
});
