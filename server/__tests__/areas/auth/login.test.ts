/**
 * @one-database: login answers one request at a time. (scripts/lib/db-test-files.cjs)
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { loginResponseSchema } from '@pricewatch/shared/contract';
import { users } from '../../../src/db/schema';
import { body, build, getXsrf, login } from '../../helpers/build';

let app: FastifyInstance;
beforeAll(async () => {
  app = await build();
});
afterAll(() => app.close());

// What each demo login must look like to the front end (spec §3, §6; e2e/tests/roles.spec.ts).
const EXPECTED: Record<string, object> = {
  admin: {
    name: 'Admin',
    roles: ['admin'],
    isAdmin: true,
    isGuest: false,
    isOperatorAdmin: false,
    isNetworkAdmin: false,
    network: { code: 'pricewatch', product: true },
  },
  operator: { name: 'Operator', roles: ['operator-admin'], isAdmin: false, isOperatorAdmin: true, network: { code: 'pricewatch', product: true } },
  hunter: { name: 'Hunter', roles: ['admin', 'hunter-limit'], isAdmin: true, network: { product: true } },
  guest: { name: 'Guest', roles: ['guest'], isGuest: true, isAdmin: false, isOperatorAdmin: false, network: { product: true } },
  ashan: {
    roles: ['network'],
    isAshan: true,
    isMetro: false,
    network: {
      code: 'auchan',
      product: false,
      exportDetails: expect.objectContaining({ isAshan: true, ashanShops: expect.arrayContaining(['auchan-kyi-petrivka']) }),
    },
  },
  metro: {
    roles: ['network'],
    isMetro: true,
    isAshan: false,
    network: { code: 'metro', product: false, exportDetails: expect.objectContaining({ isMetro: true }) },
  },
  atb: { roles: ['network'], isMetro: false, isAshan: false, network: { code: 'atb', exportDetails: expect.objectContaining({ isAtb: true }) } },
  netadmin: { roles: ['network', 'network-admin'], isNetworkAdmin: true, network: { code: 'billa', product: false, leaflet: true } },
  analyst: {
    roles: ['network'],
    isNetworkAdmin: false,
    network: { code: 'albert', leaflet: true, exportDetails: expect.objectContaining({ access: ['parser', 'manual'] }) },
  },
};

describe('POST /auth/login', () => {
  it.each(Object.keys(EXPECTED))('answers a token and the user for %s', async (username) => {
    const res = await login(app, username);
    expect(res.statusCode).toBe(200);
    const parsed = loginResponseSchema.parse(res.json());
    expect(parsed.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(parsed.data.user.username).toBe(username);
    expect(parsed.data.user).toMatchObject({ ...EXPECTED[username], network: expect.objectContaining((EXPECTED[username] as any).network) });
    expect(res.json().data.user).not.toHaveProperty('passwordHash');
  });

  it('gives every login its own token', async () => {
    const a = body(await login(app, 'metro')).data.token;
    const b = body(await login(app, 'metro')).data.token;
    expect(a).not.toBe(b);
  });

  it('accepts the username in any case', async () => {
    expect((await login(app, 'NetAdmin')).statusCode).toBe(200);
  });

  it.each([
    ['a wrong password', 'atb', 'not-the-password'],
    ['an unknown user', 'nobody-here', 'pricewatch'],
  ])('answers 401 with code 1000 for %s', async (_, username, password) => {
    const res = await login(app, username, password);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: { code: 1000, message: 'incorrect_password_login' } });
  });

  it('answers the same 401 for a blocked user with the right password', async () => {
    await app.db.update(users).set({ blocked: true }).where(eq(users.username, 'guest'));
    try {
      const res = await login(app, 'guest');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe(1000);
    } finally {
      await app.db.update(users).set({ blocked: false }).where(eq(users.username, 'guest'));
    }
  });

  it.each([
    ['username', { username: '', password: 'pricewatch' }],
    ['username', { username: '   ', password: 'pricewatch' }],
    ['password', { username: 'admin', password: '' }],
    ['password', { username: 'admin' }],
  ])('answers 400 validation_failed naming %s', async (field, payload) => {
    const xsrf = await getXsrf(app);
    const res = await app.inject({ method: 'POST', url: '/auth/login', cookies: xsrf.cookies, headers: xsrf.headers, payload });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('validation_failed');
    expect(error.fields.map((f: { path: string }) => f.path)).toEqual([field]);
    expect(error.fields[0].message).toEqual(expect.any(String));
  });

  it('names both fields when both are empty', async () => {
    const xsrf = await getXsrf(app);
    const res = await app.inject({
      method: 'POST',
      url: '/auth/login',
      cookies: xsrf.cookies,
      headers: xsrf.headers,
      payload: { username: '', password: '' },
    });
    expect(
      res
        .json()
        .error.fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['password', 'username']);
  });
});
