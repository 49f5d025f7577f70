/**
 * Attack on the analytics calls after they moved to every product and the network runs (products/analytics,
 * prices/analytics, ashan-shops-prices, discount-analysis): every demo role and no session (a caller without
 * the analytics menu is 403; one with it gets networks it may see and no other), period edges (one day, end
 * before start, ten years, 02/30, 9999's last day), NUL bytes, huge strings, arrays and objects in every field,
 * unknown ids, bad paging. Never a 5xx: 400 names the field.
 * @one-database: who may call the analytics and odd periods and fields (400 naming the field, never a 5xx), read-only over the demo data; the values these calls compute are checked on both by areas/prices/*.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { body, build, loginAs } from '../helpers/build';
import { callerFor, type Caller } from '../helpers/catalogue';

jest.setTimeout(300_000);

const ROLES = ['admin', 'guest', 'operator', 'hunter', 'netadmin', 'analyst', 'ashan', 'metro', 'atb'] as const;
type Role = (typeof ROLES)[number];
// Spec §6 with the demo data (as __tests__/access/route-matrix.test.ts).
const VISIBLE: Partial<Record<Role, string[]>> = {
  analyst: ['albert', 'kaufland', 'lidl'],
  netadmin: ['albert', 'billa', 'penny'],
  atb: ['atb', 'novus', 'silpo'],
};
const CALLS = [
  '/prices/history/products/analytics',
  '/prices/history/prices/analytics',
  '/prices/history/ashan-shops-prices',
  '/prices/history/discount-analysis',
] as const;

let app: FastifyInstance;
const as = {} as Record<Role, Caller>;
const us = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
const today = new Date();
const monthAgo = new Date(Date.now() - 30 * 86_400_000);
const PERIOD = { start: us(monthAgo), end: us(today) };

beforeAll(async () => {
  app = await build();
  for (const r of ROLES) as[r] = callerFor(app, await loginAs(app, r));
}, 240_000);
afterAll(() => app?.close());

/** The network codes an answer names, wherever it names them. */
function networksIn(res: LightMyRequestResponse): string[] {
  const found = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'network' && typeof x === 'string') found.add(x);
        else walk(x);
      }
    }
  };
  walk(body(res).data);
  return [...found].sort();
}

describe('who may call', () => {
  it.each(CALLS)('%s without a session is 401', async (url) => {
    expect((await app.inject({ method: 'POST', url, payload: PERIOD })).statusCode).toBeGreaterThanOrEqual(401);
    expect((await app.inject({ method: 'POST', url, payload: PERIOD })).statusCode).toBeLessThan(500);
  });

  it.each(ROLES)('%s: 200 with only visible networks, or 403; never 5xx', async (role) => {
    for (const url of CALLS) {
      const res = await as[role]('POST', url, PERIOD);
      expect([url, res.statusCode < 500]).toEqual([url, true]);
      if (res.statusCode !== 200) {
        // ashan-shops-prices compares a base network's own shops: a caller without a network must name one.
        const needsBase = url.endsWith('ashan-shops-prices') && res.statusCode === 400 && body(res).error.fields?.[0]?.path === 'baseNetwork';
        expect([url, needsBase ? 403 : res.statusCode]).toEqual([url, 403]);
        continue;
      }
      const visible = VISIBLE[role];
      if (visible) expect([url, networksIn(res).filter((n) => !visible.includes(n))]).toEqual([url, []]);
      // Naming a network it may not see is 403, never figures.
      if (visible)
        expect([
          url,
          (await as[role]('POST', url, { ...PERIOD, networks: ['billa', 'atb', 'albert'].filter((n) => !visible.includes(n)) })).statusCode,
        ]).toEqual([url, 403]);
    }
  });
});

describe('period edges and odd fields', () => {
  const ok = (res: LightMyRequestResponse) => res.statusCode;
  // ashan-shops-prices compares a base network's own shops: the admin names one.
  const baseOf = (url: string) => (url.endsWith('ashan-shops-prices') ? { baseNetwork: 'albert' } : {});

  it.each(CALLS)('%s: period edges', async (url) => {
    const call = (payload: Record<string, unknown>) => as.admin('POST', url, { ...baseOf(url), ...payload });
    expect(ok(await call({ start: us(today), end: us(today) }))).toBe(200);
    for (const [payload, field] of [
      [{ start: us(today), end: us(monthAgo) }, null],
      [{ start: '01/01/2016', end: '01/01/2026' }, null],
      [{ start: '02/30/2026', end: '03/01/2026' }, 'start'],
      [{ start: '02/01/2026', end: '02/30/2026' }, 'end'],
      [{ start: '13/01/2026', end: '12/31/2026' }, 'start'],
      [{ start: '2026-01-01', end: '2026-01-02' }, 'start'],
    ] as const) {
      const res = await call(payload);
      expect([payload, res.statusCode]).toEqual([payload, 400]);
      if (field) expect([payload, body(res).error.fields?.map((f: { path: string }) => f.path)]).toEqual([payload, expect.arrayContaining([field])]);
    }
    expect(ok(await call({ start: '12/31/9999', end: '12/31/9999' }))).toBe(200);
    expect(ok(await call({ start: '12/01/9999', end: '12/31/9999' }))).toBe(200);
  });

  it.each(CALLS)('%s: NUL, huge strings, arrays, objects and unknown ids are 400 naming the field', async (url) => {
    const call = (payload: Record<string, unknown>) => as.admin('POST', url, { ...PERIOD, ...baseOf(url), ...payload });
    for (const [payload, field] of [
      [{ start: `${PERIOD.start}\u0000` }, 'start'],
      [{ start: [PERIOD.start] }, 'start'],
      [{ end: { $gt: '' } }, 'end'],
      [{ networks: ['alb\u0000ert'] }, 'networks.0'],
      [{ networks: ['x'.repeat(100_000)] }, 'networks.0'],
      [{ networks: ['nowhere'] }, 'networks'],
      [{ shops: [2_147_483_647] }, 'shops'],
      [{ shops: ['1; DROP TABLE shops'] }, 'shops.0'],
      [{ shops: [1.5] }, 'shops.0'],
      [{ products: [-1] }, 'products.0'],
      [{ sections: [{}] }, 'sections.0'],
      [{ brands: [[1]] }, 'brands.0'],
      [{ baseNetwork: 'nowhere' }, 'baseNetwork'],
      [{ baseNetwork: ['albert'] }, 'baseNetwork'],
    ] as const) {
      // discount-analysis has no base network: it ignores the field (even an unknown one), as before this session.
      if (url.endsWith('discount-analysis') && 'baseNetwork' in payload) continue;
      const res = await call(payload);
      const paths = body(res).error?.fields?.map((f: { path: string }) => f.path) ?? [];
      // The field named (a list's item, or the list when the item is not even of the right kind).
      const top = field.split('.')[0];
      expect([JSON.stringify(payload).slice(0, 60), res.statusCode, paths.some((p: string) => p.split('.')[0] === top) ? field : paths]).toEqual([
        JSON.stringify(payload).slice(0, 60),
        400,
        field,
      ]);
    }
    // Unknown products, sections and brands choose nothing: an empty answer, not an error of the server.
    for (const payload of [{ products: [2_147_483_647] }, { sections: [2_147_483_647] }, { brands: [2_147_483_647] }]) {
      expect([payload, (await call(payload)).statusCode < 500]).toEqual([payload, true]);
    }
  });

  it.each(['/prices/history/products/analytics', '/prices/history/ashan-shops-prices'])('%s: bad paging is 400 naming the field', async (url) => {
    const call = (payload: Record<string, unknown>) => as.admin('POST', url, { ...PERIOD, ...baseOf(url), ...payload });
    for (const [payload, field] of [
      [{ limit: 0 }, 'limit'],
      [{ limit: 201 }, 'limit'],
      [{ limit: 1.5 }, 'limit'],
      [{ limit: '10' }, 'limit'],
      [{ limit: null }, 'limit'],
      [{ skip: -1 }, 'skip'],
      [{ skip: 1e15 }, 'skip'],
      [{ skip: Number.MAX_SAFE_INTEGER + 2 }, 'skip'],
    ] as const) {
      const res = await call(payload);
      expect([payload, res.statusCode, body(res).error?.fields?.[0]?.path]).toEqual([payload, 400, field]);
    }
    const end = await call({ skip: 1_000_000, limit: 1 });
    expect(end.statusCode).toBe(200);
  });
});
