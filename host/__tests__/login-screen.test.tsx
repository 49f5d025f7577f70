import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@pricewatch/shared/api';
import { STORAGE_KEYS, useAuthStore } from '@pricewatch/shared/auth';
import { startLocalApiServer, type LocalApiServer } from '@pricewatch/shared/testing/local-api-server';
import { LoginScreen } from '../src/features/login/components/login-screen';
import { redirectToExternal } from '../src/lib/external-redirect';
import { acceptingCheck, restoreAuthActions, succeedingLogin } from './helpers/auth-mocks';
import { renderAt } from './helpers/render-host';
import { adminUser, ashanUser } from './helpers/users';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
jest.mock('../src/lib/external-redirect', () => ({ redirectToExternal: jest.fn() }));
// After a login the shared data loads from the API: a real HTTP server on 127.0.0.1 (docs/conventions.md),
// one per test so that a call of the last test cannot reach this one.
let server: LocalApiServer;
const asked = () => server.received.map((r) => `${r.method} ${r.path}`);

const renderLogin = (options: Parameters<typeof renderAt>[2] = {}) =>
  renderAt(<LoginScreen />, '/login', { route: '/login', ...options, deployment: { apiServers: [server.url], ...options.deployment } });
const usernameInput = () => screen.getByLabelText('Username');
const passwordInput = () => screen.getByLabelText('Password');
const signIn = () => screen.getByRole('button', { name: 'Sign in' });

beforeEach(async () => {
  localStorage.clear();
  server = await startLocalApiServer();
  server.on('GET /utils/city-codes', { json: { success: true, data: { KYV: 'Kyiv' } } });
  server.on('GET /utils/available-shops', { json: { success: true, data: [] } });
});
afterEach(async () => {
  restoreAuthActions();
  jest.useRealTimers();
  await server.close();
});

describe('login screen', () => {
  it('shows the title, the welcome and login-details captions and the form', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText('Welcome to Pricewatch')).toBeInTheDocument();
    expect(screen.getByText('Enter your login details to sign in')).toBeInTheDocument();
    expect(screen.getByTestId('login-form')).toBeInTheDocument();
  });

  it('does nothing when a field is empty', async () => {
    const user = userEvent.setup();
    const login = jest.fn();
    useAuthStore.setState({ login });
    renderLogin();
    await user.click(signIn());
    await user.type(usernameInput(), 'ashan');
    await user.click(signIn());
    expect(login).not.toHaveBeenCalled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('disables the sign-in button while the request runs', async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    const login = jest.fn(() => {
      useAuthStore.setState({ status: 'requesting' });
      return new Promise<never>((_resolve, reject) => {
        finish = () => {
          useAuthStore.setState({ status: 'idle' });
          reject(new ApiError({ status: 401, messageKey: 'incorrect_password_login' }));
        };
      });
    });
    useAuthStore.setState({ login });
    renderLogin();
    await user.type(usernameInput(), 'ashan');
    await user.type(passwordInput(), 'secret');
    await user.click(signIn());
    expect(login).toHaveBeenCalledWith('ashan', 'secret');
    expect(signIn()).toBeDisabled();
    await act(async () => finish());
    expect(signIn()).toBeEnabled();
  });

  it('shows the translated error and keeps what the user typed', async () => {
    const user = userEvent.setup();
    useAuthStore.setState({
      login: jest.fn().mockRejectedValue(new ApiError({ status: 401, code: 1000, messageKey: 'incorrect_password_login' })),
    });
    renderLogin();
    await user.type(usernameInput(), 'ashan');
    await user.type(passwordInput(), 'wrong');
    await user.click(signIn());
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect login or password');
    expect(usernameInput()).toHaveValue('ashan');
    expect(passwordInput()).toHaveValue('wrong');
  });

  it('clears the old server error as soon as the user types again', async () => {
    const user = userEvent.setup();
    useAuthStore.setState({
      login: jest.fn().mockRejectedValue(new ApiError({ status: 401, code: 1000, messageKey: 'incorrect_password_login' })),
    });
    renderLogin();
    await user.type(usernameInput(), 'ashan');
    await user.type(passwordInput(), 'wrong');
    await user.click(signIn());
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect login or password');
    await user.type(passwordInput(), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("offers the deployment's languages and switches the screen, remembered in selected-lang", async () => {
    const user = userEvent.setup();
    renderLogin({ deployment: { languages: ['en', 'pl'] } });
    const choice = screen.getByRole('combobox', { name: 'Language' });
    expect(Array.from((choice as HTMLSelectElement).options).map((o) => o.textContent)).toEqual(['English', 'Polski']);
    await user.selectOptions(choice, 'pl');
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('pl');
    expect(choice).toHaveValue('pl');
  });

  it('says when to try again after too many attempts', async () => {
    const user = userEvent.setup();
    useAuthStore.setState({
      login: jest.fn().mockRejectedValue(new ApiError({ status: 429, code: 'too_many_requests', messageKey: 'too_many_requests', retryAfter: 180 })),
    });
    renderLogin();
    await user.type(usernameInput(), 'ashan');
    await user.type(passwordInput(), 'wrong');
    await user.click(signIn());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 3 minutes.');
  });

  it('reports service_unavailable when the failure has no server error', async () => {
    const user = userEvent.setup();
    useAuthStore.setState({ login: jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) });
    renderLogin();
    await user.type(usernameInput(), 'ashan');
    await user.type(passwordInput(), 'pricewatch');
    await user.click(signIn());
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is unavailable');
  });

  it('shows and hides the password with the toggle', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(passwordInput(), 'pricewatch');
    expect(passwordInput()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
  });

  it('shows the validity icons of spec §5', async () => {
    const user = userEvent.setup();
    renderLogin();
    // Untouched: no error icons, the password toggle is there.
    expect(screen.queryByTestId('username-error-icon')).not.toBeInTheDocument();
    expect(screen.queryByTestId('password-error-icon')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();

    // Touched and invalid: error icons; the password's toggle gives way to its error icon.
    await user.click(usernameInput());
    await user.click(passwordInput());
    await user.click(screen.getByRole('heading', { name: 'Login' }));
    expect(screen.getByTestId('username-error-icon')).toBeInTheDocument();
    expect(screen.getByTestId('password-error-icon')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show password' })).not.toBeInTheDocument();

    // Valid again: no error icons, the toggle is back.
    await user.type(usernameInput(), 'metro');
    await user.type(passwordInput(), 'x');
    expect(screen.queryByTestId('username-error-icon')).not.toBeInTheDocument();
    expect(screen.queryByTestId('password-error-icon')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it('shows the error icon on a dirty field that became invalid, even before blur', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(passwordInput(), 'a');
    await user.clear(passwordInput());
    expect(screen.getByTestId('password-error-icon')).toBeInTheDocument();
  });

  it('on success loads city codes and shops, then goes to the start-up target', async () => {
    const user = userEvent.setup();
    useAuthStore.setState({ login: succeedingLogin(ashanUser()) });
    renderLogin();
    await user.type(usernameInput(), 'ashan');
    await user.type(passwordInput(), 'pricewatch');
    await user.click(signIn());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/report-analytics'));
    expect(asked()).toEqual(expect.arrayContaining(['GET /utils/city-codes', 'GET /utils/available-shops']));
    // With the new session's token.
    expect(server.received.every((r) => r.query.get('token') === 'new-token')).toBe(true);
  });

  it('sends an admin to the old design with the token when the deployment has one', async () => {
    const user = userEvent.setup();
    useAuthStore.setState({ login: succeedingLogin(adminUser()) });
    renderLogin({ deployment: { oldSiteUrl: 'https://old.pricewatch.example/' } });
    await user.type(usernameInput(), 'admin');
    await user.type(passwordInput(), 'pricewatch');
    await user.click(signIn());
    await waitFor(() => expect(redirectToExternal).toHaveBeenCalledWith('https://old.pricewatch.example/?token=new-token'));
    // Spec §2: the logged-in flag is cleared and the stored token removed before leaving.
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('redirects a user who is already logged in after 100 ms', () => {
    jest.useFakeTimers();
    renderLogin({ user: adminUser() });
    act(() => jest.advanceTimersByTime(99));
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    // An admin with no old site stays in the app; promo analysis is hidden in the Czech deployment.
    expect(screen.getByTestId('location')).toHaveTextContent('/report-analytics');
  });

  it('takes a token from SET_AUTH_TOKEN, answers TOKEN_SET and continues into the app', async () => {
    useAuthStore.setState({ check: acceptingCheck(ashanUser()) });
    renderLogin({ deployment: { oldSiteUrl: 'https://old.pricewatch.example/' } });
    const source = { postMessage: jest.fn() };
    const event = Object.assign(new Event('message'), {
      data: { type: 'SET_AUTH_TOKEN', token: 'old-site-token' },
      origin: 'https://old.pricewatch.example',
      source,
    });
    await act(async () => {
      window.dispatchEvent(event);
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('old-site-token');
    expect(source.postMessage).toHaveBeenCalledWith({ type: 'TOKEN_SET' }, 'https://old.pricewatch.example');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/report-analytics'));
  });

  it('ignores a token sent by a page that is not the old design nor this app', async () => {
    const check = jest.fn().mockResolvedValue(true);
    useAuthStore.setState({ check });
    renderLogin({ deployment: { oldSiteUrl: 'https://old.pricewatch.example/' } });
    const source = { postMessage: jest.fn() };
    for (const origin of ['null', 'https://evil.example']) {
      const event = Object.assign(new Event('message'), { data: { type: 'SET_AUTH_TOKEN', token: 't' }, origin, source });
      await act(async () => {
        window.dispatchEvent(event);
      });
    }
    expect(source.postMessage).not.toHaveBeenCalled();
    expect(check).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('stays on login when the handed-over token is refused by the server', async () => {
    useAuthStore.setState({ check: jest.fn().mockResolvedValue(false) });
    renderLogin();
    const source = { postMessage: jest.fn() };
    const event = Object.assign(new Event('message'), { data: { type: 'SET_AUTH_TOKEN', token: 't' }, origin: window.location.origin, source });
    await act(async () => {
      window.dispatchEvent(event);
    });
    expect(source.postMessage).toHaveBeenCalledWith({ type: 'TOKEN_SET' }, window.location.origin);
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('ignores other window messages', async () => {
    renderLogin();
    const source = { postMessage: jest.fn() };
    const event = Object.assign(new Event('message'), { data: { type: 'OTHER', token: 'x' }, origin: 'null', source });
    await act(async () => {
      window.dispatchEvent(event);
    });
    expect(source.postMessage).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
