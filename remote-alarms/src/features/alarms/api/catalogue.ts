import { apiGet } from '@pricewatch/shared/api';
import type { Ok, ProductListItem } from '@pricewatch/shared/contract';

/** GET /products/search: by name, or by article/EAN when the text is digits. */
export async function searchProducts(text: string): Promise<ProductListItem[]> {
  const t = text.trim();
  if (!t) return [];
  const digits = /^\$?\d+$/.test(t);
  const params = digits ? { article: t, ean: t, limit: 20 } : { name: t, limit: 20 };
  return (await apiGet<Ok<ProductListItem[]>>('/products/search', params)).data;
}
