/**
 * `npm run bench`, analytics part (issue 19 item 1): every analytics call over every product and a 365-day
 * period, as the provider admin (every shop; Albert the base network of the indexes), through the HTTP stack
 * (POST bodies with the anti-forgery pair). Targets: p95 < 1 s on PostgreSQL, < 3 s on PGlite. Needs an app
 * of a deployment with promo analysis (not cz).
 */
import { loadavg } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { benchLogin, stats, type Timing } from './catalogue-calls';

export const ANALYTICS_TARGET_P95_MS = { postgres: 1000, pglite: 3000 } as const;

const usDate = (day: number) => {
  const d = new Date(day * 86_400_000);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

export async function measureAnalytics(
  app: FastifyInstance,
  { kind, iterations, endDay, log }: { kind: 'pglite' | 'postgres'; iterations: number; endDay: number; log: (...args: unknown[]) => void },
) {
  const x = await app.inject({ method: 'GET', url: '/deployment.json' });
  const xsrf = x.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const token = await benchLogin(app, 'admin');
  const start = usDate(endDay - 364);
  const end = usDate(endDay);
  const body = { start, end, baseNetwork: 'albert' };
  const calls: Record<string, { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }> = {
    productsAnalytics: { method: 'POST', url: '/prices/history/products/analytics', payload: body },
    pricesAnalytics: { method: 'POST', url: '/prices/history/prices/analytics', payload: body },
    ashanShopsPrices: { method: 'POST', url: '/prices/history/ashan-shops-prices', payload: body },
    discountAnalysis: { method: 'POST', url: '/prices/history/discount-analysis', payload: { start, end } },
    promoAnalysisByNetwork: { method: 'GET', url: `/promo-analysis/summary?start=${start}&end=${end}&groupBy=network` },
    promoAnalysisBySection: { method: 'GET', url: `/promo-analysis/summary?start=${start}&end=${end}&groupBy=section` },
  };
  const results: Record<string, (Timing & { truncated?: boolean; total?: number; loadAverage?: [number, number] }) | { failed: string }> = {};
  // The figures follow the machine's load more than small changes (docs/analytics.md): each call carries the
  // 1-minute load average before and after its calls.
  const load1 = () => Math.round(loadavg()[0]! * 10) / 10;
  // BENCH_ANALYTICS_CALLS (a comma list of the names above): only those, to measure one change without the rest.
  const only = process.env.BENCH_ANALYTICS_CALLS?.split(',').map((s) => s.trim());
  calls: for (const [name, c] of Object.entries(calls)) {
    if (only && !only.includes(name)) continue;
    const ms: number[] = [];
    const loadBefore = load1();
    let truncated: boolean | undefined;
    let total: number | undefined;
    // The first call warms caches (plans, the shop directory): not counted.
    for (let i = 0; i <= iterations; i++) {
      const t = process.hrtime.bigint();
      const res = await app.inject({
        method: c.method,
        url: `${c.url}${c.url.includes('?') ? '&' : '?'}token=${token}`,
        cookies: { 'XSRF-TOKEN': xsrf },
        headers: { 'x-xsrf-token': xsrf },
        ...(c.payload ? { payload: c.payload } : {}),
      });
      if (i > 0) ms.push(Number(process.hrtime.bigint() - t) / 1e6);
      if (res.statusCode !== 200) {
        // A call over the statement timeout answers 500: printed as such, the other calls still measured.
        results[name] = { failed: `${res.statusCode} after ${Math.round(Number(process.hrtime.bigint() - t) / 1e6)} ms: ${res.body.slice(0, 200)}` };
        log(`${kind} analytics ${name}: FAILED ${results[name].failed}`);
        continue calls;
      }
      truncated = res.json().data?.truncated;
      // The per-product calls answer a page of the whole selection: `total` is how many products it holds.
      total = res.json().data?.total;
    }
    const timing = stats(ms);
    const loadAverage: [number, number] = [loadBefore, load1()];
    results[name] = { ...timing, ...(truncated === undefined ? {} : { truncated }), ...(total === undefined ? {} : { total }), loadAverage };
    log(
      `${kind} analytics ${name}: p50 ${timing.p50} ms, p95 ${timing.p95} ms${truncated ? ' (a sample of the products: truncated)' : ''}${total === undefined ? '' : ` (first page of ${total} products)`}, load ${loadAverage.join('–')}`,
    );
  }
  const target = ANALYTICS_TARGET_P95_MS[kind];
  return { targetP95Ms: target, calls: results, underTarget: Object.values(results).every((r) => 'p95' in r && r.p95 < target) };
}
