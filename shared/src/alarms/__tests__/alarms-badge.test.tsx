import { act, screen, waitFor } from '@testing-library/react';
import { makeUser, renderWithProviders } from '../../testing';
import { startLocalApiServer, type LocalApiServer } from '../../testing/local-api-server';
import { AlarmsBadge } from '../alarms-badge';
import { clearSessionData } from '../../query/query-client';
import { setUnreadAlarms } from '../unread-count';

let server: LocalApiServer;
beforeAll(async () => {
  server = await startLocalApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  clearSessionData();
});

const render = (enabled: boolean) => renderWithProviders(<AlarmsBadge enabled={enabled} />, { user: makeUser(), deployment: { apiServers: [server.url] } });

describe('AlarmsBadge', () => {
  it('shows the unread count from the server, labelled for screen readers', async () => {
    server.on('GET /price-alarms/events/unread-count', { json: { success: true, data: { count: 3 } } });
    render(true);
    const badge = await screen.findByTestId('alarms-unread-badge');
    expect(badge).toHaveTextContent('3');
    expect(badge).toHaveAccessibleName('3 unread alarms');
    expect(server.received[0]!.query.get('token')).toBe('test-token');
  });

  it('disappears when the remote marks everything read', async () => {
    server.on('GET /price-alarms/events/unread-count', { json: { success: true, data: { count: 2 } } });
    render(true);
    await screen.findByTestId('alarms-unread-badge');
    act(() => setUnreadAlarms(0));
    await waitFor(() => expect(screen.queryByTestId('alarms-unread-badge')).not.toBeInTheDocument());
  });

  it('never asks the server for users without alarms', async () => {
    render(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.received).toHaveLength(0);
    expect(screen.queryByTestId('alarms-unread-badge')).not.toBeInTheDocument();
  });
});
