import { apiPost } from '@pricewatch/shared/api';
import type { AnalyticsBody, DiscountAnalysis, Ok } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/query';

/** POST /prices/history/discount-analysis — per network: how often and how deep it discounts. */
export async function getDiscountAnalysis(body: AnalyticsBody): Promise<DiscountAnalysis> {
  return (await apiPost<Ok<DiscountAnalysis>>('/prices/history/discount-analysis', body)).data;
}

export function useDiscountAnalysis(body: AnalyticsBody | null) {
  return useApi(body && `discount-analysis:${JSON.stringify(body)}`, () => getDiscountAnalysis(body!));
}
