import { screen, within } from '@testing-library/react';
import { useUnreadAlarmsStore } from '@pricewatch/shared/alarms';
import { AppRoutes } from '../src/app/router';
import { restoreAuthActions } from './helpers/auth-mocks';
import { stubRemoteScreens } from './helpers/remote-mock';
import { renderWithShell } from './helpers/render-host';
import { ashanUser, hunterUser } from './helpers/users';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const refresh = jest.fn(async () => {});
beforeEach(() => {
  stubRemoteScreens();
  refresh.mockClear();
  useUnreadAlarmsStore.setState({ count: 4, refresh });
});
afterEach(restoreAuthActions);

describe('shell: unread alarms badge', () => {
  it('shows the unread count beside Alarms, read out as unread alarms', async () => {
    renderWithShell(<AppRoutes />, { route: '/report-analytics', user: ashanUser() });
    await screen.findAllByTestId('remote-screen');
    const alarms = within(screen.getByTestId('side-menu')).getByRole('link', { name: /Alarms/ });
    expect(within(alarms).getByTestId('alarms-unread-badge')).toHaveTextContent('4');
    expect(within(alarms).getByLabelText('4 unread alarms')).toBeInTheDocument();
    expect(refresh).toHaveBeenCalled();
  });

  it('is not there for users without alarms, who never ask for the count', async () => {
    renderWithShell(<AppRoutes />, { route: '/parsers', user: hunterUser() });
    await screen.findAllByTestId('remote-screen');
    expect(screen.queryByTestId('alarms-unread-badge')).not.toBeInTheDocument();
    expect(refresh).not.toHaveBeenCalled();
  });
});
