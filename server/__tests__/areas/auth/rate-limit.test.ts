import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { errorBodySchema } from '@pricewatch/shared/contract';
import { loginThrottle } from '../../../src/db/schema';
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
/** Each test logs in from its own addresses, so the per-address budgets stay apart. */
const freshAddress = () => `10.0.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

const attempt = (username: string, password: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress,
    cookies: xsrf.cookies,
    headers: xsrf.headers,
    payload: { username, password },
  });

const failTimes = async (n: number, username: string, address: string) => {
  for (let i = 0; i < n; i++) expect((await attempt(username, 'wrong', address)).statusCode).toBe(401);
};

/** A 429 that says when to retry, in the Retry-After header and in the envelope (seconds). */
function retryAfterOf(res: LightMyRequestResponse): number {
  expect(res.statusCode).toBe(429);
  const body = errorBodySchema.parse(res.json());
  expect(body.error.code).toBe('too_many_requests');
  const seconds = Number(res.headers['retry-after']);
  expect(Number.isInteger(seconds) && seconds > 0).toBe(true);
  expect(body.error.retryAfter).toBe(seconds);
  return seconds;
}

/** Moves the throttle's clock back instead of waiting: as if `seconds` had passed. */
const letTimePass = (seconds: number) =>
  app.db.execute(sql`
    UPDATE login_throttle SET
      window_start = window_start - ${seconds} * interval '1 second',
      last_at = last_at - ${seconds} * interval '1 second',
      blocked_until = blocked_until - ${seconds} * interval '1 second'`);

describe('login throttling per account and address', () => {
  it('a stranger failing for admin cannot lock the real admin out', async () => {
    const stranger = freshAddress();
    await failTimes(LOGIN_LIMITS.pair.failures, 'admin', stranger);
    retryAfterOf(await attempt('admin', 'wrong', stranger));
    retryAfterOf(await attempt('admin', PASSWORD, stranger));
    expect((await attempt('admin', PASSWORD, freshAddress())).statusCode).toBe(200);
    // The stranger's own block stays.
    retryAfterOf(await attempt('admin', PASSWORD, stranger));
  });

  it('makes the same account and address wait longer each time, up to the cap, and says how long', async () => {
    const ip = freshAddress();
    await failTimes(LOGIN_LIMITS.pair.failures, 'metro', ip);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const wait = retryAfterOf(await attempt('metro', PASSWORD, ip));
      waits.push(wait);
      await letTimePass(wait);
      await failTimes(1, 'metro', ip);
    }
    const cap = LOGIN_LIMITS.pair.maxDelayMs / 1000;
    expect(waits.map((w) => Math.round(w / 60))).toEqual([1, 2, 4, 8, cap / 60, cap / 60]);
    // After the wait, the right password works and clears the count.
    await letTimePass(cap);
    expect((await attempt('metro', PASSWORD, ip)).statusCode).toBe(200);
    await failTimes(LOGIN_LIMITS.pair.failures, 'metro', ip);
  });

  it('counts the account by name whatever its case or width, and unknown names too', async () => {
    const ip = freshAddress();
    for (const name of ['Ghost', 'GHOST', 'ghost', 'gHost', 'ｇｈｏｓｔ']) {
      expect((await attempt(name, 'x', ip)).statusCode).toBe(401);
    }
    retryAfterOf(await attempt('ghost', 'x', ip));
  });

  it('clears the count of the account and address on a successful login', async () => {
    const ip = freshAddress();
    await failTimes(LOGIN_LIMITS.pair.failures - 1, 'analyst', ip);
    expect((await attempt('analyst', PASSWORD, ip)).statusCode).toBe(200);
    await failTimes(LOGIN_LIMITS.pair.failures - 1, 'analyst', ip);
    expect((await attempt('analyst', PASSWORD, ip)).statusCode).toBe(200);
  });

  it('treats addresses of one IPv6 /64 network as one address', async () => {
    for (let i = 1; i <= LOGIN_LIMITS.pair.failures; i++) await failTimes(1, 'hunter', `2001:db8:5:7::${i}`);
    retryAfterOf(await attempt('hunter', PASSWORD, '2001:db8:5:7::ff'));
    expect((await attempt('hunter', PASSWORD, '2001:db8:5:8::1')).statusCode).toBe(200);
  });

  it(`blocks an address after ${LOGIN_LIMITS.address.failures} failures across accounts, for that address only`, async () => {
    const ip = freshAddress();
    for (let i = 0; i < LOGIN_LIMITS.address.failures; i++) {
      expect((await attempt(`spray${i}`, 'x', ip)).statusCode).toBe(401);
    }
    const wait = retryAfterOf(await attempt('guest', PASSWORD, ip));
    expect(wait).toBeGreaterThan(LOGIN_LIMITS.address.maxDelayMs / 1000 - 60);
    expect((await attempt('guest', PASSWORD, freshAddress())).statusCode).toBe(200);
    await letTimePass(wait);
    expect((await attempt('guest', PASSWORD, ip)).statusCode).toBe(200);
    // A hundred logins: bounded by the suite's 180 s like every test (at load ~20 they outran a 60 s bound).
  });

  it('counts every one of ten wrong logins sent at once, and still answers', async () => {
    const ip = freshAddress();
    const same = await Promise.all(Array.from({ length: 10 }, () => attempt('atb', 'wrong', ip)));
    const statuses = same.map((r) => r.statusCode).sort();
    // Never more guesses than the limit, however many arrive together.
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);

    const other = freshAddress();
    const spread = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(`burst${i}`, 'wrong', other)));
    expect(spread.every((r) => r.statusCode === 401)).toBe(true);
    const [row] = await app.db
      .select()
      .from(loginThrottle)
      .where(sql`${loginThrottle.key} = ${`ip:${other}`}`);
    expect(row?.failures).toBe(10);

    expect((await attempt('atb', PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('answers a flood of login requests from one address with 429 before any work, saying when to retry', async () => {
    const ip = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await attempt('', '', ip)).statusCode);
    expect(statuses.every((s) => s === 400)).toBe(true);
    expect(retryAfterOf(await attempt('admin', PASSWORD, ip))).toBeLessThanOrEqual(60);
  });
});

describe('login names', () => {
  it.each([
    ['a look-alike of admin (Cyrillic а)', '\u0430dmin'],
    ['a control character', 'ad\u0007min'],
    ['a line break', 'admin\nx'],
  ])('answers 401 incorrect login for %s, never 500', async (_, username) => {
    const res = await attempt(username, PASSWORD, freshAddress());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: { code: 1000, message: 'incorrect_password_login' } });
  });
});
