import { apiDelete, apiGet, apiPost } from '@pricewatch/shared/api';
import type { Deleted, NewProductTemplate, NewProductTemplateBody, Ok } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/query';

/** GET /export/get-new-prod-template — saved product lists (EANs / articles), matched to the catalogue. */
export async function getNewProductLists(): Promise<NewProductTemplate[]> {
  return (await apiGet<Ok<NewProductTemplate[]>>('/export/get-new-prod-template')).data;
}

export function useNewProductLists(version: number) {
  return useApi(`new-product-lists:${version}`, getNewProductLists);
}

/** POST /export/save-new-prod-template { name, products }. */
export async function saveNewProductList(body: NewProductTemplateBody): Promise<NewProductTemplate> {
  return (await apiPost<Ok<NewProductTemplate>>('/export/save-new-prod-template', body)).data;
}

/** DELETE /export/new-prod-template?id=. */
export async function deleteNewProductList(id: string): Promise<Deleted> {
  return (await apiDelete<Ok<Deleted>>('/export/new-prod-template', { id })).data;
}
