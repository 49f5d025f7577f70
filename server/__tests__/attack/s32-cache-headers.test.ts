/**
 * Authenticated answers in a browser's or a proxy's cache (ATK5, s32). Every call carries its token in the
 * query string (spec §7), and the server answered the JSON of signed-in calls — the own profile with its
 * rights (GET /auth/check), every user of every network (GET /network-users/admin/list), the login's answer
 * with the new token, export requests, alarms, products — with no Cache-Control at all: a browser may keep
 * them in its disk cache and a shared proxy may store them by heuristics, so the next person at a shared
 * computer or behind the proxy reads them after the user has logged out. Expected: such answers say
 * `no-store`; answers that chose their own caching keep it (the shops' 60 s private cache of spec §7
 * "Cached results", deployment.json's `no-cache`, a leaflet picture's immutable private copy).
 *
 * @one-database: the headers of answers, one request at a time (scripts/lib/db-test-files.cjs).
 */
import type { FastifyInstance } from 'fastify';
import { build, getXsrf, login, loginAs, type Session } from '../helpers/build';
import { callerFor, type Caller } from '../helpers/catalogue';

let app: FastifyInstance;
let session: Session;
let admin: Caller;

beforeAll(async () => {
  app = await build();
  session = await loginAs(app, 'admin');
  admin = callerFor(app, session);
});
afterAll(() => app?.close());

const NO_STORE = /(^|,)\s*no-store\s*(,|$)/;

describe('signed-in answers are never stored by a cache', () => {
  it.each([
    '/auth/check',
    '/network-users/admin/list',
    '/utils/export-details',
    '/products/list',
    '/export/list',
    '/price-alarms/get/all',
    '/parsers/list',
    '/leaflets/search/by-name?name=a',
  ])('GET %s', async (url) => {
    const res = await admin('GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(NO_STORE);
  });

  it('the login answer, which holds the new token', async () => {
    const res = await login(app, 'analyst', undefined, await getXsrf(app));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(NO_STORE);
  });

  it('a refused call too (its answer says who is not signed in)', async () => {
    const res = await app.inject({ method: 'GET', url: '/network-users/admin/list?token=nope' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toMatch(NO_STORE);
  });
});

describe('answers that chose their own caching keep it', () => {
  it('the shops map: the private 60 s cache; deployment.json: no-cache', async () => {
    expect((await admin('GET', '/shops/map')).headers['cache-control']).toBe('private, max-age=60');
    expect((await app.inject({ method: 'GET', url: '/deployment.json' })).headers['cache-control']).toBe('no-cache');
  });
});
