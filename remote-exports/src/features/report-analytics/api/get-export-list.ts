import { apiGet, type QueryParams } from '@pricewatch/shared/api';
import type { ExportList, ExportListQuery, Ok } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/api';

/** GET /export/list — the requests the caller sees, newest first (limit 30, skip 0 by default). */
export async function getExportList(query: ExportListQuery): Promise<ExportList> {
  return (await apiGet<Ok<ExportList>>('/export/list', query as QueryParams)).data;
}

/** `version` forces a reload (polling, after a change) without changing the query. */
export function useExportList(query: ExportListQuery, version: number) {
  return useApi(`export-list:${JSON.stringify(query)}:${version}`, () => getExportList(query));
}
