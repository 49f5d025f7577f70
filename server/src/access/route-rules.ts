/**
 * THE table of who may call what (issue 8, docs/access.md): every route of the server, as
 * `'METHOD /path/:param'` (HEAD follows GET; parameter names do not matter), maps to a rule — who may
 * call it (built from the predicates of ./predicates, which use @pricewatch/shared/permissions) and what
 * part of the data they see there (enforced by the area's service, e.g. core/shop-visibility.ts).
 *
 * Enforced by one hook (./plugin.ts) before validation: a caller the rule refuses gets 403 `forbidden`
 * whatever the body. A route without a rule makes the app fail to start under tests and is refused
 * (403, logged) in production; __tests__/access/route-matrix.test.ts calls every route as every role.
 *
 * Routes of the spec (§7) that areas still being built will add are listed too, so that they are
 * guarded from their first day; an area that adds a route adds (or corrects) its line here.
 */
import { REMOTE_NAMES } from '@pricewatch/shared/contract';
import {
  PUBLIC,
  access,
  all,
  allow,
  authenticated,
  exportType,
  exportsUser,
  leafletAccess,
  menu,
  notHunterLimit,
  providerAdmin,
  usersManager,
  writer,
  type Rule,
} from './predicates';

// What the caller sees, in the words of the docs.
const VISIBLE = 'own network + exportDetails.allowedNetworks (all with allNetworks; the provider: all)';
const OWN_FILES = 'a file only for those who may read the request that made it (files/readers.ts)';
const ANALYTICS = 'prices of visible networks’ shops only';

/**
 * Analytics: the side-menu rule (spec §6 "Unloading prices, analytics, alarms: admin or ashan, and not
 * the hunter-limit role"; guests count as admin), as for exports and alarms. They only read, so guests too.
 */
const analytics = menu('analytics');
/**
 * Unloading prices (server/docs/exports.md): the side-menu rule, and Atb- and Metro-type chains for their
 * own export types (docs/access.md "Export types"); writes also need a non-guest.
 */
const unloading = exportsUser;
const unloadingWrite = all(exportsUser, writer);
const EXPORTS_SEEN = 'own network’s export requests (the provider: all)';
const OWN_EXPORT_SETTINGS = 'templates, lists and schedules of the own network (the provider’s: the provider’s)';
const alarms = menu('alarms');
const alarmsWrite = all(menu('alarms'), writer);

export const ROUTE_RULES: Record<string, Rule> = {
  // ---- public: the login screen and the shell need them before a session exists -------------------
  'GET /deployment.json': PUBLIC('the country deployment'),
  'POST /auth/login': PUBLIC('own user profile after a correct login'),
  'GET /auth/check': PUBLIC('own user profile for a live token'),
  'POST /api/v1/auth/logout': PUBLIC('nothing; ends the named session'),
  'GET /*': PUBLIC('built front end files (host)'),
  ...Object.fromEntries(REMOTE_NAMES.map((name) => [`GET /remotes/${name}/*`, PUBLIC(`built files of remote ${name}`)])),
  // The API reference (src/plugins/openapi.ts): what client integrators read before they have an account.
  'GET /api/openapi.json': PUBLIC('the OpenAPI document of this API'),
  'GET /api/docs': PUBLIC('the API reference page'),
  'GET /api/docs/json': PUBLIC('the OpenAPI document of this API'),
  'GET /api/docs/yaml': PUBLIC('the OpenAPI document of this API'),
  'GET /api/docs/static/index.html': PUBLIC('the API reference page'),
  'GET /api/docs/static/swagger-initializer.js': PUBLIC('the API reference page'),
  'GET /api/docs/static/*': PUBLIC('the API reference page'),

  // ---- shops and utilities ----------------------------------------------------------------------
  'GET /utils/city-codes': allow(authenticated, 'every city code → name'),
  'GET /utils/available-shops': allow(authenticated, `shops of ${VISIBLE}`),
  'GET /utils/markets-map': allow(authenticated, `markets of ${VISIBLE}`),
  'GET /custom/utils/markets-map': allow(authenticated, `custom markets of ${VISIBLE}`),
  'GET /utils/export-details': allow(authenticated, 'export details of the own network (the provider: any)'),
  'GET /shops': allow(authenticated, `shops of ${VISIBLE}`),
  'GET /shops/map': allow(authenticated, `shops of ${VISIBLE}`),
  'GET /shops/networks': allow(authenticated, VISIBLE),
  'POST /custom/import-internal-prices': allow(all(access('retail'), writer), 'imports into the own network’s shops'),

  // ---- files ------------------------------------------------------------------------------------
  'GET /data/:file': allow(authenticated, OWN_FILES),

  // ---- products -----------------------------------------------------------------------------------
  'GET /products': allow(authenticated, `products with offers in ${VISIBLE}`),
  'GET /products/search': allow(authenticated, 'the catalogue; offers of visible shops'),
  'GET /products/list': allow(authenticated, `products with offers in ${VISIBLE}`),
  'GET /products/max-article': allow(authenticated, 'the greatest article number'),
  'GET /sections': allow(authenticated, 'the catalogue (shared by every network)'),
  'GET /products/find-similar-products': allow(authenticated, 'the catalogue; offers of visible shops'),
  'GET /products/export': allow(authenticated, `products with offers in ${VISIBLE}`),
  'GET /products/:id': allow(authenticated, 'the product with offers of visible shops'),

  // ---- prices -------------------------------------------------------------------------------------
  'GET /prices/product/:id': allow(authenticated, ANALYTICS),
  'GET /prices/history': allow(authenticated, ANALYTICS),
  'POST /prices/history/products/analytics': allow(analytics, ANALYTICS),
  'POST /prices/history/prices/analytics': allow(analytics, ANALYTICS),
  'POST /prices/history/ashan-shops-prices': allow(analytics, `${ANALYTICS}; own custom shops`),
  'POST /prices/history/discount-analysis': allow(analytics, ANALYTICS),
  'POST /prices/all-prices': allow(analytics, ANALYTICS),
  'POST /brands/get-by-filters': allow(authenticated, 'brands of visible products'),

  // ---- users (issue 8) ----------------------------------------------------------------------------
  'GET /network-users/list': allow(usersManager, 'users of the own network (provider admins: any network)'),
  'GET /network-users/admin/list': allow(providerAdmin, 'every user with their network'),
  'POST /network-users': allow(usersManager, 'creates in the own network, within its rights'),
  'PUT /network-users/:id': allow(usersManager, 'users of the own network (provider admins: any)'),
  'DELETE /network-users/:id': allow(usersManager, 'users of the own network (provider admins: any)'),

  // ---- exports (spec §7; unloading prices) ---------------------------------------------------------
  // The menu rule of unloading prices (spec §6: admin or guest or ashan, not hunter-limit), and Atb- and
  // Metro-type chains; guests look but never write. The export types follow the flags (spec §6 "Ashan,
  // Atb and Metro flags change … export types": exportTypesFor; the area checks the same for templates,
  // schedules and group requests naming a type).
  'GET /export/get/:id': allow(unloading, EXPORTS_SEEN),
  'GET /export/list': allow(unloading, EXPORTS_SEEN),
  'POST /export/ashan/prices': allow(all(unloadingWrite, exportType('ashan')), ANALYTICS),
  'POST /export/atb/prices': allow(all(unloadingWrite, exportType('atb')), ANALYTICS),
  'POST /export/inline/prices': allow(all(unloadingWrite, exportType('inline')), ANALYTICS),
  'PUT /export/:id': allow(unloadingWrite, EXPORTS_SEEN),
  'POST /export/save-template': allow(unloadingWrite, OWN_EXPORT_SETTINGS),
  'DELETE /export/delete-template': allow(unloadingWrite, OWN_EXPORT_SETTINGS),
  'DELETE /export/delete-templates': allow(unloadingWrite, OWN_EXPORT_SETTINGS),
  'GET /export/get-templates': allow(unloading, OWN_EXPORT_SETTINGS),
  'DELETE /export/prices': allow(unloadingWrite, EXPORTS_SEEN),
  'DELETE /export/prices/delete': allow(unloadingWrite, EXPORTS_SEEN),
  'POST /export/export-group-requests': allow(unloadingWrite, OWN_EXPORT_SETTINGS),
  'POST /export/save-new-prod-template': allow(unloadingWrite, OWN_EXPORT_SETTINGS),
  'GET /export/get-new-prod-template': allow(unloading, OWN_EXPORT_SETTINGS),
  'DELETE /export/new-prod-template': allow(unloadingWrite, OWN_EXPORT_SETTINGS),
  'DELETE /export/all-new-prod-template': allow(unloadingWrite, OWN_EXPORT_SETTINGS),
  'GET /export/export-request-schedule': allow(unloading, OWN_EXPORT_SETTINGS),
  'POST /export/export-request-schedule': allow(unloadingWrite, OWN_EXPORT_SETTINGS),
  'PUT /export/export-request-schedule/:id': allow(unloadingWrite, OWN_EXPORT_SETTINGS),
  'DELETE /export/export-request-schedule/:id': allow(unloadingWrite, OWN_EXPORT_SETTINGS),

  // ---- parsers -----------------------------------------------------------------------------------
  'GET /parsers/list': allow(access('parser'), `parsers of ${VISIBLE}`),
  'GET /parsers/networks': allow(access('parser'), `networks with parsers among ${VISIBLE}`),
  'GET /parsers-schedules/list': allow(access('parser'), `parsers of ${VISIBLE}`),
  'POST /parsers/force-start': allow(all(access('parser'), writer), `parsers of ${VISIBLE}`),
  'POST /parsers': allow(all(access('parser'), writer), `a parser for a shop of ${VISIBLE}`),
  'POST /parsers/try': allow(
    all(access('parser'), writer),
    'a definition tried on a shop the caller may add parsers for (own network; the provider: any); writes nothing',
  ),
  'GET /parsers/:id': allow(access('parser'), `parsers of ${VISIBLE}`),
  'PUT /parsers/:id': allow(all(access('parser'), writer), `parsers of ${VISIBLE}`),
  'DELETE /parsers/:id': allow(all(access('parser'), writer), `parsers of ${VISIBLE}; a tombstone, its runs kept`),
  'GET /parsers/runs/:id': allow(access('parser'), `runs of parsers of ${VISIBLE}`),
  'GET /parsers/runs/:id/problems': allow(access('parser'), `runs of parsers of ${VISIBLE}`),
  'GET /parsers/runs/:id/results': allow(access('parser'), `a results file of a run of parsers of ${VISIBLE}, written for the caller`),
  'GET /parsers/suspicious': allow(access('parser'), `held prices of parsers of ${VISIBLE}`),
  'POST /parsers/suspicious/:id/confirm': allow(all(access('parser'), writer), `held prices of parsers of ${VISIBLE}`),
  'POST /parsers/suspicious/:id/reject': allow(all(access('parser'), writer), `held prices of parsers of ${VISIBLE}`),
  'GET /parsers/:id/unmatched': allow(access('parser'), `unmatched pages of parsers of ${VISIBLE}`),
  'POST /parsers/:id/unmatched/accept-top': allow(all(access('parser'), writer), `unmatched pages of parsers of ${VISIBLE}`),
  'POST /parsers/:id/unmatched/:itemId/accept': allow(all(access('parser'), writer), `unmatched pages of parsers of ${VISIBLE}`),
  'POST /parsers/:id/unmatched/:itemId/reject': allow(all(access('parser'), writer), `unmatched pages of parsers of ${VISIBLE}`),

  // ---- leaflets (promo analysis) -----------------------------------------------------------------
  'GET /leaflets/:id': allow(all(leafletAccess, notHunterLimit), 'leaflets of visible networks'),
  'POST /leaflets/create': allow(all(leafletAccess, notHunterLimit, writer), 'leaflets of visible networks'),
  'POST /leaflets/add-price': allow(all(leafletAccess, notHunterLimit, writer), 'leaflets of visible networks'),
  'GET /leaflets/search/by-name': allow(all(leafletAccess, notHunterLimit), 'leaflets of visible networks'),
  'GET /leaflets/search/by-period': allow(all(leafletAccess, notHunterLimit), 'leaflets of visible networks'),
  'DELETE /leaflets/:id': allow(all(leafletAccess, notHunterLimit, writer), 'leaflets of visible networks'),
  'PUT /leaflets/:id': allow(all(leafletAccess, notHunterLimit, writer), 'leaflets of visible networks'),
  'PUT /leaflets/prices/:priceId': allow(all(leafletAccess, notHunterLimit, writer), 'prices of leaflets of visible networks'),
  'DELETE /leaflets/prices/:priceId': allow(all(leafletAccess, notHunterLimit, writer), 'prices of leaflets of visible networks'),
  'GET /leaflets/:id/neural-data': allow(all(leafletAccess, notHunterLimit), 'leaflets of visible networks'),
  'GET /leaflets/:id/prices/statistics': allow(all(leafletAccess, notHunterLimit), 'leaflets of visible networks'),
  'GET /leaflets/:id/prices/pageable': allow(all(leafletAccess, notHunterLimit), 'leaflets of visible networks'),
  'POST /leaflets/export': allow(all(leafletAccess, notHunterLimit, writer), 'leaflets of visible networks'),
  'POST /leaflets/save-image': allow(all(leafletAccess, notHunterLimit, writer), 'leaflets of visible networks'),
  'GET /leaflets/images/:name': allow(all(leafletAccess, notHunterLimit), 'pictures of leaflets of visible networks'),
  // Promo analysis (docs/promo-analysis.md): 403 `promo_analysis_not_in_deployment` in the Czech deployment
  // for everyone (the area checks it); the export writes a file, so, like POST /leaflets/export, not for guests.
  'GET /promo-analysis/summary': allow(all(leafletAccess, notHunterLimit), `promotions in ${VISIBLE}`),
  'POST /promo-analysis/export': allow(all(leafletAccess, notHunterLimit, writer), `promotions in ${VISIBLE}; the file is the caller’s`),

  // ---- alarms (menu: admin-like or Ashan, not hunter-limit; guests only read) ---------------------
  'POST /price-alarms': allow(alarmsWrite, 'own alarms'),
  'PUT /price-alarms/:id': allow(alarmsWrite, 'own alarms'),
  'GET /price-alarms/products/:id': allow(alarms, 'own alarms'),
  'GET /price-alarms/get/all': allow(alarms, 'own alarms'),
  'DELETE /price-alarms/:id': allow(alarmsWrite, 'own alarms'),
  'DELETE /price-alarms/all/:x': allow(alarmsWrite, 'own alarms'),
  'PUT /price-alarms': allow(alarmsWrite, 'own alarms'),
  'POST /price-alarms/import': allow(alarmsWrite, 'own alarms; shops of visible networks'),
  'POST /price-alarms/export': allow(alarms, 'own alarms'),
  'GET /price-alarms/events': allow(alarms, 'own alarm firings'),
  'GET /price-alarms/events/unread-count': allow(alarms, 'own alarm firings'),
  'PUT /price-alarms/events/read': allow(alarms, 'own alarm firings (read marks are personal)'),
  'GET /price-alarms/settings': allow(alarms, 'own notification settings'),
  'PUT /price-alarms/settings': allow(alarmsWrite, 'own notification settings'),
  'POST /price-products-alarms': allow(alarmsWrite, 'own alarms'),
  'PUT /price-products-alarms/:id': allow(alarmsWrite, 'own alarms'),
  'PUT /price-products-alarms/toggle/:id': allow(alarmsWrite, 'own alarms'),
  'GET /price-products-alarms/get/all': allow(alarms, 'own alarms'),
  'DELETE /price-products-alarms/:id': allow(alarmsWrite, 'own alarms'),
  'DELETE /price-products-alarms/all/:x': allow(alarmsWrite, 'own alarms'),
  'PUT /price-products-alarms': allow(alarmsWrite, 'own alarms'),
  'POST /price-products-alarms/import': allow(alarmsWrite, 'own alarms; shops of visible networks'),
  'POST /price-products-alarms/export': allow(alarms, 'own alarms'),

  // ---- home page (issue 18, docs/home.md): one call per tile, each with the rule of the screen it links to --
  'GET /home/price-index': allow(analytics, `${ANALYTICS}; the own network against its country's networks`),
  'GET /home/price-changes': allow(analytics, ANALYTICS),
  'GET /home/alarms': allow(alarms, 'own alarm firings'),
  'GET /home/exports': allow(unloading, EXPORTS_SEEN),
  'GET /home/parsers': allow(access('parser'), `parsers of ${VISIBLE}`),
  'GET /home/suspicious': allow(access('parser'), `held prices of parsers of ${VISIBLE}`),

  // ---- scrapers ------------------------------------------------------------------------------------
  'POST /scrapers/:type': allow(all(access('parser'), writer), `scrapers of ${VISIBLE}`),
  'GET /scrapers/list': allow(access('parser'), `scrapers of ${VISIBLE}`),
  'GET /scrapers/:type': allow(access('parser'), `scrapers of ${VISIBLE}`),
  'DELETE /scrapers/delete-scraper-request': allow(all(access('parser'), writer), 'own scraper requests'),
};

/** `GET /a/:id` and `GET /a/:other` are one route: parameter names (and regexps) and a trailing slash do not matter. */
export function routeKey(method: string, url: string): string {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  // `/a/` and `/a` are one route too (spec §7 writes `PUT /price-alarms/`).
  const path = url.replace(/:[^/]+/g, ':').replace(/(.)\/$/, '$1');
  return `${m} ${path}`;
}

export type RuleTable = Map<string, Rule>;

export function compileRules(rules: Record<string, Rule> = ROUTE_RULES): RuleTable {
  const table: RuleTable = new Map();
  for (const [key, rule] of Object.entries(rules)) {
    const space = key.indexOf(' ');
    const k = routeKey(key.slice(0, space), key.slice(space + 1));
    if (table.has(k)) throw new Error(`route-rules: ${key} is listed twice`);
    table.set(k, rule);
  }
  return table;
}
