/**
 * The anti-forgery cookie and header pair (src/plugins/xsrf.ts): set on any answer, required on every
 * state-changing call, refused before a handler runs when missing or different.
 *
 * @one-database: the check runs before any handler reads the database (scripts/lib/db-test-files.cjs).
 */
import type { FastifyInstance } from 'fastify';
import { build, getXsrf, loginAs } from '../helpers/build';

let app: FastifyInstance;
beforeAll(async () => {
  app = await build();
});
afterAll(() => app.close());

const XSRF_FAILED = { success: false, error: { code: 'xsrf_failed', message: 'xsrf_failed' } };

describe('anti-forgery cookie', () => {
  it('is set, readable by the page and same-site only, on a response to a request without it', async () => {
    const res = await app.inject({ method: 'GET', url: '/deployment.json' });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toBeDefined();
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie!.path).toBe('/');
    expect(cookie!.sameSite).toBe('Strict');
    expect(cookie!.httpOnly).toBeFalsy();
  });

  it('is set on error responses too', async () => {
    const res = await app.inject({ method: 'GET', url: '/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.cookies.map((c) => c.name)).toContain('XSRF-TOKEN');
  });

  it('is not replaced when the request carries one', async () => {
    const xsrf = await getXsrf(app);
    const res = await app.inject({ method: 'GET', url: '/deployment.json', cookies: xsrf.cookies });
    expect(res.cookies).toHaveLength(0);
  });

  it('differs between clients', async () => {
    expect((await getXsrf(app)).value).not.toBe((await getXsrf(app)).value);
  });
});

describe('anti-forgery check', () => {
  const loginWith = (cookies: Record<string, string>, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/auth/login', cookies, headers, payload: { username: 'admin', password: 'pricewatch' } });

  it('lets a POST through when the header equals the cookie', async () => {
    const xsrf = await getXsrf(app);
    expect((await loginWith(xsrf.cookies, xsrf.headers)).statusCode).toBe(200);
  });

  it.each([
    ['no header', (v: string) => ({ cookies: { 'XSRF-TOKEN': v }, headers: {} })],
    ['no cookie', (v: string) => ({ cookies: {}, headers: { 'X-XSRF-TOKEN': v } })],
    ['a different header', (v: string) => ({ cookies: { 'XSRF-TOKEN': v }, headers: { 'X-XSRF-TOKEN': `${v}x` } })],
    ['an empty pair', () => ({ cookies: { 'XSRF-TOKEN': '' }, headers: { 'X-XSRF-TOKEN': '' } })],
  ])('answers 403 xsrf_failed with %s', async (_, pair) => {
    const { value } = await getXsrf(app);
    const { cookies, headers } = pair(value);
    const res = await loginWith(cookies, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(XSRF_FAILED);
  });

  it('is checked before validation and before the route exists', async () => {
    const invalid = await app.inject({ method: 'POST', url: '/auth/login', payload: { username: '' } });
    expect(invalid.statusCode).toBe(403);
    const unknown = await app.inject({ method: 'DELETE', url: '/export/prices' });
    expect(unknown.statusCode).toBe(403);
  });

  it('does not apply to GET, HEAD and OPTIONS', async () => {
    const s = await loginAs(app, 'admin');
    expect((await app.inject({ method: 'GET', url: '/utils/city-codes', query: { token: s.token } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/deployment.json' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'OPTIONS', url: '/auth/login' })).statusCode).not.toBe(403);
  });
});
