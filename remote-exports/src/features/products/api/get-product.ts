import { apiGet } from '@pricewatch/shared/api';
import type { Ok, Product } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/query';

/** GET /products/{id} — the card's header: attributes and where shops sell it. 404 → not_found. */
export async function getProduct(id: string): Promise<Product> {
  return (await apiGet<Ok<Product>>(`/products/${encodeURIComponent(id)}`)).data;
}

export function useProduct(id: string) {
  return useApi(`product:${id}`, () => getProduct(id));
}
