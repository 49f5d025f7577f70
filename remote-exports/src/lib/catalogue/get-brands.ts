import { apiPost } from '@pricewatch/shared/api';
import type { Brand, BrandsBody, Ok } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/query';

/** POST /brands/get-by-filters — brands with their product counts under the given filters. */
export async function getBrands(body: BrandsBody): Promise<Brand[]> {
  return (await apiPost<Ok<Brand[]>>('/brands/get-by-filters', body)).data;
}

/** Brands for a filter: those with products in the chosen networks / section, by name. */
export function useBrands(filters: { networks?: string[]; sections?: string[] }) {
  const body: BrandsBody = { limit: 1000 };
  if (filters.networks?.length) body.networks = filters.networks;
  if (filters.sections?.length) body.sections = filters.sections;
  return useApi(`brands:${JSON.stringify(body)}`, async () => (await getBrands(body)).slice().sort((a, b) => a.name.localeCompare(b.name)));
}
