import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSessionData } from '@pricewatch/shared/query';
import { exportDetailsSchema, type NetworkUser, type User } from '@pricewatch/shared/contract';
import { makeUser, renderWithProviders } from '@pricewatch/shared/testing';
import { startLocalApiServer, type LocalApiServer } from '@pricewatch/shared/testing/local-api-server';
import { Toaster } from '@pricewatch/shared/ui';
import NetworkUsersScreen from '../src/screens/network-users-screen';
import { resources } from './helpers/resources';

const billa = { _id: '3', code: 'billa', name: 'Billa' };
const netadmin: User = makeUser({
  _id: 'u-admin',
  username: 'netadmin',
  name: 'Petra Nováková',
  roles: ['network', 'network-admin'],
  isNetworkAdmin: true,
  network: { ...billa, product: false, leaflet: true, exportDetails: { allowedNetworks: ['albert', 'penny'] } },
});
const admin: User = makeUser({
  username: 'admin',
  name: 'Admin',
  roles: ['admin'],
  isAdmin: true,
  network: { code: 'pricewatch', name: 'Pricewatch', product: true },
});

function networkUser(overrides: Partial<NetworkUser> = {}): NetworkUser {
  return {
    _id: 'u-1',
    username: 'jan.novak',
    name: 'Jan Novák',
    roles: ['network'],
    blocked: false,
    isAdmin: false,
    isOperatorAdmin: false,
    isGuest: false,
    network: billa,
    ownExportDetails: null,
    exportDetails: exportDetailsSchema.parse({}),
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const me = networkUser({ _id: 'u-admin', username: 'netadmin', name: 'Petra Nováková', roles: ['network', 'network-admin'] });
const jan = networkUser();
const eva = networkUser({
  _id: 'u-2',
  username: 'eva.parser',
  name: 'Eva Svobodová',
  blocked: true,
  ownExportDetails: { access: ['parser'] },
  exportDetails: exportDetailsSchema.parse({ access: ['parser'] }),
});

const NETWORKS = [
  { _id: '2', code: 'albert', name: 'Albert', country: 'cz', currency: 'CZK', isProduct: false, leaflet: true, shops: 4 },
  { _id: '3', code: 'billa', name: 'Billa', country: 'cz', currency: 'CZK', isProduct: false, leaflet: true, shops: 3 },
];
const SHOPS = [{ _id: '11', code: 'billa-prg-vinohrady', name: 'Billa Vinohrady', network: 'billa', networkName: 'Billa', city: 'PRG', country: 'cz' }];

// The API is a real HTTP server on 127.0.0.1 (docs/conventions.md): the screen's calls go through the
// product's client, and the tests read what the server received.
const ok = (data: unknown) => ({ json: { success: true, data } });
/** A refusal as the server words it. */
const refusal = (status: number, code: string, message: string, fields: { path: string; message: string }[]) => ({
  status,
  json: { success: false, error: { code, message, fields } },
});
// A server per test: a call of the last test's screen still on its way cannot count in this one.
let server: LocalApiServer;
let users: NetworkUser[];
beforeEach(async () => {
  server = await startLocalApiServer();
  clearSessionData();
  users = [me, jan, eva];
  server.on('GET /network-users/list', () => ok(users));
  server.on('GET /network-users/admin/list', () => ok(users));
  server.on('GET /shops/networks', ok(NETWORKS));
  server.on('GET /utils/available-shops', ok(SHOPS));
});
afterEach(() => server.close());
const requests = (method: string, path?: string) => server.received.filter((r) => r.method === method && (!path || r.path === path));
const bodyOf = (method: string, path: string) => requests(method, path).map((r) => JSON.parse(r.body.toString('utf8')) as unknown);

const renderAs = (user: User, lang = 'en') =>
  renderWithProviders(
    <>
      <NetworkUsersScreen />
      <Toaster />
    </>,
    { user, resources: resources(lang), language: lang, deployment: { apiServers: [server.url] } },
  );
// Typing through user-event in a whole dialog takes a few seconds on a busy machine.
jest.setTimeout(30_000);

const table = (name = 'Users') => screen.findByRole('table', { name });
const rowOf = async (username: string) => within(await table()).getByRole('row', { name: new RegExp(username) });

describe('the users list', () => {
  it('shows a network admin their network’s users with roles, access areas and status', async () => {
    renderAs(netadmin);
    expect(await rowOf('eva.parser')).toHaveTextContent('Parser');
    expect(await rowOf('eva.parser')).toHaveTextContent('Blocked');
    expect(await rowOf('jan.novak')).toHaveTextContent('Parser, Manual, Retail(as the network)');
    expect(await rowOf('jan.novak')).toHaveTextContent('Active');
    expect(requests('GET', '/network-users/list')).toHaveLength(1);
    expect(screen.getByText('The users of Billa: who may sign in and what each may see.')).toBeInTheDocument();
    // Nobody deletes themselves.
    expect(screen.getByRole('button', { name: 'Delete netadmin' })).toBeDisabled();
  });

  it('gives the provider’s admin every user, with a network column', async () => {
    renderAs(admin);
    await table();
    expect(requests('GET', '/network-users/admin/list')).toHaveLength(1);
    expect(screen.getByRole('columnheader', { name: /Network/ })).toBeInTheDocument();
  });

  it('is in the user’s language', async () => {
    renderAs(netadmin, 'pl');
    expect(await screen.findByRole('heading', { name: 'Użytkownicy' })).toBeInTheDocument();
  });

  it('tells a user who may not manage users so, without calling the list', async () => {
    renderAs(makeUser({ username: 'analyst', roles: ['network'], network: { code: 'albert', product: false } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to this.');
    expect(requests('GET', '/network-users/list')).toHaveLength(0);
  });
});

describe('creating a user', () => {
  it('sends the fields and only the access areas left checked, then shows the new user', async () => {
    const u = userEvent.setup();
    const created = networkUser({ _id: 'u-3', username: 'pavel.parser', name: 'Pavel Parser', ownExportDetails: { access: ['parser'] } });
    server.on('POST /network-users', () => {
      users = [...users, created];
      return ok(created);
    });
    renderAs(netadmin);
    await table();
    await u.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    // A network admin may give only the network roles.
    expect(within(dialog).queryByLabelText('Admin')).not.toBeInTheDocument();
    await u.type(within(dialog).getByLabelText(/Username/), 'pavel.parser');
    await u.type(within(dialog).getByLabelText(/^Name/), 'Pavel Parser');
    await u.type(within(dialog).getByLabelText(/^Password/, { selector: 'input' }), 'Brambory2024x');
    expect(within(dialog).getByText('At least 10 characters').closest('li')).toHaveAttribute('data-ok', 'true');
    await u.click(within(dialog).getByLabelText('Same as the network'));
    await u.click(within(dialog).getByLabelText('Manual'));
    await u.click(within(dialog).getByLabelText('Retail'));
    await u.type(within(dialog).getByLabelText('Billa Vinohrady · Billa'), 'Prodejna 1');
    await u.click(within(dialog).getByLabelText('Albert'));
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New user' })).not.toBeInTheDocument());
    expect(bodyOf('POST', '/network-users')).toEqual([
      {
        username: 'pavel.parser',
        name: 'Pavel Parser',
        password: 'Brambory2024x',
        roles: ['network'],
        blocked: false,
        exportDetails: {
          access: ['parser'],
          allowedNetworks: ['albert'],
          storesMap: [{ code: 'billa-prg-vinohrady', name: 'Prodejna 1' }],
          customMarkets: false,
          customMarketsSwitcher: false,
          showCustomEans: false,
        },
      },
    ]);
    // The list is asked again and shows the new user.
    await waitFor(() => expect(requests('GET', '/network-users/list')).toHaveLength(2));
    expect(await screen.findByRole('row', { name: /pavel\.parser/ })).toBeInTheDocument();
    expect(await screen.findByText('User pavel.parser created')).toBeInTheDocument();
  });

  it('keeps the form and marks the field when the server finds the password weak', async () => {
    const u = userEvent.setup();
    server.on('POST /network-users', refusal(400, 'validation_failed', 'weak_password', [{ path: 'password', message: 'password_common' }]));
    renderAs(netadmin, 'ua');
    await table('Користувачі');
    await u.click(screen.getByRole('button', { name: 'Новий користувач' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новий користувач' });
    await u.type(within(dialog).getByLabelText(/Логін/), 'weak.user');
    await u.type(within(dialog).getByLabelText(/^Ім’я/), 'Weak User');
    await u.type(within(dialog).getByLabelText(/^Пароль/, { selector: 'input' }), 'password123');
    await u.click(within(dialog).getByRole('button', { name: 'Створити' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Пароль занадто слабкий.');
    expect(within(dialog).getByText('Цей пароль надто поширений; оберіть інший.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Пароль/, { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/Логін/)).toHaveValue('weak.user');
  });

  it('an empty form says each field is required, the password included, and sends nothing', async () => {
    const u = userEvent.setup();
    renderAs(netadmin);
    await table('Users');
    await u.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    for (const label of [/Username/, /^Name/]) expect(within(dialog).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/^Password/, { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getAllByText('Required.')).toHaveLength(3);
    expect(within(dialog).queryByText('This value is not valid.')).not.toBeInTheDocument();
    expect(requests('POST')).toHaveLength(0);
    // Typing into a field clears its mark.
    await u.type(within(dialog).getByLabelText(/Username/), 'new.user');
    expect(within(dialog).getByLabelText(/Username/)).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).getAllByText('Required.')).toHaveLength(2);
  });

  it('says why a username with look-alike letters is refused, under the field', async () => {
    const u = userEvent.setup();
    server.on('POST /network-users', refusal(400, 'validation_failed', 'validation_failed', [{ path: 'username', message: 'username_not_ascii' }]));
    renderAs(netadmin, 'ru');
    await table('Пользователи');
    await u.click(screen.getByRole('button', { name: 'Новый пользователь' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый пользователь' });
    await u.type(within(dialog).getByLabelText(/Логин/), '\u0430dmin');
    await u.type(within(dialog).getByLabelText(/^Имя/), 'Fake Admin');
    await u.type(within(dialog).getByLabelText(/^Пароль/, { selector: 'input' }), 'Brambory2024x');
    await u.click(within(dialog).getByRole('button', { name: 'Создать' }));

    const why = 'Только латинские буквы a–z, цифры и . _ @ - (без букв других алфавитов, они могут выглядеть так же).';
    expect(await within(dialog).findAllByText(why)).not.toHaveLength(0);
    expect(within(dialog).getByLabelText(/Логин/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('editing a user', () => {
  it('resets the password only when one is typed, and can block the user', async () => {
    const u = userEvent.setup();
    server.on('PUT /network-users/u-1', ok({ ...jan, blocked: true }));
    renderAs(netadmin);
    await table();
    await u.click(screen.getByRole('button', { name: 'Edit jan.novak' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user jan.novak' });
    expect(within(dialog).getByLabelText(/Username/)).toBeDisabled();
    expect(within(dialog).getByLabelText('Same as the network')).toBeChecked();
    await u.click(within(dialog).getByLabelText(/^Blocked/));
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests('PUT')).toHaveLength(1));
    expect(bodyOf('PUT', '/network-users/u-1')).toEqual([
      {
        name: 'Jan Novák',
        roles: ['network'],
        blocked: true,
        exportDetails: null,
      },
    ]);
  });

  it('shows a refusal of the server translated', async () => {
    const u = userEvent.setup();
    server.on('PUT /network-users/u-1', refusal(403, 'forbidden', 'role_not_allowed', [{ path: 'roles', message: 'role_not_allowed: admin' }]));
    renderAs(netadmin);
    await table();
    await u.click(screen.getByRole('button', { name: 'Edit jan.novak' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user jan.novak' });
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You may not give this role.');
  });
});

describe('deleting a user', () => {
  it('asks first; Cancel deletes nothing, Delete removes the user', async () => {
    const u = userEvent.setup();
    server.on('DELETE /network-users/u-1', () => {
      users = users.filter((x) => x._id !== 'u-1');
      return ok({ _id: 'u-1' });
    });
    renderAs(netadmin);
    await table();
    await u.click(screen.getByRole('button', { name: 'Delete jan.novak' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete user' });
    expect(dialog).toHaveTextContent('Delete jan.novak (Jan Novák)?');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests('DELETE')).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: 'Delete jan.novak' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete user' });
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests('DELETE', '/network-users/u-1')).toHaveLength(1));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Users' })).queryByText('jan.novak')).not.toBeInTheDocument());
  });
});
