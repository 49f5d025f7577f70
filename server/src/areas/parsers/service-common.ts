/**
 * What the parser sub-services share (service.ts builds them): who may see and edit which parsers
 * (spec §6; docs/parsers.md "Editing parsers"), the checks of a definition, and rows as the API shows them.
 */
import { load } from 'cheerio';
import type { ParserDefinition, ParserDetail, ParserListItem, ParserRun } from '@pricewatch/shared/contract';
import { parserDefinitionSchema } from '@pricewatch/shared/contract';
import { mayEditParsers } from '@pricewatch/shared/permissions';
import type { Db } from '../../db/client';
import { forbidden, notFound, validationFailed } from '../../lib/errors';
import type { AuthUser } from '../../core/session-user';
import type { FileStore } from '../../core/file-store';
import { visibleNetworkCodes } from '../../core/shop-visibility';
import { assertAllowedUrl, NotAllowedError, type AddressPolicy } from '../../scraping/address';
import type { ListedParser, ParserRow, ParsersQueries, RunRow } from './queries';
import type { ShopForParser } from './queries-lookups';

/** Three failed runs in a row flag a parser. */
const FLAG_AFTER_FAILED_RUNS = 3;

const iso = (v: Date | null) => (v === null ? null : v.toISOString());

export function toRun(r: RunRow): ParserRun {
  return {
    _id: String(r.id),
    parserId: String(r.parserId),
    status: r.status,
    trigger: r.trigger,
    queuedAt: r.queuedAt.toISOString(),
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
    pagesTotal: r.pagesTotal,
    pagesDone: r.pagesDone,
    pricesFound: r.pricesFound,
    notFound: r.notFound,
    errors: r.errors,
  };
}

export const canSeeParsers = (user: AuthUser) => user.isProvider || user.exportDetails.access.includes('parser');

/**
 * Every address a definition will fetch, by its field, checked at save time with the runs' allowlist so
 * a parser that could only fail with not_allowed is never saved. An API URL template's placeholders
 * ({page}, {ean}, {id}) are filled with a harmless value: only scheme and host matter here.
 */
function definitionAddresses(def: ParserDefinition): { path: string; url: string }[] {
  const out = def.productUrls.map((url, i) => ({ path: `definition.productUrls.${i}`, url }));
  if (def.listing) out.push({ path: 'definition.listing.url', url: def.listing.url });
  if (def.api) out.push({ path: 'definition.api.request.url', url: def.api.request.url.replace(/\{[a-z]+\}/gi, '1') });
  return out;
}

export type ParsersContext = {
  db: Db;
  q: ParsersQueries;
  files: FileStore;
  onQueued: (runIds: number[]) => void;
  /** The runs' address policy (demo shops' origins arrive after start). */
  addressPolicy: () => AddressPolicy;
};

export function createParsersAccess({ q, addressPolicy }: ParsersContext) {
  async function visibleNetworkIds(user: AuthUser): Promise<number[] | null> {
    const codes = visibleNetworkCodes(user);
    if (codes === null) return null;
    return q.networkIdsByCodes(codes);
  }

  function assertArea(user: AuthUser) {
    if (!canSeeParsers(user)) throw forbidden();
  }

  async function visibleParser(user: AuthUser, p: ParserRow | null): Promise<ParserRow> {
    if (!p) throw notFound('parser');
    const ids = await visibleNetworkIds(user);
    if (ids && !ids.includes(p.networkId)) throw forbidden();
    return p;
  }

  async function visibleRun(user: AuthUser, runId: number): Promise<{ run: RunRow; parser: ParserRow }> {
    assertArea(user);
    const run = await q.run(runId);
    if (!run) throw notFound('run');
    const parser = await visibleParser(user, await q.parser(run.parserId));
    return { run, parser };
  }

  /** The shop a parser is made (or tried) for, when the user may edit its network's parsers: else 403 (unknown: 400). */
  async function shopForEditing(user: AuthUser, shopId: number): Promise<ShopForParser> {
    assertMayEdit(user);
    const shop = await q.shop(shopId);
    if (!shop) throw validationFailed([{ path: 'shopId', message: `unknown shop: ${shopId}` }]);
    const ids = await visibleNetworkIds(user);
    if (ids && !ids.includes(shop.networkId)) throw forbidden();
    if (!(await mayEditNetwork(user, shop.networkId))) throw forbidden();
    return shop;
  }

  function assertMayEdit(user: AuthUser) {
    assertArea(user);
    if (user.profile.isGuest) throw forbidden();
  }

  /**
   * Definitions are edited by the provider's staff for any shop they see, and by a chain's users with
   * parser rights for their own chain's shops only (issue 16 item 4): seeing a competitor's parser, or
   * starting it, is not changing what it reads.
   */
  /**
   * A JSON API run's pages are its API requests, the key in the address included: a viewer who may not
   * edit the parser sees them without it, as in the definition. Shop pages' addresses are shown whole.
   */
  async function pageUrlShown(user: AuthUser, parser: ParserRow): Promise<(url: string) => string> {
    const json = (parser.definition as { strategy?: unknown } | null)?.strategy === 'json';
    return json && !(await mayEditNetwork(user, parser.networkId)) ? urlWithoutSecrets : (url) => url;
  }

  async function mayEditNetwork(user: AuthUser, networkId: number): Promise<boolean> {
    if (!canSeeParsers(user)) return false;
    // The rule itself is the one the parsers screen asks (shared mayEditParsers), so the buttons and the server agree.
    const code = await q.networkCode(networkId);
    return code !== null && mayEditParsers(user.profile, code);
  }

  function checkAddresses(def: ParserDefinition) {
    const policy = addressPolicy();
    const bad = [];
    for (const a of definitionAddresses(def)) {
      try {
        assertAllowedUrl(a.url, policy);
      } catch (err) {
        if (!(err instanceof NotAllowedError)) throw err;
        bad.push({ path: a.path, message: err.message });
      }
    }
    if (bad.length) throw validationFailed(bad);
  }

  /** Every CSS selector of the definition must parse as the extraction reads it (cheerio), else 400 naming it. */
  function checkSelectors(def: ParserDefinition) {
    const $ = load('<p></p>');
    const given: { path: string; selector: string | undefined }[] = [
      ...Object.entries(def.selectors ?? {}).map(([k, v]) => ({ path: `definition.selectors.${k}`, selector: v })),
      { path: 'definition.listing.linkSelector', selector: def.listing?.linkSelector },
      { path: 'definition.waitFor', selector: def.waitFor },
    ];
    const bad = [];
    for (const g of given) {
      if (!g.selector) continue;
      try {
        $(g.selector);
      } catch (err) {
        bad.push({ path: g.path, message: `invalid selector: ${(err as Error).message}`.slice(0, 200) });
      }
    }
    if (bad.length) throw validationFailed(bad);
  }

  return {
    visibleNetworkIds,
    assertArea,
    visibleParser,
    visibleRun,
    shopForEditing,
    assertMayEdit,
    pageUrlShown,
    mayEditNetwork,
    checkAddresses,
    checkSelectors,
  };
}

export type ParsersAccess = ReturnType<typeof createParsersAccess>;

export function toDetail(r: ParserRow, withSecrets = true): ParserDetail {
  const definition = (r.definition ?? {}) as Record<string, unknown>;
  return {
    _id: String(r.id),
    code: r.code,
    name: r.name,
    country: r.country,
    network: r.network,
    shopId: r.shopId === null ? null : String(r.shopId),
    schedule: r.schedule,
    enabled: r.enabled,
    definition: withSecrets ? definition : withoutSecrets(definition),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toItem(r: ListedParser): ParserListItem {
  const def = parserDefinitionSchema.safeParse(r.definition);
  const lastRun = r.lastRun ? toRun(r.lastRun) : null;
  return {
    _id: String(r.id),
    code: r.code,
    name: r.name,
    country: r.country,
    network: r.network,
    shopId: r.shopId === null ? null : String(r.shopId),
    strategy: def.success ? def.data.strategy : 'auto',
    schedule: r.schedule,
    enabled: r.enabled,
    failingStreak: r.failingStreak,
    flagged: r.failingStreak >= FLAG_AFTER_FAILED_RUNS,
    lastRun,
    activeRun: r.activeRun ? toRun(r.activeRun) : null,
    problems: r.problems,
    unmatched: r.unmatched,
  };
}

/**
 * The definition a viewer who may not edit it gets: a JSON API request's header values and body hidden,
 * and in its address the user info and the query's values (APIs take keys as `?apikey=`), placeholders kept.
 */
function withoutSecrets(definition: Record<string, unknown>): Record<string, unknown> {
  const api = definition.api as { request?: { url?: string; headers?: Record<string, string>; body?: unknown } } | undefined;
  if (!api?.request) return definition;
  const { headers, body, ...request } = api.request;
  return {
    ...definition,
    api: {
      ...api,
      request: {
        ...request,
        ...(typeof request.url === 'string' ? { url: urlWithoutSecrets(request.url) } : {}),
        ...(headers ? { headers: Object.fromEntries(Object.keys(headers).map((k) => [k, HIDDEN])) } : {}),
        ...(body !== undefined ? { body: HIDDEN } : {}),
      },
    },
  };
}

const HIDDEN = '(hidden)';

/** `https://user:key@host/path?page={page}&apikey=k#f` → `https://(hidden)@host/path?page={page}&apikey=(hidden)`. */
function urlWithoutSecrets(url: string): string {
  const [beforeQuery = '', ...rest] = url.split('#')[0]!.split('?');
  const base = beforeQuery.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/]*@/i, `$1${HIDDEN}@`);
  if (!rest.length) return base;
  const query = rest
    .join('?')
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at < 0) return pair;
      const value = pair.slice(at + 1);
      return /^(\{\w+\})?$/.test(value) ? pair : `${pair.slice(0, at)}=${HIDDEN}`;
    })
    .join('&');
  return `${base}?${query}`;
}
