/** Export schedules (docs/exports.md "Schedules"): kept in pg-boss (schedules.ts); a due one creates a request. */
import type { Deleted, ExportSchedule, ExportType, ScheduleFrequency } from '@pricewatch/shared/contract';
import { todayIso } from '../../lib/days';
import { notFound } from '../../lib/errors';
import type { AuthUser } from '../../core/session-user';
import type { ScheduleRow } from './queries';
import { failureOf } from './runner';
import { checkSpec, cronOf, SCHEDULE_QUEUE } from './schedules';
import { userRef, type ExportsContext } from './service-common';
import type { RequestsService } from './service-requests';
import type { TemplatesService } from './service-templates';

export function createSchedulesService(
  { jobs, log, queries, runner }: ExportsContext,
  { templatesOr404 }: Pick<TemplatesService, 'templatesOr404'>,
  { create }: Pick<RequestsService, 'create'>,
) {
  function toSchedule(s: ScheduleRow): ExportSchedule {
    let nextRunAt: string | null = null;
    if (s.enabled) {
      try {
        nextRunAt = jobs.nextRuns(s.cron, { tz: s.timeZone })[0]?.toISOString() ?? null;
      } catch {
        nextRunAt = null;
      }
    }
    return {
      _id: String(s.id),
      name: s.name,
      template: { _id: String(s.templateId), name: s.templateName, type: s.templateType as ExportType },
      frequency: s.frequency as ScheduleFrequency,
      time: s.time,
      dayOfWeek: s.dayOfWeek,
      dayOfMonth: s.dayOfMonth,
      timeZone: s.timeZone,
      cron: s.cron,
      enabled: s.enabled,
      nextRunAt,
      lastRunAt: s.lastRunAt?.toISOString() ?? null,
      lastRequestId: s.lastRequestId === null ? null : String(s.lastRequestId),
      network: s.networkCode,
      createdBy: userRef(s.ownerId, s.ownerName),
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
    };
  }

  async function applySchedule(s: { id: number; cron: string; enabled: boolean; timeZone: string }) {
    if (s.enabled) await jobs.schedule(SCHEDULE_QUEUE, s.cron, { scheduleId: s.id }, { tz: s.timeZone, key: String(s.id) });
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
      templateId: template!.id,
      frequency: spec.frequency,
      time: spec.time,
      dayOfWeek: spec.dayOfWeek,
      dayOfMonth: spec.dayOfMonth,
      timeZone: jobs.timeZone,
      cron,
      enabled: body.enabled ?? true,
      ownerId: user.id,
      networkId: user.networkId,
      provider: user.isProvider,
    });
    await applySchedule({ id, cron, enabled: body.enabled ?? true, timeZone: jobs.timeZone });
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
    if (body.template !== undefined && body.template !== s.templateId) await templatesOr404(user, [body.template]);
    const frequency = body.frequency ?? (s.frequency as ScheduleFrequency);
    const spec = {
      frequency,
      time: body.time ?? s.time,
      dayOfWeek: frequency === 'weekly' ? (body.dayOfWeek !== undefined ? body.dayOfWeek : s.dayOfWeek) : null,
      dayOfMonth: frequency === 'monthly' ? (body.dayOfMonth !== undefined ? body.dayOfMonth : s.dayOfMonth) : null,
    };
    checkSpec(spec);
    const next = {
      name: body.name ?? s.name,
      templateId: body.template ?? s.templateId,
      frequency,
      time: spec.time,
      dayOfWeek: spec.dayOfWeek,
      dayOfMonth: spec.dayOfMonth,
      timeZone: jobs.timeZone,
      cron: cronOf(spec),
      enabled: body.enabled ?? s.enabled,
    };
    await queries.updateSchedule(id, next);
    await applySchedule({ id, cron: next.cron, enabled: next.enabled, timeZone: next.timeZone });
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
    const owner = await runner.ownerOf(s.ownerId);
    if (!owner) {
      log.warn({ scheduleId }, 'exports: schedule owner unavailable; nothing queued');
      return;
    }
    try {
      const request = await create(owner, s.templateType as ExportType, { template: s.templateId }, { scheduleId });
      await queries.scheduleRan(scheduleId, Number(request._id));
    } catch (err) {
      const failure = failureOf(err);
      if (failure.reason === 'internal_error') log.error({ err, scheduleId }, 'exports: scheduled export could not be created');
      const today = todayIso();
      const id = await queries.insertRequest({
        name: s.templateName,
        type: s.templateType,
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
        templateId: s.templateId,
        templateName: s.templateName,
        scheduleId,
        owner,
        jobId: null,
        error: failure.reason,
        errorMessage: failure.reason === 'internal_error' ? undefined : failure.message,
      });
      await queries.scheduleRan(scheduleId, id);
    }
  }

  return { applySchedule, createSchedule, updateSchedule, deleteSchedule, listSchedules, runSchedule };
}
