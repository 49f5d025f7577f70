/**
 * Adding a shop in the app (issue 16 item 4): POST /parsers, GET/PUT/DELETE /parsers/{id} on a demo
 * database with the demo shops on loopback. A parser made through the API runs and writes prices; invalid
 * definitions and addresses outside the allowlist are 400 naming the field; deleting keeps the runs'
 * history; rights are force start's; ten concurrent creates, edits and deletes stay consistent.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/client';
import { body, build, loginAs, type Session } from '../../helpers/build';
import { callerFor, type Caller } from '../../helpers/catalogue';

let app: FastifyInstance;
let operator: Session;
let analyst: Session;

/** Calls as this session's user (the shared helper: token, anti-forgery pair). */
const call = (s: Session, ...args: Parameters<Caller>) => callerFor(app, s)(...args);

async function shopId(code: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM shops WHERE code = ${code}`);
  return Number(row!.id);
}

async function demoParser(code: string): Promise<{ _id: string; name: string; definition: Record<string, unknown> }> {
  const list = body(await call(operator, 'GET', `/parsers/list?filters=${code}`)).data.items;
  const id = list.find((p: { code: string }) => p.code === code)._id;
  return body(await call(operator, 'GET', `/parsers/${id}`)).data;
}

async function drain() {
  const { worker } = app.parsers;
  while (await worker.claimAndRun()) {
    /* claim all */
  }
  await worker.idle();
  if (await worker.claimAndRun()) await drain();
}

const fieldsOf = (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.statusCode).toBe(400);
  return (body(res).error.fields as { path: string }[]).map((f) => f.path);
};

beforeAll(async () => {
  app = await build({ env: { DEMO_SHOPS: '1', PARSERS_WORKER: '0' } });
  Object.assign(app.parsers.workerOptions, { politeness: false, backoffMs: 10, maxRetries: 0 });
  operator = await loginAs(app, 'operator');
  analyst = await loginAs(app, 'analyst');
});
afterAll(() => app?.close());

describe('a shop added in the app', () => {
  it('deletes the demo parser keeping its runs, creates a new one for the shop, edits it, and its force start writes prices', async () => {
    const old = await demoParser('lidl-prg-smichov');
    const firstRun = body(await call(operator, 'POST', '/parsers/force-start', { parsers: [old._id] })).data[0];
    await drain();

    const del = await call(operator, 'DELETE', `/parsers/${old._id}`);
    expect(del.statusCode).toBe(200);
    expect(body(del).data).toEqual({ _id: old._id, deleted: true });
    // Gone from the list, the editor, force start; its run and problems are still readable.
    const codes = body(await call(operator, 'GET', '/parsers/list?limit=100')).data.items.map((p: { code: string }) => p.code);
    expect(codes).not.toContain('lidl-prg-smichov');
    expect((await call(operator, 'GET', `/parsers/${old._id}`)).statusCode).toBe(404);
    expect(fieldsOf(await call(operator, 'POST', '/parsers/force-start', { parsers: [old._id] }))).toEqual(['parsers']);
    expect(body(await call(operator, 'GET', `/parsers/runs/${firstRun._id}`)).data).toMatchObject({ _id: firstRun._id, status: 'done' });
    expect((await call(operator, 'GET', `/parsers/runs/${firstRun._id}/problems`)).statusCode).toBe(200);

    // The freed code is taken by the new parser.
    const created = await call(operator, 'POST', '/parsers', {
      code: 'lidl-prg-smichov',
      name: 'Lidl Smíchov (app)',
      shopId: await shopId('lidl-prg-smichov'),
      schedule: '30 5 * * *',
      definition: old.definition,
    });
    expect(created.statusCode).toBe(200);
    const made = body(created).data;
    expect(made).toMatchObject({ code: 'lidl-prg-smichov', name: 'Lidl Smíchov (app)', network: 'lidl', country: 'cz', schedule: '30 5 * * *', enabled: true });
    expect(made._id).not.toBe(old._id);

    const edited = await call(operator, 'PUT', `/parsers/${made._id}`, { name: 'Lidl Smíchov', definition: { ...old.definition, concurrency: 3 } });
    expect(edited.statusCode).toBe(200);
    expect(body(edited).data).toMatchObject({ name: 'Lidl Smíchov', schedule: '30 5 * * *', definition: { concurrency: 3 } });
    const listed = body(await call(operator, 'GET', '/parsers/list?filters=lidl-prg-smichov')).data.items;
    expect(listed).toEqual([expect.objectContaining({ _id: made._id, name: 'Lidl Smíchov' })]);

    const run = body(await call(operator, 'POST', '/parsers/force-start', { parsers: [made._id] })).data[0];
    await drain();
    const done = body(await call(operator, 'GET', `/parsers/runs/${run._id}`)).data;
    expect(done).toMatchObject({ parserId: made._id, status: 'done', pagesTotal: 12, pricesFound: 12 });
  });
});

describe('invalid definitions are 400 naming the field, nothing saved', () => {
  it('names the field of the definition, the address outside the allowlist, the shop, schedule and code', async () => {
    const shop = await shopId('kaufland-prg-barrandov');
    const base = { code: 'kaufland-new', name: 'Kaufland new', shopId: shop };
    const ok = { productUrls: ['https://shop.example/p/1'] };
    const cases: [unknown, string][] = [
      [{ ...base, definition: { ...ok, strategy: 'selectors' } }, 'definition.selectors'],
      [{ ...base, definition: { productUrls: ['ftp://shop.example/p/1'] } }, 'definition.productUrls.0'],
      [{ ...base, definition: { productUrls: [] } }, 'definition.productUrls'],
      [{ ...base, definition: { ...ok, waitFor: '.price' } }, 'definition.waitFor'],
      [{ ...base, definition: { ...ok, strategy: 'selectors', selectors: { price: '' } } }, 'definition.selectors.price'],
      // The runs' allowlist: private and loopback addresses (other than the demo shops' origins) are refused at save time.
      [{ ...base, definition: { productUrls: ['https://shop.example/p/1', 'http://10.0.0.1/p/2'] } }, 'definition.productUrls.1'],
      [{ ...base, definition: { productUrls: ['http://127.0.0.1:1/p'] } }, 'definition.productUrls.0'],
      [{ ...base, definition: { listing: { url: 'http://[::1]/c', linkSelector: 'a' } } }, 'definition.listing.url'],
      [{ ...base, shopId: 99999999, definition: ok }, 'shopId'],
      [{ ...base, schedule: 'every day', definition: ok }, 'schedule'],
      [{ ...base, code: 'bad code!', definition: ok }, 'code'],
      [{ ...base, code: 'lidl-prg-smichov', definition: ok }, 'code'],
    ];
    for (const [payload, field] of cases) {
      expect([payload, fieldsOf(await call(operator, 'POST', '/parsers', payload))]).toEqual([payload, expect.arrayContaining([field])]);
    }
    const before = await demoParser('kaufland-prg-barrandov');
    const id = before._id;
    expect(fieldsOf(await call(operator, 'PUT', `/parsers/${id}`, { definition: { productUrls: ['http://192.168.1.1/'] } }))).toEqual([
      'definition.productUrls.0',
    ]);
    expect(fieldsOf(await call(operator, 'PUT', `/parsers/${id}`, { code: 'lidl-prg-smichov' }))).toEqual(['code']);
    const [{ n }] = await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM parsers WHERE code = 'kaufland-new'`);
    expect(Number(n)).toBe(0);
    expect(await demoParser('kaufland-prg-barrandov')).toEqual(before);
    expect((await call(operator, 'PUT', '/parsers/99999999', { name: 'x' })).statusCode).toBe(404);
    expect((await call(operator, 'DELETE', '/parsers/99999999')).statusCode).toBe(404);
  });
});

describe('who may', () => {
  it('provider staff any parser; a chain’s users with parser rights their own chain’s parsers only (not a competitor’s they see or may start); nobody else', async () => {
    const albertShop = await shopId('albert-brn-vankovka');
    const pennyShop = await shopId('penny-prg-zizkov');
    const def = { productUrls: ['https://shop.example/p/1'] };
    const users = ['operator', 'admin', 'analyst', 'guest', 'ashan', 'metro', 'atb', 'netadmin', 'hunter'];
    const results: Record<string, [number, number, number, number]> = {};
    for (const name of users) {
      const s = name === 'operator' ? operator : name === 'analyst' ? analyst : await loginAs(app, name);
      const own = await call(s, 'POST', '/parsers', { code: `albert-${name}`, name: `Albert ${name}`, shopId: albertShop, definition: def });
      const other = await call(s, 'POST', '/parsers', { code: `penny-${name}`, name: `Penny ${name}`, shopId: pennyShop, definition: def });
      const ownId = own.statusCode === 200 ? body(own).data._id : (await demoParser('albert-prg-andel'))._id;
      const edit = await call(s, 'PUT', `/parsers/${ownId}`, { name: `Albert ${name} edited` });
      const remove = await call(s, 'DELETE', `/parsers/${own.statusCode === 200 ? ownId : (await demoParser('penny-plz-borska'))._id}`);
      results[name] = [own.statusCode, other.statusCode, edit.statusCode, remove.statusCode];
    }
    // operator, admin and hunter are provider staff; the analyst's Albert has parser rights (and sees lidl, kaufland, not penny).
    expect(results).toEqual({
      operator: [200, 200, 200, 200],
      admin: [200, 200, 200, 200],
      analyst: [200, 403, 200, 200],
      guest: [403, 403, 403, 403],
      // Auchan, Metro and Billa users may start Albert's and Penny's parsers, never change them.
      ashan: [403, 403, 403, 403],
      metro: [403, 403, 403, 403],
      atb: [403, 403, 403, 403],
      netadmin: [403, 403, 403, 403],
      hunter: [200, 200, 200, 200],
    });
    // The provider's parsers made for penny remain; none made by those refused.
    const made = await queryRows<{ code: string }>(app.db, sql`SELECT code FROM parsers WHERE code LIKE 'penny-%' AND deleted_at IS NULL ORDER BY code`);
    expect(made.map((r) => r.code)).toEqual(['penny-admin', 'penny-hunter', 'penny-operator', 'penny-plz-borska']);
    // Their demo parsers are untouched by the refused edits and deletes.
    expect((await demoParser('albert-prg-andel')).name).not.toMatch(/edited/);
  });

  it('a JSON API shop’s request headers and body (its key) are shown only to those who may edit the parser', async () => {
    const albertShop = await shopId('albert-brn-vankovka');
    const definition = {
      strategy: 'json',
      productUrls: [],
      api: {
        request: { url: 'https://api.shop.example/v1/products', method: 'POST', headers: { 'x-api-key': 'sk-live-123' }, body: { key: 'sk-live-123' } },
        fields: { items: '$.items', name: '$.name', price: '$.price' },
      },
    };
    const made = await call(operator, 'POST', '/parsers', { code: 'albert-json', name: 'Albert JSON', shopId: albertShop, definition });
    expect(made.statusCode).toBe(200);
    const id = body(made).data._id;
    const text = async (s: Session) => JSON.stringify(body(await call(s, 'GET', `/parsers/${id}`)).data.definition);
    expect(await text(operator)).toContain('sk-live-123');
    expect(await text(analyst)).toContain('sk-live-123'); // Albert's own parser
    const guest = await text(await loginAs(app, 'guest'));
    expect(guest).not.toContain('sk-live-123');
    expect(guest).toContain('x-api-key');
  });
});

describe('ten at once', () => {
  it('ten creates of one code: one 200, nine 400 naming code; ten edits: all 200, one of them stays whole', async () => {
    const shop = await shopId('kaufland-prg-barrandov');
    const def = { productUrls: ['https://shop.example/p/1'] };
    const creates = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(operator, 'POST', '/parsers', { code: 'kaufland-race', name: `Race ${i}`, shopId: shop, definition: def })),
    );
    expect(creates.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(400)]);
    for (const r of creates.filter((c) => c.statusCode === 400)) expect(fieldsOf(r)).toEqual(['code']);
    const id = body(creates.find((r) => r.statusCode === 200)!).data._id;

    const edits = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(operator, 'PUT', `/parsers/${id}`, { name: `Edit ${i}`, definition: { productUrls: [`https://shop.example/p/${i}`] } }),
      ),
    );
    expect(edits.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const final = body(await call(operator, 'GET', `/parsers/${id}`)).data;
    const i = Number(final.name.replace('Edit ', ''));
    expect(final.definition.productUrls).toEqual([`https://shop.example/p/${i}`]);
  });

  it('ten deletes of one parser: one 200, nine 404; edits racing a delete either land before it or are 404', async () => {
    const shop = await shopId('kaufland-prg-barrandov');
    const def = { productUrls: ['https://shop.example/p/1'] };
    const id = body(await call(operator, 'POST', '/parsers', { code: 'kaufland-gone', name: 'Gone', shopId: shop, definition: def })).data._id;
    const calls = await Promise.all([
      ...Array.from({ length: 10 }, () => call(operator, 'DELETE', `/parsers/${id}`)),
      ...Array.from({ length: 5 }, (_, i) => call(operator, 'PUT', `/parsers/${id}`, { name: `Late ${i}` })),
    ]);
    const deletes = calls.slice(0, 10).map((r) => r.statusCode);
    expect(deletes.sort()).toEqual([200, ...Array(9).fill(404)]);
    for (const r of calls.slice(10)) expect([200, 404]).toContain(r.statusCode);
    const [row] = await queryRows<{ deleted: boolean; code: string }>(
      app.db,
      sql`SELECT deleted_at IS NOT NULL AS deleted, code FROM parsers WHERE id = ${Number(id)}`,
    );
    expect(row).toMatchObject({ deleted: true });
    expect(row!.code).not.toBe('kaufland-gone');
  });
});
