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

  return { applySchedule, createSchedule, updateSchedule, deleteSchedule, listSchedules, runSchedule };
}
