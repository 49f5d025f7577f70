import { apiGet, type QueryParams } from '@pricewatch/shared/api';
import type { Ok, ProductListQuery, ProductPage } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/api';
import { learnSections } from '../../../lib/catalogue/get-sections';

/** GET /products/list — a filtered, sorted page of products with their current price range. */
export async function getProductList(query: ProductListQuery): Promise<ProductPage> {
  const page = (await apiGet<Ok<ProductPage>>('/products/list', query as QueryParams)).data;
  learnSections(page.items);
  return page;
}

/** null: not wanted now (the search is an article/EAN and goes to /products/search). */
export function useProductList(query: ProductListQuery | null) {
  return useApi(query && `list:${JSON.stringify(query)}`, () => getProductList(query!));
}
