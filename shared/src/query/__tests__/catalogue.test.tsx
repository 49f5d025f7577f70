import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useAuthStore } from '../../auth/auth-store';
import { setDeployment } from '../../deployment/deployment-config';
import { DEMO_DEPLOYMENT, makeUser } from '../../testing';
import { startLocalApiServer, type LocalApiServer } from '../../testing/local-api-server';
import { useApi } from '../use-api';
import { apiGet } from '../../api/request';
import { CACHE_DELAY_MS, fetchCatalogue, useCatalogue } from '../catalogue';
import { clearSessionData, queryClient, shouldRetry } from '../query-client';
import { ApiError } from '../../api/api-error';

let server: LocalApiServer;

function logIn(name: string, token: string) {
  const user = makeUser({ name });
  localStorage.setItem('auth_token', token);
  localStorage.setItem('data', JSON.stringify(user));
  useAuthStore.setState({ token, user, isLoggedIn: true, checked: true });
}

const shopsRequests = () => server.received.filter((r) => r.path === '/shops').length;

function ShopCount({ label }: { label: string }) {
  const shops = useCatalogue('shops');
  return <p>{shops.data ? `${label}: ${shops.data.length} shops` : `${label}: loading`}</p>;
}

beforeAll(async () => {
  server = await startLocalApiServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.received.length = 0;
  server.routes.clear();
  setDeployment({ ...DEMO_DEPLOYMENT, apiServers: [`${server.url}/`] });
  logIn('Ann', 'tok-ann');
  clearSessionData();
});

describe('catalogue data is loaded once per session (spec §3 "Shared data")', () => {
  it('two screens that need the shops cause one request and both show them', async () => {
    server.on('GET /shops', { json: { success: true, data: [{ _id: 's1' }, { _id: 's2' }] } });
    render(
      <>
        <ShopCount label="alarms" />
        <ShopCount label="exports" />
      </>,
    );
    expect(await screen.findByText('alarms: 2 shops')).toBeInTheDocument();
    expect(screen.getByText('exports: 2 shops')).toBeInTheDocument();
    // Code outside React asks too: answered from the same entry.
    await expect(fetchCatalogue('shops')).resolves.toHaveLength(2);
    expect(shopsRequests()).toBe(1);
  });

  it('the session end forgets them: the next user loads their own shops', async () => {
    server.on('GET /shops', (req) => ({
      json: { success: true, data: req.query.get('token') === 'tok-ann' ? [{ _id: 'a' }] : [{ _id: 'b1' }, { _id: 'b2' }] },
    }));
    await expect(fetchCatalogue('shops')).resolves.toEqual([{ _id: 'a' }]);
    act(() => useAuthStore.getState().clear());
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    logIn('Bob', 'tok-bob');
    render(<ShopCount label="Bob" />);
    expect(await screen.findByText('Bob: 2 shops')).toBeInTheDocument();
    expect(shopsRequests()).toBe(2);
  });

  it('a cached answer still arrives asynchronously, after CACHE_DELAY_MS (spec §9)', async () => {
    server.on('GET /shops/networks', { json: { success: true, data: [{ code: 'atb' }] } });
    await fetchCatalogue('networks');
    const started = performance.now();
    let answered = false;
    const second = fetchCatalogue('networks').then((v) => ((answered = true), v));
    expect(answered).toBe(false);
    await expect(second).resolves.toEqual([{ code: 'atb' }]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(CACHE_DELAY_MS - 1);
    expect(server.received).toHaveLength(1);
  });

  it('a failed load is not kept: the next call asks again', async () => {
    server.on('GET /sections', { status: 404, json: { success: false, error: { code: 'not_found', message: 'No' } } });
    await expect(fetchCatalogue('sections')).rejects.toBeInstanceOf(ApiError);
    server.on('GET /sections', { json: { success: true, data: [{ _id: '1', name: 'Dairy' }] } });
    await expect(fetchCatalogue('sections')).resolves.toEqual([{ _id: '1', name: 'Dairy' }]);
  });
});

describe('retries', () => {
  it('retries a network failure or a 5xx, never a 4xx', () => {
    expect(shouldRetry(0, new ApiError({ status: 0, messageKey: 'service_unavailable' }))).toBe(true);
    expect(shouldRetry(1, new ApiError({ status: 502, messageKey: 'service_unavailable' }))).toBe(true);
    expect(shouldRetry(2, new ApiError({ status: 502, messageKey: 'service_unavailable' }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 400, messageKey: 'validation_failed' }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 404, messageKey: 'not_found' }))).toBe(false);
  });

  it('a screen gets the 5xx answer after its retries, a 4xx at once', async () => {
    let calls = 0;
    server.on('GET /export/list', () =>
      ++calls < 3 ? { status: 500, json: { success: false, error: { code: 'internal', message: 'x' } } } : { json: { success: true, data: ['ok'] } },
    );
    const { result } = renderHook(() => useApi('list', () => apiGet('/export/list')));
    await waitFor(() => expect(result.current.data).toEqual({ success: true, data: ['ok'] }));
    expect(calls).toBe(3);
    server.on('GET /export/get/1', { status: 404, json: { success: false, error: { code: 'not_found', message: 'No' } } });
    const missing = renderHook(() => useApi('one', () => apiGet('/export/get/1')));
    await waitFor(() => expect(missing.result.current.error?.status).toBe(404));
    expect(server.received.filter((r) => r.path === '/export/get/1')).toHaveLength(1);
  });
});

describe('useApi', () => {
  it('never shows the answer to an older key, and keeps the last rows while the next page loads', async () => {
    const held: Record<string, (v: string) => void> = {};
    const load = (page: number) => new Promise<string>((resolve) => (held[page] = resolve));
    const { result, rerender } = renderHook(({ page }) => useApi(`page=${page}`, () => load(page)), { initialProps: { page: 1 } });
    await waitFor(() => expect(held[1]).toBeDefined());
    act(() => held[1]!('rows of page 1'));
    await waitFor(() => expect(result.current.data).toBe('rows of page 1'));
    rerender({ page: 2 });
    await waitFor(() => expect(held[2]).toBeDefined());
    expect(result.current).toMatchObject({ data: 'rows of page 1', loading: true });
    rerender({ page: 3 });
    await waitFor(() => expect(held[3]).toBeDefined());
    act(() => held[2]!('rows of page 2'));
    act(() => held[3]!('rows of page 3'));
    await waitFor(() => expect(result.current).toMatchObject({ data: 'rows of page 3', loading: false }));
  });

  it('two components with the same key string do not share answers', async () => {
    const a = renderHook(() => useApi('list', async () => 'alarms'));
    const b = renderHook(() => useApi('list', async () => 'exports'));
    await waitFor(() => expect(a.result.current.data).toBe('alarms'));
    await waitFor(() => expect(b.result.current.data).toBe('exports'));
  });

  it('polls while the work runs and stops when it is done', async () => {
    const states = ['queued', 'running', 'done'];
    let calls = 0;
    const { result } = renderHook(() => useApi('run', async () => states[Math.min(calls++, 2)]!, { refetchInterval: (s) => (s === 'done' ? false : 20) }));
    await waitFor(() => expect(result.current.data).toBe('done'));
    const after = calls;
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toBe(after);
  });
});
