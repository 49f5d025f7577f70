import { apiDelete, apiPut } from '@pricewatch/shared/api';
import type { Deleted, ExportRequest, ExportUpdateBody, Ok } from '@pricewatch/shared/contract';

/** PUT /export/{id} — rename, or run a finished request again (`rerun: true`). */
export async function updateExport(id: string, body: ExportUpdateBody): Promise<ExportRequest> {
  return (await apiPut<Ok<ExportRequest>>(`/export/${encodeURIComponent(id)}`, body)).data;
}

/** DELETE /export/prices?id= — deletes a request and its file. */
export async function deleteExport(id: string): Promise<Deleted> {
  return (await apiDelete<Ok<Deleted>>('/export/prices', { id })).data;
}
