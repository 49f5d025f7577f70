import { apiDelete, apiGet, apiPost, apiPut } from '@pricewatch/shared/api';
import type { Deleted, ExportSchedule, ExportScheduleBody, ExportScheduleUpdate, Ok } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/query';

/** GET /export/export-request-schedule — the network's schedules. */
export async function getSchedules(): Promise<ExportSchedule[]> {
  return (await apiGet<Ok<ExportSchedule[]>>('/export/export-request-schedule')).data;
}

export function useSchedules(version: number) {
  return useApi(`export-schedules:${version}`, getSchedules);
}

/** POST /export/export-request-schedule — daily, weekly or monthly at HH:mm (deployment time zone). */
export async function createSchedule(body: ExportScheduleBody): Promise<ExportSchedule> {
  return (await apiPost<Ok<ExportSchedule>>('/export/export-request-schedule', body)).data;
}

/** PUT /export/export-request-schedule/{id}. */
export async function updateSchedule(id: string, body: ExportScheduleUpdate): Promise<ExportSchedule> {
  return (await apiPut<Ok<ExportSchedule>>(`/export/export-request-schedule/${encodeURIComponent(id)}`, body)).data;
}

/** DELETE /export/export-request-schedule/{id}. */
export async function deleteSchedule(id: string): Promise<Deleted> {
  return (await apiDelete<Ok<Deleted>>(`/export/export-request-schedule/${encodeURIComponent(id)}`)).data;
}
