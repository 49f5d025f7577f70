import { setUnauthorizedHandler } from '../../api/unauthorized';
import { ApiError } from '../../api/api-error';
import { setDeployment } from '../../deployment/deployment-config';
import { DEMO_DEPLOYMENT, makeUser } from '../../testing';
import { refusedUrl, startLocalApiServer, type LocalApiServer } from '../../testing/local-api-server';
import { STORAGE_KEYS } from '../auth-storage';
import { storedAuthState, useAuthStore } from '../auth-store';

let server: LocalApiServer;
let onUnauthorized: jest.Mock;
const ann = makeUser({ _id: 'u-ann', username: 'ann', name: 'Ann' });
const annRenamed = makeUser({ _id: 'u-ann', username: 'ann', name: 'Ann Fresh' });

function storeSession(token: string, user = ann) {
  localStorage.setItem('auth_token', token);
  localStorage.setItem('data', JSON.stringify(user));
  useAuthStore.setState(storedAuthState());
}

beforeAll(async () => {
  server = await startLocalApiServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.received.length = 0;
  server.routes.clear();
  setDeployment({ ...DEMO_DEPLOYMENT, apiServers: [server.url] });
  localStorage.clear();
  document.cookie = 'XSRF-TOKEN=x1';
  useAuthStore.setState(storedAuthState());
  onUnauthorized = jest.fn();
  setUnauthorizedHandler(onUnauthorized);
});

it('uses the spec storage keys', () => {
  expect(STORAGE_KEYS).toEqual({ token: 'auth_token', user: 'data', lang: 'selected-lang' });
});

describe('start-up restore (spec §4 "Stored user data is restored on start-up")', () => {
  it('the initial state reads auth_token and data', () => {
    localStorage.setItem('auth_token', 'tok-s');
    localStorage.setItem('data', JSON.stringify(ann));
    jest.isolateModules(() => {
      const { useAuthStore: fresh } = require('../auth-store') as typeof import('../auth-store');
      expect(fresh.getState()).toMatchObject({ token: 'tok-s', user: ann, isLoggedIn: true, checked: false });
    });
  });

  it.each([
    ['no _id', { ...ann, _id: undefined }],
    ['roles not a list', { ...ann, roles: 'admin' }],
    ['a flag not a boolean', { ...ann, isAdmin: 'yes' }],
    ['a network that is not an object', { ...ann, network: 'billa' }],
  ])('stored data of another shape is not trusted: %s', (_, user) => {
    localStorage.setItem('auth_token', 'tok-s');
    localStorage.setItem('data', JSON.stringify(user));
    expect(storedAuthState()).toMatchObject({ token: 'tok-s', user: null, isLoggedIn: false });
  });

  it('unreadable data is not trusted', () => {
    localStorage.setItem('auth_token', 'tok-s');
    localStorage.setItem('data', '{"name": 1');
    expect(storedAuthState()).toMatchObject({ token: 'tok-s', user: null, isLoggedIn: false });
  });
});

describe('login', () => {
  it('posts username and password, stores auth_token and data, and logs in', async () => {
    server.on('POST /auth/login', { json: { success: true, data: { token: 'tok-new', user: ann } } });
    const pending = useAuthStore.getState().login('ann', 'secret');
    expect(useAuthStore.getState().status).toBe('requesting');
    await expect(pending).resolves.toEqual(ann);

    const [req] = server.received;
    expect(JSON.parse(req!.body.toString())).toEqual({ username: 'ann', password: 'secret' });
    expect(req!.headers['x-xsrf-token']).toBe('x1');
    expect(localStorage.getItem('auth_token')).toBe('tok-new');
    expect(JSON.parse(localStorage.getItem('data')!)).toEqual(ann);
    expect(useAuthStore.getState()).toMatchObject({ token: 'tok-new', user: ann, isLoggedIn: true, status: 'idle' });
  });

  it('code 1000 → incorrect_password_login; stored token and data removed; no redirect', async () => {
    storeSession('tok-old');
    server.on('POST /auth/login', { status: 401, json: { success: false, error: { code: 1000, message: 'Incorrect' } } });
    const error = await useAuthStore
      .getState()
      .login('ann', 'wrong')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ messageKey: 'incorrect_password_login', status: 401 });
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('data')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ isLoggedIn: false, status: 'idle', token: null });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('the server message key is passed on', async () => {
    server.on('POST /auth/login', { status: 429, json: { success: false, error: { code: 'too_many_requests', message: 'Slow down' } } });
    await expect(useAuthStore.getState().login('ann', 'x')).rejects.toMatchObject({ messageKey: 'too_many_requests' });
  });

  it('passes on when to retry after a 429', async () => {
    server.on('POST /auth/login', {
      status: 429,
      json: { success: false, error: { code: 'too_many_requests', message: 'too_many_requests', retryAfter: 120 } },
    });
    await expect(useAuthStore.getState().login('ann', 'x')).rejects.toMatchObject({ messageKey: 'too_many_requests', retryAfter: 120 });
  });

  it('no server error body → service_unavailable', async () => {
    storeSession('tok-old');
    server.on('POST /auth/login', { status: 503, text: 'Service Unavailable' });
    await expect(useAuthStore.getState().login('ann', 'x')).rejects.toMatchObject({ messageKey: 'service_unavailable' });
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('data')).toBeNull();
  });

  it('connection refused → service_unavailable', async () => {
    setDeployment({ ...DEMO_DEPLOYMENT, apiServers: [await refusedUrl()] });
    await expect(useAuthStore.getState().login('ann', 'x')).rejects.toMatchObject({ messageKey: 'service_unavailable', status: 0 });
    expect(useAuthStore.getState().status).toBe('idle');
  });

  it('a success answer without a user is a failure, not a half login', async () => {
    server.on('POST /auth/login', { json: { success: true, data: { token: 'tok-x' } } });
    await expect(useAuthStore.getState().login('ann', 'x')).rejects.toMatchObject({ messageKey: 'service_unavailable' });
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});

describe('check (spec §4 re-verification)', () => {
  it('success: logged in, fresh user stored', async () => {
    storeSession('tok-c');
    server.on('GET /auth/check', { json: { success: true, data: annRenamed } });
    await expect(useAuthStore.getState().check()).resolves.toBe(true);
    expect(server.received[0]!.query.get('token')).toBe('tok-c');
    expect(useAuthStore.getState()).toMatchObject({ isLoggedIn: true, user: annRenamed, checked: true });
    expect(JSON.parse(localStorage.getItem('data')!)).toEqual(annRenamed);
    expect(localStorage.getItem('auth_token')).toBe('tok-c');
  });

  it('401: auth_token and data removed, logged out, sent to login', async () => {
    storeSession('tok-c');
    server.on('GET /auth/check', { status: 401, json: { success: false, error: { code: 'unauthorized', message: 'x' } } });
    await expect(useAuthStore.getState().check()).resolves.toBe(false);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('data')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ isLoggedIn: false, user: null, token: null, checked: true });
    expect(onUnauthorized).toHaveBeenCalled();
  });

  it('network error: auth_token and data removed too', async () => {
    storeSession('tok-c');
    setDeployment({ ...DEMO_DEPLOYMENT, apiServers: [await refusedUrl()] });
    await expect(useAuthStore.getState().check()).resolves.toBe(false);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('data')).toBeNull();
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
  });

  it('no stored token: logged out without a call', async () => {
    await expect(useAuthStore.getState().check()).resolves.toBe(false);
    expect(server.received).toHaveLength(0);
    expect(useAuthStore.getState().checked).toBe(true);
  });
});

describe('logout', () => {
  it('posts the token to /api/v1/auth/logout and removes auth_token and data', async () => {
    storeSession('tok-l');
    server.on('POST /api/v1/auth/logout', { json: { success: true, data: null } });
    await useAuthStore.getState().logout();
    const [req] = server.received;
    expect(JSON.parse(req!.body.toString())).toEqual({ token: 'tok-l' });
    expect(req!.query.get('token')).toBe('tok-l');
    expect(req!.headers['x-xsrf-token']).toBe('x1');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('data')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ isLoggedIn: false, token: null, user: null });
  });

  it('ignores a failing server', async () => {
    storeSession('tok-l');
    server.on('POST /api/v1/auth/logout', { status: 500, text: 'boom' });
    await expect(useAuthStore.getState().logout()).resolves.toBeUndefined();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
  });
});

describe('setToken (SET_AUTH_TOKEN bridge) and clear', () => {
  it('setToken stores the token under auth_token for the next check', () => {
    useAuthStore.getState().setToken('tok-bridge');
    expect(localStorage.getItem('auth_token')).toBe('tok-bridge');
    expect(useAuthStore.getState()).toMatchObject({ token: 'tok-bridge', checked: false });
  });

  it('clear drops token and data', () => {
    storeSession('tok-z');
    useAuthStore.getState().clear();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('data')).toBeNull();
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
  });
});
