/**
 * A JSON API parser's key seen by those who may not edit it (issue 16 item 4): many APIs take the key in
 * the address (`?apikey=…`, `https://user:key@…`), not only in headers or the body.
 * @one-database: what the answers hide from whom (permissions); the rows are written one at a time.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { body, loginAs, type Session } from '../helpers/build';
import { parsersApp, shopIdOf } from '../helpers/parser-shop';
import { callerFor, type Caller } from '../helpers/catalogue';

let app: FastifyInstance;
let operator: Session;
let call: Caller;

beforeAll(async () => {
  ({ app, operator, call } = await parsersApp());
});
afterAll(async () => {
  await app?.close();
});

it('a key in the API address (query or user info) is hidden from a viewer who may not edit the parser, shown to an editor', async () => {
  const shopId = await shopIdOf(app, 'albert-brn-vankovka');
  const definition = {
    strategy: 'json',
    api: {
      request: { url: 'https://robot:pw-secret-9@api.shop.example/v1/products?page={page}&apikey=sk-live-456&size=50' },
      paging: { first: 1 },
      fields: { items: '$.items', name: '$.name', price: '$.price' },
    },
  };
  const made = await call('POST', '/parsers', { code: 'albert-json-url-key', name: 'Albert JSON', shopId, definition });
  expect(made.statusCode).toBe(200);
  const id = body(made).data._id;
  const urlFor = async (s: Session) => {
    const res = await callerFor(app, s)('GET', `/parsers/${id}`);
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

it("a JSON API run's page addresses (problems, results file) hide the key from a viewer who may not edit the parser", async () => {
  const shopId = await shopIdOf(app, 'albert-brn-vankovka');
  const key = 'sk-run-789';
  const definition = {
    strategy: 'json',
    api: {
      request: { url: `https://api.shop.example/v1/products?page={page}&apikey=${key}` },
      paging: { first: 1 },
      fields: { items: '$.items', name: '$.name', price: '$.price' },
    },
  };
  const made = await call('POST', '/parsers', { code: 'albert-json-run-key', name: 'Albert JSON run', shopId, definition });
  expect(made.statusCode).toBe(200);
  // A finished run whose one request failed, as the runner records it: the request's address, key included.
  const [run] = await queryRows<{ id: number }>(
    app.db,
    sql`INSERT INTO parser_runs (parser_id, trigger, status) VALUES (${Number(body(made).data._id)}, 'manual', 'done') RETURNING id`,
  );
  await app.db.execute(
    sql`INSERT INTO parser_run_items (run_id, seq, url, problem_kind, problem)
        VALUES (${run!.id}, 1, ${`https://api.shop.example/v1/products?page=1&apikey=${key}`}, 'http_status', 'HTTP 500')`,
  );
  const problemsOf = async (s: Session) => {
    const res = await callerFor(app, s)('GET', `/parsers/runs/${run!.id}/problems`);
    expect(res.statusCode).toBe(200);
    return JSON.stringify(body(res).data);
  };
  expect(await problemsOf(operator)).toContain(key);
  const ashan = await loginAs(app, 'ashan');
  const seen = await problemsOf(ashan);
  expect(seen).not.toContain(key);
  expect(seen).toContain('api.shop.example/v1/products');
  // The results file the viewer downloads says the same.
  const results = await callerFor(app, ashan)('GET', `/parsers/runs/${run!.id}/results`);
  expect(results.statusCode).toBe(200);
  const file = body(results).data.file as string;
  const download = await app.inject({ method: 'GET', url: `/data/${file}?token=${ashan.token}` });
  expect(download.statusCode).toBe(200);
  const ExcelJS = (await import('exceljs')).default;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
  const cells = book.worksheets[0]!.getColumn(1).values.map(String).join(' ');
  expect(cells).toContain('api.shop.example');
  expect(cells).not.toContain(key);
});
