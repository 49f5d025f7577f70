import { apiGet, cached } from '@pricewatch/shared/api';
import type { Ok, ProductListItem, Shop } from '@pricewatch/shared/contract';

/** GET /shops: the shops the caller may watch (cached for the session, spec §3). */
export const getShops = () => cached('alarms:shops', async () => (await apiGet<Ok<Shop[]>>('/shops')).data);

/** GET /products/search: by name, or by article/EAN when the text is digits. */
export async function searchProducts(text: string): Promise<ProductListItem[]> {
  const t = text.trim();
  if (!t) return [];
  const digits = /^\$?\d+$/.test(t);
  const params = digits ? { article: t, ean: t, limit: 20 } : { name: t, limit: 20 };
  return (await apiGet<Ok<ProductListItem[]>>('/products/search', params)).data;
}
