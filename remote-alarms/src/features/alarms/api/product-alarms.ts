import { apiDelete, apiGet, apiPost, apiPut, apiUpload } from '@pricewatch/shared/api';
import type { AlarmExport, AlarmListQuery, CountResult, ImportResult, Ok, ProductAlarm, ProductAlarmBody, ProductAlarmPage } from '@pricewatch/shared/contract';

export const getProductAlarms = async (q: AlarmListQuery) =>
  (await apiGet<Ok<ProductAlarmPage>>('/price-products-alarms/get/all', q as Record<string, string | number | boolean | undefined>)).data;

export const saveProductAlarm = async (body: ProductAlarmBody, id?: string) =>
  (id ? await apiPut<Ok<ProductAlarm>>(`/price-products-alarms/${id}`, body) : await apiPost<Ok<ProductAlarm>>('/price-products-alarms', body)).data;

/** PUT /price-products-alarms/toggle/{id} (spec §4: switched on and off). */
export const toggleProductAlarm = async (id: string) => (await apiPut<Ok<ProductAlarm>>(`/price-products-alarms/toggle/${id}`)).data;

export const deleteProductAlarm = async (id: string) => (await apiDelete<Ok<CountResult>>(`/price-products-alarms/${id}`)).data;
export const deleteAllProductAlarms = async () => (await apiDelete<Ok<CountResult>>('/price-products-alarms/all/all')).data;

export const importProductAlarms = async (form: FormData, preview: boolean) =>
  (await apiUpload<Ok<ImportResult>>('/price-products-alarms/import', form, { preview: preview ? 'true' : 'false' })).data;

export const exportProductAlarms = async () => (await apiPost<Ok<AlarmExport>>('/price-products-alarms/export')).data;
