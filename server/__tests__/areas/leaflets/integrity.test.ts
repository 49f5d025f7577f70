import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { LEAFLET_LIMITS } from '@pricewatch/shared/contract';
import { queryRows, type Db } from '../../../src/db/client';
import { leafletsDirOf } from '../../../src/areas/leaflets/pictures';
import { body, build, loginAs, onPostgres, type Session } from '../../helpers/build';
import { caller, multipart, picture, postForm, type Call } from './helpers';

/**
 * What the review of issue 6 found: a delete racing an upload or a price, NUL characters, broken
 * multipart forms, products and networks of another country, upload limits, guests and recognition,
 * box bounds, and the price limit under concurrency.
 */
describe('leaflet integrity', () => {
  let app: FastifyInstance;
  let session: Session;
  let analyst: Call;
  let admin: Call;
  let guest: Call;
  let png: Buffer;

  const files = () => {
    const dir = leafletsDirOf(app.config);
    mkdirSync(dir, { recursive: true });
    return readdirSync(dir, { withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => f.name)
      .sort();
  };
  const create = async (call: Call = analyst, fields: Record<string, unknown> = {}) => {
    const res = await call('POST', '/leaflets/create', { name: 'Integrity', network: 'albert', start: '03/02/2026', end: '03/08/2026', ...fields });
    expect(res.statusCode).toBe(200);
    return body(res).data as { _id: string };
  };
  const addPrice = (leafletPicture: Record<string, unknown>, who: Session = session) =>
    postForm(app, who, '/leaflets/add-price', { leafletPicture: JSON.stringify(leafletPicture) });
  const raw = (url: string, headers: Record<string, string>, payload: Buffer | string) =>
    app.inject({
      method: 'POST',
      url,
      query: { token: session.token },
      cookies: session.xsrf.cookies,
      headers: { ...session.xsrf.headers, ...headers },
      payload,
    });
  const fieldsOf = (res: { json: () => unknown }) => (res.json() as { error: { fields: unknown } }).error.fields;

  /** Runs the next db.transaction after `before` ran outside it (a concurrent delete that committed first). */
  function beforeNextTransaction(before: () => Promise<unknown>) {
    const original = app.db.transaction.bind(app.db);
    return jest.spyOn(app.db, 'transaction').mockImplementationOnce((async (fn: (tx: unknown) => Promise<unknown>) => {
      await before();
      return original(fn as never);
    }) as never);
  }

  beforeAll(async () => {
    app = await build();
    session = await loginAs(app, 'analyst');
    analyst = caller(app, session);
    admin = caller(app, await loginAs(app, 'admin'));
    guest = caller(app, await loginAs(app, 'guest'));
    png = await picture(300, 400, 'png');
  });
  afterAll(() => app.close());

  it("two edits at once keep each other's fields", async () => {
    const l = await create();
    // Each edit reads the stored row after the other's read was possible: without the row lock, the
    // later write would put back the old value of the field it did not name.
    const [a, b] = await Promise.all([
      analyst('PUT', `/leaflets/${l._id}`, { name: 'Renamed at once' }),
      analyst('PUT', `/leaflets/${l._id}`, { description: 'Described at once' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const after = body(await analyst('GET', `/leaflets/${l._id}`)).data;
    expect([after.name, after.description]).toEqual(['Renamed at once', 'Described at once']);
  });

  describe('delete against a concurrent upload or price', () => {
    it('an upload to a leaflet deleted meanwhile is 404 and keeps no files', async () => {
      const l = await create();
      const before = files();
      const spy = beforeNextTransaction(() => app.db.execute(sql`DELETE FROM leaflets WHERE id = ${Number(l._id)}`));
      try {
        const res = await postForm(app, session, '/leaflets/save-image', { folder: l._id }, [{ field: 'image', name: 'p.png', data: png }]);
        expect([res.statusCode, body(res).error?.code]).toEqual([404, 'not_found']);
      } finally {
        spy.mockRestore();
      }
      expect(files()).toEqual(before);
    });

    it('a price (with or without a picture) for a leaflet deleted meanwhile is 404, never an FK 500', async () => {
      for (const withPicture of [false, true]) {
        const l = await create();
        const before = files();
        const spy = beforeNextTransaction(() => app.db.execute(sql`DELETE FROM leaflets WHERE id = ${Number(l._id)}`));
        try {
          const fields = { leafletPicture: JSON.stringify({ leafletId: l._id, productName: 'Milk', price: 10 }) };
          const res = await postForm(app, session, '/leaflets/add-price', fields, withPicture ? [{ field: 'picture', name: 'p.png', data: png }] : []);
          expect([withPicture, res.statusCode, body(res).error?.code]).toEqual([withPicture, 404, 'not_found']);
        } finally {
          spy.mockRestore();
        }
        expect(files()).toEqual(before);
      }
    });

    it('a page committed while the delete waits goes with the leaflet, files included', async () => {
      const l = await create();
      const page = body(await postForm(app, session, '/leaflets/save-image', { folder: l._id }, [{ field: 'image', name: 'p.png', data: png }])).data;
      // The files of a page that an upload commits right after the delete began (stored before its row).
      const base = randomBytes(16).toString('hex');
      const late = [`${base}.png`, `${base}-t.webp`];
      for (const name of late) writeFileSync(path.join(leafletsDirOf(app.config), name), png);
      // The upload's INSERT lands right after the delete took the leaflet's row lock, in its transaction
      // (as a concurrent commit just before the lock would be seen).
      const { queries } = app.leaflets.service;
      const lock = queries.lockLeaflet.bind(queries);
      const spy = jest.spyOn(queries, 'lockLeaflet').mockImplementationOnce(async (tx: Db, id: number) => {
        const locked = await lock(tx, id);
        await tx.execute(
          sql`INSERT INTO leaflet_pages (leaflet_id, page_no, file_name, type, width, height, bytes, thumb_name)
              VALUES (${Number(l._id)}, 2, ${late[0]}, 'png', 300, 400, ${png.length}, ${late[1]})`,
        );
        return locked;
      });
      try {
        expect((await analyst('DELETE', `/leaflets/${l._id}`)).statusCode).toBe(200);
      } finally {
        spy.mockRestore();
      }
      const left = files();
      for (const name of [page.name, ...late]) expect([name, left.includes(name)]).toEqual([name, false]);
      const [rows] = await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM leaflet_pages WHERE leaflet_id = ${Number(l._id)}`);
      expect(rows!.n).toBe(0);
    });

    (onPostgres() ? it : it.skip)('keeps the price limit under concurrent add-price calls (PostgreSQL)', async () => {
      const l = await create();
      await app.db.execute(
        sql`INSERT INTO leaflet_prices (leaflet_id, product_name, price, mechanics, source)
            SELECT ${Number(l._id)}, 'p' || g, 100, 'discount', 'manual' FROM generate_series(1, ${LEAFLET_LIMITS.pricesMax - 1}) g`,
      );
      const results = await Promise.all(Array.from({ length: 6 }, () => addPrice({ leafletId: l._id, productName: 'Last', price: 1 })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
      const [n] = await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM leaflet_prices WHERE leaflet_id = ${Number(l._id)}`);
      expect(n!.n).toBe(LEAFLET_LIMITS.pricesMax);
    });
  });

  it('refuses a NUL character in every leaflet text, naming the field', async () => {
    const l = await create();
    const cases: [string, Promise<{ statusCode: number; json: () => unknown }>, string][] = [
      ['create name', analyst('POST', '/leaflets/create', { name: 'a\u0000b', network: 'albert', start: '03/02/2026', end: '03/08/2026' }), 'name'],
      [
        'create description',
        analyst('POST', '/leaflets/create', { name: 'a', description: 'x\u0000', network: 'albert', start: '03/02/2026', end: '03/08/2026' }),
        'description',
      ],
      ['create network', analyst('POST', '/leaflets/create', { name: 'a', network: 'alb\u0000', start: '03/02/2026', end: '03/08/2026' }), 'network'],
      ['update name', analyst('PUT', `/leaflets/${l._id}`, { name: '\u0000' }), 'name'],
      ['update description', analyst('PUT', `/leaflets/${l._id}`, { description: 'd\u0000' }), 'description'],
      ['search name', analyst('GET', '/leaflets/search/by-name?name=%00'), 'name'],
      ['search network', analyst('GET', '/leaflets/search/by-name?network=a%00'), 'network'],
      ['period network', analyst('GET', '/leaflets/search/by-period?start=03/01/2026&end=03/31/2026&network=a%00'), 'network'],
      ['productName', addPrice({ leafletId: l._id, productName: 'Milk\u0000', price: 1 }), 'productName'],
      ['mechanicsText', addPrice({ leafletId: l._id, productName: 'Milk', price: 1, mechanics: 'other', mechanicsText: '2+1\u0000' }), 'mechanicsText'],
    ];
    for (const [what, pending, field] of cases) {
      const res = await pending;
      expect([what, res.statusCode]).toEqual([what, 400]);
      expect([what, fieldsOf(res)]).toEqual([what, [expect.objectContaining({ path: field, message: 'invalid character' })]]);
    }
  });

  it('answers a broken multipart form with 400 (or 415), never 500, and keeps nothing', async () => {
    const l = await create();
    const before = files();
    const good = multipart({ folder: l._id }, [{ field: 'image', name: 'p.png', data: png }]);
    const cases: [string, string, Record<string, string>, Buffer | string, number, unknown][] = [
      [
        'truncated body',
        '/leaflets/save-image',
        good.headers,
        good.payload.subarray(0, good.payload.length - 200),
        400,
        [{ path: 'body', message: 'invalid_multipart' }],
      ],
      ['truncated fields', '/leaflets/add-price', good.headers, good.payload.subarray(0, 60), 400, [{ path: 'body', message: 'invalid_multipart' }]],
      ['no boundary', '/leaflets/save-image', { 'content-type': 'multipart/form-data' }, good.payload, 400, [{ path: 'body', message: 'invalid_multipart' }]],
      ['not a form', '/leaflets/save-image', good.headers, 'hello', 400, [{ path: 'body', message: 'invalid_multipart' }]],
      ['json', '/leaflets/add-price', { 'content-type': 'application/json' }, '{}', 415, undefined],
    ];
    for (const [what, url, headers, payload, status, fields] of cases) {
      const res = await raw(url, headers, payload);
      expect([what, res.statusCode, body(res).error?.fields]).toEqual([what, status, fields]);
    }
    const form = (url: string, fields: Record<string, string>, parts: { field: string; data: Buffer }[], extra: [string, string][] = []) => {
      const m = multipart(
        fields,
        parts.map((p) => ({ ...p, name: 'p.png' })),
      );
      const boundary = m.headers['content-type'].split('boundary=')[1]!;
      const more = extra.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('');
      return raw(url, m.headers, Buffer.concat([Buffer.from(more), m.payload]));
    };
    const price = JSON.stringify({ leafletId: l._id, productName: 'Milk', price: 1 });
    const refused: [string, Promise<{ statusCode: number; json: () => unknown }>, unknown][] = [
      ['text where the file goes', form('/leaflets/save-image', { folder: l._id, image: 'not a file' }, []), [{ path: 'image', message: 'expected_file' }]],
      [
        'two images',
        form('/leaflets/save-image', { folder: l._id }, [
          { field: 'image', data: png },
          { field: 'image', data: png },
        ]),
        [{ path: 'image', message: 'duplicate_field' }],
      ],
      [
        'another file',
        form('/leaflets/save-image', { folder: l._id }, [
          { field: 'image', data: png },
          { field: 'extra', data: png },
        ]),
        [{ path: 'extra', message: 'unexpected_file' }],
      ],
      [
        'image on add-price',
        form('/leaflets/add-price', { leafletPicture: price }, [{ field: 'image', data: png }]),
        [{ path: 'image', message: 'unexpected_file' }],
      ],
      [
        'two pictures',
        form('/leaflets/add-price', { leafletPicture: price }, [
          { field: 'picture', data: png },
          { field: 'picture', data: png },
        ]),
        [{ path: 'picture', message: 'duplicate_field' }],
      ],
      [
        'two leafletPicture',
        form('/leaflets/add-price', { leafletPicture: price }, [], [['leafletPicture', price]]),
        [{ path: 'leafletPicture', message: 'duplicate_field' }],
      ],
      [
        'two folders',
        form('/leaflets/save-image', { folder: l._id }, [{ field: 'image', data: png }], [['folder', l._id]]),
        [{ path: 'folder', message: 'duplicate_field' }],
      ],
      [
        'many fields',
        form('/leaflets/save-image', { folder: l._id, a: '1', b: '2', c: '3', d: '4', e: '5' }, [{ field: 'image', data: png }]),
        [{ path: 'body', message: 'too_many_fields' }],
      ],
    ];
    for (const [what, pending, fields] of refused) {
      const res = await pending;
      expect([what, res.statusCode, fieldsOf(res)]).toEqual([what, 400, fields]);
    }
    const [n] = await queryRows<{ pages: number; prices: number }>(
      app.db,
      sql`SELECT (SELECT count(*)::int FROM leaflet_pages WHERE leaflet_id = ${Number(l._id)}) AS pages,
                 (SELECT count(*)::int FROM leaflet_prices WHERE leaflet_id = ${Number(l._id)}) AS prices`,
    );
    expect(n).toEqual({ pages: 0, prices: 0 });
    expect(files()).toEqual(before);
  });

  it('refuses a request larger than one picture + 1 MB before reading it, and names the field of a too-large file', async () => {
    const l = await create();
    // Two 9 MB parts: each under the per-file limit, together over the request budget.
    const nine = Buffer.alloc(9 * 1024 * 1024, 1);
    const big = await postForm(app, session, '/leaflets/save-image', { folder: l._id }, [
      { field: 'image', name: 'a.png', data: nine },
      { field: 'image2', name: 'b.png', data: nine },
    ]);
    expect([big.statusCode, body(big).error.code, body(big).error.fields]).toEqual([413, 'payload_too_large', [{ path: 'image', message: 'file_too_large' }]]);
    // A picture over imageMaxBytes on add-price: 413 naming `picture` (not `image`).
    const huge = Buffer.alloc(LEAFLET_LIMITS.imageMaxBytes + 10, 1);
    const tooBig = await postForm(app, session, '/leaflets/add-price', { leafletPicture: JSON.stringify({ leafletId: l._id, productName: 'M', price: 1 }) }, [
      { field: 'picture', name: 'p.png', data: huge },
    ]);
    expect([tooBig.statusCode, body(tooBig).error.fields]).toEqual([413, [{ path: 'picture', message: 'file_too_large' }]]);
  });

  it('refuses a product of another country than the leaflet network’s', async () => {
    const l = await create();
    const one = async (q: ReturnType<typeof sql>) => (await queryRows<{ id: number }>(app.db, q))[0]!.id;
    const czech = await one(sql`INSERT INTO products (name, country) VALUES ('Integrity CZ', 'cz') RETURNING id`);
    const ukrainian = await one(sql`INSERT INTO products (name, country) VALUES ('Integrity UA', 'ua') RETURNING id`);
    const other = await addPrice({ leafletId: l._id, productId: ukrainian, productName: 'Milk', price: 1 });
    expect([other.statusCode, fieldsOf(other)]).toEqual([400, [{ path: 'productId', message: 'product_of_other_country' }]]);
    const unknown = await addPrice({ leafletId: l._id, productId: 99_999_999, productName: 'Milk', price: 1 });
    expect(fieldsOf(unknown)).toEqual([{ path: 'productId', message: 'unknown_product' }]);
    const same = await addPrice({ leafletId: l._id, productId: czech, productName: 'Milk', price: 1 });
    expect([same.statusCode, body(same).data.productId]).toEqual([200, String(czech)]);
  });

  it('never moves a leaflet to a network of another country', async () => {
    const l = await create(admin);
    const abroad = await admin('PUT', `/leaflets/${l._id}`, { network: 'auchan' });
    expect([abroad.statusCode, fieldsOf(abroad)]).toEqual([400, [{ path: 'network', message: 'network_of_other_country' }]]);
    expect(body(await admin('GET', `/leaflets/${l._id}`)).data).toMatchObject({ network: 'albert', currency: 'CZK' });
    const home = await admin('PUT', `/leaflets/${l._id}`, { network: 'billa' });
    expect([home.statusCode, body(home).data.network, body(home).data.currency]).toEqual([200, 'billa', 'CZK']);
  });

  it('guests read the recognition state but never start a run', async () => {
    const l = await create();
    const page = body(await postForm(app, session, '/leaflets/save-image', { folder: l._id }, [{ field: 'image', name: 'p.png', data: png }])).data;
    const rows = async () => queryRows<{ status: string }>(app.db, sql`SELECT status FROM leaflet_recognitions WHERE page_id = ${Number(page._id)}`);
    const fresh = await guest('GET', `/leaflets/${l._id}/neural-data?neuralId=${page._id}`);
    expect([fresh.statusCode, body(fresh).data.status]).toEqual([200, 'none']);
    expect(body(await guest('GET', `/leaflets/${l._id}/neural-data?neuralId=${page._id}&refresh=true`)).data.status).toBe('none');
    expect(await rows()).toEqual([]);
    // A finished run: the guest sees it; refresh does not re-queue it.
    await app.db.execute(
      sql`INSERT INTO leaflet_recognitions (page_id, status, progress, error, job_id, finished_at) VALUES (${Number(page._id)}, 'failed', 0, 'ocr_failed', 'x', now())`,
    );
    const seen = body(await guest('GET', `/leaflets/${l._id}/neural-data?neuralId=${page._id}&refresh=true`)).data;
    expect([seen.status, seen.error]).toEqual(['failed', 'ocr_failed']);
    expect(await rows()).toEqual([{ status: 'failed' }]);
  });

  it('refuses a box outside the largest picture even without a page', async () => {
    const l = await create();
    const max = LEAFLET_LIMITS.imageMaxSide;
    for (const box of [
      { x: 1e15, y: 0, w: 1, h: 1 },
      { x: max, y: 0, w: 1, h: 1 },
      { x: 0, y: max - 5, w: 10, h: 10 },
    ]) {
      const res = await addPrice({ leafletId: l._id, productName: 'Milk', price: 1, box });
      expect([box, res.statusCode, fieldsOf(res)]).toEqual([box, 400, [{ path: 'box', message: 'outside_page' }]]);
    }
    const ok = await addPrice({ leafletId: l._id, productName: 'Milk', price: 1, box: { x: max - 10, y: 0, w: 10, h: max } });
    expect(ok.statusCode).toBe(200);
  });
});
