/**
 * Behind a reverse proxy (TRUST_PROXY=1) the client's address is the one the proxy appended to
 * X-Forwarded-For, not whatever the client itself wrote there: otherwise a stranger names the victim's
 * address and locks the victim out (issue 13 item 4), or writes a new address each time and is never
 * throttled.
 * @one-database: which client address the HTTP layer takes from X-Forwarded-For; the login counters it feeds are tested on both in auth/rate-limit.
 */
import type { FastifyInstance } from 'fastify';
import { LOGIN_LIMITS } from '../../src/areas/auth/service';
import { build, getXsrf, PASSWORD, type Xsrf } from '../helpers/build';

let app: FastifyInstance;
let xsrf: Xsrf;
beforeAll(async () => {
  app = await build({ env: { TRUST_PROXY: '1' } });
  xsrf = await getXsrf(app);
});
afterAll(() => app.close());

const PROXY = '10.9.9.9';
/** A login through the proxy, which appends the address it saw to whatever the client sent. */
const viaProxy = (client: string, forwarded: string | null, username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: PROXY,
    cookies: xsrf.cookies,
    headers: { ...xsrf.headers, 'x-forwarded-for': forwarded ? `${forwarded}, ${client}` : client },
    payload: { username, password },
  });

describe('login throttling behind a reverse proxy', () => {
  const victim = '198.51.100.7';
  const stranger = '203.0.113.66';

  it("a stranger writing the victim's address into X-Forwarded-For does not lock the victim out", async () => {
    for (let i = 0; i < LOGIN_LIMITS.pair.failures + 1; i++) await viaProxy(stranger, victim, 'admin', 'wrong');
    expect((await viaProxy(victim, null, 'admin', PASSWORD)).statusCode).toBe(200);
  });

  it('a stranger writing a new address each time is still throttled by its own', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.pair.failures + 2; i++) statuses.push((await viaProxy(stranger, `192.0.2.${i + 1}`, 'metro', 'wrong')).statusCode);
    expect(statuses.slice(LOGIN_LIMITS.pair.failures)).toEqual([429, 429]);
  });

  it('a client reaching the server directly is taken at its own address, whatever it forwards', async () => {
    const direct = (forwarded: string, password: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: '203.0.113.99',
        cookies: xsrf.cookies,
        headers: { ...xsrf.headers, 'x-forwarded-for': forwarded },
        payload: { username: 'atb', password },
      });
    for (let i = 0; i < LOGIN_LIMITS.pair.failures; i++) expect((await direct(`192.0.2.${100 + i}`, 'wrong')).statusCode).toBe(401);
    expect((await direct('192.0.2.200', PASSWORD)).statusCode).toBe(429);
  });
});
