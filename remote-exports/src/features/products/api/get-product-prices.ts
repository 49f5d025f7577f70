import { apiGet } from '@pricewatch/shared/api';
import type { Ok, ProductPrices } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/query';

/** GET /prices/product/{id} — the current price in every visible shop, cheapest first. */
export async function getProductPrices(id: string): Promise<ProductPrices> {
  return (await apiGet<Ok<ProductPrices>>(`/prices/product/${encodeURIComponent(id)}`)).data;
}

export function useProductPrices(id: string, enabled = true) {
  return useApi(enabled ? `prices:${id}` : null, () => getProductPrices(id));
}
