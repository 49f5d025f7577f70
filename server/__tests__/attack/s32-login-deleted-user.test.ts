/**
 * A user deleted while they log in (ATK5, s32). The login reads the account, checks the password (scrypt: a
 * tenth of a second and more on a loaded machine), then writes the session row; a network admin deleting
 * the user in between made that insert break the sessions → users foreign key, and the login answered 500.
 * Expected: such a login is a plain failed login (401, the message of spec §8 error code 1000) — never a
 * 5xx, never a token — and the server answers after. PGlite and PostgreSQL (writes at once).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { body, build, getXsrf, login, loginAs } from '../helpers/build';
import { callerFor, type Caller } from '../helpers/catalogue';

jest.setTimeout(180_000);

let app: FastifyInstance;
let netadmin: Caller;

beforeAll(async () => {
  app = await build();
  netadmin = callerFor(app, await loginAs(app, 'netadmin'));
});
afterAll(() => app?.close());

const PASSWORD = 'Zq8vLw3xPk9m';

it('a login racing its account’s deletion is 200 with a token that then fails, or 401; never a 5xx', async () => {
  const answers: LightMyRequestResponse[] = [];
  for (let round = 0; round < 20; round++) {
    const username = `leaving${round}`;
    const made = await netadmin('POST', '/network-users', { username, name: 'Leaving', password: PASSWORD, roles: ['network'] });
    expect(made.statusCode).toBe(200);
    const xsrf = await getXsrf(app);
    // The delete is sent while the login checks the password.
    const signingIn = login(app, username, PASSWORD, xsrf);
    await new Promise((r) => setTimeout(r, round));
    const deleted = await netadmin('DELETE', `/network-users/${body(made).data._id}`);
    expect(deleted.statusCode).toBe(200);
    const res = await signingIn;
    answers.push(res);
    if (res.statusCode === 200) {
      const check = await app.inject({ method: 'GET', url: '/auth/check', query: { token: body(res).data.token } });
      expect(check.statusCode).toBe(401);
    }
  }
  expect(answers.map((r) => (r.statusCode === 200 || r.statusCode === 401 ? 'ok' : `${r.statusCode} ${r.body}`))).toEqual(answers.map(() => 'ok'));
  expect(answers.filter((r) => r.statusCode === 401).every((r) => body(r).error?.code === 1000)).toBe(true);
  expect((await netadmin('GET', '/network-users/list')).statusCode).toBe(200);
});
