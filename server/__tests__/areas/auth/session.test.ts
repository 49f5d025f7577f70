/**
 * @one-database: sessions one request at a time; ten logins at once are tested on both (rate-limit, concurrent-writes). (scripts/lib/db-test-files.cjs)
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { checkResponseSchema } from '@pricewatch/shared/contract';
import { sessions } from '../../../src/db/schema';
import { hashToken } from '../../../src/core/tokens';
import { build, loginAs, type Session } from '../../helpers/build';

let app: FastifyInstance;
beforeAll(async () => {
  app = await build();
});
afterAll(() => app.close());

const check = (token?: string) => app.inject({ method: 'GET', url: '/auth/check', query: token === undefined ? {} : { token } });
const cityCodes = (token: string) => app.inject({ method: 'GET', url: '/utils/city-codes', query: { token } });
const logout = (s: Session, where: { query?: boolean; body?: boolean } = { body: true }) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/logout',
    query: where.query ? { token: s.token } : {},
    cookies: s.xsrf.cookies,
    headers: s.xsrf.headers,
    ...(where.body ? { payload: { token: s.token } } : {}),
  });

const UNAUTHORIZED = { success: false, error: { code: 'unauthorized', message: 'unauthorized' } };

describe('GET /auth/check', () => {
  it('answers the user of a live token', async () => {
    const s = await loginAs(app, 'netadmin');
    const res = await check(s.token);
    expect(res.statusCode).toBe(200);
    const parsed = checkResponseSchema.parse(res.json());
    expect(parsed.data).toEqual(s.user);
  });

  it.each([
    ['no token', undefined],
    ['an empty token', ''],
    ['a malformed token', 'forged-token'],
    ['a token with a quote', "x' OR '1'='1"],
    ['an unknown well-formed token', 'A'.repeat(43)],
  ])('answers 401 unauthorized for %s', async (_, token) => {
    const res = await check(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });

  it('answers 401 for a session unused for longer than the idle limit', async () => {
    const s = await loginAs(app, 'metro');
    expect((await check(s.token)).statusCode).toBe(200);
    await app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '31 days'` })
      .where(eq(sessions.tokenHash, hashToken(s.token)));
    expect((await check(s.token)).statusCode).toBe(401);
    // The next login sweeps such sessions away.
    await loginAs(app, 'metro');
    const left = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(s.token)));
    expect(left).toHaveLength(0);
  });
});

describe('the auth guard', () => {
  it('lets a live token through and refuses a missing or unknown one', async () => {
    const s = await loginAs(app, 'analyst');
    expect((await cityCodes(s.token)).statusCode).toBe(200);
    const missing = await app.inject({ method: 'GET', url: '/utils/city-codes' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual(UNAUTHORIZED);
    expect((await cityCodes('B'.repeat(43))).statusCode).toBe(401);
  });

  it('stores only the hash of a token', async () => {
    const s = await loginAs(app, 'atb');
    const rows = await app.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === hashToken(s.token))).toBe(true);
    expect(rows.some((r) => r.tokenHash === s.token)).toBe(false);
  });
});

describe('POST /api/v1/auth/logout', () => {
  it.each([
    ['in the body', { body: true }],
    ['in the query', { query: true }],
    ['in both', { body: true, query: true }],
  ])('revokes the session named %s; the token then gets 401 everywhere', async (_, where) => {
    const s = await loginAs(app, 'ashan');
    const other = await loginAs(app, 'ashan');
    const res = await logout(s, where);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null });
    expect((await check(s.token)).statusCode).toBe(401);
    expect((await cityCodes(s.token)).statusCode).toBe(401);
    expect((await logout(s, where)).statusCode).toBe(401);
    // Only that session ends: the same user's other login still works.
    expect((await check(other.token)).statusCode).toBe(200);
  });

  it('answers 401 for an unknown token and 403 without the anti-forgery header', async () => {
    const s = await loginAs(app, 'hunter');
    expect((await logout({ ...s, token: 'C'.repeat(43) })).statusCode).toBe(401);
    const noHeader = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      query: { token: s.token },
      cookies: s.xsrf.cookies,
    });
    expect(noHeader.statusCode).toBe(403);
    expect((await check(s.token)).statusCode).toBe(200);
  });
});
