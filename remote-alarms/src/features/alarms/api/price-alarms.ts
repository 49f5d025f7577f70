import { apiDelete, apiGet, apiPost, apiPut, apiUpload } from '@pricewatch/shared/api';
import type {
  AlarmExport,
  AlarmListQuery,
  CountResult,
  GroupUpdateBody,
  ImportResult,
  Ok,
  PriceAlarm,
  PriceAlarmBody,
  PriceAlarmPage,
} from '@pricewatch/shared/contract';

/** GET /price-alarms/get/all: the caller's price alarms, filtered and paged. */
export const getPriceAlarms = async (q: AlarmListQuery) =>
  (await apiGet<Ok<PriceAlarmPage>>('/price-alarms/get/all', q as Record<string, string | number | boolean | undefined>)).data;

/** POST /price-alarms or PUT /price-alarms/{id}. */
export const savePriceAlarm = async (body: PriceAlarmBody, id?: string) =>
  (id ? await apiPut<Ok<PriceAlarm>>(`/price-alarms/${id}`, body) : await apiPost<Ok<PriceAlarm>>('/price-alarms', body)).data;

export const deletePriceAlarm = async (id: string) => (await apiDelete<Ok<CountResult>>(`/price-alarms/${id}`)).data;

/** DELETE /price-alarms/all/all: every price alarm of the caller. */
export const deleteAllPriceAlarms = async () => (await apiDelete<Ok<CountResult>>('/price-alarms/all/all')).data;

/** PUT /price-alarms/ (group update). */
export const updatePriceAlarms = async (body: GroupUpdateBody) => (await apiPut<Ok<CountResult>>('/price-alarms/', body)).data;

/** POST /price-alarms/import: a preview (nothing saved) or the real import. */
export const importPriceAlarms = async (form: FormData, preview: boolean) =>
  (await apiUpload<Ok<ImportResult>>('/price-alarms/import', form, { preview: preview ? 'true' : 'false' })).data;

export const exportPriceAlarms = async () => (await apiPost<Ok<AlarmExport>>('/price-alarms/export')).data;
