/**
 * The one error envelope `{ success: false, error }`: unknown routes, bodies that are not JSON, too big or
 * of another type, and the error handler's own answers (a hidden 500, a cut query's 503, on a bare app).
 *
 * @one-database: bodies and routes are refused before any handler reads the database (scripts/lib/db-test-files.cjs).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import errors from '../../src/plugins/errors';
import { notFound } from '../../src/lib/errors';
import { build, getXsrf, type Xsrf } from '../helpers/build';

let app: FastifyInstance;
let xsrf: Xsrf;
beforeAll(async () => {
  app = await build();
  xsrf = await getXsrf(app);
});
afterAll(() => app.close());

const postLogin = (payload: string | Buffer, contentType: string) =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    cookies: xsrf.cookies,
    headers: { ...xsrf.headers, 'content-type': contentType },
    payload,
  });

describe('unknown routes', () => {
  it.each([
    ['GET', '/no/such/route'],
    ['GET', '/products/nothing/here'],
    ['POST', '/auth/nothing'],
  ])('%s %s answers 404 route_not_found', async (method, url) => {
    const res = await app.inject({ method: method as 'GET', url, cookies: xsrf.cookies, headers: xsrf.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: { code: 'route_not_found', message: 'route_not_found' } });
  });

  it('answers JSON to a browser navigation when no front end is built', async () => {
    const res = await app.inject({ method: 'GET', url: '/product/123', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('route_not_found');
  });
});

describe('bad request bodies', () => {
  it('answers 400 validation_failed for a body that is not JSON', async () => {
    const res = await postLogin('{"username": "admin", "password": ', 'application/json');
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual([{ path: 'body', message: expect.any(String) }]);
  });

  it('answers 400 validation_failed for an empty JSON body', async () => {
    const res = await postLogin('', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it('answers 400 validation_failed for JSON that is not an object', async () => {
    const res = await postLogin('[1,2]', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it('answers 413 payload_too_large for a 10 MB body', async () => {
    const big = JSON.stringify({ username: 'admin', password: 'x'.repeat(10 * 1024 * 1024) });
    const res = await postLogin(big, 'application/json');
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });

  it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])('answers 415 unsupported_media_type for %s', async (type) => {
    const res = await postLogin('username=admin&password=pricewatch', type);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });
});

describe('the error handler', () => {
  let lines: string[];
  let mini: FastifyInstance;

  beforeAll(async () => {
    lines = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    mini = Fastify({ logger: { level: 'info', stream } });
    mini.setValidatorCompiler(validatorCompiler);
    mini.setSerializerCompiler(serializerCompiler);
    await mini.register(errors, { spaIndexFile: null });
    mini.get('/boom', async () => {
      throw new Error('connection string postgres://secret@db leaked');
    });
    mini.get('/slow', async () => {
      // As Drizzle throws it: the driver's error (SQLSTATE 57014, canceling statement due to statement timeout) in `cause`.
      throw Object.assign(new Error('Failed query: select ...'), {
        cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      });
    });
    mini.get('/missing', async () => {
      throw notFound();
    });
    mini.get('/query', { schema: { querystring: z.object({ limit: z.coerce.number().int().min(1) }) } }, async () => 'ok');
    await mini.ready();
  });
  afterAll(() => mini.close());

  it('hides a 500 from the client and logs it with the request id', async () => {
    const res = await mini.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, error: { code: 'internal_error', message: 'internal_error' } });
    expect(res.body).not.toContain('secret');
    const requestId = res.headers['x-request-id'];
    expect(requestId).toBeTruthy();
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.level === 50);
    expect(logged).toMatchObject({ reqId: requestId, err: { message: expect.stringContaining('leaked') } });
  });

  it('answers a query cut by the statement timeout with 503 and Retry-After, not a 500', async () => {
    const res = await mini.inject({ method: 'GET', url: '/slow' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json().error.code).toBe('service_unavailable');
  });

  it('answers 404 not_found for a missing record', async () => {
    const res = await mini.inject({ method: 'GET', url: '/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: { code: 'not_found', message: 'not_found' } });
  });

  it('names the query parameter that failed validation', async () => {
    const res = await mini.inject({ method: 'GET', url: '/query?limit=0' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([{ path: 'limit', message: expect.any(String) }]);
  });
});
