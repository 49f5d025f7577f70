/**
 * Every write route, ten identical requests at once (issue 13 item 1). One ordinary edit —
 * `PUT /network-users/{id}` with `{"exportDetails":{"allowedNetworks":["albert"]}}` as `netadmin` — once
 * froze the whole server on PGlite and exhausted the pool on PostgreSQL, because a check inside the
 * transaction queried the root handle instead of the transaction's. A double click, a retry or two tabs
 * send the same write twice; so each write route of src/access/route-rules.ts gets a realistic valid
 * request (real ids of the demo data, made just before) from a user allowed to call it, sent ten times at
 * once. No answer may be a 5xx or missing (a hang), at least one must succeed, and the server must still
 * answer `GET /auth/check` within a second afterwards. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 *
 * The duplicates may lose (404 after a concurrent delete, 400 duplicate name, 401 after a logout, 429
 * imports_busy or a login throttle): only one must win. A new write route must add its request to
 * CASES below.
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { ROUTE_RULES } from '../../src/access/route-rules';
import { queryRows } from '../../src/db/client';
import { addDays, todayIso } from '../../src/lib/days';
import { body, build, getXsrf, loginAs, PASSWORD, type Session, type Xsrf } from '../helpers/build';
import { addFixtures, FIXTURES, us, type Fixtures } from '../helpers/catalogue';
import { multipart, picture } from '../areas/leaflets/helpers';

// Ten requests per route for ~60 routes, exports and pictures among them, on two shared cores.
const TIMES = 10;
/**
 * A request without an answer after this long has hung (the issue: it never answered); slower answers are
 * awaited. A try's picture starts Chromium and a second try waits for the first: at load ~20 they took
 * over 20 s (loaded run, PostgreSQL lane). Within the test's 180 s, with room for the check after.
 */
const HUNG_MS = 120_000;
/** The server must be responsive again right after a batch. */
const CHECK_MS = 1_000;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Form = ReturnType<typeof multipart>;
/** One request as a front end sends it: the caller's token and anti-forgery pair (none: logged out). */
type Req = { as: Session | null; method: Method; url: string; payload?: unknown; form?: Form };

let app: FastifyInstance;
let fx: Fixtures;
let anonymous: Xsrf;
/** Sessions of the callers; `checker` only asks GET /auth/check. */
const s = {} as Record<'admin' | 'ashan' | 'netadmin' | 'checker', Session>;
/** Set when a batch hung: the server no longer answers, so later routes are reported, not tried. */
let frozenBy: string | null = null;

beforeAll(async () => {
  // The Polish deployment: promo analysis (and its export) is not part of the Czech one; nothing else
  // the write routes do depends on the country. The demo shops bring the parsers (force-start,
  // scrapers); with the parser worker off their runs just queue.
  app = await build({ env: { COUNTRY: 'pl', DEMO_SHOPS: '1', PARSERS_WORKER: '0' } });
  fx = await addFixtures(app);
  anonymous = await getXsrf(app);
  for (const u of ['admin', 'ashan', 'netadmin'] as const) s[u] = await loginAs(app, u);
  s.checker = await loginAs(app, 'admin');
  // A demo-shops app and the fixtures: over 180 s on PGlite at load ~20; a demo-shops PGlite start alone
  // passed 600 s at load ~24 (try.test, loaded run).
}, 900_000);

afterAll(async () => {
  if (!app) return;
  // Closed whole (its pools, jobs and page threads end with it), however long that takes under load.
  if (!frozenBy) return app.close();
  // A frozen server may never finish closing; do not let that hide the report.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([app.close(), new Promise((r) => (timer = setTimeout(r, 10_000)))]);
  clearTimeout(timer);
});

function send(req: Req): Promise<LightMyRequestResponse> {
  const pair = req.as?.xsrf ?? anonymous;
  const url = req.as ? `${req.url}${req.url.includes('?') ? '&' : '?'}token=${encodeURIComponent(req.as.token)}` : req.url;
  return app.inject({
    method: req.method,
    url,
    cookies: pair.cookies,
    headers: { ...pair.headers, ...(req.form?.headers ?? {}) },
    ...(req.form ? { payload: req.form.payload } : req.payload !== undefined ? { payload: req.payload as object } : {}),
  });
}

/** Setup calls: must succeed; answers `data`. */
async function made(req: Req): Promise<any> {
  const res = await send(req);
  if (res.statusCode !== 200) throw new Error(`setup ${req.method} ${req.url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
  return body(res).data;
}
const as = (who: Session) => ({
  post: (url: string, payload?: unknown): Req => ({ as: who, method: 'POST', url, payload }),
  put: (url: string, payload?: unknown): Req => ({ as: who, method: 'PUT', url, payload }),
  del: (url: string, payload?: unknown): Req => ({ as: who, method: 'DELETE', url, payload }),
  form: (url: string, form: Form): Req => ({ as: who, method: 'POST', url, form }),
});
const admin = () => as(s.admin);
const ashan = () => as(s.ashan);
const netadmin = () => as(s.netadmin);

let unique = 0;
const name = (what: string) => `${what} ${++unique}`;
const period = () => ({ start: us(fx.start), end: us(fx.end) });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Alarms');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---- things the requests name, made as their screens make them ------------------------------------

const STRONG = 'Brambory2024x';
const billaUser = async () =>
  (await made(netadmin().post('/network-users', { username: name('billa.user').replace(' ', '.'), name: 'Billa Clerk', password: STRONG, roles: ['network'] })))
    ._id as string;

const buckwheatShops = () => ['atb-kyi-obolon', 'auchan-kyi-petrivka', 'silpo-kyi-pechersk'].map(fx.shop);
const inlineExport = () => ({ products: [fx.buckwheat], shops: buckwheatShops(), ...period(), name: name('Buckwheat') });
const exportRequest = async () => (await made(ashan().post('/export/inline/prices', inlineExport())))._id as string;
const templateBody = (extra: Record<string, unknown> = {}) => ({
  name: name('Weekly buckwheat'),
  autoGeneration: true,
  data: { type: 'inline', products: [fx.buckwheat], shops: buckwheatShops(), days: 7 },
  ...extra,
});
const template = async () => (await made(ashan().post('/export/save-template', templateBody())))._id as string;
const newProductList = async () =>
  (
    await made(
      ashan().post('/export/save-new-prod-template', {
        name: name('Novelties'),
        products: [{ ean: FIXTURES.buckwheat.ean }, { article: '777777777', name: 'Pumpkin seeds 200 g' }],
      }),
    )
  )._id as string;
const schedule = async () =>
  (await made(ashan().post('/export/export-request-schedule', { template: await template(), frequency: 'daily', time: '06:30' })))._id as string;

const leafletBody = () => ({ name: name('Albert weekly offers'), network: 'albert', start: '03/02/2026', end: '03/08/2026', description: 'Big week' });
const leaflet = async () => (await made(admin().post('/leaflets/create', leafletBody())))._id as string;
const priceForm = (leafletId: string) =>
  multipart({
    leafletPicture: JSON.stringify({ leafletId, productId: fx.cocoa, productName: 'Cocoa 250 g', price: '19,90', oldPrice: 24.9, mechanics: 'discount' }),
  });
const leafletPrice = async () => (await made(admin().form('/leaflets/add-price', priceForm(await leaflet()))))._id as string;

const alarmBody = () => ({ productId: fx.buckwheat, shops: [fx.shop('atb-kyi-obolon'), fx.shop('silpo-kyi-pechersk')], rule: 'below', value: 44 });
const priceAlarm = async (extra: Record<string, unknown> = {}) => (await made(ashan().post('/price-alarms', { ...alarmBody(), ...extra })))._id as string;
const productAlarmBody = () => ({ name: name('Groats'), products: [fx.buckwheat, fx.cocoa], shops: [fx.shop('atb-kyi-obolon')], rule: 'below', value: 30 });
const productAlarm = async () => (await made(ashan().post('/price-products-alarms', productAlarmBody())))._id as string;

/**
 * The request of every write route of ROUTE_RULES, made just before its batch. Keys are the table's
 * own; a write route missing here fails the first test.
 */
const CASES: Record<string, () => Promise<Req>> = {
  // ---- auth ----
  'POST /auth/login': async () => ({ as: null, method: 'POST', url: '/auth/login', payload: { username: 'metro', password: PASSWORD } }),
  'POST /api/v1/auth/logout': async () => {
    const leaving = await loginAs(app, 'metro');
    return as(leaving).post('/api/v1/auth/logout', { token: leaving.token });
  },

  // ---- shops: internal prices (the provider writes any shop) ----
  'POST /custom/import-internal-prices': async () =>
    admin().post('/custom/import-internal-prices', { prices: [{ product: fx.cocoa, shop: fx.shop('albert-prg-andel'), price: 99.9, promo: 89.9 }] }),

  // ---- prices analytics ----
  'POST /prices/history/products/analytics': async () =>
    admin().post('/prices/history/products/analytics', { ...period(), products: [fx.cocoa], baseNetwork: 'albert' }),
  'POST /prices/history/prices/analytics': async () =>
    admin().post('/prices/history/prices/analytics', { ...period(), products: [fx.cocoa], networks: ['albert', 'lidl', 'billa'], baseNetwork: 'albert' }),
  'POST /prices/history/ashan-shops-prices': async () => ashan().post('/prices/history/ashan-shops-prices', { ...period(), products: [fx.buckwheat] }),
  'POST /prices/history/discount-analysis': async () => admin().post('/prices/history/discount-analysis', { ...period(), networks: ['albert', 'billa'] }),
  'POST /prices/all-prices': async () => admin().post('/prices/all-prices', { products: [fx.cocoa, fx.buckwheat], networks: ['albert', 'lidl', 'auchan'] }),
  'POST /brands/get-by-filters': async () => admin().post('/brands/get-by-filters', { networks: ['albert'], limit: 50 }),

  // ---- users: netadmin manages Billa's ----
  'POST /network-users': async () =>
    netadmin().post('/network-users', {
      username: 'billa.twin',
      name: 'Twin Clicker',
      password: STRONG,
      roles: ['network'],
      exportDetails: { access: ['parser'], allowedNetworks: ['albert'] },
    }),
  // The exact edit of the issue.
  'PUT /network-users/:id': async () => netadmin().put(`/network-users/${await billaUser()}`, { exportDetails: { allowedNetworks: ['albert'] } }),
  'DELETE /network-users/:id': async () => netadmin().del(`/network-users/${await billaUser()}`),

  // ---- exports: Ashan unloads prices; the provider makes the Atb type ----
  'POST /export/ashan/prices': async () => ashan().post('/export/ashan/prices', { products: [fx.buckwheat], networks: ['atb', 'silpo'], ...period() }),
  'POST /export/atb/prices': async () =>
    admin().post('/export/atb/prices', { products: [fx.buckwheat], networks: ['auchan', 'silpo'], baseNetwork: 'atb', ...period() }),
  'POST /export/inline/prices': async () => ashan().post('/export/inline/prices', inlineExport()),
  'PUT /export/:id': async () => ashan().put(`/export/${await exportRequest()}`, { name: name('Renamed') }),
  'POST /export/save-template': async () => ashan().post('/export/save-template', templateBody()),
  'DELETE /export/delete-template': async () => ashan().del('/export/delete-template', { template: await template() }),
  'DELETE /export/delete-templates': async () => ashan().del('/export/delete-templates', { templates: [await template(), await template()] }),
  'DELETE /export/prices': async () => ashan().del(`/export/prices?id=${await exportRequest()}`),
  'DELETE /export/prices/delete': async () => {
    const t = await template();
    await made(ashan().post('/export/inline/prices', { template: t }));
    return ashan().del('/export/prices/delete', { templates: [t], ids: [await exportRequest()] });
  },
  'POST /export/export-group-requests': async () => {
    const inline = await template();
    const compared = (
      await made(
        ashan().post('/export/save-template', {
          name: name('Ashan vs ATB'),
          data: { type: 'ashan', products: [fx.buckwheat], networks: ['atb', 'silpo'], ...period() },
        }),
      )
    )._id;
    return ashan().post('/export/export-group-requests', { templates: [inline, compared], name: name('Group') });
  },
  'POST /export/save-new-prod-template': async () =>
    ashan().post('/export/save-new-prod-template', {
      name: name('Autumn novelties'),
      products: [{ ean: FIXTURES.buckwheat.ean }, { article: '777777777', name: 'Pumpkin seeds 200 g' }],
    }),
  'DELETE /export/new-prod-template': async () => ashan().del(`/export/new-prod-template?id=${await newProductList()}`),
  'DELETE /export/all-new-prod-template': async () => {
    await newProductList();
    return ashan().del('/export/all-new-prod-template');
  },
  'POST /export/export-request-schedule': async () =>
    ashan().post('/export/export-request-schedule', { template: await template(), frequency: 'weekly', time: '23:05', dayOfWeek: 7 }),
  'PUT /export/export-request-schedule/:id': async () =>
    ashan().put(`/export/export-request-schedule/${await schedule()}`, { frequency: 'monthly', dayOfMonth: 28, time: '05:15' }),
  'DELETE /export/export-request-schedule/:id': async () => ashan().del(`/export/export-request-schedule/${await schedule()}`),

  // ---- parsers (the worker is off under tests: the runs just queue) ----
  'POST /parsers/force-start': async () => {
    const list = await made({ as: s.admin, method: 'GET', url: '/parsers/list?limit=5' });
    return admin().post('/parsers/force-start', { parsers: [list.items[0]._id] });
  },

  // Parsers made, edited and deleted in the app (issue 16 item 4): ten creates of one code, one wins.
  'POST /parsers': async () => admin().post('/parsers', await parserBody()),
  'PUT /parsers/:id': async () => admin().put(`/parsers/${(await made(admin().post('/parsers', await parserBody())))._id}`, { name: name('Albert edited') }),
  'DELETE /parsers/:id': async () => admin().del(`/parsers/${(await made(admin().post('/parsers', await parserBody())))._id}`),
  // Try on a URL (issue 16 item 4): a demo shop's own definition on its first page; the duplicates get 429 (one try per user).
  'POST /parsers/try': async () => {
    const code = 'lidl-prg-smichov';
    const list = await made({ as: s.admin, method: 'GET', url: `/parsers/list?filters=${code}` });
    const detail = await made({ as: s.admin, method: 'GET', url: `/parsers/${list.items.find((p: { code: string }) => p.code === code)._id}` });
    const [shop] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM shops WHERE code = ${code}`);
    const url = detail.definition.productUrls?.[0] ?? detail.definition.listing.url;
    return admin().post('/parsers/try', { url, shopId: Number(shop!.id), definition: detail.definition });
  },

  // Pages that matched no product (issue 16 item 3): a page of the Lidl demo shop (its pages carry no EAN) whose
  // offer is gone, after a real run.
  'POST /parsers/:id/unmatched/:itemId/accept': async () => {
    const { parser, item } = await unmatchedPage('lidl-prg-smichov');
    return admin().post(`/parsers/${parser}/unmatched/${item._id}/accept`, { productId: Number(item.suggestions[0]!.productId) });
  },
  'POST /parsers/:id/unmatched/:itemId/reject': async () => {
    const { parser, item } = await unmatchedPage('lidl-prg-smichov');
    return admin().post(`/parsers/${parser}/unmatched/${item._id}/reject`);
  },
  'POST /parsers/:id/unmatched/accept-top': async () => {
    const { parser } = await unmatchedPage('lidl-prg-smichov');
    return admin().post(`/parsers/${parser}/unmatched/accept-top`, { minScore: 0.5 });
  },

  // The sanity guard's queue: a demo shop's misprinted page held by a real run of its parser.
  'POST /parsers/suspicious/:id/confirm': async () => admin().post(`/parsers/suspicious/${await heldPrice('albert-prg-andel')}/confirm`),
  'POST /parsers/suspicious/:id/reject': async () => admin().post(`/parsers/suspicious/${await heldPrice('kaufland-prg-barrandov')}/reject`),

  // ---- leaflets ----
  'POST /leaflets/create': async () => admin().post('/leaflets/create', leafletBody()),
  'POST /leaflets/add-price': async () => admin().form('/leaflets/add-price', priceForm(await leaflet())),
  'DELETE /leaflets/:id': async () => {
    const id = await leaflet();
    await made(admin().form('/leaflets/add-price', priceForm(id)));
    return admin().del(`/leaflets/${id}`);
  },
  'PUT /leaflets/:id': async () => admin().put(`/leaflets/${await leaflet()}`, { name: name('Albert spring sale'), end: '03/10/2026' }),
  'PUT /leaflets/prices/:priceId': async () =>
    admin().put(`/leaflets/prices/${await leafletPrice()}`, { price: '15,50', mechanics: 'card', mechanicsText: 'with card' }),
  'DELETE /leaflets/prices/:priceId': async () => admin().del(`/leaflets/prices/${await leafletPrice()}`),
  'POST /leaflets/export': async () => {
    const id = await leaflet();
    await made(admin().form('/leaflets/add-price', priceForm(id)));
    return admin().post('/leaflets/export', { ids: [id] });
  },
  'POST /leaflets/save-image': async () =>
    admin().form('/leaflets/save-image', multipart({ folder: await leaflet() }, [{ field: 'image', name: 'page.png', data: await picture(600, 800, 'png') }])),
  'POST /promo-analysis/export': async () => admin().post('/promo-analysis/export', { ...period(), groupBy: 'network', networks: ['albert', 'lidl'] }),

  // ---- alarms: Ashan's ----
  'POST /price-alarms': async () => ashan().post('/price-alarms', alarmBody()),
  'PUT /price-alarms/:id': async () =>
    ashan().put(`/price-alarms/${await priceAlarm()}`, {
      ...alarmBody(),
      rule: 'diff_pct',
      value: 10,
      originalShopId: fx.shop('auchan-kyi-petrivka'),
      start: '01/01/2026',
      end: '12/31/2030',
    }),
  'DELETE /price-alarms/:id': async () => ashan().del(`/price-alarms/${await priceAlarm()}`),
  'DELETE /price-alarms/all/:x': async () => {
    await priceAlarm({ productId: fx.cocoa, shops: [fx.shop('lidl-prg-smichov')], rule: 'above', value: 100 });
    await priceAlarm({ productId: fx.cocoa, shops: [fx.shop('billa-prg-vinohrady')], rule: 'promo_end', value: null });
    return ashan().del(`/price-alarms/all/${fx.cocoa}`);
  },
  'PUT /price-alarms': async () =>
    ashan().put('/price-alarms', { ids: [await priceAlarm(), await priceAlarm()], set: { enabled: false, isPromoAdded: false } }),
  'POST /price-alarms/import': async () => {
    const file = await xlsx([
      ['ean', 'rule', 'value'],
      [FIXTURES.buckwheat.ean, 'below', 44.5],
      [FIXTURES.cocoa.ean, 'Promo start', ''],
    ]);
    const shops = `${fx.shop('atb-kyi-obolon')},${fx.shop('silpo-kyi-pechersk')}`;
    return ashan().form(
      '/price-alarms/import',
      multipart({ shops, start: '01/01/2026', end: '12/31/2030', isPromoAdded: 'true' }, [{ field: 'file', name: 'alarms.xlsx', data: file, type: XLSX }]),
    );
  },
  'POST /price-alarms/export': async () => {
    await priceAlarm();
    return ashan().post('/price-alarms/export');
  },
  'PUT /price-alarms/events/read': async () => {
    // Something to mark: an alarm that the provider's next price fires.
    await priceAlarm({ shops: [fx.shop('atb-kyi-obolon')], value: 40 });
    await made(
      admin().post('/custom/import-internal-prices', {
        date: us(addDays(todayIso(), 1)),
        prices: [{ product: fx.buckwheat, shop: fx.shop('atb-kyi-obolon'), price: 39 }],
      }),
    );
    return ashan().put('/price-alarms/events/read', { all: true });
  },
  'PUT /price-alarms/settings': async () => ashan().put('/price-alarms/settings', { email: 'prices@auchan.example', notify: 'daily' }),
  'POST /price-products-alarms': async () => ashan().post('/price-products-alarms', productAlarmBody()),
  'PUT /price-products-alarms/:id': async () =>
    ashan().put(`/price-products-alarms/${await productAlarm()}`, { ...productAlarmBody(), value: 25, enabled: true }),
  'PUT /price-products-alarms/toggle/:id': async () => ashan().put(`/price-products-alarms/toggle/${await productAlarm()}`),
  'DELETE /price-products-alarms/:id': async () => ashan().del(`/price-products-alarms/${await productAlarm()}`),
  'DELETE /price-products-alarms/all/:x': async () => {
    await productAlarm();
    return ashan().del('/price-products-alarms/all/all');
  },
  'PUT /price-products-alarms': async () => ashan().put('/price-products-alarms', { ids: [await productAlarm(), await productAlarm()], set: { value: 20 } }),
  'POST /price-products-alarms/import': async () => {
    const file = await xlsx([
      ['name', 'ean', 'rule', 'value'],
      ['Groats', FIXTURES.buckwheat.ean, 'below', 30],
      ['Groats', `$${FIXTURES.cocoa.article}`, 'below', 30],
      ['Stock', FIXTURES.cocoa.ean, 'out_of_stock', ''],
    ]);
    return ashan().form(
      '/price-products-alarms/import',
      multipart({ shops: `${fx.shop('atb-kyi-obolon')}` }, [{ field: 'file', name: 'products.xlsx', data: file, type: XLSX }]),
    );
  },
  'POST /price-products-alarms/export': async () => {
    await productAlarm();
    return ashan().post('/price-products-alarms/export');
  },

  // ---- scrapers: a product a network's parser sells ----
  'POST /scrapers/:type': async () => {
    const [sold] = await sellers();
    return admin().post('/scrapers/product', { productId: sold!.product_id, network: sold!.network });
  },
  'DELETE /scrapers/delete-scraper-request': async () => {
    const [sold] = await sellers();
    const request = await made(admin().post('/scrapers/product', { productId: sold!.product_id, network: sold!.network }));
    return admin().del(`/scrapers/delete-scraper-request?id=${request._id}&type=product`);
  },
};

/** Products some enabled parser's shop sells (an offer with a URL), with that parser's network. */
const sellers = () =>
  queryRows<{ product_id: number; network: string }>(
    app.db,
    sql`SELECT o.product_id, n.code AS network FROM offers o
        JOIN parsers p ON p.shop_id = o.shop_id AND p.enabled JOIN networks n ON n.id = p.network_id
        WHERE o.url IS NOT NULL ORDER BY o.product_id, p.id LIMIT 1`,
  );

/**
 * A price the sanity guard held (docs/parsers.md "Sanity guard"): the parser of a demo shop whose page
 * misprints one price runs to the end in this process (the worker only runs what it is given here).
 */
async function heldPrice(code: string): Promise<string> {
  Object.assign(app.parsers.workerOptions, { politeness: false, backoffMs: 10, maxRetries: 0 });
  const parser = (await made({ as: s.admin, method: 'GET', url: `/parsers/list?filters=${code}` })).items[0]._id as string;
  const [run] = await made(admin().post('/parsers/force-start', { parsers: [parser] }));
  await app.parsers.worker.runById(Number(run._id));
  const queue = await made({ as: s.admin, method: 'GET', url: `/parsers/suspicious?parser=${parser}` });
  if (!queue.items.length) throw new Error(`setup: the run of ${code} held no price`);
  return queue.items[0]._id as string;
}

async function parserBody() {
  const [shop] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM shops WHERE code = 'albert-brn-vankovka'`);
  return { code: `albert-made-${++unique}`, name: name('Albert made'), shopId: Number(shop!.id), definition: { productUrls: ['https://shop.example/p/1'] } };
}

/** A page of the demo shop `code` that matched nothing: one rendered product loses its offer, then its parser runs. */
async function unmatchedPage(code: string): Promise<{ parser: string; item: { _id: string; suggestions: { productId: string }[] } }> {
  Object.assign(app.parsers.workerOptions, { politeness: false, backoffMs: 10, maxRetries: 0 });
  await app.db.execute(sql`DELETE FROM offers WHERE (product_id, shop_id) IN (
    SELECT o.product_id, o.shop_id FROM offers o JOIN shops sh ON sh.id = o.shop_id WHERE sh.code = ${code} ORDER BY o.product_id LIMIT 1)`);
  const parser = (await made({ as: s.admin, method: 'GET', url: `/parsers/list?filters=${code}` })).items[0]._id as string;
  const [run] = await made(admin().post('/parsers/force-start', { parsers: [parser] }));
  await app.parsers.worker.runById(Number(run._id));
  const queue = await made({ as: s.admin, method: 'GET', url: `/parsers/${parser}/unmatched` });
  const item = queue.items.find((i: { suggestions: unknown[] }) => i.suggestions.length);
  if (!item) throw new Error(`setup: the run of ${code} kept no page with a suggestion`);
  return { parser, item };
}

const WRITE_ROUTES = Object.keys(ROUTE_RULES).filter((r) => /^(POST|PUT|DELETE) /.test(r));

type Outcome = { status: number; body: string } | 'hung';

/** Each request raced against HUNG_MS: the answer, or 'hung'. */
async function answerWithin(res: Promise<LightMyRequestResponse>, ms: number): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), ms)));
  try {
    return await Promise.race([res.then((r) => ({ status: r.statusCode, body: r.body })), hung]);
  } finally {
    clearTimeout(timer);
  }
}

describe('every write route, ten identical requests at once', () => {
  it('has a request for every write route of the route table, and none for a route that is gone', () => {
    expect(WRITE_ROUTES.length).toBeGreaterThan(40);
    expect(WRITE_ROUTES.filter((r) => !CASES[r])).toEqual([]);
    expect(Object.keys(CASES).filter((r) => !WRITE_ROUTES.includes(r))).toEqual([]);
  });

  it.each(WRITE_ROUTES)('%s: no 5xx, none hangs, one succeeds; then /auth/check answers within a second', async (route) => {
    if (frozenBy) throw new Error(`${route}: not tried — the server stopped answering during ${frozenBy}`);
    const prepare = CASES[route];
    if (!prepare) throw new Error(`${route}: no request in CASES — add a realistic one`);
    const req = await prepare();

    const outcomes = await Promise.all(Array.from({ length: TIMES }, () => answerWithin(send(req), HUNG_MS)));
    const hung = outcomes.filter((o) => o === 'hung').length;
    if (hung) {
      frozenBy = route;
      throw new Error(`${route} hung: ${hung} of ${TIMES} requests got no answer within ${HUNG_MS / 1000} s`);
    }
    const answers = outcomes as Exclude<Outcome, 'hung'>[];
    const serverErrors = answers.filter((a) => a.status >= 500).map((a) => `${a.status} ${a.body.slice(0, 400)}`);
    expect({ route, serverErrors }).toEqual({ route, serverErrors: [] });
    const succeeded = answers.filter((a) => a.status >= 200 && a.status < 300).length;
    expect({ route, succeeded: succeeded > 0 ? 'at least one' : answers.map((a) => `${a.status} ${a.body.slice(0, 200)}`) }).toEqual({
      route,
      succeeded: 'at least one',
    });

    const checked = app.inject({ method: 'GET', url: `/auth/check?token=${encodeURIComponent(s.checker.token)}` });
    const check = await answerWithin(checked, CHECK_MS);
    // Slow is a failure; no answer at all means every later route would hang too.
    if (check === 'hung' && (await answerWithin(checked, HUNG_MS)) === 'hung') frozenBy = route;
    expect({ route, check: check === 'hung' ? `no answer within ${CHECK_MS} ms` : check.status }).toEqual({ route, check: 200 });
  });
});
