import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, useAuthStore } from '@pricewatch/shared/auth';
import { startLocalApiServer, type LocalApiServer } from '@pricewatch/shared/testing/local-api-server';
import { App } from '../src/app/app';
import { AppRoutes } from '../src/app/router';
import { restoreAuthActions, succeedingLogin } from './helpers/auth-mocks';
import { stubRemoteScreens } from './helpers/remote-mock';
import { renderWithShell } from './helpers/render-host';
import { ashanUser, hunterUser } from './helpers/users';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const location = () => screen.getByTestId('location');

// A verified session loads the shared data (city codes, shops): a real HTTP server on 127.0.0.1
// (docs/conventions.md) answers it, one per test so that a call of the last test cannot reach this one.
let server: LocalApiServer;
beforeEach(async () => {
  localStorage.clear();
  stubRemoteScreens();
  server = await startLocalApiServer();
  server.on('GET /utils/city-codes', { json: { success: true, data: {} } });
  server.on('GET /utils/available-shops', { json: { success: true, data: [] } });
  server.on('GET /price-alarms/events/unread-count', { json: { success: true, data: { count: 0 } } });
});
const asked = () => server.received.map((r) => `${r.method} ${r.path}`);
afterEach(restoreAuthActions);
afterEach(() => server.close());

describe('routes and session', () => {
  it.each(['/', '/no-such-page', '/product/1/extra/deep'])('%s → /login', async (route) => {
    renderWithShell(<AppRoutes />, { route, deployment: { apiServers: [server.url] } });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/login$/);
  });

  it.each(['/alarms', '/product/42', '/leaflet'])('%s requires login', async (route) => {
    renderWithShell(<AppRoutes />, { route, deployment: { apiServers: [server.url] } });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('renders the product card route with its id', async () => {
    renderWithShell(<AppRoutes />, { route: '/product/42', user: ashanUser(), deployment: { apiServers: [server.url] } });
    expect(await screen.findByText('screen pricewatch_exports/ProductCard')).toBeInTheDocument();
  });

  it('re-verifies a stored session at start-up, showing a loading state meanwhile', async () => {
    let answer!: (ok: boolean) => void;
    const check = jest.fn(
      () =>
        new Promise<boolean>((resolve) => {
          answer = resolve;
        }),
    );
    useAuthStore.setState({ check });
    renderWithShell(<App />, { route: '/alarms', user: ashanUser(), deployment: { apiServers: [server.url] } });
    expect(check).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByTestId('side-menu')).not.toBeInTheDocument();
    expect(asked()).toEqual([]);
    await act(async () => answer(true));
    expect(await screen.findByText('screen pricewatch_alarms/Alarms')).toBeInTheDocument();
    // The verified session loads the shared data.
    await waitFor(() => expect(asked()).toEqual(expect.arrayContaining(['GET /utils/city-codes', 'GET /utils/available-shops'])));
  });

  it('a start-up check the server refuses goes to /login', async () => {
    useAuthStore.setState({
      check: jest.fn(async () => {
        useAuthStore.getState().clear();
        return false;
      }),
    });
    renderWithShell(<App />, { route: '/alarms', user: ashanUser(), deployment: { apiServers: [server.url] } });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/login$/);
  });

  it('a start-up check that errors clears auth_token and data and goes to /login', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'stale');
    localStorage.setItem(STORAGE_KEYS.user, '{}');
    useAuthStore.setState({ check: jest.fn().mockRejectedValue(new Error('network down')) });
    renderWithShell(<App />, { route: '/alarms', user: ashanUser(), deployment: { apiServers: [server.url] } });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('without a stored token nothing is checked', async () => {
    const check = jest.fn();
    useAuthStore.setState({ check });
    renderWithShell(<App />, { route: '/', deployment: { apiServers: [server.url] } });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(check).not.toHaveBeenCalled();
  });

  it('verifies the session again when the user returns to the tab, and a dead one goes to /login', async () => {
    const check = jest.fn(async () => {
      useAuthStore.getState().clear(); // what the real check does on a 401
      return false;
    });
    renderWithShell(<AppRoutes />, { route: '/alarms', user: ashanUser(), deployment: { apiServers: [server.url] } });
    expect(await screen.findByText('screen pricewatch_alarms/Alarms')).toBeInTheDocument();
    useAuthStore.setState({ check });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(check).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });
});

/** Issue 18: a link opened while logged out comes back after login. */
describe('a link opened while logged out', () => {
  const signInAs = async (who: ReturnType<typeof ashanUser>) => {
    const user = userEvent.setup();
    useAuthStore.setState({ login: succeedingLogin(who) });
    await user.type(await screen.findByLabelText('Username'), who.username);
    await user.type(screen.getByLabelText('Password'), 'pricewatch');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
  };

  it('opens after login, before the start-up page of the role (ashan: /report-analytics)', async () => {
    renderWithShell(<AppRoutes />, { route: '/product/2316?tab=history', deployment: { apiServers: [server.url] } });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await signInAs(ashanUser());
    await waitFor(() => expect(location()).toHaveTextContent(/^\/product\/2316\?tab=history$/));
    expect(await screen.findByText('screen pricewatch_exports/ProductCard')).toBeInTheDocument();
  });

  it('a session that ends on a screen comes back to it after the next login', async () => {
    renderWithShell(<AppRoutes />, { route: '/alarms', user: ashanUser(), deployment: { apiServers: [server.url] } });
    expect(await screen.findByText('screen pricewatch_alarms/Alarms')).toBeInTheDocument();
    act(() => useAuthStore.getState().clear());
    await signInAs(ashanUser());
    await waitFor(() => expect(location()).toHaveTextContent(/^\/alarms$/));
  });

  it('the login page itself, opened directly, still leads to the start page', async () => {
    renderWithShell(<AppRoutes />, { route: '/login', deployment: { apiServers: [server.url] } });
    await signInAs(ashanUser());
    await waitFor(() => expect(location()).toHaveTextContent(/^\/report-analytics$/));
  });

  it('a user with an empty menu lands on the home page (issue 18)', async () => {
    renderWithShell(<AppRoutes />, { route: '/login', deployment: { apiServers: [server.url] } });
    await signInAs(hunterUser());
    await waitFor(() => expect(location()).toHaveTextContent(/^\/home$/), { timeout: 10_000 });
  });
});
