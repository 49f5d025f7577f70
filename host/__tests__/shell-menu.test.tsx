import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@pricewatch/shared/auth';
import { makeUser } from '@pricewatch/shared/testing';
import { AppRoutes } from '../src/app/router';
import { restoreAuthActions } from './helpers/auth-mocks';
import { stubRemoteScreens } from './helpers/remote-mock';
import { renderWithShell } from './helpers/render-host';
import { adminUser, ashanUser, hunterUser, netAdminUser } from './helpers/users';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const menu = () => within(screen.getByTestId('side-menu'));
const menuLinks = () =>
  menu()
    .queryAllByRole('link')
    .map((a) => a.textContent);

/** Lets the lazily loaded (stub) remote screen finish loading inside act. */
const settled = () => screen.findAllByTestId('remote-screen');

beforeEach(stubRemoteScreens);
afterEach(restoreAuthActions);

describe('shell: side menu', () => {
  it('frames a screen with the 240px side menu and the 72px header', async () => {
    renderWithShell(<AppRoutes />, { route: '/alarms', user: adminUser() });
    await settled();
    expect(await screen.findByText('screen pricewatch_alarms/Alarms')).toBeInTheDocument();
    expect(screen.getByTestId('side-menu')).toHaveStyle({ width: '240px' });
    expect(screen.getByTestId('header')).toHaveStyle({ height: '72px' });
  });

  it('ashan sees unloading prices, leaflets, analytics, alarms and parsers, not users', async () => {
    renderWithShell(<AppRoutes />, { route: '/report-analytics', user: ashanUser() });
    await settled();
    expect(menuLinks()).toEqual(['Home', 'Unloading prices', 'Leaflets', 'Analytics', 'Alarms', 'Parsers']);
  });

  it('ashan in a country with promo analysis sees it second, in spec order', async () => {
    renderWithShell(<AppRoutes />, { route: '/report-analytics', user: ashanUser(), deployment: { country: 'ua' } });
    await settled();
    expect(menuLinks()).toEqual(['Home', 'Unloading prices', 'Promo analysis', 'Leaflets', 'Analytics', 'Alarms', 'Parsers']);
  });

  // Issue 18: the Czech deployment hides promo analysis, the leaflets' only way in before.
  it('offers leaflets to whoever may read them, in the Czech deployment too', async () => {
    const { unmount } = renderWithShell(<AppRoutes />, { route: '/alarms', user: adminUser() });
    await settled();
    expect(menu().getByRole('link', { name: 'Leaflets' })).toHaveAttribute('href', '/leaflet');
    unmount();
    renderWithShell(<AppRoutes />, { route: '/product', user: hunterUser() });
    await settled();
    expect(menu().queryByRole('link', { name: 'Leaflets' })).not.toBeInTheDocument();
  });

  it('a network admin sees users', async () => {
    renderWithShell(<AppRoutes />, { route: '/network-users', user: netAdminUser() });
    await settled();
    expect(menu().getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/network-users');
  });

  it('hunter-limit sees none of unloading prices, analytics and alarms', async () => {
    renderWithShell(<AppRoutes />, { route: '/product', user: hunterUser() });
    await settled();
    for (const name of ['Unloading prices', 'Analytics', 'Alarms']) {
      expect(menu().queryByRole('link', { name })).not.toBeInTheDocument();
    }
  });

  it('always offers video instructions and logout; old design only with an old site', async () => {
    const { unmount } = renderWithShell(<AppRoutes />, { route: '/alarms', user: adminUser() });
    await settled();
    expect(menu().getByRole('button', { name: 'Video instructions' })).toBeInTheDocument();
    expect(menu().getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(menu().queryByRole('link', { name: 'Old design' })).not.toBeInTheDocument();
    unmount();
    renderWithShell(<AppRoutes />, {
      route: '/alarms',
      user: adminUser(),
      deployment: { oldSiteUrl: 'https://old.pricewatch.example/app' },
    });
    await settled();
    expect(menu().getByRole('link', { name: 'Old design' })).toHaveAttribute('href', 'https://old.pricewatch.example/app?token=test-token');
  });

  it('highlights the active item by the first path segment', async () => {
    renderWithShell(<AppRoutes />, { route: '/alarms', user: adminUser() });
    await settled();
    expect(menu().getByRole('link', { name: 'Alarms' })).toHaveAttribute('aria-current', 'page');
    expect(menu().getByRole('link', { name: 'Analytics' })).not.toHaveAttribute('aria-current');
    expect(menu().getByRole('link', { name: 'Unloading prices' })).not.toHaveAttribute('aria-current');
  });

  it('hides the item of a remote the deployment disables, and does not route to it', async () => {
    const { alarms: _disabled, ...remotes } = {
      exports: '/remotes/exports/mf-manifest.json',
      leaflets: '/remotes/leaflets/mf-manifest.json',
      alarms: '/remotes/alarms/mf-manifest.json',
      parsers: '/remotes/parsers/mf-manifest.json',
      users: '/remotes/users/mf-manifest.json',
    };
    renderWithShell(<AppRoutes />, { route: '/alarms', user: adminUser(), deployment: { remotes } });
    // /alarms is no route now: it falls through to /login.
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByTestId('side-menu')).not.toBeInTheDocument();
  });

  it('a disabled remote leaves the other items in place', async () => {
    renderWithShell(<AppRoutes />, {
      route: '/report-analytics',
      user: adminUser(),
      deployment: { remotes: { exports: '/remotes/exports/mf-manifest.json' } },
    });
    await settled();
    expect(menuLinks()).toEqual(['Home', 'Unloading prices', 'Analytics']);
  });

  it('logs out back to the login screen', async () => {
    const user = userEvent.setup();
    const logout = jest.fn(async () => useAuthStore.getState().clear());
    useAuthStore.setState({ logout });
    renderWithShell(<AppRoutes />, { route: '/alarms', user: makeUser({ isAdmin: true }) });
    await settled();
    await user.click(menu().getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(logout).toHaveBeenCalled();
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
  });

  it('renders the leaflet screen without side menu and header', async () => {
    renderWithShell(<AppRoutes />, { route: '/leaflet', user: adminUser() });
    await settled();
    expect(await screen.findByText('screen pricewatch_leaflets/Leaflet')).toBeInTheDocument();
    expect(screen.queryByTestId('side-menu')).not.toBeInTheDocument();
    expect(screen.queryByTestId('header')).not.toBeInTheDocument();
  });
});

/** Issue 18: on phones the side menu is hidden (CSS, below `md`) and opens from the header instead. */
describe('shell: the menu drawer of phones', () => {
  it('the menu button opens the same menu with the user name; choosing a screen closes it', async () => {
    const user = userEvent.setup();
    renderWithShell(<AppRoutes />, { route: '/report-analytics', user: ashanUser() });
    await settled();
    expect(screen.queryByTestId('menu-drawer')).not.toBeInTheDocument();
    const sideMenuLinks = menuLinks();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = within(await screen.findByTestId('menu-drawer'));
    expect(drawer.getAllByRole('link').map((a) => a.textContent)).toEqual(sideMenuLinks);
    expect(drawer.getByText('Ashan Manager')).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    await user.click(drawer.getByRole('link', { name: 'Alarms' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/alarms$/);
    await waitFor(() => expect(screen.queryByTestId('menu-drawer')).not.toBeInTheDocument());
  });
});
