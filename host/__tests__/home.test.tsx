import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@pricewatch/shared/api';
import { DEMO_DEPLOYMENT, makeUser } from '@pricewatch/shared/testing';
import { AppRoutes } from '../src/app/router';
import { getHomeTile } from '../src/features/home/api/get-home-tile';
import { visibleTiles } from '../src/features/home/tiles';
import { restoreAuthActions } from './helpers/auth-mocks';
import { stubRemoteScreens } from './helpers/remote-mock';
import { renderWithShell } from './helpers/render-host';
import { adminUser, ashanUser, hunterUser, metroUser } from './helpers/users';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
jest.mock('../src/features/home/api/get-home-tile', () => ({ getHomeTile: jest.fn() }));
const mockedTile = getHomeTile as jest.MockedFunction<typeof getHomeTile>;
// The signed-in app and the home page are lazy chunks: their first load is slow on a busy machine.
jest.setTimeout(30_000);

const ANSWERS: Record<string, unknown> = {
  'price-index': {
    start: '2026-11-12',
    end: '2026-11-25',
    baseNetwork: 'auchan',
    products: 50,
    networks: [
      { network: 'auchan', networkName: 'Auchan', currency: 'UAH', index: 100 },
      { network: 'atb', networkName: 'ATB', currency: 'UAH', index: 94.5 },
    ],
  },
  'price-changes': {
    day: '2026-11-25',
    total: 3,
    up: 2,
    down: 1,
    items: [
      {
        productId: '7',
        productName: 'Milk 1.5% 1 l',
        shopId: '1',
        shopName: 'Auchan Kyiv',
        network: 'auchan',
        currency: 'UAH',
        oldPrice: 40,
        newPrice: 48,
        changePct: 20,
      },
    ],
  },
  alarms: { day: '2026-11-25', today: 0, unread: 0, items: [], perDay: [{ day: '2026-11-25', count: 0 }] },
  exports: { total: 0, items: [] },
  parsers: { total: 4, failing: 1, flagged: 0, items: [] },
  suspicious: { total: 0, items: [] },
};

const tilesOf = () => [...document.querySelectorAll('[data-testid^="home-tile-"]')].map((r) => r.getAttribute('data-testid'));
/** The signed-in app and the home page are lazily loaded chunks. */
const homeHeading = () => screen.findByRole('heading', { level: 1, name: 'Home' }, { timeout: 10_000 });

beforeEach(() => {
  stubRemoteScreens();
  mockedTile.mockReset();
  mockedTile.mockImplementation(async (id) => ANSWERS[id]);
});
afterEach(restoreAuthActions);

describe('home tiles: who gets which', () => {
  const all = { country: 'cz', remotes: DEMO_DEPLOYMENT.remotes };
  const ids = (u: Parameters<typeof visibleTiles>[0], d = all) => visibleTiles(u, d).map((t) => t.id);

  it('follows the rights of the screen each tile links to', () => {
    expect(ids(ashanUser())).toEqual(['price-index', 'price-changes', 'alarms', 'exports', 'parsers', 'suspicious']);
    expect(ids(adminUser())).toEqual(['price-index', 'price-changes', 'alarms', 'exports', 'parsers', 'suspicious']);
    expect(ids(metroUser())).toEqual(['exports', 'parsers', 'suspicious']);
    expect(ids(hunterUser())).toEqual(['parsers', 'suspicious']);
    const retail = makeUser({ roles: ['network'], network: { code: 'billa', name: 'Billa', product: false, exportDetails: { access: ['retail'] } } });
    expect(ids(retail)).toEqual([]);
  });

  it('leaves out the tiles of a remote the deployment switches off', () => {
    const { alarms: _alarms, parsers: _parsers, ...remotes } = DEMO_DEPLOYMENT.remotes;
    expect(ids(ashanUser(), { country: 'cz', remotes })).toEqual(['price-index', 'price-changes', 'exports']);
  });
});

describe('the home page', () => {
  it('is in everyone’s menu, first, and shows the user’s tiles, each linking to its screen', async () => {
    renderWithShell(<AppRoutes />, { route: '/home', user: ashanUser() });
    expect(await homeHeading()).toBeInTheDocument();
    const menu = within(screen.getByTestId('side-menu'));
    expect(menu.getAllByRole('link')[0]).toHaveTextContent('Home');
    expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(tilesOf()).toEqual(['price-index', 'price-changes', 'alarms', 'exports', 'parsers', 'suspicious'].map((id) => `home-tile-${id}`));
    const changes = within(screen.getByTestId('home-tile-price-changes'));
    expect(changes.getByRole('link', { name: 'Price changes today' })).toHaveAttribute('href', '/product');
    expect(await changes.findByRole('link', { name: 'Milk 1.5% 1 l' })).toHaveAttribute('href', '/product/7');
    expect(within(screen.getByTestId('home-tile-alarms')).getByRole('link', { name: 'Alarms fired today' })).toHaveAttribute('href', '/alarms');
    expect(within(screen.getByTestId('home-tile-exports')).getByRole('link', { name: 'Latest exports' })).toHaveAttribute('href', '/report-analytics');
    expect(within(screen.getByTestId('home-tile-price-index')).getByRole('link', { name: 'Price index' })).toHaveAttribute('href', '/analytics');
    // One call per tile.
    expect(mockedTile.mock.calls.map(([id]) => id).sort()).toEqual(['alarms', 'exports', 'parsers', 'price-changes', 'price-index', 'suspicious']);
  });

  it('a tile that fails shows its own error with Retry, a slow one its own spinner; the others show their data', async () => {
    let failAlarms = true;
    mockedTile.mockImplementation((id) => {
      if (id === 'price-index') return new Promise(() => {}); // never answers
      if (id === 'alarms' && failAlarms) return Promise.reject(new ApiError({ status: 503, messageKey: 'service_unavailable' }));
      return Promise.resolve(ANSWERS[id]);
    });
    renderWithShell(<AppRoutes />, { route: '/home', user: ashanUser() });
    await homeHeading();
    const alarms = within(screen.getByTestId('home-tile-alarms'));
    expect(await alarms.findByRole('alert')).toHaveTextContent('This tile could not be loaded.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(within(screen.getByTestId('home-tile-price-index')).getByRole('status')).toHaveTextContent('Loading');
    expect(within(screen.getByTestId('home-tile-parsers')).getByText('with problems, of 4')).toBeInTheDocument();

    failAlarms = false;
    await userEvent.click(alarms.getByRole('button', { name: 'Retry' }));
    expect(await alarms.findByText('No alarm has fired today.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('a user whose spec menu is empty gets the parsers’ tiles and the Home item', async () => {
    renderWithShell(<AppRoutes />, { route: '/home', user: hunterUser() });
    expect(await homeHeading()).toBeInTheDocument();
    expect(tilesOf()).toEqual(['home-tile-parsers', 'home-tile-suspicious']);
    expect(
      within(screen.getByTestId('side-menu'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home']);
  });
});
