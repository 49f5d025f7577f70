/**
 * Export SQL on the typed builder (rows from its selects: ids numbers, days ISO text, times Dates on both
 * backends). Who sees what is a WHERE
 * condition built here from the caller: export requests — the own network's (the provider's staff:
 * all); templates, schedules and new-product lists — the own network's (the provider's staff: the
 * provider's).
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { anyOf } from '../../db/any-of';
import type { Db } from '../../db/client';
import { exportNewProductTemplates, exportRequests, exportSchedules, exportTemplates, files, networks, products, users } from '../../db/schema';
import type { AuthUser } from '../../core/session-user';
import type { StoredParams } from './plan';

export type Scope = Pick<AuthUser, 'isProvider' | 'networkId'>;

/** Export requests a caller sees, as a builder condition. */
const requestsOf = (u: Scope): SQL | undefined => (u.isProvider ? undefined : sql`${exportRequests.networkId} = ${u.networkId}`);

/** Templates, schedules and lists a caller shares: their network's, or the provider's. */
export const ownScope = (u: Scope, alias: string): SQL =>
  u.isProvider ? sql`${sql.raw(alias)}.provider` : sql`(${sql.raw(alias)}.network_id = ${u.networkId} AND NOT ${sql.raw(alias)}.provider)`;

/** The request still belongs to this job (none given: whichever). */
const ownedBy = (id: number, jobId: string | null) => and(eq(exportRequests.id, id), jobId === null ? undefined : eq(exportRequests.jobId, jobId));

const now = sql`now()`;

// The owner's name and the network's code are left joined: null once the user or network is gone.
const ownerName = sql<string | null>`${users.name}`;
const networkCode = sql<string | null>`${networks.code}`;

const requestColumns = {
  id: exportRequests.id,
  name: exportRequests.name,
  type: exportRequests.type,
  state: exportRequests.state,
  // jsonb in the schema; requests are written with StoredParams.
  params: sql<StoredParams>`${exportRequests.params}`,
  startDay: exportRequests.startDay,
  endDay: exportRequests.endDay,
  productsCount: exportRequests.productsCount,
  shopsCount: exportRequests.shopsCount,
  progress: exportRequests.progress,
  rowsWritten: exportRequests.rowsWritten,
  rowsExpected: exportRequests.rowsExpected,
  error: exportRequests.error,
  errorMessage: exportRequests.errorMessage,
  file: exportRequests.file,
  extension: exportRequests.extension,
  size: exportRequests.size,
  templateId: exportRequests.templateId,
  templateName: exportRequests.templateName,
  scheduleId: exportRequests.scheduleId,
  ownerId: exportRequests.ownerId,
  ownerName,
  networkId: exportRequests.networkId,
  networkCode,
  provider: exportRequests.provider,
  jobId: exportRequests.jobId,
  attempts: exportRequests.attempts,
  createdAt: exportRequests.createdAt,
  startedAt: exportRequests.startedAt,
  finishedAt: exportRequests.finishedAt,
  updatedAt: exportRequests.updatedAt,
};
export type RequestRow = SelectResultFields<typeof requestColumns>;

// Joined tables: the builder qualifies the outer columns, so the subquery's reference stays the template's.
const templateColumns = {
  id: exportTemplates.id,
  name: exportTemplates.name,
  type: exportTemplates.type,
  data: exportTemplates.data,
  autoGeneration: exportTemplates.autoGeneration,
  date: exportTemplates.date,
  ownerId: exportTemplates.ownerId,
  ownerName,
  networkId: exportTemplates.networkId,
  networkCode,
  provider: exportTemplates.provider,
  schedules: sql<number>`(SELECT count(*)::int FROM export_schedules s WHERE s.template_id = ${exportTemplates.id})`.mapWith(Number),
  createdAt: exportTemplates.createdAt,
  updatedAt: exportTemplates.updatedAt,
};
export type TemplateRow = SelectResultFields<typeof templateColumns>;

const scheduleColumns = {
  id: exportSchedules.id,
  name: exportSchedules.name,
  templateId: exportSchedules.templateId,
  templateName: exportTemplates.name,
  templateType: exportTemplates.type,
  frequency: exportSchedules.frequency,
  time: exportSchedules.time,
  dayOfWeek: exportSchedules.dayOfWeek,
  dayOfMonth: exportSchedules.dayOfMonth,
  timeZone: exportSchedules.timeZone,
  cron: exportSchedules.cron,
  enabled: exportSchedules.enabled,
  ownerId: exportSchedules.ownerId,
  ownerName,
  networkId: exportSchedules.networkId,
  networkCode,
  provider: exportSchedules.provider,
  lastRunAt: exportSchedules.lastRunAt,
  lastRequestId: exportSchedules.lastRequestId,
  createdAt: exportSchedules.createdAt,
  updatedAt: exportSchedules.updatedAt,
};
export type ScheduleRow = SelectResultFields<typeof scheduleColumns>;
/** What a schedule's write stores. */
export type ScheduleValues = Pick<
  typeof exportSchedules.$inferInsert,
  'name' | 'templateId' | 'frequency' | 'time' | 'dayOfWeek' | 'dayOfMonth' | 'timeZone' | 'cron' | 'enabled'
>;

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
  const selectRequests = () =>
    db
      .select(requestColumns)
      .from(exportRequests)
      .leftJoin(users, eq(users.id, exportRequests.ownerId))
      .leftJoin(networks, eq(networks.id, exportRequests.networkId));

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
      const [row] = await selectRequests().where(and(eq(exportRequests.id, id), scope ? requestsOf(scope) : undefined));
      return row ?? null;
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
      const conds: (SQL | undefined)[] = [requestsOf(scope)];
      if (f.by?.userId) conds.push(eq(exportRequests.ownerId, f.by.userId));
      if (f.by?.username) {
        const named = db
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.username}) = lower(${f.by.username})`);
        conds.push(inArray(exportRequests.ownerId, named));
      }
      if (f.type) conds.push(eq(exportRequests.type, f.type));
      if (f.from) conds.push(gte(exportRequests.createdAt, sql`${f.from}::date`));
      if (f.networkId !== undefined) conds.push(eq(exportRequests.networkId, f.networkId));
      if (f.state) conds.push(eq(exportRequests.state, f.state));
      const where = and(...conds);
      const [rows, total] = await Promise.all([
        selectRequests().where(where).orderBy(desc(exportRequests.createdAt), desc(exportRequests.id)).limit(limit).offset(skip),
        db.$count(exportRequests, where),
      ]);
      return { rows, total };
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

    templates: (scope: Scope | null, ids?: number[]): Promise<TemplateRow[]> =>
      db
        .select(templateColumns)
        .from(exportTemplates)
        .leftJoin(users, eq(users.id, exportTemplates.ownerId))
        .leftJoin(networks, eq(networks.id, exportTemplates.networkId))
        .where(and(scope ? ownScope(scope, 'export_templates') : undefined, ids ? anyOf(exportTemplates.id, ids, 'int') : undefined))
        .orderBy(desc(exportTemplates.createdAt), desc(exportTemplates.id)),

    async deleteTemplates(ids: number[]) {
      const rows = await db.delete(exportTemplates).where(inArray(exportTemplates.id, ids)).returning({ id: exportTemplates.id });
      return rows.length;
    },

    // ---- schedules -------------------------------------------------------------------------------
    async insertSchedule(s: ScheduleValues & Pick<typeof exportSchedules.$inferInsert, 'ownerId' | 'networkId' | 'provider'>) {
      const [row] = await db.insert(exportSchedules).values(s).returning({ id: exportSchedules.id });
      return row!.id;
    },

    async updateSchedule(id: number, s: ScheduleValues) {
      await db
        .update(exportSchedules)
        .set({
          name: s.name,
          templateId: s.templateId,
          frequency: s.frequency,
          time: s.time,
          dayOfWeek: s.dayOfWeek,
          dayOfMonth: s.dayOfMonth,
          timeZone: s.timeZone,
          cron: s.cron,
          enabled: s.enabled,
          updatedAt: now,
        })
        .where(eq(exportSchedules.id, id));
    },

    schedules: (scope: Scope | null, id?: number): Promise<ScheduleRow[]> =>
      db
        .select(scheduleColumns)
        .from(exportSchedules)
        .innerJoin(exportTemplates, eq(exportTemplates.id, exportSchedules.templateId))
        .leftJoin(users, eq(users.id, exportSchedules.ownerId))
        .leftJoin(networks, eq(networks.id, exportSchedules.networkId))
        .where(and(scope ? ownScope(scope, 'export_schedules') : undefined, id === undefined ? undefined : eq(exportSchedules.id, id)))
        .orderBy(desc(exportSchedules.createdAt), desc(exportSchedules.id)),

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
