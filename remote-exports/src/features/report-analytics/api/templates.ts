import { apiDelete, apiGet, apiPost } from '@pricewatch/shared/api';
import type { Deleted, ExportGroupFile, ExportTemplate, ExportTemplateBody, Ok } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/query';

/** GET /export/get-templates — the network's templates, newest first. */
export async function getTemplates(): Promise<ExportTemplate[]> {
  return (await apiGet<Ok<ExportTemplate[]>>('/export/get-templates')).data;
}

export function useTemplates(version: number) {
  return useApi(`export-templates:${version}`, getTemplates);
}

/** POST /export/save-template — name, data, autoGeneration, date (spec §3); `template` updates one. */
export async function saveTemplate(body: ExportTemplateBody): Promise<ExportTemplate> {
  return (await apiPost<Ok<ExportTemplate>>('/export/save-template', body)).data;
}

/** DELETE /export/delete-templates { templates } (409 while a schedule runs one of them). */
export async function deleteTemplates(ids: string[]): Promise<Deleted> {
  return (await apiDelete<Ok<Deleted>>('/export/delete-templates', undefined, { templates: ids })).data;
}

/** POST /export/export-group-requests { templates } — one file, a sheet per template: data.file, data.extension. */
export async function exportGroup(ids: string[]): Promise<ExportGroupFile> {
  return (await apiPost<Ok<ExportGroupFile>>('/export/export-group-requests', { templates: ids })).data;
}
