import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../src/app/router';
import remoteErrorPlugin from '../src/app/federation/remote-error-plugin';
import { forgetRemoteScreen } from '../src/features/remote-loader/lib/lazy-remote';
import { mockedLoadRemote } from './helpers/remote-mock';
import { renderWithShell } from './helpers/render-host';
import { adminUser } from './helpers/users';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const AlarmsStub = () => <div data-testid="remote-screen">alarms screen</div>;
const AnalyticsStub = () => <div data-testid="remote-screen">analytics screen</div>;

beforeEach(() => {
  mockedLoadRemote.mockReset();
  // Loaded screens are kept for the page's life; each test starts as a fresh page.
  forgetRemoteScreen('alarms', 'Alarms');
  forgetRemoteScreen('parsers', 'Parsers');
  forgetRemoteScreen('exports', 'Analytics');
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('remote loader', () => {
  it('loads the route\'s exposed module by its federated id', async () => {
    mockedLoadRemote.mockResolvedValue({ default: AlarmsStub });
    renderWithShell(<AppRoutes />, { route: '/alarms', user: adminUser() });
    expect(await screen.findByText('alarms screen')).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('pricewatch_alarms/Alarms');
  });

  it('shows a translated error with Retry when a remote fails, and Retry loads it again', async () => {
    const user = userEvent.setup();
    mockedLoadRemote.mockRejectedValueOnce(new Error('RUNTIME-003: failed to fetch mf-manifest.json'));
    mockedLoadRemote.mockResolvedValue({ default: AlarmsStub });
    renderWithShell(<AppRoutes />, { route: '/alarms', user: adminUser() });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Section unavailable');
    expect(alert).toHaveTextContent('This section could not be loaded. Check your connection and try again.');
    // The rest of the app keeps working.
    expect(screen.getByTestId('side-menu')).toBeInTheDocument();
    expect(screen.getByTestId('header')).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('alarms screen')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledTimes(2);
  });

  it('a failed remote does not affect another screen', async () => {
    const user = userEvent.setup();
    mockedLoadRemote.mockImplementation(async (id: string) => {
      if (id === 'pricewatch_alarms/Alarms') throw new Error('remote down');
      return { default: AnalyticsStub };
    });
    renderWithShell(<AppRoutes />, { route: '/alarms', user: adminUser() });
    await screen.findByRole('alert');
    await user.click(screen.getByRole('link', { name: 'Analytics' }));
    expect(await screen.findByText('analytics screen')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('treats a module without a default export as a failure', async () => {
    mockedLoadRemote.mockResolvedValue({});
    renderWithShell(<AppRoutes />, { route: '/parsers', user: adminUser() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Section unavailable');
  });

  it('the runtime plugin reports a load error and leaves the load rejected (no fallback module)', async () => {
    const plugin = remoteErrorPlugin();
    const seen = jest.fn();
    window.addEventListener('pricewatch:remote-error', seen);
    const result = await plugin.errorLoadRemote!({
      id: 'pricewatch_alarms/Alarms',
      error: new Error('offline'),
      from: 'runtime',
      lifecycle: 'onLoad',
      origin: {} as never,
    });
    window.removeEventListener('pricewatch:remote-error', seen);
    expect(result).toBeUndefined();
    expect(seen).toHaveBeenCalledTimes(1);
  });
});
