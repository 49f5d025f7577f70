/**
 * Export SQL. Writes and plain lookups on the typed builder; the request, template and schedule reads
 * (snake_case rows the services map) still raw, through queryRows, until they move too. Who sees what is a WHERE
 * condition built here from the caller: export requests — the own network's (the provider's staff:
 * all); templates, schedules and new-product lists — the own network's (the provider's staff: the
 * provider's).
 */
import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import { queryRows, type Db } from '../../db/client';
import { exportNewProductTemplates, exportRequests, exportSchedules, exportTemplates, files, networks, products, users } from '../../db/schema';
import type { AuthUser } from '../../core/session-user';
import type { StoredParams } from './plan';

export type Scope = Pick<AuthUser, 'isProvider' | 'networkId'>;

/** Export requests a caller sees. */
export const requestScope = (u: Scope, alias = 'r'): SQL => (u.isProvider ? sql`TRUE` : sql`${sql.raw(alias)}.network_id = ${u.networkId}`);

/** Export requests a caller sees, as a builder condition. */
const requestsOf = (u: Scope): SQL | undefined => (u.isProvider ? undefined : sql`${exportRequests.networkId} = ${u.networkId}`);

/** Templates, schedules and lists a caller shares: their network's, or the provider's. */
export const ownScope = (u: Scope, alias: string): SQL =>
  u.isProvider ? sql`${sql.raw(alias)}.provider` : sql`(${sql.raw(alias)}.network_id = ${u.networkId} AND NOT ${sql.raw(alias)}.provider)`;

/** The request still belongs to this job (none given: whichever). */
const ownedBy = (id: number, jobId: string | null) => and(eq(exportRequests.id, id), jobId === null ? undefined : eq(exportRequests.jobId, jobId));

const now = sql`now()`;

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

export type RequestRow = {
  id: number;
  name: string;
  type: string;
  state: string;
  params: StoredParams;
  start_day: string;
  end_day: string;
  products_count: number;
  shops_count: number;
  progress: number;
  rows_written: number;
  rows_expected: number;
  error: string | null;
  error_message: string | null;
  file: string | null;
  extension: string | null;
  size: number | null;
  template_id: number | null;
  template_name: string | null;
  schedule_id: number | null;
  owner_id: string | null;
  owner_name: string | null;
  network_id: number | null;
  network_code: string | null;
  provider: boolean;
  job_id: string | null;
  attempts: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
};

const REQUEST_COLUMNS = sql`r.id, r.name, r.type, r.state, r.params, r.start_day::text AS start_day, r.end_day::text AS end_day,
  r.products_count, r.shops_count, r.progress, r.rows_written, r.rows_expected, r.error, r.error_message, r.file, r.extension,
  r.size, r.template_id, r.template_name, r.schedule_id, r.owner_id, u.name AS owner_name, r.network_id, n.code AS network_code,
  r.provider, r.job_id, r.attempts, r.created_at, r.started_at, r.finished_at, r.updated_at`;
const REQUEST_FROM = sql`export_requests r LEFT JOIN users u ON u.id = r.owner_id LEFT JOIN networks n ON n.id = r.network_id`;

function normalizeRequest(r: RequestRow): RequestRow {
  return {
    ...r,
    progress: Number(r.progress),
    size: r.size === null ? null : Number(r.size),
    created_at: iso(r.created_at)!,
    started_at: iso(r.started_at),
    finished_at: iso(r.finished_at),
    updated_at: iso(r.updated_at)!,
  };
}

export type NewRequest = {
  name: string;
  type: string;
  state: 'queued' | 'running' | 'failed';
  params: StoredParams;
  productsCount: number;
  shopsCount: number;
  rowsExpected: number;
  templateId: number | null;
  templateName: string | null;
  scheduleId: number | null;
  owner: Pick<AuthUser, 'id' | 'networkId' | 'isProvider'>;
  jobId: string | null;
  error?: string;
  errorMessage?: string;
};

export type TemplateRow = {
  id: number;
  name: string;
  type: string;
  data: Record<string, unknown>;
  auto_generation: boolean;
  date: string;
  owner_id: string | null;
  owner_name: string | null;
  network_id: number | null;
  network_code: string | null;
  provider: boolean;
  schedules: number;
  created_at: string;
  updated_at: string;
};

export type ScheduleRow = {
  id: number;
  name: string;
  template_id: number;
  template_name: string;
  template_type: string;
  frequency: string;
  time: string;
  day_of_week: number | null;
  day_of_month: number | null;
  time_zone: string;
  cron: string;
  enabled: boolean;
  owner_id: string | null;
  owner_name: string | null;
  network_id: number | null;
  network_code: string | null;
  provider: boolean;
  last_run_at: string | null;
  last_request_id: number | null;
  created_at: string;
  updated_at: string;
};

/** A new-product list with who made it. */
export type NewProductList = Pick<typeof exportNewProductTemplates.$inferSelect, 'id' | 'name' | 'items' | 'ownerId' | 'createdAt'> & {
  ownerName: string | null;
  networkCode: string | null;
};

export type ListFilters = {
  by?: { userId?: string; username?: string };
  type?: string;
  from?: string;
  networkId?: number;
  state?: string;
};

export function createExportQueries(db: Db) {
  const one = async <T>(q: SQL) => (await queryRows<T>(db, q))[0] ?? null;

  return {
    // ---- requests --------------------------------------------------------------------------------
    async insertRequest(r: NewRequest): Promise<number> {
      const [row] = await db
        .insert(exportRequests)
        .values({
          name: r.name,
          type: r.type,
          state: r.state,
          params: r.params,
          startDay: r.params.start,
          endDay: r.params.end,
          productsCount: r.productsCount,
          shopsCount: r.shopsCount,
          rowsExpected: r.rowsExpected,
          templateId: r.templateId,
          templateName: r.templateName,
          scheduleId: r.scheduleId,
          ownerId: r.owner.id,
          networkId: r.owner.networkId,
          provider: r.owner.isProvider,
          jobId: r.jobId,
          error: r.error ?? null,
          errorMessage: r.errorMessage ?? null,
          finishedAt: r.state === 'failed' ? now : null,
        })
        .returning({ id: exportRequests.id });
      return row!.id;
    },

    async request(id: number, scope: Scope | null): Promise<RequestRow | null> {
      const row = await one<RequestRow>(sql`SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.id = ${id} AND ${scope ? requestScope(scope) : sql`TRUE`}`);
      return row && normalizeRequest(row);
    },

    /** The request that wrote an export file, when the caller sees it (GET /data/{file}: files/readers.ts). */
    async requestIdOfFile(file: string, scope: Scope): Promise<number | null> {
      const [row] = await db
        .select({ id: exportRequests.id })
        .from(exportRequests)
        .where(and(eq(exportRequests.file, file), requestsOf(scope)))
        .limit(1);
      return row?.id ?? null;
    },

    async listRequests(scope: Scope, f: ListFilters, limit: number, skip: number): Promise<{ rows: RequestRow[]; total: number }> {
      const conds: SQL[] = [requestScope(scope)];
      if (f.by?.userId) conds.push(sql`r.owner_id = ${f.by.userId}::uuid`);
      if (f.by?.username) conds.push(sql`r.owner_id IN (SELECT id FROM users WHERE lower(username) = lower(${f.by.username}))`);
      if (f.type) conds.push(sql`r.type = ${f.type}`);
      if (f.from) conds.push(sql`r.created_at >= ${f.from}::date`);
      if (f.networkId !== undefined) conds.push(sql`r.network_id = ${f.networkId}`);
      if (f.state) conds.push(sql`r.state = ${f.state}`);
      const where = sql.join(conds, sql` AND `);
      const [rows, count] = await Promise.all([
        queryRows<RequestRow>(
          db,
          // Lists leave out the stored selection (up to 10,000 product ids): GET /export/get/{id} has it.
          sql`SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${skip}`,
        ),
        one<{ n: number }>(sql`SELECT count(*)::int AS n FROM export_requests r WHERE ${where}`),
      ]);
      return { rows: rows.map(normalizeRequest), total: Number(count?.n ?? 0) };
    },

    /** queued → running for the job named on the request; null when the job is stale or it was deleted. */
    async claim(id: number, jobId: string) {
      const [row] = await db
        .update(exportRequests)
        .set({
          state: 'running',
          startedAt: now,
          heartbeatAt: now,
          updatedAt: now,
          attempts: sql`${exportRequests.attempts} + 1`,
          progress: 0,
          rowsWritten: 0,
          error: null,
          errorMessage: null,
        })
        .where(and(ownedBy(id, jobId), eq(exportRequests.state, 'queued')))
        .returning({
          id: exportRequests.id,
          type: exportRequests.type,
          name: exportRequests.name,
          // jsonb in the schema; the request was written with StoredParams.
          params: sql<StoredParams>`${exportRequests.params}`,
          ownerId: exportRequests.ownerId,
          attempts: exportRequests.attempts,
        });
      return row ?? null;
    },

    /** Progress and heartbeat; false when the request is no longer this job's (deleted, re-queued). */
    async progress(id: number, jobId: string, rowsWritten: number, progress: number): Promise<boolean> {
      const rows = await db
        .update(exportRequests)
        .set({ rowsWritten, progress, heartbeatAt: now, updatedAt: now })
        .where(and(ownedBy(id, jobId), eq(exportRequests.state, 'running')))
        .returning({ id: exportRequests.id });
      return rows.length > 0;
    },

    async done(id: number, jobId: string, f: { file: string; extension: string; size: number; rows: number }): Promise<boolean> {
      const rows = await db
        .update(exportRequests)
        .set({
          state: 'done',
          file: f.file,
          extension: f.extension,
          size: f.size,
          rowsWritten: f.rows,
          progress: 100,
          finishedAt: now,
          heartbeatAt: null,
          updatedAt: now,
        })
        .where(and(ownedBy(id, jobId), eq(exportRequests.state, 'running')))
        .returning({ id: exportRequests.id });
      return rows.length > 0;
    },

    async failed(id: number, jobId: string | null, error: string, message: string | null): Promise<void> {
      await db
        .update(exportRequests)
        .set({ state: 'failed', error, errorMessage: message, finishedAt: now, heartbeatAt: null, updatedAt: now })
        .where(and(ownedBy(id, jobId), inArray(exportRequests.state, ['queued', 'running'])));
    },

    /** Back to queued under a new job id (the old job, if it ever runs again, finds nothing to do). */
    async requeue(id: number, fromJobId: string | null, newJobId: string): Promise<boolean> {
      const rows = await db
        .update(exportRequests)
        .set({
          state: 'queued',
          jobId: newJobId,
          progress: 0,
          rowsWritten: 0,
          heartbeatAt: null,
          startedAt: null,
          finishedAt: null,
          error: null,
          errorMessage: null,
          file: null,
          extension: null,
          size: null,
          updatedAt: now,
        })
        .where(ownedBy(id, fromJobId))
        .returning({ id: exportRequests.id });
      return rows.length > 0;
    },

    /** Running requests whose heartbeat is older than `staleSeconds` (null: every running request). */
    stale: (staleSeconds: number | null) =>
      db
        .select({ id: exportRequests.id, jobId: exportRequests.jobId, attempts: exportRequests.attempts })
        .from(exportRequests)
        .where(
          and(
            eq(exportRequests.state, 'running'),
            staleSeconds === null
              ? undefined
              : or(isNull(exportRequests.heartbeatAt), lt(exportRequests.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`)),
          ),
        )
        .orderBy(asc(exportRequests.id)),

    async resetAttempts(id: number) {
      await db.update(exportRequests).set({ attempts: 0 }).where(eq(exportRequests.id, id));
    },

    async rename(id: number, name: string) {
      await db
        .update(exportRequests)
        .set({ name, updatedAt: sql`now()` })
        .where(eq(exportRequests.id, id));
    },

    /** Deletes requests; answers the files they held. */
    deleteRequests: (ids: number[]) =>
      db
        .delete(exportRequests)
        .where(anyOf(exportRequests.id, ids, 'bigint'))
        .returning({ id: exportRequests.id, file: exportRequests.file }),

    requestIdsIn: (scope: Scope, f: { ids?: number[]; templates?: number[] }) =>
      db
        .select({ id: exportRequests.id })
        .from(exportRequests)
        .where(and(requestsOf(scope), or(anyOf(exportRequests.id, f.ids ?? [], 'bigint'), anyOf(exportRequests.templateId, f.templates ?? [], 'int')))),

    async deleteFileRecord(name: string) {
      await db.delete(files).where(eq(files.name, name));
    },

    // ---- templates -------------------------------------------------------------------------------
    async insertTemplate(t: {
      name: string;
      type: string;
      data: Record<string, unknown>;
      autoGeneration: boolean;
      date: string;
      owner: Scope & { id: string };
    }) {
      const [row] = await db
        .insert(exportTemplates)
        .values({
          name: t.name,
          type: t.type,
          data: t.data,
          autoGeneration: t.autoGeneration,
          date: t.date,
          ownerId: t.owner.id,
          networkId: t.owner.networkId,
          provider: t.owner.isProvider,
        })
        .returning({ id: exportTemplates.id });
      return row!.id;
    },

    async updateTemplate(id: number, t: { name: string; type: string; data: Record<string, unknown>; autoGeneration: boolean; date: string }) {
      await db
        .update(exportTemplates)
        .set({ name: t.name, type: t.type, data: t.data, autoGeneration: t.autoGeneration, date: t.date, updatedAt: sql`now()` })
        .where(eq(exportTemplates.id, id));
    },

    async templates(scope: Scope | null, ids?: number[]): Promise<TemplateRow[]> {
      const rows = await queryRows<TemplateRow>(
        db,
        sql`SELECT t.id, t.name, t.type, t.data, t.auto_generation, t.date::text AS date, t.owner_id, u.name AS owner_name,
                   t.network_id, n.code AS network_code, t.provider, t.created_at, t.updated_at,
                   (SELECT count(*)::int FROM export_schedules s WHERE s.template_id = t.id) AS schedules
            FROM export_templates t LEFT JOIN users u ON u.id = t.owner_id LEFT JOIN networks n ON n.id = t.network_id
            WHERE ${scope ? ownScope(scope, 't') : sql`TRUE`} ${ids ? sql`AND t.id = ANY(${sql.param(ids)}::int[])` : sql``}
            ORDER BY t.created_at DESC, t.id DESC`,
      );
      return rows.map((r) => ({ ...r, schedules: Number(r.schedules), created_at: iso(r.created_at)!, updated_at: iso(r.updated_at)! }));
    },

    async deleteTemplates(ids: number[]) {
      const rows = await db.delete(exportTemplates).where(inArray(exportTemplates.id, ids)).returning({ id: exportTemplates.id });
      return rows.length;
    },

    // ---- schedules -------------------------------------------------------------------------------
    async insertSchedule(
      s: Omit<
        ScheduleRow,
        'id' | 'template_name' | 'template_type' | 'owner_name' | 'network_code' | 'last_run_at' | 'last_request_id' | 'created_at' | 'updated_at'
      >,
    ) {
      const [row] = await db
        .insert(exportSchedules)
        .values({
          name: s.name,
          templateId: s.template_id,
          frequency: s.frequency,
          time: s.time,
          dayOfWeek: s.day_of_week,
          dayOfMonth: s.day_of_month,
          timeZone: s.time_zone,
          cron: s.cron,
          enabled: s.enabled,
          ownerId: s.owner_id,
          networkId: s.network_id,
          provider: s.provider,
        })
        .returning({ id: exportSchedules.id });
      return row!.id;
    },

    async updateSchedule(
      id: number,
      s: Pick<ScheduleRow, 'name' | 'template_id' | 'frequency' | 'time' | 'day_of_week' | 'day_of_month' | 'time_zone' | 'cron' | 'enabled'>,
    ) {
      await db
        .update(exportSchedules)
        .set({
          name: s.name,
          templateId: s.template_id,
          frequency: s.frequency,
          time: s.time,
          dayOfWeek: s.day_of_week,
          dayOfMonth: s.day_of_month,
          timeZone: s.time_zone,
          cron: s.cron,
          enabled: s.enabled,
          updatedAt: now,
        })
        .where(eq(exportSchedules.id, id));
    },

    async schedules(scope: Scope | null, id?: number): Promise<ScheduleRow[]> {
      const rows = await queryRows<ScheduleRow>(
        db,
        sql`SELECT s.id, s.name, s.template_id, t.name AS template_name, t.type AS template_type, s.frequency, s.time, s.day_of_week,
                   s.day_of_month, s.time_zone, s.cron, s.enabled, s.owner_id, u.name AS owner_name, s.network_id, n.code AS network_code,
                   s.provider, s.last_run_at, s.last_request_id, s.created_at, s.updated_at
            FROM export_schedules s JOIN export_templates t ON t.id = s.template_id
            LEFT JOIN users u ON u.id = s.owner_id LEFT JOIN networks n ON n.id = s.network_id
            WHERE ${scope ? ownScope(scope, 's') : sql`TRUE`} ${id === undefined ? sql`` : sql`AND s.id = ${id}`}
            ORDER BY s.created_at DESC, s.id DESC`,
      );
      return rows.map((r) => ({
        ...r,
        last_run_at: iso(r.last_run_at),
        created_at: iso(r.created_at)!,
        updated_at: iso(r.updated_at)!,
      }));
    },

    async deleteSchedule(id: number) {
      await db.delete(exportSchedules).where(eq(exportSchedules.id, id));
    },

    async scheduleRan(id: number, requestId: number) {
      await db
        .update(exportSchedules)
        .set({ lastRunAt: sql`now()`, lastRequestId: requestId })
        .where(eq(exportSchedules.id, id));
    },

    // ---- new-product lists -----------------------------------------------------------------------
    async insertNewProductList(name: string, items: NewProductList['items'], owner: Scope & { id: string }) {
      const [row] = await db
        .insert(exportNewProductTemplates)
        .values({ name, items, ownerId: owner.id, networkId: owner.networkId, provider: owner.isProvider })
        .returning({ id: exportNewProductTemplates.id });
      return row!.id;
    },

    newProductLists(scope: Scope, id?: number): Promise<NewProductList[]> {
      const l = exportNewProductTemplates;
      return db
        .select({ id: l.id, name: l.name, items: l.items, ownerId: l.ownerId, createdAt: l.createdAt, ownerName: users.name, networkCode: networks.code })
        .from(l)
        .leftJoin(users, eq(users.id, l.ownerId))
        .leftJoin(networks, eq(networks.id, l.networkId))
        .where(and(ownScope(scope, 'export_new_product_templates'), id === undefined ? undefined : eq(l.id, id)))
        .orderBy(sql`${l.createdAt} DESC`, sql`${l.id} DESC`);
    },

    async deleteNewProductLists(scope: Scope, id?: number): Promise<number> {
      const l = exportNewProductTemplates;
      const rows = await db
        .delete(l)
        .where(and(ownScope(scope, 'export_new_product_templates'), id === undefined ? undefined : eq(l.id, id)))
        .returning({ id: l.id });
      return rows.length;
    },

    /** Products by EAN or article (first by id), for new-product lists. */
    productCodes(eans: string[], articles: string[]) {
      return db
        .select({ id: products.id, ean: products.ean, article: products.article })
        .from(products)
        .where(or(inArray(products.ean, eans), inArray(products.article, articles)))
        .orderBy(products.id);
    },

    async networkIdByCode(code: string) {
      const [row] = await db.select({ id: networks.id }).from(networks).where(eq(networks.code, code));
      return row ?? null;
    },
  };
}

export type ExportQueries = ReturnType<typeof createExportQueries>;
