import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { redactUrl } from '../src/logging';
import { hashPassword } from '../src/areas/auth/passwords';
import { users } from '../src/db/schema';
import { build, getXsrf } from './helpers/build';

// Unlike the demo password, these strings can only reach the log through a leak.
const RIGHT_PASSWORD = 'Right-Password-Only-In-This-Test';
const WRONG_PASSWORD = 'Correct-Horse-Battery-9';

let app: FastifyInstance;
let logs = '';
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs += String(chunk);
      done();
    },
  });
  app = await build({ logger: { level: 'trace', stream } });
  await app.db.update(users).set({ passwordHash: await hashPassword(RIGHT_PASSWORD) }).where(eq(users.username, 'admin'));
});
afterAll(() => app.close());

describe('logs', () => {
  it('never contain a token or a password, while still recording each request', async () => {
    const xsrf = await getXsrf(app);
    const failed = await app.inject({
      method: 'POST',
      url: '/auth/login',
      cookies: xsrf.cookies,
      headers: xsrf.headers,
      payload: { username: 'admin', password: WRONG_PASSWORD },
    });
    expect(failed.statusCode).toBe(401);
    const ok = await app.inject({
      method: 'POST',
      url: '/auth/login',
      cookies: xsrf.cookies,
      headers: xsrf.headers,
      payload: { username: 'admin', password: RIGHT_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    const { token } = ok.json().data;
    await app.inject({ method: 'GET', url: `/auth/check?token=${token}` });
    await app.inject({ method: 'GET', url: `/utils/city-codes?lang=en&token=${token}&x=1` });
    await app.inject({ method: 'GET', url: `/no/such/route?token=${token}` });
    await app.inject({
      method: 'POST',
      url: `/api/v1/auth/logout?token=${token}`,
      cookies: xsrf.cookies,
      headers: xsrf.headers,
      payload: { token },
    });

    expect(logs).toContain('/auth/check?token=[REDACTED]');
    expect(logs).toContain('/utils/city-codes?lang=en&token=[REDACTED]&x=1');
    expect(logs).toContain('/api/v1/auth/logout?token=[REDACTED]');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(WRONG_PASSWORD);
    expect(logs).not.toContain(RIGHT_PASSWORD);
    expect(logs).not.toContain(xsrf.value);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/auth/check?token=abc', '/auth/check?token=[REDACTED]'],
    ['/x?a=1&token=abc&b=2', '/x?a=1&token=[REDACTED]&b=2'],
    ['/x?TOKEN=abc', '/x?TOKEN=[REDACTED]'],
    ['/x?password=abc#frag', '/x?password=[REDACTED]#frag'],
    ['/x?mytoken=abc', '/x?mytoken=abc'],
    ['/x', '/x'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
