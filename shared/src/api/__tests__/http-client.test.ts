import { act, renderHook, waitFor } from '@testing-library/react';
import { useAuthStore } from '../../auth/auth-store';
import { i18n } from '../../i18n/i18n-instance';
import { initI18nForTests } from '../../i18n/init-i18n-for-tests';
import { setDeployment } from '../../deployment/deployment-config';
import { DEMO_DEPLOYMENT, makeUser } from '../../testing';
import { refusedUrl, startLocalApiServer, type LocalApiServer } from '../../testing/local-api-server';
import { ApiError } from '../api-error';
import { apiDelete, apiGet, apiPost, apiPut } from '../request';
import { setUnauthorizedHandler } from '../unauthorized';
import { useApi } from '../../query/use-api';

let server: LocalApiServer;
let onUnauthorized: jest.Mock;
const user = makeUser({ name: 'Ann' });

function useApiBase(base: string) {
  setDeployment({ ...DEMO_DEPLOYMENT, apiServers: [base] });
}

function logIn(token = 'tok-1') {
  localStorage.setItem('auth_token', token);
  localStorage.setItem('data', JSON.stringify(user));
  useAuthStore.setState({ token, user, isLoggedIn: true, checked: true });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  server = await startLocalApiServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.received.length = 0;
  server.routes.clear();
  useApiBase(`${server.url}/`);
  localStorage.clear();
  document.cookie = 'XSRF-TOKEN=xsrf%2Bvalue';
  logIn();
  onUnauthorized = jest.fn();
  setUnauthorizedHandler(onUnauthorized);
});

describe('token query parameter and anti-forgery header (spec §7)', () => {
  it('GET carries token merged with the caller params, Accept JSON, and no XSRF header', async () => {
    server.on('GET /products/list', { json: { success: true, data: [1, 2] } });
    const body = await apiGet('/products/list', { limit: 30, skip: 0, shops: ['a', 'b'], by: undefined, type: null });
    expect(body).toEqual({ success: true, data: [1, 2] });
    const [req] = server.received;
    expect(req!.query.get('token')).toBe('tok-1');
    expect(req!.query.get('limit')).toBe('30');
    expect(req!.query.get('skip')).toBe('0');
    expect(req!.query.getAll('shops')).toEqual(['a', 'b']);
    expect(req!.query.has('by')).toBe(false);
    expect(req!.query.has('type')).toBe(false);
    expect(req!.headers.accept).toBe('application/json');
    expect(req!.headers['x-xsrf-token']).toBeUndefined();
  });

  it.each([
    ['POST', () => apiPost('/export/save-template', { name: 'T1' }, { draft: true })],
    ['PUT', () => apiPut('/export/7', { name: 'T1' }, { draft: true })],
    ['DELETE', () => apiDelete('/export/delete-template', { draft: true }, { name: 'T1' })],
  ])('%s carries X-XSRF-TOKEN from the cookie, the token and the JSON body', async (method, call) => {
    const path = method === 'PUT' ? '/export/7' : method === 'POST' ? '/export/save-template' : '/export/delete-template';
    server.on(`${method} ${path}`, { json: { success: true, data: null } });
    await call();
    const [req] = server.received;
    expect(req!.method).toBe(method);
    expect(req!.headers['x-xsrf-token']).toBe('xsrf+value');
    expect(req!.query.get('token')).toBe('tok-1');
    expect(req!.query.get('draft')).toBe('true');
    expect(req!.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(req!.body.toString())).toEqual({ name: 'T1' });
  });

  it('every call names the UI language in Accept-Language, so names come back in it (server/docs/translations.md)', async () => {
    initI18nForTests({}, 'ru');
    server.on('GET /products/list', { json: { success: true, data: [] } });
    server.on('POST /export/save-template', { json: { success: true, data: null } });
    await apiGet('/products/list');
    await apiPost('/export/save-template', {});
    expect(server.received.map((r) => r.headers['accept-language'])).toEqual(['ru', 'ru']);
    await i18n.changeLanguage('ua');
    await apiGet('/products/list');
    expect(server.received[2]!.headers['accept-language']).toBe('ua');
  });

  it('a screen loads its data again when the UI language changes', async () => {
    initI18nForTests({}, 'en');
    server.on('GET /products/list', { json: { success: true, data: [] } });
    const { result } = renderHook(() => useApi('list', () => apiGet('/products/list')));
    await waitFor(() => expect(result.current.loading).toBe(false));
    await act(() => i18n.changeLanguage('ru'));
    await waitFor(() => expect(server.received.map((r) => r.headers['accept-language'])).toEqual(['en', 'ru']));
  });

  it('sends no token parameter when logged out', async () => {
    useAuthStore.getState().clear();
    server.on('GET /utils/city-codes', { json: { success: true, data: {} } });
    await apiGet('/utils/city-codes');
    expect(server.received[0]!.query.has('token')).toBe(false);
  });

  it('joins paths with or without a leading slash onto a base that has a path', async () => {
    useApiBase(`${server.url}/api/`);
    server.on('GET /api/shops/map', { json: { success: true, data: {} } });
    await apiGet('/shops/map');
    await apiGet('shops/map');
    expect(server.received.map((r) => r.path)).toEqual(['/api/shops/map', '/api/shops/map']);
  });
});

describe('the 401 rule (spec §8 "Remove the token and go to /login")', () => {
  it('a 401 clears auth_token and data and calls the unauthorized handler', async () => {
    server.on('GET /export/list', { status: 401, json: { success: false, error: { code: 'unauthorized', message: 'Expired' } } });
    const error = await rejection(apiGet('/export/list'));
    expect(error.status).toBe(401);
    expect(error.messageKey).toBe('unauthorized');
    expect(error.body).toEqual({ success: false, error: { code: 'unauthorized', message: 'Expired' } });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('data')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null, isLoggedIn: false });
  });

  it('a 401 on a non-GET call follows the same rule', async () => {
    server.on('POST /prices/all-prices', { status: 401, json: { success: false, error: { code: 'unauthorized', message: 'x' } } });
    await rejection(apiPost('/prices/all-prices', {}));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('a 401 on POST /auth/login is a wrong password: code 1000 → incorrect_password_login, no redirect', async () => {
    server.on('POST /auth/login', { status: 401, json: { success: false, error: { code: 1000, message: 'Incorrect login or password' } } });
    const error = await rejection(apiPost('/auth/login', { username: 'a', password: 'b' }));
    expect(error.messageKey).toBe('incorrect_password_login');
    expect(error.code).toBe(1000);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem('auth_token')).toBe('tok-1');
  });

  it('other statuses do not log out', async () => {
    server.on('GET /products/9', { status: 404, json: { success: false, error: { code: 'not_found', message: 'No' } } });
    await rejection(apiGet('/products/9'));
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem('auth_token')).toBe('tok-1');
  });
});

describe('errors handed to the caller (spec §8)', () => {
  it('a string error code is the message key; fields come along', async () => {
    const body = {
      success: false,
      error: { code: 'validation_failed', message: 'Bad', fields: [{ path: 'name', message: 'Required' }] },
    };
    server.on('POST /export/save-template', { status: 400, json: body });
    const error = await rejection(apiPost('/export/save-template', {}));
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', messageKey: 'validation_failed', body });
    expect(error.fields).toEqual([{ path: 'name', message: 'Required' }]);
  });

  it('an answer without a JSON error body → service_unavailable', async () => {
    server.on('GET /shops', { status: 502, text: '<html>Bad gateway</html>' });
    const error = await rejection(apiGet('/shops'));
    expect(error.status).toBe(502);
    expect(error.messageKey).toBe('service_unavailable');
    expect(error.body).toBeUndefined();
  });

  it('a busy server (503) → service_unavailable, whatever its error code', async () => {
    server.on('GET /products/search', { status: 503, json: { success: false, error: { code: 'service_unavailable', message: 'service_unavailable' } } });
    expect(await rejection(apiGet('/products/search'))).toMatchObject({ status: 503, messageKey: 'service_unavailable' });
    server.on('GET /shops', { status: 503, json: { success: false, error: { code: 503, message: 'busy' } } });
    expect(await rejection(apiGet('/shops'))).toMatchObject({ status: 503, messageKey: 'service_unavailable' });
  });

  it('connection refused → status 0, service_unavailable, and no logout', async () => {
    useApiBase(await refusedUrl());
    const error = await rejection(apiGet('/shops'));
    expect(error.status).toBe(0);
    expect(error.messageKey).toBe('service_unavailable');
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem('auth_token')).toBe('tok-1');
  });

  it('a 200 envelope with success: false still rejects', async () => {
    server.on('GET /utils/export-details', { json: { success: false, error: { code: 'forbidden', message: 'No' } } });
    const error = await rejection(apiGet('/utils/export-details'));
    expect(error).toMatchObject({ status: 200, messageKey: 'forbidden' });
  });

  it('an empty 2xx body resolves undefined', async () => {
    server.on('DELETE /leaflets/3', { status: 204 });
    await expect(apiDelete('/leaflets/3')).resolves.toBeUndefined();
  });
});
