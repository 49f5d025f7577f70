/**
 * Deeply nested JSON bodies (ATK, s29). A 200 kB body of 100,000 nested lists (`[[[…]]]`), sent anonymously to
 * POST /auth/login (the anti-forgery pair is a cookie the sender sets itself), froze the server: the NUL check
 * that runs before every route's validation (src/plugins/no-nul.ts) copied each level's field path into the
 * next, 100,000²/2 copies on the event loop — no other request was answered for minutes (seen at load ~40: more
 * than ten minutes). A body nested deep inside a field whose schema is recursive (a JSON API parser's request
 * body, shared/src/contract/json-api.ts) must not overflow the validator's stack into a 500 either.
 * Each answer is a 400 naming the body or the field, the server still answers, and the NUL check still names a
 * NUL deep down.
 *
 * @one-database: what the HTTP layer answers to odd input, one request at a time (scripts/lib/db-test-files.cjs).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { body, build, getXsrf, loginAs, type Session } from '../helpers/build';
import { nulPaths } from '../../src/plugins/no-nul';

const nested = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth);

let app: FastifyInstance;
let admin: Session;

beforeAll(async () => {
  app = await build();
  admin = await loginAs(app, 'admin');
});
afterAll(() => app.close());

async function post(url: string, payload: string, session: Session | null): Promise<LightMyRequestResponse> {
  const xsrf = session?.xsrf ?? (await getXsrf(app));
  return app.inject({
    method: 'POST',
    url: session ? `${url}?token=${session.token}` : url,
    cookies: xsrf.cookies,
    headers: { ...xsrf.headers, 'content-type': 'application/json' },
    payload,
  });
}

async function stillAnswers() {
  expect((await app.inject({ method: 'GET', url: '/deployment.json' })).statusCode).toBe(200);
}

describe('a deeply nested JSON body', () => {
  it('to the login, anonymously: 400 naming the body, at once', async () => {
    // The old walk needed minutes for this one; its linear replacement a few milliseconds. 30 s leaves a
    // loaded machine room without letting the quadratic walk pass.
    const started = performance.now();
    const res = await post('/auth/login', nested(100_000), null);
    const seconds = (performance.now() - started) / 1000;
    expect([res.statusCode, body(res).error?.code]).toEqual([400, 'validation_failed']);
    expect(body(res).error.fields.length).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(30);
    await stillAnswers();
  });

  it('the NUL check still names a NUL at the bottom of 100,000 levels, and of an object path', () => {
    expect(nulPaths(JSON.parse(nested(100_000, '"a\\u0000"')))).toEqual(['0.'.repeat(100_000).slice(0, -1)]);
    expect(nulPaths({ a: [{ b: 'x' }, { c: ['ok', 'n\u0000'] }], ['k\u0000']: 1 }, ['prices'])).toEqual(['prices.k\\u0000', 'prices.a.1.c.1']);
    expect(nulPaths('\u0000')).toEqual(['body']);
  });

  it.each([
    ['a JSON API parser’s request body nested 5,000 deep', 5_000],
    ['a JSON API parser’s request body nested 50,000 deep', 50_000],
  ])('inside a recursive field (%s): 400 naming a field of the definition, never a 500', async (_, depth) => {
    const definition = {
      strategy: 'json',
      fetch: 'http',
      api: {
        request: { url: 'https://api.shop.example/v1/items?page={page}', method: 'POST', headers: {}, body: '@@' },
        fields: { items: '$.items', price: '$.price' },
      },
    };
    const payload = JSON.stringify({ url: 'https://shop.example/p/1', shopId: '1', definition }).replace('"@@"', nested(depth, '1'));
    for (const url of ['/parsers/try', '/parsers']) {
      const res = await post(url, payload, admin);
      expect([url, res.statusCode, body(res).error?.code]).toEqual([url, 400, 'validation_failed']);
      expect(
        body(res)
          .error.fields.map((f: { path: string }) => f.path)
          .join(' '),
      ).toMatch(/definition/);
    }
    await stillAnswers();
  });
});
