import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@pricewatch/shared/auth';
import { i18n } from '@pricewatch/shared/i18n';
import { AppRoutes } from '../src/app/router';
import { stubRemoteScreens } from './helpers/remote-mock';
import { renderWithShell } from './helpers/render-host';
import { adminUser } from './helpers/users';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const header = () => within(screen.getByTestId('header'));
const search = () => header().getByRole('searchbox', { name: 'Search products' });
const location = () => screen.getByTestId('location');

/** Lets the lazily loaded (stub) remote screen finish loading inside act. */
const settled = () => screen.findAllByTestId('remote-screen');

beforeEach(() => {
  localStorage.clear();
  stubRemoteScreens();
});

describe('shell: header', () => {
  it("shows the user's name", async () => {
    renderWithShell(<AppRoutes />, { route: '/alarms', user: adminUser() });
    await settled();
    expect(header().getByText('Admin')).toBeInTheDocument();
  });

  it('Enter on /product updates the search in place (?q=)', async () => {
    const user = userEvent.setup();
    renderWithShell(<AppRoutes />, { route: '/product', user: adminUser() });
    await settled();
    await user.type(search(), 'milk 2.5%{Enter}');
    expect(location()).toHaveTextContent('/product?q=milk+2.5%25');
    expect(location()).toHaveAttribute('data-state', 'null');
    expect(await screen.findByText('screen pricewatch_exports/ProductList')).toBeInTheDocument();
  });

  it('Enter elsewhere opens /product with the text in the address (a reload keeps it) and in navigation state', async () => {
    const user = userEvent.setup();
    renderWithShell(<AppRoutes />, { route: '/alarms', user: adminUser() });
    await settled();
    await user.type(search(), '4820000000017{Enter}');
    expect(location()).toHaveTextContent(/^\/product\?q=4820000000017$/);
    expect(JSON.parse(location().getAttribute('data-state')!)).toEqual({ search: '4820000000017' });
  });

  it('a reloaded /product?q= shows its search in the header', async () => {
    renderWithShell(<AppRoutes />, { route: '/product?q=milk', user: adminUser() });
    await settled();
    expect(search()).toHaveValue('milk');
  });

  it('typing without Enter navigates nowhere', async () => {
    const user = userEvent.setup();
    renderWithShell(<AppRoutes />, { route: '/alarms', user: adminUser() });
    await settled();
    await user.type(search(), 'bread');
    expect(location()).toHaveTextContent(/^\/alarms$/);
  });

  it("offers the deployment's languages and remembers the choice in selected-lang", async () => {
    const user = userEvent.setup();
    renderWithShell(<AppRoutes />, { route: '/alarms', user: adminUser(), deployment: { languages: ['en', 'pl'] } });
    await settled();
    const select = header().getByRole('combobox', { name: 'Language' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Polski']);
    await user.selectOptions(select, 'pl');
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('pl');
    expect(i18n.language).toBe('pl');
  });
});
