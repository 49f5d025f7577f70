import { apiGet, type QueryParams } from '@pricewatch/shared/api';
import type { Ok, ProductListQuery, ProductPage } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/query';

/** GET /products/list — a filtered, sorted page of products with their current price range. */
export async function getProductList(query: ProductListQuery): Promise<ProductPage> {
  return (await apiGet<Ok<ProductPage>>('/products/list', query as QueryParams)).data;
}

/** null: not wanted now (the search is an article/EAN and goes to /products/search). */
export function useProductList(query: ProductListQuery | null) {
  return useApi(query && `list:${JSON.stringify(query)}`, () => getProductList(query!));
}
