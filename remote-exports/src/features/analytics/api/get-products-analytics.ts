import { apiPost } from '@pricewatch/shared/api';
import type { Ok, ProductAnalyticsBody, ProductsAnalytics } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/query';

/** POST /prices/history/products/analytics — a page of the selection's products: min/avg/max per network over the period. */
export async function getProductsAnalytics(body: ProductAnalyticsBody): Promise<ProductsAnalytics> {
  return (await apiPost<Ok<ProductsAnalytics>>('/prices/history/products/analytics', body)).data;
}

export function useProductsAnalytics(body: ProductAnalyticsBody | null) {
  return useApi(body && `products-analytics:${JSON.stringify(body)}`, () => getProductsAnalytics(body!));
}
