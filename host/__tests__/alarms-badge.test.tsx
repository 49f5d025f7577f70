import { screen, within } from '@testing-library/react';
import { apiGet } from '@pricewatch/shared/api';
import { clearSessionData } from '@pricewatch/shared/query';
import { AppRoutes } from '../src/app/router';
import { restoreAuthActions } from './helpers/auth-mocks';
import { stubRemoteScreens } from './helpers/remote-mock';
import { renderWithShell } from './helpers/render-host';
import { ashanUser, hunterUser } from './helpers/users';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
jest.mock('@pricewatch/shared/api', () => ({ ...jest.requireActual('@pricewatch/shared/api'), apiGet: jest.fn() }));

const UNREAD = '/price-alarms/events/unread-count';
const unreadAsked = () => (apiGet as jest.Mock).mock.calls.filter(([path]) => path === UNREAD).length;

beforeEach(() => {
  stubRemoteScreens();
  clearSessionData();
  (apiGet as jest.Mock).mockReset();
  (apiGet as jest.Mock).mockImplementation(async (path: string) => {
    if (path === UNREAD) return { success: true, data: { count: 4 } };
    throw new Error(`unexpected GET ${path}`);
  });
});
afterEach(restoreAuthActions);

describe('shell: unread alarms badge', () => {
  it('shows the unread count beside Alarms, read out as unread alarms', async () => {
    renderWithShell(<AppRoutes />, { route: '/report-analytics', user: ashanUser() });
    await screen.findAllByTestId('remote-screen');
    const alarms = within(screen.getByTestId('side-menu')).getByRole('link', { name: /Alarms/ });
    expect(await within(alarms).findByTestId('alarms-unread-badge')).toHaveTextContent('4');
    expect(within(alarms).getByLabelText('4 unread alarms')).toBeInTheDocument();
    expect(unreadAsked()).toBe(1);
  });

  it('is not there for users without alarms, who never ask for the count', async () => {
    renderWithShell(<AppRoutes />, { route: '/parsers', user: hunterUser() });
    await screen.findAllByTestId('remote-screen');
    expect(screen.queryByTestId('alarms-unread-badge')).not.toBeInTheDocument();
    expect(unreadAsked()).toBe(0);
  });
});
