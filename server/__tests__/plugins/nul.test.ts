/**
 * Issue 13 item 5: PostgreSQL text cannot hold U+0000, and a NUL that reached a query was a 500. One rule
 * for every string a client sends (src/plugins/no-nul.ts): a NUL in a query parameter, a JSON body, a
 * path parameter or a multipart text field is 400 `validation_failed` naming the field, before any
 * handler runs, so no query ever sees the NUL.
 *
 * @one-database: refused before any handler; `npm test` runs it on PostgreSQL, the database that failed (scripts/lib/db-test-files.cjs).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { body, build, loginAs, type Session } from '../helpers/build';
import { addFixtures, us, type Fixtures } from '../helpers/catalogue';
import { callAs, type Call, type Method } from '../access/call';
import { multipart } from '../areas/leaflets/helpers';

let app: FastifyInstance;
let fx: Fixtures;
const s = {} as Record<'admin' | 'ashan' | 'netadmin', Session>;
const as = {} as Record<'admin' | 'ashan' | 'netadmin', Call>;

beforeAll(async () => {
  app = await build();
  fx = await addFixtures(app);
  for (const u of ['admin', 'ashan', 'netadmin'] as const) {
    s[u] = await loginAs(app, u);
    as[u] = callAs(app, s[u]);
  }
});
afterAll(() => app.close());

const NUL_MESSAGE = 'invalid character';

function expectNulRefused(res: LightMyRequestResponse, path: string) {
  expect([res.statusCode, body(res).error?.code]).toEqual([400, 'validation_failed']);
  expect(body(res).error.fields).toEqual([{ path, message: NUL_MESSAGE }]);
}

describe('a NUL in a query parameter is 400 naming it', () => {
  it.each([
    ['/export/list?by=%00', 'by'],
    ['/export/list?by=a%00b', 'by'],
    ['/parsers/list?filters=%00', 'filters'],
    ['/scrapers/product?network=albert%00', 'network'],
    ['/price-alarms/get/all?search=%00', 'search'],
    ['/price-products-alarms/get/all?search=milk%00', 'search'],
    ['/network-users/list?network=%00', 'network'],
    // Repeated parameters are a list: the item is named.
    ['/products/list?networks=albert&networks=bi%00lla', 'networks.1'],
    // Parameters no route reads are refused too: one rule, whatever the route declares.
    ['/shops?unused=%00', 'unused'],
  ])('%s → %s', async (url, path) => {
    expectNulRefused(await as.admin('GET', url), path);
  });

  it('names a parameter whose name holds the NUL', async () => {
    expectNulRefused(await as.admin('GET', '/shops?ne%00twork=albert'), 'ne\\u0000twork');
  });
});

describe('a NUL in a JSON body string is 400 naming it', () => {
  const STRONG = 'Brambory2024x';
  const shops = () => ['atb-kyi-obolon', 'auchan-kyi-petrivka', 'silpo-kyi-pechersk'].map(fx.shop);
  const period = () => ({ start: us(fx.start), end: us(fx.end) });
  const cases: [string, 'admin' | 'ashan' | 'netadmin', Method, string, () => unknown, string][] = [
    [
      'user name',
      'netadmin',
      'POST',
      '/network-users',
      () => ({ username: 'billa.nul', name: 'Nul\u0000Clerk', password: STRONG, roles: ['network'] }),
      'name',
    ],
    [
      'user allowedNetworks',
      'netadmin',
      'POST',
      '/network-users',
      () => ({
        username: 'billa.nul2',
        name: 'Clerk',
        password: STRONG,
        roles: ['network'],
        exportDetails: { access: ['parser'], allowedNetworks: ['albert', 'al\u0000bert'] },
      }),
      'exportDetails.allowedNetworks.1',
    ],
    [
      'export name',
      'ashan',
      'POST',
      '/export/inline/prices',
      () => ({ products: [fx.buckwheat], shops: shops(), ...period(), name: 'Buck\u0000wheat' }),
      'name',
    ],
    [
      'template name',
      'ashan',
      'POST',
      '/export/save-template',
      () => ({ name: 'Weekly\u0000', autoGeneration: true, data: { type: 'inline', products: [fx.buckwheat], shops: shops(), days: 7 } }),
      'name',
    ],
    [
      'new-product-list name',
      'ashan',
      'POST',
      '/export/save-new-prod-template',
      () => ({ name: '\u0000Novelties', products: [{ article: '777777777', name: 'Pumpkin seeds 200 g' }] }),
      'name',
    ],
    [
      'new-product-list product name',
      'ashan',
      'POST',
      '/export/save-new-prod-template',
      () => ({ name: 'Novelties', products: [{ article: '777777777', name: 'Pumpkin\u0000 seeds' }] }),
      'products.0.name',
    ],
    [
      'product-alarm name',
      'ashan',
      'POST',
      '/price-products-alarms',
      () => ({ name: 'Groats\u0000', products: [fx.buckwheat, fx.cocoa], shops: [fx.shop('atb-kyi-obolon')], rule: 'below', value: 30 }),
      'name',
    ],
    ['scraper network', 'admin', 'POST', '/scrapers/product', () => ({ productId: fx.cocoa, network: 'albert\u0000' }), 'network'],
    ['login username', 'admin', 'POST', '/auth/login', () => ({ username: 'ad\u0000min', password: 'pricewatch' }), 'username'],
  ];
  it.each(cases)('%s', async (_what, who, method, url, payload, path) => {
    expectNulRefused(await as[who](method, url, payload()), path);
  });

  it('nothing was written', async () => {
    const list = body(await as.netadmin('GET', '/network-users/list')).data as { username: string }[];
    expect(list.map((u) => u.username)).not.toContain('billa.nul');
  });
});

describe('a NUL elsewhere in a request', () => {
  it('in a path parameter: 400 naming it', async () => {
    expectNulRefused(await as.admin('GET', '/data/report%00.xlsx'), 'file');
  });

  it('in a multipart text field: 400 naming it', async () => {
    const form = multipart({ folder: '1\u0000' });
    const res = await app.inject({
      method: 'POST',
      url: `/leaflets/save-image?token=${s.admin.token}`,
      cookies: s.admin.xsrf.cookies,
      headers: { ...s.admin.xsrf.headers, ...form.headers },
      payload: form.payload,
    });
    expectNulRefused(res, 'folder');
  });
});

describe('every route of the access table, as an admin', () => {
  /** A URL for a route pattern: every parameter `1` (a 404 is fine; the point is the answer's class). */
  const urlFor = (pattern: string) => pattern.replace(/:[^/]+/g, '1').replace(/\*$/, 'x');

  it('answers a NUL in a query parameter or a JSON body string with 400 (or the access refusal), never 5xx', async () => {
    // Logging out last: if a NUL got through to it, the session would end for the routes after it.
    const routes = app.accessRoutes().sort((a, b) => Number(a.includes('/logout')) - Number(b.includes('/logout')));
    expect(routes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const route of routes) {
      const method = route.slice(0, route.indexOf(' ')) as Method;
      const url = urlFor(route.slice(route.indexOf(' ') + 1));
      const sent: [string, Promise<LightMyRequestResponse>][] = [[`${route} ?q=a%00`, as.admin(method, `${url}?q=a%00`)]];
      if (method !== 'GET') sent.push([`${route} {"q":"a\\u0000"}`, as.admin(method, url, { q: 'a\u0000', nested: [{ ok: 'fine' }] })]);
      for (const [what, pending] of sent) {
        const res = await pending;
        const refusedByAccess = res.statusCode === 403 && body(res).error?.code === 'forbidden';
        const namesIt = res.statusCode === 400 && body(res).error?.fields?.[0]?.path === 'q';
        if (!namesIt && !refusedByAccess) wrong.push(`${what} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    // The logout route refused the NUL: the admin's session survived it.
    expect((await as.admin('GET', '/shops')).statusCode).toBe(200);
  });
});
