/**
 * The rules of the Exports area (docs/exports.md): export requests (create, list, get, update,
 * delete), templates, group exports, new-product lists and schedules. HTTP lives in routes.ts; running
 * a request lives in runner.ts. Who may call which route is in src/access/route-rules.ts; what they
 * see is decided here (queries.ts scopes) and by the catalogue's visibility (plan.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  EXPORT_EXTENSION,
  EXPORT_LIMITS,
  type Deleted,
  type ExportGroupFile,
  type ExportList,
  type ExportParams,
  type ExportRequest,
  type ExportRequestDetail,
  type ExportSchedule,
  type ExportSelection,
  type ExportTemplate,
  type ExportTemplateData,
  type ExportType,
  type NewProductTemplate,
  type ScheduleFrequency,
} from '@pricewatch/shared/contract';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs';
import { addDays, todayIso } from '../../lib/days';
import { AppError, forbidden, notFound, validationFailed } from '../../lib/errors';
import type { AuthUser } from '../../core/session-user';
import type { FileStore } from '../../core/file-store';
import { shopDirectory } from '../../core/shop-directory';
import { mayExport, planFor, type StoredParams } from './plan';
import { createExportQueries, type RequestRow, type ScheduleRow, type TemplateRow } from './queries';
import { createExportRunner, EXPORT_QUEUE, failureOf, SWEEP_QUEUE } from './runner';
import { checkSpec, cronOf, SCHEDULE_QUEUE } from './schedules';
import { buildParams, paramsFromTemplate, storedTemplateData, templatePeriod, templateSelection } from './templates';

const conflict = (message: string) => new AppError(409, 'conflict', message);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SELECTION_KEYS = [
  'networks',
  'shops',
  'products',
  'eans',
  'articles',
  'start',
  'end',
  'days',
  'baseNetwork',
  'customMarkets',
  'productColumns',
  'priceField',
] as const satisfies readonly (keyof ExportSelection)[];

const selectionOf = (body: Partial<ExportSelection>): Partial<ExportSelection> =>
  Object.fromEntries(SELECTION_KEYS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));

const typeTitle: Record<string, string> = { inline: 'Inline', ashan: 'Ashan', atb: 'Atb', group: 'Group' };

const userRef = (id: string | null, name: string | null) => (id && name ? { _id: id, name } : null);

// ---- answers (also the home page's exports tile) ---------------------------------------------------

/**
 * GET /data/{file} lets read an export's file whoever may read its request (files/readers.ts), and
 * only such a caller gets the request here: a finished file is theirs to download.
 */
function mayDownload(r: RequestRow): boolean {
  return r.state === 'done' && !!r.file;
}

export function toRequest(r: RequestRow): ExportRequest {
  return {
    _id: String(r.id),
    name: r.name,
    type: r.type as ExportRequest['type'],
    state: r.state as ExportRequest['state'],
    progress: r.state === 'done' ? 100 : Number(r.progress),
    rowsWritten: Number(r.rows_written),
    rowsExpected: Number(r.rows_expected),
    error: r.error,
    errorMessage: r.error_message,
    file: r.state === 'done' ? r.file : null,
    // Every export file is written as EXPORT_EXTENSION (runner.ts stores the same).
    extension: r.state === 'done' ? EXPORT_EXTENSION : null,
    size: r.state === 'done' ? r.size : null,
    downloadable: mayDownload(r),
    start: r.start_day,
    end: r.end_day,
    productsCount: Number(r.products_count),
    shopsCount: Number(r.shops_count),
    template: r.template_id !== null || r.template_name ? { _id: r.template_id === null ? '' : String(r.template_id), name: r.template_name ?? '' } : null,
    scheduleId: r.schedule_id === null ? null : String(r.schedule_id),
    network: r.network_code,
    createdBy: userRef(r.owner_id, r.owner_name),
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    updatedAt: r.updated_at,
  };
}

export type ExportsServiceDeps = {
  db: Db;
  jobs: Jobs;
  files: FileStore;
  log: FastifyBaseLogger;
  /** PGlite: one process per database (docs/jobs.md). */
  singleProcess: boolean;
};

export function createExportsService(deps: ExportsServiceDeps) {
  const { db, jobs, log } = deps;
  const queries = createExportQueries(db);
  const directory = shopDirectory(db);
  const runner = createExportRunner({
    db,
    queries,
    jobs,
    files: deps.files,
    log,
    singleProcess: deps.singleProcess,
    templatesFor: (owner, ids) => queries.templates(owner, ids),
  });

  function toParams(p: StoredParams): ExportParams {
    return {
      networks: p.networks,
      shops: p.shops.map(String),
      products: p.products.map(String),
      unmatched: p.unmatched,
      start: p.start,
      end: p.end,
      baseNetwork: p.baseNetwork,
      customMarkets: p.customMarkets,
      productColumns: p.productColumns,
      priceField: p.priceField,
      templates: (p.templates ?? []).map(String),
    };
  }

  function toTemplate(t: TemplateRow): ExportTemplate {
    const today = todayIso();
    let next = { start: today, end: today };
    try {
      const sel = templateSelection(t);
      const period = templatePeriod(t, sel, today);
      next = period.days ? { start: addDays(today, -(period.days - 1)), end: today } : { start: period.start ?? today, end: period.end ?? today };
    } catch {
      // a template that no longer parses still lists (its use answers 400)
    }
    return {
      _id: String(t.id),
      name: t.name,
      type: t.type as ExportType,
      data: t.data as ExportTemplateData,
      autoGeneration: t.auto_generation,
      date: t.date,
      nextStart: next.start,
      nextEnd: next.end,
      schedules: t.schedules,
      network: t.network_code,
      createdBy: userRef(t.owner_id, t.owner_name),
      createdAt: t.created_at,
      updatedAt: t.updated_at,
    };
  }

  function toSchedule(s: ScheduleRow): ExportSchedule {
    let nextRunAt: string | null = null;
    if (s.enabled) {
      try {
        nextRunAt = jobs.nextRuns(s.cron, { tz: s.time_zone })[0]?.toISOString() ?? null;
      } catch {
        nextRunAt = null;
      }
    }
    return {
      _id: String(s.id),
      name: s.name,
      template: { _id: String(s.template_id), name: s.template_name, type: s.template_type as ExportType },
      frequency: s.frequency as ScheduleFrequency,
      time: s.time,
      dayOfWeek: s.day_of_week,
      dayOfMonth: s.day_of_month,
      timeZone: s.time_zone,
      cron: s.cron,
      enabled: s.enabled,
      nextRunAt,
      lastRunAt: s.last_run_at,
      lastRequestId: s.last_request_id === null ? null : String(s.last_request_id),
      network: s.network_code,
      createdBy: userRef(s.owner_id, s.owner_name),
      createdAt: s.created_at,
      updatedAt: s.updated_at,
    };
  }

  async function requestOr404(user: AuthUser, id: number): Promise<RequestRow> {
    const r = await queries.request(id, user);
    if (!r) throw notFound('export_request');
    return r;
  }

  async function templatesOr404(user: AuthUser, ids: number[]): Promise<TemplateRow[]> {
    const rows = await queries.templates(user, ids);
    const found = new Set(rows.map((t) => t.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw notFound('template');
    const byId = new Map(rows.map((t) => [t.id, t]));
    return ids.map((id) => byId.get(id)!);
  }

  // ---- requests -----------------------------------------------------------------------------------

  /**
   * A new export request, checked now (400/403/404) and queued. The request names its job before the
   * job exists, so the job always finds it.
   */
  async function create(
    user: AuthUser,
    type: ExportType,
    body: Partial<ExportSelection> & { name?: string; template?: number },
    extra: { scheduleId?: number } = {},
  ): Promise<ExportRequest> {
    if (!mayExport(user, type)) throw forbidden();
    const today = todayIso();
    let template: TemplateRow | null = null;
    let params: StoredParams;
    if (body.template !== undefined) {
      [template] = await templatesOr404(user, [body.template]);
      params = await paramsFromTemplate(db, template!, selectionOf(body), today);
    } else {
      params = await buildParams(db, selectionOf(body) as ExportSelection, today);
    }
    const plan = planFor(user, type, params, await directory.get());
    const jobId = randomUUID();
    const id = await queries.insertRequest({
      name: body.name ?? template?.name ?? `${typeTitle[type]} ${params.start} – ${params.end}`,
      type,
      state: 'queued',
      params,
      productsCount: params.products.length,
      shopsCount: plan.shops.length + (plan.own?.shops.length ?? 0),
      rowsExpected: plan.rowsExpected,
      templateId: template?.id ?? null,
      templateName: template?.name ?? null,
      scheduleId: extra.scheduleId ?? null,
      owner: user,
      jobId,
    });
    try {
      await jobs.send(EXPORT_QUEUE, { requestId: id }, { id: jobId });
    } catch (err) {
      log.error({ err, requestId: id }, 'exports: could not queue the job');
      await queries.failed(id, jobId, 'internal_error', null);
      throw err;
    }
    return toRequest((await queries.request(id, null))!);
  }

  async function list(
    user: AuthUser,
    q: { limit: number; skip: number; by?: string; type?: string; from?: string; network?: string; state?: string },
  ): Promise<ExportList> {
    const by = q.by === undefined ? undefined : q.by === 'me' ? { userId: user.id } : UUID.test(q.by) ? { userId: q.by } : { username: q.by };
    let networkId: number | undefined;
    if (q.network) {
      if (!user.isProvider && q.network !== user.networkCode) throw forbidden();
      const n = await queries.networkIdByCode(q.network);
      if (!n) throw validationFailed([{ path: 'network', message: 'unknown network' }]);
      networkId = n.id;
    }
    const { rows, total } = await queries.listRequests(user, { by, type: q.type, from: q.from, networkId, state: q.state }, q.limit, q.skip);
    return { items: rows.map(toRequest), total, limit: q.limit, skip: q.skip };
  }

  async function get(user: AuthUser, id: number): Promise<ExportRequestDetail> {
    const r = await requestOr404(user, id);
    return { ...toRequest(r), params: toParams(r.params) };
  }

  async function update(user: AuthUser, id: number, body: { name?: string; rerun?: boolean }): Promise<ExportRequest> {
    const r = await requestOr404(user, id);
    if (body.rerun) {
      if (r.state === 'queued' || r.state === 'running') throw conflict('export_running');
      if (r.file) await runner.deleteFile(r.file);
      await queries.resetAttempts(id);
      await runner.queue(id, null);
    }
    if (body.name !== undefined) await queries.rename(id, body.name);
    return toRequest((await queries.request(id, null))!);
  }

  async function removeRequests(ids: number[]): Promise<number> {
    if (!ids.length) return 0;
    const deleted = await queries.deleteRequests(ids);
    for (const d of deleted) if (d.file) await runner.deleteFile(d.file);
    return deleted.length;
  }

  async function remove(user: AuthUser, id: number): Promise<Deleted> {
    await requestOr404(user, id);
    return { deleted: await removeRequests([id]) };
  }

  async function removeMany(user: AuthUser, f: { templates?: number[]; ids?: number[] }): Promise<Deleted> {
    const rows = await queries.requestIdsIn(user, f);
    return { deleted: await removeRequests(rows.map((r) => r.id)) };
  }

  // ---- templates ----------------------------------------------------------------------------------

  async function saveTemplate(
    user: AuthUser,
    body: { template?: number; name: string; data: ExportSelection & { type: ExportType }; autoGeneration: boolean; date?: string },
  ): Promise<ExportTemplate> {
    const today = todayIso();
    // Checked as a request would be, so a template that saves also runs.
    const params = await buildParams(db, body.data, today);
    planFor(user, body.data.type, params, await directory.get());
    const row = { name: body.name, type: body.data.type, data: storedTemplateData(body.data), autoGeneration: body.autoGeneration, date: body.date ?? today };
    let id: number;
    if (body.template !== undefined) {
      await templatesOr404(user, [body.template]);
      id = body.template;
      await queries.updateTemplate(id, row);
    } else {
      id = await queries.insertTemplate({ ...row, owner: user });
    }
    return toTemplate((await queries.templates(null, [id]))[0]!);
  }

  async function listTemplates(user: AuthUser): Promise<ExportTemplate[]> {
    return (await queries.templates(user)).map(toTemplate);
  }

  async function deleteTemplates(user: AuthUser, ids: number[]): Promise<Deleted> {
    if (!ids.length) throw validationFailed([{ path: 'templates', message: 'required' }]);
    const rows = await templatesOr404(user, [...new Set(ids)]);
    if (rows.some((t) => t.schedules > 0)) throw conflict('template_in_use');
    try {
      return { deleted: await queries.deleteTemplates(rows.map((t) => t.id)) };
    } catch (err) {
      // A schedule created meanwhile: the foreign key (ON DELETE RESTRICT) refuses.
      if ((err as { code?: string }).code === '23503' || /foreign key/i.test(String((err as Error).message))) throw conflict('template_in_use');
      throw err;
    }
  }

  // ---- group export -------------------------------------------------------------------------------

  /** Several templates in one file, written while the call waits; recorded as a `group` request. */
  async function groupExport(user: AuthUser, body: { templates: number[]; name?: string }): Promise<ExportGroupFile> {
    const ids = [...new Set(body.templates)];
    const templates = await templatesOr404(user, ids);
    const dir = await directory.get();
    const today = todayIso();
    let rows = 0;
    let start = '9999-12-31';
    let end = '0000-01-01';
    let products = 0;
    let shops = 0;
    for (const t of templates) {
      if (!mayExport(user, t.type as ExportType)) throw forbidden();
      const p = await paramsFromTemplate(db, t, {}, today);
      const plan = planFor(user, t.type as ExportType, p, dir);
      rows += plan.rowsExpected;
      products += p.products.length;
      shops += plan.shops.length;
      if (p.start < start) start = p.start;
      if (p.end > end) end = p.end;
    }
    if (rows > EXPORT_LIMITS.groupMaxRows) {
      throw validationFailed([{ path: 'templates', message: `too_large: ${rows} rows (at most ${EXPORT_LIMITS.groupMaxRows} in a group export)` }]);
    }
    const jobId = `direct-${randomUUID()}`;
    const params: StoredParams = {
      networks: [],
      shops: [],
      products: [],
      unmatched: [],
      start,
      end,
      baseNetwork: null,
      customMarkets: true,
      productColumns: [],
      priceField: 'price',
      templates: ids,
    };
    const id = await queries.insertRequest({
      name: body.name ?? `Group: ${templates.map((t) => t.name).join(', ')}`.slice(0, EXPORT_LIMITS.nameMaxLength),
      type: 'group',
      state: 'queued',
      params,
      productsCount: products,
      shopsCount: shops,
      rowsExpected: rows,
      templateId: null,
      templateName: null,
      scheduleId: null,
      owner: user,
      jobId,
    });
    await runner.run(id, jobId, new AbortController().signal);
    const r = (await queries.request(id, null))!;
    if (r.state !== 'done' || !r.file) {
      if (r.error === 'internal_error' || !r.error) throw new AppError(500, 'internal_error');
      throw validationFailed([{ path: 'templates', message: r.error_message ? `${r.error}: ${r.error_message}` : r.error }]);
    }
    return { file: r.file, extension: EXPORT_EXTENSION, rows: Number(r.rows_written), request: String(id) };
  }

  // ---- new-product lists --------------------------------------------------------------------------

  async function toNewProductLists(rows: Awaited<ReturnType<typeof queries.newProductLists>>): Promise<NewProductTemplate[]> {
    const eans = rows.flatMap((r) => r.items.map((i) => i.ean).filter((x): x is string => !!x));
    const articles = rows.flatMap((r) => r.items.map((i) => i.article).filter((x): x is string => !!x));
    const found = eans.length || articles.length ? await queries.productCodes([...new Set(eans)], [...new Set(articles)]) : [];
    const byEan = new Map<string, number>();
    const byArticle = new Map<string, number>();
    for (const p of found) {
      if (p.ean && !byEan.has(p.ean)) byEan.set(p.ean, p.id);
      if (p.article && !byArticle.has(p.article)) byArticle.set(p.article, p.id);
    }
    return rows.map((r) => {
      const products = r.items.map((i) => {
        const id = (i.ean ? byEan.get(i.ean) : undefined) ?? (i.article ? byArticle.get(i.article) : undefined);
        return { ean: i.ean, article: i.article, name: i.name, productId: id === undefined ? null : String(id) };
      });
      return {
        _id: String(r.id),
        name: r.name,
        products,
        matched: products.filter((p) => p.productId !== null).length,
        network: r.networkCode,
        createdBy: userRef(r.ownerId, r.ownerName),
        createdAt: r.createdAt.toISOString(),
      };
    });
  }

  async function saveNewProducts(
    user: AuthUser,
    body: { name: string; products: { ean?: string; article?: string; name?: string }[] },
  ): Promise<NewProductTemplate> {
    const items = body.products.map((p) => ({ ean: p.ean ?? null, article: p.article ?? null, name: p.name || null }));
    const id = await queries.insertNewProductList(body.name, items, user);
    return (await toNewProductLists(await queries.newProductLists(user, id)))[0]!;
  }

  async function listNewProducts(user: AuthUser): Promise<NewProductTemplate[]> {
    return toNewProductLists(await queries.newProductLists(user));
  }

  async function deleteNewProducts(user: AuthUser, id?: number): Promise<Deleted> {
    const deleted = await queries.deleteNewProductLists(user, id);
    if (id !== undefined && !deleted) throw notFound('new_product_template');
    return { deleted };
  }

  // ---- schedules ----------------------------------------------------------------------------------

  async function applySchedule(s: { id: number; cron: string; enabled: boolean; time_zone: string }) {
    if (s.enabled) await jobs.schedule(SCHEDULE_QUEUE, s.cron, { scheduleId: s.id }, { tz: s.time_zone, key: String(s.id) });
    else await jobs.unschedule(SCHEDULE_QUEUE, String(s.id));
  }

  async function scheduleOr404(user: AuthUser, id: number): Promise<ScheduleRow> {
    const [s] = await queries.schedules(user, id);
    if (!s) throw notFound('schedule');
    return s;
  }

  async function createSchedule(
    user: AuthUser,
    body: {
      template: number;
      frequency: ScheduleFrequency;
      time: string;
      dayOfWeek?: number | null;
      dayOfMonth?: number | null;
      name?: string;
      enabled?: boolean;
    },
  ): Promise<ExportSchedule> {
    const [template] = await templatesOr404(user, [body.template]);
    const spec = {
      frequency: body.frequency,
      time: body.time,
      dayOfWeek: body.frequency === 'weekly' ? (body.dayOfWeek ?? null) : null,
      dayOfMonth: body.frequency === 'monthly' ? (body.dayOfMonth ?? null) : null,
    };
    const cron = cronOf(spec);
    const id = await queries.insertSchedule({
      name: body.name ?? template!.name,
      template_id: template!.id,
      frequency: spec.frequency,
      time: spec.time,
      day_of_week: spec.dayOfWeek,
      day_of_month: spec.dayOfMonth,
      time_zone: jobs.timeZone,
      cron,
      enabled: body.enabled ?? true,
      owner_id: user.id,
      network_id: user.networkId,
      provider: user.isProvider,
    });
    await applySchedule({ id, cron, enabled: body.enabled ?? true, time_zone: jobs.timeZone });
    return toSchedule((await queries.schedules(null, id))[0]!);
  }

  async function updateSchedule(
    user: AuthUser,
    id: number,
    body: {
      template?: number;
      frequency?: ScheduleFrequency;
      time?: string;
      dayOfWeek?: number | null;
      dayOfMonth?: number | null;
      name?: string;
      enabled?: boolean;
    },
  ): Promise<ExportSchedule> {
    const s = await scheduleOr404(user, id);
    if (body.template !== undefined && body.template !== s.template_id) await templatesOr404(user, [body.template]);
    const frequency = body.frequency ?? (s.frequency as ScheduleFrequency);
    const spec = {
      frequency,
      time: body.time ?? s.time,
      dayOfWeek: frequency === 'weekly' ? (body.dayOfWeek !== undefined ? body.dayOfWeek : s.day_of_week) : null,
      dayOfMonth: frequency === 'monthly' ? (body.dayOfMonth !== undefined ? body.dayOfMonth : s.day_of_month) : null,
    };
    checkSpec(spec);
    const next = {
      name: body.name ?? s.name,
      template_id: body.template ?? s.template_id,
      frequency,
      time: spec.time,
      day_of_week: spec.dayOfWeek,
      day_of_month: spec.dayOfMonth,
      time_zone: jobs.timeZone,
      cron: cronOf(spec),
      enabled: body.enabled ?? s.enabled,
    };
    await queries.updateSchedule(id, next);
    await applySchedule({ id, cron: next.cron, enabled: next.enabled, time_zone: next.time_zone });
    return toSchedule((await queries.schedules(null, id))[0]!);
  }

  async function deleteSchedule(user: AuthUser, id: number): Promise<Deleted> {
    await scheduleOr404(user, id);
    await queries.deleteSchedule(id);
    await jobs.unschedule(SCHEDULE_QUEUE, String(id));
    return { deleted: 1 };
  }

  async function listSchedules(user: AuthUser): Promise<ExportSchedule[]> {
    return (await queries.schedules(user)).map(toSchedule);
  }

  /**
   * A schedule came due: a request from its template, owned by the schedule's creator. When that can
   * no longer be done (rights or selection changed), a failed request records why, so the screen
   * shows it.
   */
  async function runSchedule(scheduleId: number): Promise<void> {
    const [s] = await queries.schedules(null, scheduleId);
    if (!s || !s.enabled) return;
    const owner = await runner.ownerOf(s.owner_id);
    if (!owner) {
      log.warn({ scheduleId }, 'exports: schedule owner unavailable; nothing queued');
      return;
    }
    try {
      const request = await create(owner, s.template_type as ExportType, { template: s.template_id }, { scheduleId });
      await queries.scheduleRan(scheduleId, Number(request._id));
    } catch (err) {
      const failure = failureOf(err);
      if (failure.reason === 'internal_error') log.error({ err, scheduleId }, 'exports: scheduled export could not be created');
      const today = todayIso();
      const id = await queries.insertRequest({
        name: s.template_name,
        type: s.template_type,
        state: 'failed',
        params: {
          networks: [],
          shops: [],
          products: [],
          unmatched: [],
          start: today,
          end: today,
          baseNetwork: null,
          customMarkets: true,
          productColumns: [],
          priceField: 'price',
          templates: [],
        },
        productsCount: 0,
        shopsCount: 0,
        rowsExpected: 0,
        templateId: s.template_id,
        templateName: s.template_name,
        scheduleId,
        owner,
        jobId: null,
        error: failure.reason,
        errorMessage: failure.reason === 'internal_error' ? undefined : failure.message,
      });
      await queries.scheduleRan(scheduleId, id);
    }
  }

  // ---- start-up -----------------------------------------------------------------------------------

  /**
   * Before this process works any export: leftovers of a dead process are re-queued or failed (before
   * the worker starts, so nothing of ours is mistaken for a leftover), pg-boss's schedules are made to
   * match export_schedules (time zone of the deployment included), then the workers start.
   */
  async function start(): Promise<void> {
    const swept = await runner.sweep(true);
    if (swept) log.info({ requests: swept }, 'exports: requests left running by a stopped server handled');

    const schedules = await queries.schedules(null);
    const keys = new Set(schedules.map((s) => String(s.id)));
    for (const s of schedules) {
      if (s.time_zone !== jobs.timeZone) {
        await queries.updateSchedule(s.id, { ...s, time_zone: jobs.timeZone });
        s.time_zone = jobs.timeZone;
      }
      await applySchedule(s);
    }
    for (const key of await jobs.scheduleKeys(SCHEDULE_QUEUE)) if (!keys.has(key)) await jobs.unschedule(SCHEDULE_QUEUE, key);

    await jobs.register<{ requestId: number }>(EXPORT_QUEUE, (data, ctx) => runner.run(data.requestId, ctx.id, ctx.signal), {
      concurrency: 1,
      expireInSeconds: 3 * 3600,
    });
    await jobs.register<{ scheduleId: number }>(SCHEDULE_QUEUE, (data) => runSchedule(data.scheduleId));
    await jobs.register(SWEEP_QUEUE, async () => {
      await runner.sweep(false);
    });
    await jobs.schedule(SWEEP_QUEUE, '* * * * *', {}, { tz: 'UTC' });
  }

  return {
    create,
    list,
    get,
    update,
    remove,
    removeMany,
    saveTemplate,
    listTemplates,
    deleteTemplates,
    groupExport,
    saveNewProducts,
    listNewProducts,
    deleteNewProducts,
    createSchedule,
    updateSchedule,
    deleteSchedule,
    listSchedules,
    runSchedule,
    start,
    runner,
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
