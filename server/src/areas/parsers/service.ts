/**
 * Parsers (spec §7 "Parsers"; visibility §6): who may see and run them, the list with its filters,
 * schedules, force start, a run's progress, problems and results file. Rules (docs/parsers.md):
 * provider staff and network users whose exportDetails.access holds `parser`; each sees the parsers of
 * the networks visible to it; guests look but do not start runs.
 */
import { load } from 'cheerio';
import { sql } from 'drizzle-orm';
import type {
  ForceStartBody,
  ParserCreateBody,
  ParserDefinition,
  ParserDetail,
  ParserListItem,
  ParserTryResult,
  ParserUpdateBody,
  ParserRun,
  ParserSchedule,
  ParsersListQuery,
  SuspiciousDecision,
  SuspiciousPrices,
} from '@pricewatch/shared/contract';
import {
  parserCreateBodySchema,
  parserDefinitionSchema,
  parserTryBodySchema,
  parserUpdateBodySchema,
  parsersListQuerySchema,
  suspiciousPricesQuerySchema,
} from '@pricewatch/shared/contract';
import type { z } from 'zod';
import { mayEditParsers } from '@pricewatch/shared/permissions';
import { queryRows, type Db } from '../../db/client';
import { AppError, forbidden, notFound, validationFailed } from '../../lib/errors';
import { onPricesWritten } from '../alarms/plugin';
import { recordObservations } from '../prices/plugin';
import type { AuthUser } from '../../core/session-user';
import type { FileStore } from '../../core/file-store';
import { writeXlsx } from '../../core/xlsx';
import { visibleNetworkCodes } from '../../core/shop-visibility';
import type { ListedParser, ParserRow, ParsersQueries, RunRow } from './queries';
import { nextSlots } from './schedule';
import { assertAllowedUrl, NotAllowedError, type AddressPolicy } from '../../scraping/address';
import { tryDefinition } from './try';
import { withTrySlot } from './try-slots';
import { listSuspicious, markDecided, recordRejection, suspiciousRow, toObservation, toSuspicious } from './suspicious';

/** Three failed runs in a row flag a parser. */
export const FLAG_AFTER_FAILED_RUNS = 3;

const iso = (v: string | Date | null | undefined) => (v === null || v === undefined ? null : new Date(v).toISOString());

export function toRun(r: RunRow): ParserRun {
  return {
    _id: String(r.id),
    parserId: String(r.parser_id),
    status: r.status,
    trigger: r.trigger,
    queuedAt: iso(r.queued_at)!,
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
    pagesTotal: Number(r.pages_total),
    pagesDone: Number(r.pages_done),
    pricesFound: Number(r.prices_found),
    notFound: Number(r.not_found),
    errors: r.errors ?? {},
  };
}

export const canSeeParsers = (user: AuthUser) => user.isProvider || user.exportDetails.access.includes('parser');

const PG_UNIQUE_VIOLATION = '23505';
const pgCode = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
};
const codeTaken = () => validationFailed([{ path: 'code', message: 'code already used by another parser' }]);

/**
 * Every address a definition will fetch, by its field, checked at save time with the runs' allowlist so
 * a parser that could only fail with not_allowed is never saved. An API URL template's placeholders
 * ({page}, {ean}, {id}) are filled with a harmless value: only scheme and host matter here.
 */
export function definitionAddresses(def: ParserDefinition): { path: string; url: string }[] {
  const out = def.productUrls.map((url, i) => ({ path: `definition.productUrls.${i}`, url }));
  if (def.listing) out.push({ path: 'definition.listing.url', url: def.listing.url });
  if (def.api) out.push({ path: 'definition.api.request.url', url: def.api.request.url.replace(/\{[a-z]+\}/gi, '1') });
  return out;
}

export function createParsersService(
  db: Db,
  q: ParsersQueries,
  files: FileStore,
  onQueued: (runIds: number[]) => void,
  /** The runs' address policy (demo shops' origins arrive after start). */
  addressPolicy: () => AddressPolicy = () => ({}),
) {
  async function visibleNetworkIds(user: AuthUser): Promise<number[] | null> {
    const codes = visibleNetworkCodes(user);
    if (codes === null) return null;
    const rows = await queryRows<{ id: number }>(db, sql`SELECT id FROM networks WHERE code = ANY(${sql.param(codes)}::text[])`);
    return rows.map((r) => Number(r.id));
  }

  function assertArea(user: AuthUser) {
    if (!canSeeParsers(user)) throw forbidden();
  }

  async function visibleParser(user: AuthUser, p: ParserRow | null): Promise<ParserRow> {
    if (!p) throw notFound('parser');
    const ids = await visibleNetworkIds(user);
    if (ids && !ids.includes(Number(p.network_id))) throw forbidden();
    return p;
  }

  async function visibleRun(user: AuthUser, runId: number): Promise<{ run: RunRow; parser: ParserRow }> {
    assertArea(user);
    const run = await q.run(runId);
    if (!run) throw notFound('run');
    const parser = await visibleParser(user, await q.parser(run.parser_id));
    return { run, parser };
  }

  return {
    visibleNetworkIds,

    async list(user: AuthUser, query: z.output<typeof parsersListQuerySchema>): Promise<{ items: ParserListItem[]; total: number }> {
      assertArea(user);
      const networkIds = await visibleNetworkIds(user);
      if (query.shops?.length) {
        // As everywhere in the catalogue: an unknown shop is 400 naming the field, an invisible one 403.
        const known = await queryRows<{ id: number; network_id: number }>(
          db,
          sql`SELECT id, network_id FROM shops WHERE id = ANY(${sql.param(query.shops)}::int[])`,
        );
        const unknown = query.shops.filter((id) => !known.some((k) => Number(k.id) === id));
        if (unknown.length) throw validationFailed([{ path: 'shops', message: `unknown shop: ${unknown.join(', ')}` }]);
        if (networkIds && known.some((k) => !networkIds.includes(Number(k.network_id)))) throw forbidden();
      }
      const { rows, total } = await q.list({
        networkIds,
        shopIds: query.shops,
        onlyWithProblems: query.onlyWithProblems,
        onlyWithNotFound: query.onlyWithNotFound,
        text: query.filters || undefined,
        limit: query.limit,
        skip: query.skip,
      });
      return { items: rows.map(toItem), total };
    },

    async schedules(user: AuthUser, parsers: number[] | undefined): Promise<ParserSchedule[]> {
      assertArea(user);
      const ids = await visibleNetworkIds(user);
      const rows = parsers?.length ? await q.parsersByIds(parsers) : await q.enabledParsers();
      if (parsers?.length) {
        const missing = parsers.filter((id) => !rows.some((r) => Number(r.id) === id));
        if (missing.length) throw validationFailed([{ path: 'parsers', message: `unknown parser: ${missing.join(', ')}` }]);
        if (ids && rows.some((r) => !ids.includes(Number(r.network_id)))) throw forbidden();
      }
      const now = Date.now();
      return rows
        .filter((r) => !ids || ids.includes(Number(r.network_id)))
        .map((r) => ({
          parserId: String(r.id),
          code: r.code,
          schedule: r.schedule,
          next: r.enabled ? nextSlots(r.schedule, now).map((d) => d.toISOString()) : [],
        }));
    },

    async forceStart(user: AuthUser, body: { parsers: number[] }): Promise<ParserRun[]> {
      assertArea(user);
      if (user.profile.isGuest) throw forbidden();
      const unique = [...new Set(body.parsers)];
      const rows = await q.parsersByIds(unique);
      const missing = unique.filter((id) => !rows.some((r) => Number(r.id) === id));
      if (missing.length) throw validationFailed([{ path: 'parsers', message: `unknown parser: ${missing.join(', ')}` }]);
      const ids = await visibleNetworkIds(user);
      if (ids && rows.some((r) => !ids.includes(Number(r.network_id)))) throw forbidden();
      const disabled = rows.filter((r) => !r.enabled);
      if (disabled.length) throw validationFailed([{ path: 'parsers', message: `parser disabled: ${disabled.map((r) => r.id).join(', ')}` }]);
      const runs: RunRow[] = [];
      for (const p of rows) {
        // One run per parser at a time: starting a running parser answers the run in progress.
        const active = await q.activeRun(p.id);
        runs.push(active ?? (await q.queueRun(p.id, 'force', { requestedBy: user.id }))!);
      }
      onQueued(runs.filter((r) => r.status === 'queued').map((r) => Number(r.id)));
      return runs.map(toRun);
    },

    async run(user: AuthUser, runId: number): Promise<ParserRun> {
      return toRun((await visibleRun(user, runId)).run);
    },

    async problems(user: AuthUser, runId: number) {
      const { parser } = await visibleRun(user, runId);
      const shown = await pageUrlShown(user, parser);
      return (await q.items(runId, true)).map((i) => ({ url: shown(i.url), kind: i.problem_kind ?? 'unknown', message: i.problem ?? '' }));
    },

    /** The run's pages as an xlsx file for the caller; download it with GET /data/{file}. */
    async results(user: AuthUser, runId: number): Promise<{ file: string; extension: '.xlsx' }> {
      const { parser } = await visibleRun(user, runId);
      const shown = await pageUrlShown(user, parser);
      const items = await q.items(runId);
      const file = await files.create('parser-run', user, '.xlsx');
      try {
        const money = (v: number | null) => (v === null ? null : v / 100);
        await writeXlsx(
          file.path,
          parser.code.slice(0, 30),
          [
            { header: 'URL', key: 'url', width: 50 },
            { header: 'HTTP', key: 'status', width: 8 },
            { header: 'Product id', key: 'productId' },
            { header: 'Name', key: 'name', width: 40 },
            { header: 'EAN', key: 'ean', width: 16 },
            { header: 'Price', key: 'price' },
            { header: 'Old price', key: 'oldPrice' },
            { header: 'Promo', key: 'promo', width: 8 },
            { header: 'Currency', key: 'currency', width: 10 },
            { header: 'In stock', key: 'inStock', width: 10 },
            { header: 'Strategy', key: 'strategy' },
            { header: 'Not found', key: 'notFound', width: 10 },
            { header: 'Problem', key: 'problemKind', width: 18 },
            { header: 'Details', key: 'problem', width: 50 },
          ],
          (async function* () {
            yield items.map((i) => ({
              url: shown(i.url),
              status: i.http_status,
              productId: i.product_id,
              name: i.name,
              ean: i.ean,
              price: money(i.price),
              oldPrice: money(i.old_price),
              promo: i.promo ? 'yes' : '',
              currency: i.currency,
              inStock: i.in_stock === null ? '' : i.in_stock ? 'yes' : 'no',
              strategy: i.strategy,
              notFound: i.not_found ? 'yes' : '',
              problemKind: i.problem_kind,
              problem: i.problem,
            }));
          })(),
        );
        await file.commit();
      } catch (err) {
        await file.discard();
        throw err;
      }
      return { file: file.name, extension: '.xlsx' };
    },

    /** Held prices waiting for a decision (docs/parsers.md "Sanity guard"), of visible networks' parsers, newest first. */
    async suspicious(user: AuthUser, query: z.output<typeof suspiciousPricesQuerySchema>): Promise<Pick<SuspiciousPrices, 'items' | 'total'>> {
      assertArea(user);
      const networkIds = await visibleNetworkIds(user);
      // As the list's shops filter: an unknown parser or network is 400 naming the field, an invisible one 403.
      if (query.parser !== undefined) {
        const p = await q.parser(query.parser);
        if (!p) throw validationFailed([{ path: 'parser', message: `unknown parser: ${query.parser}` }]);
        if (networkIds && !networkIds.includes(Number(p.network_id))) throw forbidden();
      }
      let networkId: number | undefined;
      if (query.network !== undefined) {
        const [n] = await queryRows<{ id: number }>(db, sql`SELECT id FROM networks WHERE code = ${query.network}`);
        if (!n) throw validationFailed([{ path: 'network', message: `unknown network: ${query.network}` }]);
        networkId = Number(n.id);
        if (networkIds && !networkIds.includes(networkId)) throw forbidden();
      }
      const { rows, total } = await listSuspicious(db, { networkIds, parserId: query.parser, networkId, limit: query.limit, skip: query.skip });
      return { items: rows.map(toSuspicious), total };
    },

    /**
     * Confirm: the held price is written for its day through the catalogue's record path, and its alarms
     * evaluated after the commit, as a run's. Reject: a problem of its run. Who: those who may force-start
     * its parser. Decided already → 409 (two decisions at once: one wins, the other gets 409).
     */
    async decideSuspicious(user: AuthUser, id: number, decision: 'confirmed' | 'rejected'): Promise<SuspiciousDecision> {
      assertArea(user);
      if (user.profile.isGuest) throw forbidden();
      const row = await suspiciousRow(db, id);
      if (!row) throw notFound('suspicious price');
      const ids = await visibleNetworkIds(user);
      if (ids && !ids.includes(Number(row.network_id))) throw forbidden();
      if (row.decision) throw new AppError(409, 'conflict', 'already_decided');
      let written = 0;
      await db.transaction(async (t) => {
        if (!(await markDecided(t, id, decision, user.id))) throw new AppError(409, 'conflict', 'already_decided');
        if (decision === 'confirmed') {
          const r = await recordObservations(t, [toObservation(row)]);
          written = r.extended + r.opened;
        } else {
          await recordRejection(t, row);
        }
      });
      if (written > 0) void onPricesWritten(db, [{ productId: Number(row.product_id), shopId: Number(row.shop_id) }]);
      return { item: toSuspicious((await suspiciousRow(db, id))!), written };
    },

    /** One parser with its definition, for the editor: whoever sees parsers of its network. */
    async detail(user: AuthUser, id: number): Promise<ParserDetail> {
      assertArea(user);
      const p = await q.parser(id);
      if (!p || p.deleted_at) throw notFound('parser');
      const row = await visibleParser(user, p);
      // A JSON API shop's request may carry its key (headers, body): only those who may edit it see them.
      return toDetail(row, await mayEditNetwork(user, Number(row.network_id)));
    },

    /**
     * Create, edit, delete (docs/parsers.md "Editing parsers"): those who may force-start the parser —
     * provider staff, network users with parser rights for their own network's parsers; never guests.
     */
    async create(user: AuthUser, body: z.output<typeof parserCreateBodySchema>): Promise<ParserDetail> {
      const shop = await shopForEditing(user, body.shopId);
      checkAddresses(body.definition);
      checkSelectors(body.definition);
      try {
        const [row] = await queryRows<{ id: number }>(
          db,
          sql`INSERT INTO parsers (code, name, network_id, shop_id, country, definition, schedule, enabled)
            VALUES (${body.code}, ${body.name}, ${shop.network_id}, ${shop.id}, ${shop.country}, ${JSON.stringify(body.definition)}::jsonb, ${body.schedule}, ${body.enabled})
            RETURNING id`,
        );
        return toDetail((await q.parser(Number(row!.id)))!);
      } catch (err) {
        if (pgCode(err) === PG_UNIQUE_VIOLATION) throw codeTaken();
        throw err;
      }
    },

    async update(user: AuthUser, id: number, body: z.output<typeof parserUpdateBodySchema>): Promise<ParserDetail> {
      assertMayEdit(user);
      const p = await q.parser(id);
      if (!p || p.deleted_at) throw notFound('parser');
      await visibleParser(user, p);
      if (!(await mayEditNetwork(user, Number(p.network_id)))) throw forbidden();
      if (body.definition) {
        checkAddresses(body.definition);
        checkSelectors(body.definition);
      }
      const sets = [sql`updated_at = now()`];
      if (body.code !== undefined) sets.push(sql`code = ${body.code}`);
      if (body.name !== undefined) sets.push(sql`name = ${body.name}`);
      if (body.schedule !== undefined) sets.push(sql`schedule = ${body.schedule}`);
      if (body.enabled !== undefined) sets.push(sql`enabled = ${body.enabled}`);
      if (body.definition !== undefined) sets.push(sql`definition = ${JSON.stringify(body.definition)}::jsonb`);
      try {
        // Deleted meanwhile → 404; two edits at once: each is whole, the later one stays.
        const rows = await queryRows<{ id: number }>(
          db,
          sql`UPDATE parsers SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND deleted_at IS NULL RETURNING id`,
        );
        if (!rows.length) throw notFound('parser');
      } catch (err) {
        if (pgCode(err) === PG_UNIQUE_VIOLATION) throw codeTaken();
        throw err;
      }
      return toDetail((await q.parser(id))!);
    },

    /**
     * A tombstone, not a DELETE (parser_runs would cascade): the parser leaves lists, schedules and force
     * start, its code is freed for a new parser, its runs, results and prices stay; runs still queued fail.
     */
    async remove(user: AuthUser, id: number): Promise<{ _id: string; deleted: true }> {
      assertMayEdit(user);
      const p = await q.parser(id);
      if (!p || p.deleted_at) throw notFound('parser');
      await visibleParser(user, p);
      if (!(await mayEditNetwork(user, Number(p.network_id)))) throw forbidden();
      await db.transaction(async (t) => {
        const rows = await queryRows<{ id: number }>(
          t,
          sql`UPDATE parsers SET deleted_at = now(), updated_at = now(), enabled = false, code = code || '~deleted-' || id
            WHERE id = ${id} AND deleted_at IS NULL RETURNING id`,
        );
        if (!rows.length) throw notFound('parser');
        await t.execute(sql`UPDATE parser_runs SET status = 'failed', finished_at = now(), failure = 'parser deleted'
          WHERE parser_id = ${id} AND status = 'queued' AND trigger <> 'scraper'`);
      });
      return { _id: String(id), deleted: true };
    },

    /**
     * "Try on a URL" (docs/parsers.md): the definition run on one page for the editor, by those who may
     * create a parser for the shop; nothing is written. `leaveDbQueue` gives the request's database slot
     * back once the rights are checked (a browser may take seconds; the try needs no database after).
     * One try at a time per user with one waiting, a few per process: past that 429 too_many_requests.
     */
    async tryOn(user: AuthUser, body: z.output<typeof parserTryBodySchema>, leaveDbQueue: () => void = () => undefined): Promise<ParserTryResult> {
      const shop = await shopForEditing(user, body.shopId);
      checkSelectors(body.definition);
      leaveDbQueue();
      return withTrySlot(user.id, () => tryDefinition(body.definition, body.url, { country: shop.country, policy: addressPolicy() }));
    },

    /** For the CLI and tests: a definition as the engine would take it, or the 400 naming what is wrong. */
    parseDefinition(value: unknown) {
      const r = parserDefinitionSchema.safeParse(value);
      if (!r.success) throw validationFailed(r.error.issues.map((i) => ({ path: ['definition', ...i.path].join('.'), message: i.message })));
      return r.data;
    },
  };

  /** The shop a parser is made (or tried) for, when the user may edit its network's parsers: else 403 (unknown: 400). */
  async function shopForEditing(user: AuthUser, shopId: number): Promise<{ id: number; network_id: number; country: string }> {
    assertMayEdit(user);
    const [shop] = await queryRows<{ id: number; network_id: number; country: string }>(
      db,
      sql`SELECT s.id, s.network_id, s.country FROM shops s WHERE s.id = ${shopId}`,
    );
    if (!shop) throw validationFailed([{ path: 'shopId', message: `unknown shop: ${shopId}` }]);
    const ids = await visibleNetworkIds(user);
    if (ids && !ids.includes(Number(shop.network_id))) throw forbidden();
    if (!(await mayEditNetwork(user, Number(shop.network_id)))) throw forbidden();
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
    return json && !(await mayEditNetwork(user, Number(parser.network_id))) ? urlWithoutSecrets : (url) => url;
  }

  async function mayEditNetwork(user: AuthUser, networkId: number): Promise<boolean> {
    if (!canSeeParsers(user)) return false;
    // The rule itself is the one the parsers screen asks (shared mayEditParsers), so the buttons and the server agree.
    const [network] = await queryRows<{ code: string }>(db, sql`SELECT code FROM networks WHERE id = ${networkId}`);
    return !!network && mayEditParsers(user.profile, network.code);
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

  function toDetail(r: ParserRow, withSecrets = true): ParserDetail {
    const definition = (r.definition ?? {}) as Record<string, unknown>;
    return {
      _id: String(r.id),
      code: r.code,
      name: r.name,
      country: r.country,
      network: r.network,
      shopId: r.shop_id === null ? null : String(r.shop_id),
      schedule: r.schedule,
      enabled: r.enabled,
      definition: withSecrets ? definition : withoutSecrets(definition),
      updatedAt: iso(r.updated_at ?? r.created_at)!,
    };
  }

  function toItem(r: ListedParser): ParserListItem {
    const def = parserDefinitionSchema.safeParse(r.definition);
    const lastRun = r.last_run ? toRun(r.last_run) : null;
    return {
      _id: String(r.id),
      code: r.code,
      name: r.name,
      country: r.country,
      network: r.network,
      shopId: r.shop_id === null ? null : String(r.shop_id),
      strategy: def.success ? def.data.strategy : 'auto',
      schedule: r.schedule,
      enabled: r.enabled,
      failingStreak: Number(r.failing_streak ?? 0),
      flagged: Number(r.failing_streak ?? 0) >= FLAG_AFTER_FAILED_RUNS,
      lastRun,
      activeRun: r.active_run ? toRun(r.active_run) : null,
      problems: Number(r.problems ?? 0),
      unmatched: Number(r.unmatched ?? 0),
    };
  }
}

export type ParsersService = ReturnType<typeof createParsersService>;
export type { ForceStartBody, ParserCreateBody, ParserUpdateBody, ParsersListQuery };

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
