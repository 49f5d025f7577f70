import { apiPost } from '@pricewatch/shared/api';
import type { ExportPricesBody, ExportRequest, ExportType, Ok } from '@pricewatch/shared/contract';

/** POST /export/{type}/prices — creates an export request and queues its job; answers it (queued). */
export async function createExport(type: ExportType, body: ExportPricesBody): Promise<ExportRequest> {
  return (await apiPost<Ok<ExportRequest>>(`/export/${type}/prices`, body)).data;
}
