import { apiGet, type QueryParams } from '@pricewatch/shared/api';
import type { Ok, ProductListItem, ProductSearchQuery } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/query';

/**
 * GET /products/search?article=&ean=&name=&limit= — spec §3/§5: exact article/EAN matches first.
 * The list uses it for article/EAN searches (parseSearchText gives both).
 */
export async function searchProducts(query: ProductSearchQuery): Promise<ProductListItem[]> {
  return (await apiGet<Ok<ProductListItem[]>>('/products/search', query as QueryParams)).data;
}

export function useProductSearch(query: ProductSearchQuery | null) {
  return useApi(query && `search:${JSON.stringify(query)}`, () => searchProducts(query!));
}
