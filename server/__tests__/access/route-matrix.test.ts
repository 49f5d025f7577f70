/**
 * The generated permission test (issue 8, docs/access.md): every route the app registers is called as
 * every demo role and must answer 403 to the roles spec §6 keeps out and anything but 401/403 to the
 * others (a 400 for the minimal request still proves the rule let them through). The expectations are
 * stated here, from the spec, not read from src/access/route-rules.ts — so a wrong rule fails. A route
 * without a rule stops the app from starting under tests; a route this matrix does not know fails too.
 *
 * @one-database: which role reaches which route is decided by the route rules before a handler runs; the
 * visibility checks only read the demo data (scripts/lib/db-test-files.cjs).
 */
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import {
  networkUsersListResponseSchema,
  productPageResponseSchema,
  productPricesResponseSchema,
  shopsResponseSchema,
  availableShopsResponseSchema,
} from '@pricewatch/shared/contract';
import access from '../../src/access/plugin';
import { PUBLIC } from '../../src/access/predicates';
import { build, loginAs } from '../helpers/build';
import { callAs, loginWith, type Call, type Method } from './call';

const ROLES = ['admin', 'guest', 'operator', 'hunter', 'netadmin', 'analyst', 'retail', 'ashan', 'metro', 'atb'] as const;
type Role = (typeof ROLES)[number];
const except = (...out: Role[]) => ROLES.filter((r) => !out.includes(r));

/** Networks subscribing to leaflets in the demo data (albert, billa, auchan) and the provider's users. */
const LEAFLET = except('hunter', 'metro', 'atb');

/**
 * Spec §6, by route: who may call. First match wins. `public` = anyone, even without a token.
 * - Users: network admin only (plus the provider's admins); the admin list: provider admins only.
 * - Unloading prices, analytics: admin (guests included) or Ashan, not hunter-limit; guests only look.
 *   Unloading prices also for Atb- and Metro-type chains, with the export types of their flags (§6
 *   "Ashan, Atb and Metro flags change … export types", issue 17).
 * - Alarms: admin (guests included, read only) or Ashan, not hunter-limit.
 * - Parsers and scrapers: the parser access area; internal (retail) prices: the retail area.
 * - Promo analysis (leaflets): leaflet access, not hunter-limit.
 * - Shops, utilities, products, prices of a product, files: every logged-in user (data filtered).
 */
const MATRIX: [RegExp, readonly Role[] | 'public'][] = [
  [/^(GET \/deployment\.json|POST \/auth\/login|GET \/auth\/check|POST \/api\/v1\/auth\/logout)$/, 'public'],
  // The API's OpenAPI document and reference page (issue 17): for integrators before they have an account.
  [/^GET \/api\/(openapi\.json|docs(\/.*)?)$/, 'public'],
  [/^GET \/network-users\/admin\/list$/, ['admin', 'operator']],
  [/^\w+ \/network-users(\/|$)/, ['admin', 'operator', 'netadmin']],
  // Analytics: the menu rule, as for unloading prices (admin or guest or Ashan, not hunter-limit); they
  // only read, so guests too.
  [/^POST \/prices\/(history\/|all-prices$)/, ['admin', 'guest', 'ashan']],
  // Unloading prices: the menu rule (admin or guest or Ashan, not hunter-limit) and Atb- and Metro-type
  // chains; guests only read. Export types follow the flags: Ashan ashan, Atb atb, every client chain
  // inline (a Metro chain's type); the provider's staff may make every type.
  [/^POST \/export\/ashan\/prices$/, ['admin', 'ashan']],
  [/^POST \/export\/atb\/prices$/, ['admin', 'atb']],
  [/^GET \/export\//, ['admin', 'guest', 'ashan', 'metro', 'atb']],
  [/^\w+ \/export\//, ['admin', 'ashan', 'metro', 'atb']],
  // The networks that have parsers (the parsers screen's choices, issue 15): the parsers area's rule.
  [/^GET \/parsers\/networks$/, except('retail')],
  [/^GET \/(parsers|parsers-schedules|scrapers)\//, except('retail')],
  [/^\w+ \/(parsers|scrapers)\//, except('retail', 'guest')],
  [/^POST \/parsers$/, except('retail', 'guest')],
  [/^POST \/custom\/import-internal-prices$/, except('analyst', 'guest')],
  [/^GET \/leaflets\//, LEAFLET],
  [/^\w+ \/leaflets\//, LEAFLET.filter((r) => r !== 'guest')],
  // Promo analysis is not part of the Czech deployment this matrix runs as: 403 for everyone. Who may call
  // it elsewhere (leaflet access, not hunter-limit; export not guests) is tested in __tests__/areas/promo.
  [/^\w+ \/promo-analysis\//, []],
  // Alarms: the menu's "admin or ashan, not hunter-limit" (guests count as admin; operators do not).
  [/^(GET \/price(-products)?-alarms\/|POST \/price(-products)?-alarms\/export$|PUT \/price-alarms\/events\/read$)/, ['admin', 'guest', 'ashan']],
  [/^\w+ \/price(-products)?-alarms/, ['admin', 'ashan']],
  // Home page tiles (issue 18): each with the rule of the screen it links to.
  [/^GET \/home\/(price-index|price-changes|alarms)$/, ['admin', 'guest', 'ashan']],
  [/^GET \/home\/exports$/, ['admin', 'guest', 'ashan', 'metro', 'atb']],
  [/^GET \/home\/(parsers|suspicious)$/, except('retail')],
  [/^GET \/(utils|shops|custom\/utils|products|prices|data)(\/|$)/, ROLES],
  // The catalogue's sections (issue 15): shared catalogue data, like shops.
  [/^GET \/sections$/, ROLES],
  [/^POST \/brands\/get-by-filters$/, ROLES],
];

const expectationFor = (route: string) => MATRIX.find(([re]) => re.test(route))?.[1];

const MISSING_USER = '00000000-0000-4000-8000-000000000000';
/** A valid-shaped URL for a route pattern: parameters filled with an id that exists where it matters. */
function urlFor(pattern: string, ids: { product: string }): string {
  return pattern
    .replace(/\/network-users\/:[^/]+/, `/network-users/${MISSING_USER}`)
    .replace(/\/(products|prices\/product)\/:[^/]+/, (_, p) => `/${p}/${ids.product}`)
    .replace(/\/data\/:[^/]+/, '/data/missing.xlsx')
    .replace(/:[^/]+/g, '1');
}

let app: FastifyInstance;
const as = {} as Record<Role, Call>;
let routes: string[];
let productId: string;

beforeAll(async () => {
  app = await build();
  for (const r of ROLES) if (r !== 'retail') as[r] = callAs(app, await loginAs(app, r));
  // A Billa user with only the retail access area, made the way a network admin makes one.
  const made = await as.netadmin('POST', '/network-users', {
    username: 'billa.retail',
    name: 'Retail Only',
    password: 'Maloobchod2025',
    roles: ['network'],
    exportDetails: { access: ['retail'] },
  });
  if (made.statusCode !== 200) throw new Error(made.body);
  as.retail = callAs(app, await loginWith(app, 'billa.retail', 'Maloobchod2025'));
  routes = app.accessRoutes().filter((r) => !r.includes('*'));
  // A product with prices in many networks: the one with the most shops.
  const page = productPageResponseSchema.parse((await as.admin('GET', '/products/list?limit=200')).json()).data;
  productId = [...page.items].sort((a, b) => b.shops - a.shops)[0]!._id;
});
afterAll(() => app.close());

describe('the route table', () => {
  it('has a rule and a matrix row for every route the app registers', () => {
    expect(routes.length).toBeGreaterThan(30);
    const withoutRule = routes.filter((r) => !app.accessRuleFor(r.split(' ')[0]!, r.slice(r.indexOf(' ') + 1)));
    expect(withoutRule).toEqual([]);
    const unknown = routes.filter((r) => !expectationFor(r));
    expect(unknown).toEqual([]);
  });

  it('stops the app from starting under tests when a route has no rule', async () => {
    const bare = Fastify();
    bare.register(fp(async (f) => void f.decorate('config', { country: 'cz' } as never), { name: 'config' }));
    bare.register(fp(async (f) => void f.decorate('authenticate', async () => {}), { name: 'auth' }));
    bare.register(access, { strict: true, rules: { 'GET /known': PUBLIC('test') } });
    bare.register(async (f) => {
      f.get('/known', async () => 'ok');
      f.get('/forgotten/:id', async () => 'ok');
    });
    await expect(bare.ready()).rejects.toThrow('GET /forgotten/:id');
    await bare.close();
  });

  it('refuses everyone on a route without a rule outside strict mode', async () => {
    const lax = Fastify();
    lax.register(fp(async (f) => void f.decorate('config', { country: 'cz' } as never), { name: 'config' }));
    lax.register(fp(async (f) => void f.decorate('authenticate', async () => {}), { name: 'auth' }));
    lax.register(access, { strict: false, rules: {} });
    lax.register(async (f) => void f.get('/forgotten', async () => 'ok'));
    await lax.ready();
    expect((await lax.inject({ method: 'GET', url: '/forgotten' })).statusCode).toBe(403);
    await lax.close();
  });
});

describe('every route as every role', () => {
  it('answers 401 without a token on every route that is not public', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      if (expectationFor(route) === 'public') continue;
      const [method, pattern] = [route.slice(0, route.indexOf(' ')) as Method, route.slice(route.indexOf(' ') + 1)];
      const res = await app.inject({ method, url: urlFor(pattern, { product: productId }) });
      // Non-GET calls without the anti-forgery pair are refused even earlier (403 xsrf_failed).
      if (res.statusCode !== 401 && !(method !== 'GET' && res.json().error?.code === 'xsrf_failed')) {
        wrong.push(`${route}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(ROLES)('%s gets 403 exactly where spec §6 keeps them out', async (role) => {
    const wrong: string[] = [];
    for (const route of routes) {
      const allowed = expectationFor(route);
      if (!allowed) continue; // reported by the table test
      const method = route.slice(0, route.indexOf(' ')) as Method;
      const url = urlFor(route.slice(route.indexOf(' ') + 1), { product: productId });
      // Logging out or in would end or mix up the session used for the rest of the matrix.
      if (route === 'POST /api/v1/auth/logout' || route === 'POST /auth/login') continue;
      const res = await as[role](method, url, method === 'POST' || method === 'PUT' ? {} : undefined);
      const mayCall = allowed === 'public' || allowed.includes(role);
      if (mayCall ? res.statusCode === 401 || res.statusCode === 403 : res.statusCode !== 403) {
        wrong.push(`${route} → ${res.statusCode} (expected ${mayCall ? 'through' : '403'}) ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** Spec §6 with the demo data: a network user sees their own network and exportDetails.allowedNetworks. */
const VISIBLE: Partial<Record<Role, string[] | 'all'>> = {
  admin: 'all',
  analyst: ['albert', 'kaufland', 'lidl'],
  netadmin: ['albert', 'billa', 'penny'],
  retail: ['albert', 'billa', 'penny'],
  ashan: 'all', // auchan: allNetworks
  metro: 'all', // metro: allNetworks
  atb: ['atb', 'novus', 'silpo'],
};
const distinct = (xs: string[]) => [...new Set(xs)].sort();

describe('allowed callers see only their networks’ data', () => {
  let allNetworks: string[];
  beforeAll(async () => {
    allNetworks = distinct(shopsResponseSchema.parse((await as.admin('GET', '/shops')).json()).data.map((s) => s.network));
  });

  it.each(Object.keys(VISIBLE) as Role[])('%s: shops, available shops, products and prices', async (role) => {
    const expected = VISIBLE[role] === 'all' ? allNetworks : VISIBLE[role]!;
    const shops = shopsResponseSchema.parse((await as[role]('GET', '/shops')).json()).data;
    expect(distinct(shops.map((s) => s.network))).toEqual(expected);
    const available = availableShopsResponseSchema.parse((await as[role]('GET', '/utils/available-shops')).json()).data;
    expect(distinct(available.map((s) => s.network))).toEqual(expected);

    const prices = productPricesResponseSchema.parse((await as[role]('GET', `/prices/product/${productId}`)).json()).data;
    expect(prices.prices.every((p) => expected.includes(p.network))).toBe(true);

    const hidden = allNetworks.find((n) => !expected.includes(n));
    if (hidden) {
      expect((await as[role]('GET', `/products/list?networks=${hidden}`)).statusCode).toBe(403);
      expect((await as[role]('GET', `/shops?network=${hidden}`)).statusCode).toBe(403);
    }
    expect((await as[role]('GET', `/products/list?networks=${expected[0]}`)).statusCode).toBe(200);
  });

  it('a product’s prices are narrower for a network user than for the provider', async () => {
    const all = productPricesResponseSchema.parse((await as.admin('GET', `/prices/product/${productId}`)).json()).data;
    const atb = productPricesResponseSchema.parse((await as.atb('GET', `/prices/product/${productId}`)).json()).data;
    expect(distinct(all.prices.map((p) => p.network)).length).toBeGreaterThan(distinct(atb.prices.map((p) => p.network)).length);
  });

  it('network users: the list holds only the own network’s users; other networks are refused', async () => {
    const users = networkUsersListResponseSchema.parse((await as.netadmin('GET', '/network-users/list')).json()).data;
    expect(distinct(users.map((u) => u.network!.code))).toEqual(['billa']);
    expect(users.map((u) => u.username)).toEqual(expect.arrayContaining(['netadmin', 'billa.retail']));
    expect((await as.netadmin('GET', '/network-users/list?network=albert')).statusCode).toBe(403);
  });
});
