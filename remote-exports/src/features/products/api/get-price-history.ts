import { apiGet, type QueryParams } from '@pricewatch/shared/api';
import type { Ok, PriceHistory, PriceHistoryQuery } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/query';

/** GET /prices/history?product=&start=&end= — price spans per shop (dates MM/DD/YYYY, spec §9). */
export async function getPriceHistory(query: PriceHistoryQuery): Promise<PriceHistory> {
  return (await apiGet<Ok<PriceHistory>>('/prices/history', query as QueryParams)).data;
}

/** null: the period is not valid yet, nothing is asked. */
export function usePriceHistory(query: PriceHistoryQuery | null) {
  return useApi(query && `history:${JSON.stringify(query)}`, () => getPriceHistory(query!));
}
