import { apiPost } from '@pricewatch/shared/api';
import type { AnalyticsBody, Ok, PricesAnalytics } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/query';

/** POST /prices/history/prices/analytics — per network per day: price level and index vs the base. */
export async function getPricesAnalytics(body: AnalyticsBody): Promise<PricesAnalytics> {
  return (await apiPost<Ok<PricesAnalytics>>('/prices/history/prices/analytics', body)).data;
}

export function usePricesAnalytics(body: AnalyticsBody | null) {
  return useApi(body && `prices-analytics:${JSON.stringify(body)}`, () => getPricesAnalytics(body!));
}
