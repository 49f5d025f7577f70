import { apiPost } from '@pricewatch/shared/api';
import type { AnalyticsBody, Ok, ProductsAnalytics } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/query';

/** POST /prices/history/products/analytics — per product: min/avg/max per network over the period. */
export async function getProductsAnalytics(body: AnalyticsBody): Promise<ProductsAnalytics> {
  return (await apiPost<Ok<ProductsAnalytics>>('/prices/history/products/analytics', body)).data;
}

export function useProductsAnalytics(body: AnalyticsBody | null) {
  return useApi(body && `products-analytics:${JSON.stringify(body)}`, () => getProductsAnalytics(body!));
}
