/**
 * Overload protection (docs/overload.md): past a full admission queue the server answers 503
 * service_unavailable with Retry-After at once, and serves normally again when the burst is over.
 * Speed itself is measured only by the bench (bench/load.ts).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { build, loginAs, type Session } from '../helpers/build';
import { createDbGate } from '../../src/plugins/overload';
import { AppError } from '../../src/lib/errors';

describe('a burst past the admission queue', () => {
  let app: FastifyInstance;
  let session: Session;
  beforeAll(async () => {
    app = await build({ env: { DB_CONCURRENCY: '1', MAX_PENDING_DB_REQUESTS: '1' } });
    session = await loginAs(app, 'admin');
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}token=${session.token}` });
  const expectRefused = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'service_unavailable' } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  };

  it('gets 503 service_unavailable with Retry-After for what does not fit, then answers normally', async () => {
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => get(i % 2 ? '/auth/check' : '/products/search?name=milk')));
    const refused = burst.filter((r) => r.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    refused.forEach(expectRefused);
    expect(burst.every((r) => r.statusCode === 200 || r.statusCode === 503)).toBe(true);
    expect(burst.some((r) => r.statusCode === 200)).toBe(true);

    // The burst is over: every call is served again.
    for (const url of ['/auth/check', '/products/search?name=milk', '/utils/city-codes']) {
      expect((await get(url)).statusCode).toBe(200);
    }
    expect(app.dbGate).toMatchObject({ running: 0, pending: 0 });
  });

  it('leaves the deployment file out of the queue', async () => {
    const burst = await Promise.all(Array.from({ length: 10 }, () => app.inject({ method: 'GET', url: '/deployment.json' })));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
  });
});

describe('the admission queue', () => {
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => e,
    );

  it('refuses a request that waited past its limit, and admits the next one once a slot is free', async () => {
    // Long enough that the next request, admitted in the turn after it asks, is never itself past the limit
    // on a loaded machine (a 30 ms limit refused it at load ~10, the hand-over turn coming later than that).
    const gate = createDbGate({ concurrency: 1, maxPending: 10, maxWaitMs: 2000 });
    const release = await gate.enter();
    const waited = await refusal(gate.enter());
    expect(waited).toBeInstanceOf(AppError);
    expect(waited).toMatchObject({ statusCode: 503, code: 'service_unavailable' });
    expect((waited as AppError).retryAfter).toBeGreaterThanOrEqual(1);
    release();
    const next = gate.enter();
    await expect(next).resolves.toEqual(expect.any(Function));
    (await next)();
    expect(gate).toMatchObject({ running: 0, pending: 0 });
  });

  it('serves waiting requests in arrival order, skipping one whose client left', async () => {
    const gate = createDbGate({ concurrency: 1, maxPending: 10, maxWaitMs: 60_000 });
    const order: string[] = [];
    const first = await gate.enter();
    const a = gate.enter().then((done) => (order.push('a'), done));
    const gone = refusal(gate.enter(() => true));
    const b = gate.enter().then((done) => (order.push('b'), done));
    first();
    (await a)();
    (await b)();
    expect(order).toEqual(['a', 'b']);
    expect(await gone).toMatchObject({ statusCode: 503 });
    expect(gate).toMatchObject({ running: 0, pending: 0 });
  });
});
