/**
 * Attack on the one error envelope: the router refuses some URLs before any route, hook or error handler of
 * the app — a path parameter longer than its limit (a 5,000-character held-price id), a broken %-escape in a
 * path parameter. Fastify then wrote its own body (`{"error":"Bad Request","code":"FST_ERR_MAX_PARAM_LENGTH",
 * "message":"'/parsers/suspicious/xxx…' is exceeding…"}`, status 414) with none of the app's headers. They are
 * 400 `validation_failed` in the envelope, with the security headers, and do not echo the URL back.
 *
 * @one-database: the router answers before any handler reads the database (scripts/lib/db-test-files.cjs).
 */
import type { FastifyInstance } from 'fastify';
import { body, build, loginAs, type Session } from '../helpers/build';
import { callAs, type Call } from '../access/call';

let app: FastifyInstance;
let session: Session;
let operator: Call;

beforeAll(async () => {
  app = await build();
  session = await loginAs(app, 'operator');
  operator = callAs(app, session);
});
afterAll(() => app?.close());

const LONG = 'x'.repeat(5000);

describe('URLs the router refuses', () => {
  it.each([
    ['a 5,000-character held-price id', 'POST', `/parsers/suspicious/${LONG}/confirm`],
    ['a 5,000-character run id', 'GET', `/parsers/runs/${LONG}`],
    ['a 101-digit run id', 'GET', `/parsers/runs/${'9'.repeat(101)}`],
    ['a cut UTF-8 escape', 'GET', '/parsers/runs/%E0%A4%A'],
    ['a broken escape', 'POST', '/parsers/suspicious/%zz/reject'],
  ] as const)('%s: 400 in the envelope, with the app’s headers, no echo', async (_what, method, url) => {
    const res = await operator(method, url, method === 'POST' ? {} : undefined);
    expect([res.statusCode, body(res).success, body(res).error?.code]).toEqual([400, false, 'validation_failed']);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).not.toContain('xxxxxxxxxx');
    expect(res.body).not.toContain(session.token);
  });

  it('without a session too, and the server answers after', async () => {
    const res = await app.inject({ method: 'GET', url: `/parsers/runs/${LONG}` });
    expect([res.statusCode, body(res).error?.code]).toEqual([400, 'validation_failed']);
    expect((await operator('GET', '/parsers/suspicious')).statusCode).toBe(200);
  });
});

/** Raw bytes to the listening server, the whole answer back (Node answers these before Fastify's router). */
async function rawRequest(port: number, request: string): Promise<string> {
  const { connect } = await import('node:net');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('requests Node refuses before the router (ATK5: its own 431 body, without the app’s headers)', () => {
  let port: number;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });

  it.each([
    ['headers past 16 KB', `GET /auth/check HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'headers'],
    ['a URL past 16 KB', `GET /products?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, 'headers'],
    ['bytes that are no HTTP', 'HELLO THERE\r\n\r\n', 400, 'request'],
  ] as const)('%s: the envelope naming what was wrong, with the app’s headers, and the server answers after', async (_what, request, status, path) => {
    const answer = await rawRequest(port, request);
    const [head = '', text = ''] = answer.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}`);
    expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(head.toLowerCase()).toContain('cache-control: no-store');
    const parsed = JSON.parse(text) as { success: boolean; error: { code: string; fields: { path: string }[] } };
    expect([parsed.success, parsed.error.code, parsed.error.fields[0]?.path]).toEqual([false, 'validation_failed', path]);
    expect(answer).not.toContain('aaaaaaaaaa');
    expect((await operator('GET', '/parsers/suspicious')).statusCode).toBe(200);
  });
});
