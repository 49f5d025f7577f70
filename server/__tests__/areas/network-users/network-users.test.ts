/**
 * @one-database: what the network users' calls answer, one request at a time. (scripts/lib/db-test-files.cjs)
 */
import type { FastifyInstance } from 'fastify';
import { networkUserResponseSchema, networkUsersListResponseSchema, type NetworkUser } from '@pricewatch/shared/contract';
import { build, loginAs, SERVER_DIR } from '../../helpers/build';
import { loadConfig } from '../../../src/config';
import { callAs, loginWith, type Call } from '../../access/call';
import { createNetworkUsersQueries } from '../../../src/areas/network-users/queries';
import { createNetworkUsersService } from '../../../src/areas/network-users/service';

let app: FastifyInstance;
const as: Record<string, Call> = {};
const STRONG = 'Brambory2024x';

beforeAll(async () => {
  app = await build({ env: { DEMO_PRODUCTS: '0' } });
  for (const u of ['admin', 'operator', 'netadmin', 'analyst', 'guest', 'hunter']) as[u] = callAs(app, await loginAs(app, u));
});
afterAll(() => app.close());

const listOf = async (call: Call, url: string): Promise<NetworkUser[]> => {
  const res = await call('GET', url);
  expect(res.statusCode).toBe(200);
  return networkUsersListResponseSchema.parse(res.json()).data;
};
const usernames = (users: NetworkUser[]) => users.map((u) => u.username);
const idOf = async (username: string) => (await listOf(as.admin!, '/network-users/admin/list')).find((u) => u.username === username)!._id;
const create = (call: Call, body: Record<string, unknown>) =>
  call('POST', '/network-users', { name: 'Test User', password: STRONG, roles: ['network'], ...body });

describe('GET /network-users/list', () => {
  it('gives a network admin the users of their own network only', async () => {
    const users = await listOf(as.netadmin!, '/network-users/list');
    expect(usernames(users)).toContain('netadmin');
    expect(users.every((u) => u.network?.code === 'billa')).toBe(true);
    expect(usernames(users)).not.toContain('analyst');
    expect(usernames(await listOf(as.netadmin!, '/network-users/list?network=billa'))).toContain('netadmin');
  });

  it('refuses a network admin another network (403), even one that does not exist', async () => {
    expect((await as.netadmin!('GET', '/network-users/list?network=albert')).statusCode).toBe(403);
    expect((await as.netadmin!('GET', '/network-users/list?network=nope')).statusCode).toBe(403);
  });

  it('lets provider admins list any network, and names an unknown one', async () => {
    expect(usernames(await listOf(as.admin!, '/network-users/list?network=albert'))).toEqual(['analyst']);
    expect(usernames(await listOf(as.operator!, '/network-users/list?network=billa'))).toContain('netadmin');
    const res = await as.admin!('GET', '/network-users/list?network=nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0].path).toBe('network');
  });

  it('is refused to plain network users, guests and hunters', async () => {
    for (const who of ['analyst', 'guest', 'hunter']) expect((await as[who]!('GET', '/network-users/list')).statusCode).toBe(403);
  });
});

describe('GET /network-users/admin/list', () => {
  it('lists every user with their network, for provider admins only', async () => {
    const users = await listOf(as.admin!, '/network-users/admin/list');
    const analyst = users.find((u) => u.username === 'analyst')!;
    expect(analyst.network).toMatchObject({ code: 'albert', name: 'Albert' });
    expect(analyst.exportDetails.access).toEqual(['parser', 'manual']);
    expect(analyst.ownExportDetails).toBeNull();
    expect(users.length).toBeGreaterThanOrEqual(9);
    expect((await as.netadmin!('GET', '/network-users/admin/list')).statusCode).toBe(403);
  });
});

describe('POST /network-users', () => {
  it('creates a user in the network admin’s network, who logs in with the rights given', async () => {
    const res = await create(as.netadmin!, {
      username: 'billa.parser',
      name: 'Pavel Parser',
      exportDetails: { access: ['parser'], allowedNetworks: ['albert'], storesMap: [{ code: 'billa-prg-vinohrady', name: 'Prodejna 1' }] },
    });
    expect(res.statusCode).toBe(200);
    const created = networkUserResponseSchema.parse(res.json()).data;
    expect(created).toMatchObject({ username: 'billa.parser', roles: ['network'], blocked: false, network: { code: 'billa' } });
    expect(created.exportDetails.access).toEqual(['parser']);
    expect(created.ownExportDetails).toEqual({
      access: ['parser'],
      allowedNetworks: ['albert'],
      storesMap: [{ code: 'billa-prg-vinohrady', name: 'Prodejna 1' }],
    });

    const session = await loginWith(app, 'billa.parser', STRONG);
    const check = await callAs(app, session)('GET', '/auth/check');
    expect(check.json().data.network.exportDetails).toMatchObject({
      access: ['parser'],
      allowedNetworks: ['albert'],
      storesMap: [{ code: 'billa-prg-vinohrady', name: 'Prodejna 1' }],
    });
    // The narrower allowed networks apply to data at once: penny (Billa's) is no longer visible.
    const shops = (await callAs(app, session)('GET', '/utils/available-shops')).json().data as { network: string }[];
    expect([...new Set(shops.map((s) => s.network))].sort()).toEqual(['albert', 'billa']);
  });

  it('refuses a weak password with the reason, and creates nothing', async () => {
    const cases: [string, string][] = [
      ['short1', 'password_too_short'],
      ['onlyletterslong', 'password_letters_and_digits'],
      ['weak.user123', 'password_contains_username'],
      ['password123', 'password_common'],
    ];
    for (const [password, reason] of cases) {
      const res = await create(as.netadmin!, { username: 'weak.user', password });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', message: 'weak_password', fields: [{ path: 'password', message: reason }] });
    }
    expect(usernames(await listOf(as.netadmin!, '/network-users/list'))).not.toContain('weak.user');
  });

  it('refuses a duplicate username whatever its case (400 naming username)', async () => {
    const res = await create(as.netadmin!, { username: 'NetAdmin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([{ path: 'username', message: 'duplicate_username' }]);
  });

  it('refuses an unknown role (400) and a provider role from a network admin (403)', async () => {
    const unknown = await create(as.netadmin!, { username: 'role.user', roles: ['superuser'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields[0]).toMatchObject({ path: 'roles.0', message: 'unknown_role' });
    for (const role of ['admin', 'operator-admin', 'guest', 'hunter-limit']) {
      const res = await create(as.netadmin!, { username: 'role.user', roles: ['network', role] });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'forbidden', message: 'role_not_allowed', fields: [{ path: 'roles' }] });
    }
    expect(usernames(await listOf(as.admin!, '/network-users/admin/list'))).not.toContain('role.user');
  });

  it('refuses a network admin creating in another network', async () => {
    const res = await create(as.netadmin!, { username: 'spy.user', network: 'albert' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses rights beyond the network’s, naming each field', async () => {
    // Billa: allowedNetworks albert and penny, no custom markets.
    const res = await create(as.netadmin!, {
      username: 'greedy.user',
      exportDetails: { allowedNetworks: ['lidl'], customMarkets: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('not_within_network_rights');
    expect(
      res
        .json()
        .error.fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['exportDetails.allowedNetworks', 'exportDetails.customMarkets']);
    const unknown = await create(as.netadmin!, { username: 'greedy.user', exportDetails: { allowedNetworks: ['atlantis'] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields[0].path).toBe('exportDetails.allowedNetworks');
    const shop = await create(as.netadmin!, {
      username: 'greedy.user',
      exportDetails: {
        storesMap: [
          { code: 'albert-prg-andel', name: 'Anděl' },
          { code: 'lidl-nope', name: 'X' },
        ],
      },
    });
    expect(shop.statusCode).toBe(400);
    expect(shop.json().error.fields[0].path).toBe('exportDetails.storesMap');
    const foreign = await create(as.netadmin!, { username: 'greedy.user', exportDetails: { storesMap: [{ code: 'lidl-prg-smichov', name: 'Lidl' }] } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.fields).toEqual([{ path: 'exportDetails.storesMap', message: 'not_within_network_rights' }]);
  });

  it('validates the body, naming the field', async () => {
    const res = await as.netadmin!('POST', '/network-users', { username: 'x', password: STRONG, roles: ['network'] });
    expect(res.statusCode).toBe(400);
    const paths = res.json().error.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['username', 'name']));
    const extra = await create(as.netadmin!, { username: 'extra.user', isAdmin: true });
    expect(extra.statusCode).toBe(400);
  });

  it.each([
    ['a Cyrillic look-alike letter', '\u0430dmin', 'username_not_ascii'],
    ['a Latin letter with a diacritic', 'dvo\u0159\u00e1k', 'username_not_ascii'],
    ['a space', 'jan novak', 'username_characters'],
    ['a control character', 'jan\u0007novak', 'username_characters'],
  ])('refuses a username with %s (400 naming username, saying why)', async (_, username, reason) => {
    const res = await create(as.admin!, { username, network: 'albert' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: [{ path: 'username', message: reason }] });
    expect(usernames(await listOf(as.admin!, '/network-users/admin/list'))).not.toContain(username);
  });

  it('folds full-width letters to ASCII (NFKC), so they cannot imitate an existing name', async () => {
    const res = await create(as.admin!, { username: '\uff41\uff44\uff4d\uff49\uff4e', network: 'albert' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([{ path: 'username', message: 'duplicate_username' }]);
    const ok = await create(as.admin!, { username: '\uff4a\uff41\uff4e.\uff4e', network: 'albert' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.username).toBe('jan.n');
  });

  it('lets a provider admin create in any network with any role', async () => {
    const res = await create(as.admin!, { username: 'albert.boss', network: 'albert', roles: ['network', 'network-admin'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.network.code).toBe('albert');
    const provider = await create(as.admin!, { username: 'second.admin', roles: ['admin'] });
    expect(provider.statusCode).toBe(200);
    expect(provider.json().data).toMatchObject({ isAdmin: true, network: { code: 'pricewatch' } });
  });
});

describe('PUT /network-users/:id', () => {
  it('edits name, roles and rights of an own-network user', async () => {
    const id = (await create(as.netadmin!, { username: 'edit.me' })).json().data._id;
    const res = await as.netadmin!('PUT', `/network-users/${id}`, {
      name: 'Edited Name',
      roles: ['network', 'network-admin'],
      exportDetails: { access: ['retail'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Edited Name', roles: ['network', 'network-admin'], exportDetails: { access: ['retail'] } });
    // null: back to the network's rights.
    const reset = await as.netadmin!('PUT', `/network-users/${id}`, { exportDetails: null });
    expect(reset.json().data.exportDetails.access).toEqual(['parser', 'manual', 'retail']);
    expect(reset.json().data.ownExportDetails).toBeNull();
  });

  it('refuses a network admin editing a user of another network, and changes nothing', async () => {
    const analyst = await idOf('analyst');
    const res = await as.netadmin!('PUT', `/network-users/${analyst}`, { name: 'Hacked', blocked: true });
    expect(res.statusCode).toBe(403);
    const after = (await listOf(as.admin!, '/network-users/admin/list')).find((u) => u._id === analyst)!;
    expect(after).toMatchObject({ name: 'Jan Dvořák', blocked: false });
    expect((await as.analyst!('GET', '/auth/check')).statusCode).toBe(200);
  });

  it('refuses a network admin raising themselves to provider admin', async () => {
    const self = await idOf('netadmin');
    const res = await as.netadmin!('PUT', `/network-users/${self}`, { roles: ['network', 'network-admin', 'admin'] });
    expect(res.statusCode).toBe(403);
    const check = (await as.netadmin!('GET', '/auth/check')).json().data;
    expect(check).toMatchObject({ isAdmin: false, roles: ['network', 'network-admin'] });
    const demote = await as.netadmin!('PUT', `/network-users/${self}`, { roles: ['network'] });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().error.fields[0]).toEqual({ path: 'roles', message: 'cannot_demote_self' });
    expect((await as.netadmin!('PUT', `/network-users/${self}`, { blocked: true })).statusCode).toBe(400);
  });

  it('blocking ends the user’s sessions at once; unblocking lets them log in again', async () => {
    const id = (await create(as.netadmin!, { username: 'block.me' })).json().data._id;
    const session = callAs(app, await loginWith(app, 'block.me', STRONG));
    expect((await session('GET', '/utils/city-codes')).statusCode).toBe(200);
    expect((await as.netadmin!('PUT', `/network-users/${id}`, { blocked: true })).json().data.blocked).toBe(true);
    expect((await session('GET', '/utils/city-codes')).statusCode).toBe(401);
    expect((await session('GET', '/auth/check')).statusCode).toBe(401);
    await expect(loginWith(app, 'block.me', STRONG)).rejects.toThrow('401');
    await as.netadmin!('PUT', `/network-users/${id}`, { blocked: false });
    await expect(loginWith(app, 'block.me', STRONG)).resolves.toBeTruthy();
  });

  it('a password reset checks strength and ends the user’s other sessions', async () => {
    const id = (await create(as.netadmin!, { username: 'reset.me' })).json().data._id;
    const session = callAs(app, await loginWith(app, 'reset.me', STRONG));
    const weak = await as.netadmin!('PUT', `/network-users/${id}`, { password: 'abc' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields[0].path).toBe('password');
    expect((await session('GET', '/auth/check')).statusCode).toBe(200);
    expect((await as.netadmin!('PUT', `/network-users/${id}`, { password: 'NovéHeslo2025' })).statusCode).toBe(200);
    expect((await session('GET', '/auth/check')).statusCode).toBe(401);
    await expect(loginWith(app, 'reset.me', 'NovéHeslo2025')).resolves.toBeTruthy();
  });

  it('never changes a username, a look-alike one least of all (400)', async () => {
    const id = (await create(as.netadmin!, { username: 'keep.name' })).json().data._id;
    const res = await as.netadmin!('PUT', `/network-users/${id}`, { username: '\u0430dmin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: [{ path: 'username' }] });
    expect(usernames(await listOf(as.netadmin!, '/network-users/list'))).toContain('keep.name');
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect((await as.admin!('PUT', '/network-users/00000000-0000-4000-8000-000000000000', { name: 'X' })).statusCode).toBe(404);
    const bad = await as.admin!('PUT', '/network-users/nope', { name: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].path).toBe('id');
  });
});

describe('DELETE /network-users/:id', () => {
  it('deletes an own-network user and ends their sessions', async () => {
    const id = (await create(as.netadmin!, { username: 'delete.me' })).json().data._id;
    const session = callAs(app, await loginWith(app, 'delete.me', STRONG));
    const res = await as.netadmin!('DELETE', `/network-users/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ _id: id });
    expect((await session('GET', '/auth/check')).statusCode).toBe(401);
    expect(usernames(await listOf(as.netadmin!, '/network-users/list'))).not.toContain('delete.me');
  });

  it('refuses deleting oneself (400) and another network’s user (403)', async () => {
    const self = await idOf('netadmin');
    const res = await as.netadmin!('DELETE', `/network-users/${self}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0]).toEqual({ path: 'id', message: 'cannot_delete_self' });
    expect((await as.netadmin!('DELETE', `/network-users/${await idOf('analyst')}`)).statusCode).toBe(403);
    expect(usernames(await listOf(as.admin!, '/network-users/admin/list'))).toEqual(expect.arrayContaining(['netadmin', 'analyst']));
  });
});

describe('the service on its own', () => {
  it('refuses callers who manage no users, whatever the route rules say', async () => {
    const user = (await app.auth.authenticate((await loginAs(app, 'analyst')).token))!;
    const service = createNetworkUsersService(createNetworkUsersQueries(app.db));
    const caller = { user, country: 'cz', tokenHash: null };
    await expect(service.list(caller, {})).rejects.toMatchObject({ statusCode: 403 });
    await expect(service.adminList(caller)).rejects.toMatchObject({ statusCode: 403 });
    await expect(service.update(caller, await idOf('analyst'), { name: 'Me' })).rejects.toMatchObject({ statusCode: 403 });
    await expect(service.create(caller, { username: 'self.made', name: 'X', password: STRONG, roles: ['network'], blocked: false })).rejects.toMatchObject({
      statusCode: 403,
    });
  });
});

describe('the first admin (ADMIN_USERNAME)', () => {
  it('follows the same username rules, stopping the start with the reason', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: '\u0430dmin', ADMIN_PASSWORD: 'a-long-secret' }, SERVER_DIR)).toThrow(/ADMIN_USERNAME: username_not_ascii/);
    expect(loadConfig({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'a-long-secret' }, SERVER_DIR).admin?.username).toBe('boss');
  });
});
