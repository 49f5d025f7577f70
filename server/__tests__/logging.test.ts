/**
 * @one-database: what reaches the log; nothing here depends on the database. (scripts/lib/db-test-files.cjs)
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { redactUrl } from '../src/logging';
import { hashPassword } from '../src/core/passwords';
import { users } from '../src/db/schema';
import { build, getXsrf, loginAs } from './helpers/build';
import { callAs } from './access/call';

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
  await app.db
    .update(users)
    .set({ passwordHash: await hashPassword(RIGHT_PASSWORD) })
    .where(eq(users.username, 'admin'));
});
afterAll(() => app.close());

/** The log lines written since `mark` (a length of `logs`), parsed. */
const linesSince = (mark: number) =>
  logs
    .slice(mark)
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, any>);

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

describe('the token however its name is spelled', () => {
  it('is accepted as the token only when the query parser reads `token`, and never logged raw', async () => {
    const xsrf = await getXsrf(app);
    const ok = await app.inject({
      method: 'POST',
      url: '/auth/login',
      cookies: xsrf.cookies,
      headers: xsrf.headers,
      payload: { username: 'admin', password: RIGHT_PASSWORD },
    });
    const { token } = ok.json().data;
    const mark = logs.length;
    // Percent-encoded letters decode to `token`: the same session as ?token= (fastify's parser).
    expect((await app.inject({ method: 'GET', url: `/auth/check?%74oken=${token}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/utils/city-codes?lang=en&to%6Ben=${token}` })).statusCode).toBe(200);
    // Other spellings are not the token, and are not logged either.
    expect((await app.inject({ method: 'GET', url: `/auth/check?TOKEN=${token}` })).statusCode).toBe(401);
    await app.inject({ method: 'GET', url: `/auth/check?Token=${token}&%50assword=Pw-In-Query-1&api_key=Key-In-Query-2&x-api-key=Key-In-Query-3` });
    await app.inject({ method: 'GET', url: '/auth/check?password=Pw-In-Query-4&pwd=Pw-In-Query-5&secret=Secret-In-Query-6' });

    const written = logs.slice(mark);
    expect(written).toContain('/auth/check?%74oken=[REDACTED]');
    expect(written).toContain('/utils/city-codes?lang=en&to%6Ben=[REDACTED]');
    expect(written).toContain('/auth/check?TOKEN=[REDACTED]');
    expect(written).not.toContain(token);
    for (let i = 1; i <= 6; i++) expect(written).not.toMatch(new RegExp(`In-Query-${i}`));
  });
});

describe('database errors', () => {
  it('are logged by code, message and constraint, never with the statement or its parameters', async () => {
    // A duplicate username straight into the table, the failure logged as any unexpected error is.
    const hash = await hashPassword('Only-Hashed-In-This-Test');
    const mark = logs.length;
    const failure = await app.db
      .insert(users)
      .values({ username: 'admin', name: 'Duplicate Name Param', passwordHash: hash })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(failure).toBeInstanceOf(Error);
    app.log.error({ err: failure }, 'insert failed');

    const [line] = linesSince(mark).filter((l) => l.msg === 'insert failed');
    expect(line!.err.cause).toMatchObject({ code: '23505', constraint: 'users_username_lower_idx', table: 'users' });
    const written = logs.slice(mark);
    expect(written).not.toContain(hash);
    expect(written).not.toContain('scrypt$');
    expect(written).not.toContain('Duplicate Name Param');
    expect(written).not.toContain('insert into');
    expect(written).not.toMatch(/"(params|query|detail)"/);
  });

  it('a user insert that fails inside a request: 500, and the log has no hash or field value', async () => {
    // Any failure of the insert will do: a trigger makes every one fail.
    await app.db.execute(
      sql.raw(`CREATE FUNCTION refuse_user_insert() RETURNS trigger LANGUAGE plpgsql AS $$
               BEGIN RAISE EXCEPTION 'users are read-only here'; END $$`),
    );
    await app.db.execute(sql.raw('CREATE TRIGGER refuse_user_insert BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_user_insert()'));
    try {
      const netadmin = callAs(app, await loginAs(app, 'netadmin'));
      const mark = logs.length;
      const res = await netadmin('POST', '/network-users', {
        username: 'billa.logleak',
        name: 'Leaky Clerk Name',
        password: 'Never-Logged-Password-7',
        roles: ['network'],
      });
      expect([res.statusCode, res.json().error.code]).toEqual([500, 'internal_error']);

      const [line] = linesSince(mark).filter((l) => l.msg === 'request failed');
      expect(line!.err.cause).toMatchObject({ code: 'P0001', message: 'users are read-only here' });
      const written = logs.slice(mark);
      expect(written).not.toContain('scrypt$');
      expect(written).not.toContain('billa.logleak');
      expect(written).not.toContain('Leaky Clerk Name');
      expect(written).not.toContain('Never-Logged-Password-7');
      expect(written).not.toMatch(/"(params|query|detail)"/);
    } finally {
      await app.db.execute(sql.raw('DROP TRIGGER refuse_user_insert ON users'));
      await app.db.execute(sql.raw('DROP FUNCTION refuse_user_insert()'));
    }
  });
});

describe('redactUrl', () => {
  it.each([
    ['/auth/check?token=abc', '/auth/check?token=[REDACTED]'],
    ['/x?a=1&token=abc&b=2', '/x?a=1&token=[REDACTED]&b=2'],
    ['/x?TOKEN=abc', '/x?TOKEN=[REDACTED]'],
    // Names as the router's query parser decodes them.
    ['/x?%74oken=abc', '/x?%74oken=[REDACTED]'],
    ['/x?to%6Ben=abc', '/x?to%6Ben=[REDACTED]'],
    ['/x?%54%4F%4B%45%4E=abc', '/x?%54%4F%4B%45%4E=[REDACTED]'],
    ['/x?to+ken=abc', '/x?to+ken=[REDACTED]'],
    ['/x?token=a&token=b', '/x?token=[REDACTED]&token=[REDACTED]'],
    // The router reads the query after `?` or `#`, and a `#` inside it is part of a value.
    ['/x?password=abc#frag', '/x?password=[REDACTED]'],
    ['/x?a=1#&token=abc', '/x?a=1#&token=[REDACTED]'],
    ['/x#token=abc', '/x#token=[REDACTED]'],
    // Password-like names in any spelling.
    [
      '/x?Password=a&pass=b&PWD=c&client_secret=d&Authorization=e&api_key=f&apiKey=g&x-api-key=h',
      '/x?Password=[REDACTED]&pass=[REDACTED]&PWD=[REDACTED]&client_secret=[REDACTED]&Authorization=[REDACTED]&api_key=[REDACTED]&apiKey=[REDACTED]&x-api-key=[REDACTED]',
    ],
    ['/x?mytoken=abc', '/x?mytoken=[REDACTED]'],
    ['/x?lang=en&limit=10&search=token', '/x?lang=en&limit=10&search=token'],
    ['/x?token', '/x?token'],
    ['/x', '/x'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
