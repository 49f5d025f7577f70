/**
 * The rules of the Exports area (docs/exports.md), one sub-service per sub-domain: export requests
 * (service-requests.ts), templates (service-templates.ts), group exports (service-group.ts), new-product
 * lists (service-new-products.ts) and schedules (service-schedules.ts); this file builds them together
 * and starts the area's jobs. HTTP lives in routes.ts; running a request lives in runner.ts. Who may
 * call which route is in src/access/route-rules.ts; what they see is decided by the queries.ts scopes
 * and by the catalogue's visibility (plan.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs';
import type { FileStore } from '../../core/file-store';
import { shopDirectory } from '../../core/shop-directory';
import { createExportQueries } from './queries';
import { createExportRunner, EXPORT_QUEUE, SWEEP_QUEUE } from './runner';
import { SCHEDULE_QUEUE } from './schedules';
import type { ExportsContext } from './service-common';
import { createGroupExportService } from './service-group';
import { createNewProductListsService } from './service-new-products';
import { createRequestsService } from './service-requests';
import { createSchedulesService } from './service-schedules';
import { createTemplatesService } from './service-templates';

export { toRequest } from './service-common';

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
  const runner = createExportRunner({
    db,
    queries,
    jobs,
    files: deps.files,
    log,
    singleProcess: deps.singleProcess,
    templatesFor: (owner, ids) => queries.templates(owner, ids),
  });
  const context: ExportsContext = { db, jobs, log, queries, directory: shopDirectory(db), runner };
  const templates = createTemplatesService(context);
  const requests = createRequestsService(context, templates);
  const group = createGroupExportService(context, templates);
  const newProducts = createNewProductListsService(context);
  const scheduling = createSchedulesService(context, templates, requests);
  const { applySchedule, runSchedule } = scheduling;

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
      if (s.timeZone !== jobs.timeZone) {
        await queries.updateSchedule(s.id, { ...s, timeZone: jobs.timeZone });
        s.timeZone = jobs.timeZone;
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
    ...requests,
    saveTemplate: templates.saveTemplate,
    listTemplates: templates.listTemplates,
    deleteTemplates: templates.deleteTemplates,
    ...group,
    ...newProducts,
    createSchedule: scheduling.createSchedule,
    updateSchedule: scheduling.updateSchedule,
    deleteSchedule: scheduling.deleteSchedule,
    listSchedules: scheduling.listSchedules,
    runSchedule,
    start,
    runner,
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
