import { apiGet, type QueryParams } from '@pricewatch/shared/api';
import type { Ok, Product, SimilarProduct, SimilarProductsQuery } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/query';

/** GET /products/find-similar-products — catalogue products like the given one, best first. */
export async function getSimilarProducts(query: SimilarProductsQuery): Promise<SimilarProduct[]> {
  return (await apiGet<Ok<SimilarProduct[]>>('/products/find-similar-products', query as QueryParams)).data;
}

/** The server compares sizes in grams, millilitres or pieces (it normalises kg → g and l → ml). */
function normalWeight(product: Product): number | undefined {
  if (!product.weight) return undefined;
  return product.unit === 'kg' || product.unit === 'l' ? product.weight * 1000 : product.weight;
}

/** Products like `product` (by name, brand, section and size), without the product itself. */
export function useSimilarProducts(product: Product | undefined) {
  const query: SimilarProductsQuery | null = product
    ? {
        name: product.name,
        ...(product.brand ? { brand: product.brand } : {}),
        ...(product.sectionId ? { sectionId: product.sectionId } : {}),
        ...(normalWeight(product) ? { weight: normalWeight(product) } : {}),
        limit: 11,
      }
    : null;
  return useApi(query && `similar:${product!._id}`, async () => (await getSimilarProducts(query!)).filter((p) => p._id !== product!._id).slice(0, 10));
}
