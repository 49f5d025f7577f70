/**
 * The session cache (docs/overload.md): with it on, a block or a logout made through the server counts
 * from the very next call, whatever the cache holds.
 *
 * @one-database: the session cache in the process; nothing here depends on the database. (scripts/lib/db-test-files.cjs)
 */
import type { FastifyInstance } from 'fastify';
import { build, loginAs } from '../../helpers/build';
import { callAs, type Call } from '../../access/call';

let app: FastifyInstance;
let admin: Call;
beforeAll(async () => {
  // A minute: long enough that only the server's own writes can explain a changed answer.
  app = await build({ env: { SESSION_CACHE_MS: '60000' } });
  admin = callAs(app, await loginAs(app, 'admin'));
});
afterAll(() => app.close());

const idOf = async (username: string): Promise<string> =>
  ((await admin('GET', '/network-users/admin/list')).json().data as { _id: string; username: string }[]).find((u) => u.username === username)!._id;

it('a blocked user is out at the next call', async () => {
  const analyst = callAs(app, await loginAs(app, 'analyst'));
  expect((await analyst('GET', '/auth/check')).statusCode).toBe(200);
  expect((await analyst('GET', '/utils/city-codes')).statusCode).toBe(200);
  const id = await idOf('analyst');
  expect((await admin('PUT', `/network-users/${id}`, { blocked: true })).statusCode).toBe(200);
  expect((await analyst('GET', '/auth/check')).statusCode).toBe(401);
  expect((await analyst('GET', '/utils/city-codes')).statusCode).toBe(401);
  await admin('PUT', `/network-users/${id}`, { blocked: false });
});

it('a token that logged out is refused at the next call', async () => {
  const session = await loginAs(app, 'metro');
  const metro = callAs(app, session);
  expect((await metro('GET', '/auth/check')).statusCode).toBe(200);
  expect((await metro('POST', '/api/v1/auth/logout')).statusCode).toBe(200);
  expect((await metro('GET', '/auth/check')).statusCode).toBe(401);
});
