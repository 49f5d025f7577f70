/**
 * A JSON API parser's key seen by those who may not edit it (issue 16 item 4): many APIs take the key in
 * the address (`?apikey=…`, `https://user:key@…`), not only in headers or the body.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { body, build, loginAs, type Session } from '../helpers/build';

let app: FastifyInstance;
let operator: Session;

const call = (s: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}token=${s.token}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    cookies: s.xsrf.cookies,
    headers: s.xsrf.headers,
  });

beforeAll(async () => {
  app = await build({ env: { PARSERS_WORKER: '0' } });
  operator = await loginAs(app, 'operator');
});
afterAll(async () => {
  await app?.close();
});

it('a key in the API address (query or user info) is hidden from a viewer who may not edit the parser, shown to an editor', async () => {
  const [shop] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM shops WHERE code = 'albert-brn-vankovka'`);
  const definition = {
    strategy: 'json',
    api: {
      request: { url: 'https://robot:pw-secret-9@api.shop.example/v1/products?page={page}&apikey=sk-live-456&size=50' },
      paging: { first: 1 },
      fields: { items: '$.items', name: '$.name', price: '$.price' },
    },
  };
  const made = await call(operator, 'POST', '/parsers', { code: 'albert-json-url-key', name: 'Albert JSON', shopId: Number(shop!.id), definition });
  expect(made.statusCode).toBe(200);
  const id = body(made).data._id;
  const urlFor = async (s: Session) => {
    const res = await call(s, 'GET', `/parsers/${id}`);
    expect(res.statusCode).toBe(200);
    return body(res).data.definition.api.request.url as string;
  };
  expect(await urlFor(operator)).toBe(definition.api.request.url);
  expect(await urlFor(await loginAs(app, 'analyst'))).toBe(definition.api.request.url); // Albert's own
  for (const name of ['guest', 'ashan', 'metro']) {
    const seen = await urlFor(await loginAs(app, name));
    expect([name, seen.includes('sk-live-456'), seen.includes('pw-secret-9')]).toEqual([name, false, false]);
    // What the parser reads stays readable: the host, the path and the paging placeholder.
    expect(seen).toContain('api.shop.example/v1/products');
    expect(seen).toContain('page={page}');
  }
});
