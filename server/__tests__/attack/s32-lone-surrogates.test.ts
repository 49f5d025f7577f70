/**
 * Lone UTF-16 surrogates in what a client sends (ATK5, s32). JSON may spell a half of a surrogate pair on its
 * own (`"\ud800"`); no text can hold it, and the database driver turned it into U+FFFD on the way: a user named
 * `"a\udfffb"` was created (200) as `"a�b"`, a leaflet renamed to `"\ud800"` was saved as `"�"` — the caller was
 * told its write landed, and the stored value is not the one sent. Expected: as for a NUL (plugins/no-nul.ts),
 * 400 `validation_failed` naming the field (`invalid character`), nothing written; a whole pair (an emoji) is
 * text and is kept as sent.
 *
 * @one-database: refused before any handler, one request at a time (scripts/lib/db-test-files.cjs).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { body, build, loginAs } from '../helpers/build';
import { callerFor, type Caller } from '../helpers/catalogue';

let app: FastifyInstance;
let admin: Caller;

beforeAll(async () => {
  app = await build();
  admin = callerFor(app, await loginAs(app, 'admin'));
});
afterAll(() => app?.close());

function expectRefused(res: LightMyRequestResponse, path: string) {
  expect([res.statusCode, body(res).error?.code]).toEqual([400, 'validation_failed']);
  expect(body(res).error.fields).toEqual([{ path, message: 'invalid character' }]);
}

const userNamed = async (username: string) => queryRows<{ name: string }>(app.db, sql`SELECT name FROM users WHERE username = ${username}`);

const newUser = (username: string, name: string) => ({ username, name, password: 'Zq8vLw3xPk9m', roles: ['network'], network: 'billa' });

describe('a lone surrogate is 400 naming the field, and nothing is written', () => {
  it.each([
    ['a high half alone', '\ud800'],
    ['a low half inside a name', 'a\udfffb'],
    ['a pair cut short at the end', 'Ann \ud83d'],
  ])('a new user’s name: %s', async (_what, name) => {
    const username = `surrogate${name.length}${name.charCodeAt(name.length - 1)}`;
    expectRefused(await admin('POST', '/network-users', newUser(username, name)), 'name');
    expect(await userNamed(username)).toEqual([]);
  });

  it('a user renamed', async () => {
    const [analyst] = await queryRows<{ id: string; name: string }>(app.db, sql`SELECT id, name FROM users WHERE username = 'analyst'`);
    expectRefused(await admin('PUT', `/network-users/${analyst!.id}`, { name: 'x\udc00' }), 'name');
    expect(await userNamed('analyst')).toEqual([{ name: analyst!.name }]);
  });

  it('a leaflet renamed', async () => {
    const made = await admin('POST', '/leaflets/create', { name: 'Weekly offers', network: 'albert', start: '11/02/2026', end: '11/08/2026' });
    expect(made.statusCode).toBe(200);
    const id = body(made).data._id;
    expectRefused(await admin('PUT', `/leaflets/${id}`, { name: 'Weekly \ud800 offers' }), 'name');
    const [after] = await queryRows<{ name: string }>(app.db, sql`SELECT name FROM leaflets WHERE id = ${id}::bigint`);
    expect(after!.name).toBe('Weekly offers');
  });

  it('in an object key, named by its escape', async () => {
    expectRefused(await admin('PUT', '/price-alarms/settings', { ['n\ud800']: true }), 'n\\ud800');
  });
});

it('a whole pair is text: a user named with an emoji keeps it', async () => {
  const res = await admin('POST', '/network-users', newUser('surrogatepair', 'Ann 😀'));
  expect(res.statusCode).toBe(200);
  expect(await userNamed('surrogatepair')).toEqual([{ name: 'Ann 😀' }]);
});
