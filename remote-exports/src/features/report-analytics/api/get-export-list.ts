import { apiGet, type QueryParams } from '@pricewatch/shared/api';
import type { ExportList, ExportListQuery, Ok } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/query';
import { EXPORT_POLL_MS } from '../limits';

/** GET /export/list — the requests the caller sees, newest first (limit 30, skip 0 by default). */
export async function getExportList(query: ExportListQuery): Promise<ExportList> {
  return (await apiGet<Ok<ExportList>>('/export/list', query as QueryParams)).data;
}

/**
 * `version` forces a reload (after a change) without changing the query. While any request on the
 * page is queued or running the list is asked for again every EXPORT_POLL_MS, so states move live.
 */
export function useExportList(query: ExportListQuery, version: number) {
  return useApi(`export-list:${JSON.stringify(query)}:${version}`, () => getExportList(query), {
    refetchInterval: (data) => (data?.items.some((r) => r.state === 'queued' || r.state === 'running') ? EXPORT_POLL_MS : false),
  });
}
