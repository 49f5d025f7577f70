import { screen, within } from '@testing-library/react';
import { clearSessionData } from '@pricewatch/shared/query';
import { startLocalApiServer, type LocalApiServer } from '@pricewatch/shared/testing/local-api-server';
import { AppRoutes } from '../src/app/router';
import { restoreAuthActions } from './helpers/auth-mocks';
import { stubRemoteScreens } from './helpers/remote-mock';
import { renderWithShell } from './helpers/render-host';
import { ashanUser, hunterUser } from './helpers/users';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const UNREAD = '/price-alarms/events/unread-count';
// The API is a real HTTP server on 127.0.0.1 (docs/conventions.md), one per test so that a call of the
// last test still on its way does not count here; it answers only the unread count.
let server: LocalApiServer;
const unreadAsked = () => server.received.filter((r) => r.method === 'GET' && r.path === UNREAD).length;
const deployment = () => ({ apiServers: [server.url] });

beforeEach(async () => {
  stubRemoteScreens();
  clearSessionData();
  server = await startLocalApiServer();
  server.on(`GET ${UNREAD}`, { json: { success: true, data: { count: 4 } } });
});
afterEach(restoreAuthActions);
afterEach(() => server.close());

describe('shell: unread alarms badge', () => {
  it('shows the unread count beside Alarms, read out as unread alarms', async () => {
    renderWithShell(<AppRoutes />, { route: '/report-analytics', user: ashanUser(), deployment: deployment() });
    await screen.findAllByTestId('remote-screen');
    const alarms = within(screen.getByTestId('side-menu')).getByRole('link', { name: /Alarms/ });
    expect(await within(alarms).findByTestId('alarms-unread-badge')).toHaveTextContent('4');
    expect(within(alarms).getByLabelText('4 unread alarms')).toBeInTheDocument();
    expect(unreadAsked()).toBe(1);
  });

  it('is not there for users without alarms, who never ask for the count', async () => {
    renderWithShell(<AppRoutes />, { route: '/parsers', user: hunterUser(), deployment: deployment() });
    await screen.findAllByTestId('remote-screen');
    expect(screen.queryByTestId('alarms-unread-badge')).not.toBeInTheDocument();
    expect(unreadAsked()).toBe(0);
  });
});
