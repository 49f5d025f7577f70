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
  it("loads the route's exposed module by its federated id", async () => {
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

  it("a remote slower than the deployment's remoteTimeoutMs shows the error; Retry renders it once it came", async () => {
    const user = userEvent.setup();
    let arrive!: (m: { default: typeof AlarmsStub }) => void;
    mockedLoadRemote.mockImplementation(
      () =>
        new Promise((resolve) => {
          arrive = resolve;
        }),
    );
    renderWithShell(<AppRoutes />, { route: '/alarms', user: adminUser(), deployment: { remoteTimeoutMs: 50 } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Section unavailable');
    expect(screen.getByTestId('side-menu')).toBeInTheDocument();
    arrive({ default: AlarmsStub });
    mockedLoadRemote.mockResolvedValue({ default: AlarmsStub });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('alarms screen')).toBeInTheDocument();
  });

  it('a remote within remoteTimeoutMs renders normally', async () => {
    mockedLoadRemote.mockImplementation(() => new Promise((resolve) => setTimeout(() => resolve({ default: AlarmsStub }), 30)));
    renderWithShell(<AppRoutes />, { route: '/alarms', user: adminUser(), deployment: { remoteTimeoutMs: 2000 } });
    expect(await screen.findByText('alarms screen')).toBeInTheDocument();
  });

  it('a screen that throws while rendering shows the error, the shell stays', async () => {
    const Broken = () => {
      throw new Error('render failed');
    };
    mockedLoadRemote.mockResolvedValue({ default: Broken });
    renderWithShell(<AppRoutes />, { route: '/alarms', user: adminUser() });
    expect(await screen.findByRole('alert')).toHaveTextContent('This section could not be loaded');
    expect(screen.getByTestId('header')).toBeInTheDocument();
  });

  it('treats a module without a default export as a failure', async () => {
    mockedLoadRemote.mockResolvedValue({});
    renderWithShell(<AppRoutes />, { route: '/parsers', user: adminUser() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Section unavailable');
  });

  it('the runtime plugin fetches manifests so that a 404 is a failed load the runtime will try again', async () => {
    const plugin = remoteErrorPlugin();
    const realFetch = global.fetch;
    try {
      global.fetch = jest.fn(async () => new Response('{"success":false}', { status: 404 })) as typeof fetch;
      await expect(plugin.fetch!('/remotes/parsers/mf-manifest.json', {})).rejects.toThrow(/answered 404/);
      const ok = new Response('{"name":"pricewatch_parsers"}', { status: 200 });
      global.fetch = jest.fn(async () => ok) as typeof fetch;
      await expect(plugin.fetch!('/remotes/parsers/mf-manifest.json', {})).resolves.toBe(ok);
    } finally {
      global.fetch = realFetch;
    }
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
