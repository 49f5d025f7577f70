import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { loginFailures } from '../../../src/db/schema';
import { LOGIN_LIMITS } from '../../../src/areas/auth/service';
import { build, getXsrf, PASSWORD, type Xsrf } from '../../helpers/build';

let app: FastifyInstance;
let xsrf: Xsrf;
beforeAll(async () => {
  app = await build();
  xsrf = await getXsrf(app);
});
afterAll(() => app.close());

let nextAddress = 1;
/** Each test logs in from its own address unless it names one, so the per-address budget stays apart. */
const freshAddress = () => `10.0.0.${nextAddress++}`;

const attempt = (username: string, password: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress,
    cookies: xsrf.cookies,
    headers: xsrf.headers,
    payload: { username, password },
  });

describe('failed-login limits', () => {
  it(`locks an account after ${LOGIN_LIMITS.perAccount} failures, even for the right password`, async () => {
    const ip = freshAddress();
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      expect((await attempt('metro', 'wrong', ip)).statusCode).toBe(401);
    }
    const locked = await attempt('metro', PASSWORD, freshAddress());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ success: false, error: { code: 'too_many_requests', message: 'too_many_requests' } });
    // Other accounts are not affected.
    expect((await attempt('atb', PASSWORD, ip)).statusCode).toBe(200);
  });

  it('counts the account by name whatever its case, and unknown names too', async () => {
    const ip = freshAddress();
    for (const name of ['Ghost', 'GHOST', 'ghost', 'gHost', 'ghosT']) {
      expect((await attempt(name, 'x', ip)).statusCode).toBe(401);
    }
    expect((await attempt('ghost', 'x', ip)).statusCode).toBe(429);
  });

  it('clears the account count on a successful login', async () => {
    const ip = freshAddress();
    for (let i = 0; i < LOGIN_LIMITS.perAccount - 1; i++) await attempt('analyst', 'wrong', ip);
    expect((await attempt('analyst', PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perAccount - 1; i++) {
      expect((await attempt('analyst', 'wrong', ip)).statusCode).toBe(401);
    }
    expect((await attempt('analyst', PASSWORD, ip)).statusCode).toBe(200);
  });

  it(`blocks an address after ${LOGIN_LIMITS.perAddress} failures across accounts`, async () => {
    const ip = freshAddress();
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      expect((await attempt(`spray${i}`, 'x', ip)).statusCode).toBe(401);
    }
    expect((await attempt('guest', PASSWORD, ip)).statusCode).toBe(429);
    expect((await attempt('guest', PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('keeps the count in the database, where every server process sees it', async () => {
    const ip = freshAddress();
    await attempt('operator', 'wrong', ip);
    const rows = await app.db.select().from(loginFailures).where(eq(loginFailures.key, `ip:${ip}`));
    expect(rows).toHaveLength(1);
    const account = await app.db.select().from(loginFailures).where(eq(loginFailures.key, 'user:operator'));
    expect(account).toHaveLength(1);
  });

  it('answers a flood of login requests from one address with 429 before any work', async () => {
    const ip = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await attempt('', '', ip)).statusCode);
    expect(statuses.slice(0, 120).every((s) => s === 400)).toBe(true);
    const last = await attempt('admin', PASSWORD, ip);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ success: false, error: { code: 'too_many_requests' } });
  });
});
