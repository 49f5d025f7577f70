// The calls of the leaflets remote (contract: @pricewatch/shared/contract leaflets.ts). Every call goes
// through the shared API client (base URL, token, anti-forgery header, 401 rule); answers are unwrapped
// from the envelope. Failures reject with ApiError — word them with useErrorText().
import { apiDelete, apiGet, apiPost, apiPut, apiUpload, downloadFile } from '@pricewatch/shared/api';
import type {
  Leaflet,
  LeafletCreate,
  LeafletDetail,
  LeafletFile,
  LeafletPage,
  LeafletPrice,
  LeafletPriceInput,
  LeafletPriceUpdate,
  LeafletPricesPage,
  LeafletStatistics,
  LeafletUpdate,
  NeuralData,
  Ok,
} from '@pricewatch/shared/contract';
import { LEAFLET_LIMITS } from '@pricewatch/shared/contract';

/** GET /leaflets/{id}: the leaflet with its pages in order. */
export const getLeaflet = async (id: string) => (await apiGet<Ok<LeafletDetail>>(`/leaflets/${encodeURIComponent(id)}`)).data;

/** POST /leaflets/create (dates MM/DD/YYYY). */
export const createLeaflet = async (body: LeafletCreate) => (await apiPost<Ok<LeafletDetail>>('/leaflets/create', body)).data;

/** PUT /leaflets/{id}: any of the create fields. */
export const updateLeaflet = async (id: string, body: LeafletUpdate) => (await apiPut<Ok<LeafletDetail>>(`/leaflets/${encodeURIComponent(id)}`, body)).data;

/** DELETE /leaflets/{id}: its pages, pictures and prices go too. */
export const deleteLeaflet = async (id: string) => (await apiDelete<Ok<{ deleted: true }>>(`/leaflets/${encodeURIComponent(id)}`)).data;

/** GET /leaflets/search/by-name: empty name = the newest leaflets. */
export const searchLeafletsByName = async (name: string, network?: string) => (await apiGet<Ok<Leaflet[]>>('/leaflets/search/by-name', { name, network })).data;

/** GET /leaflets/search/by-period: leaflets running on at least one day of start…end (MM/DD/YYYY). */
export const searchLeafletsByPeriod = async (start: string, end: string, network?: string) =>
  (await apiGet<Ok<Leaflet[]>>('/leaflets/search/by-period', { start, end, network })).data;

/** POST /leaflets/export?count=N {ids}: an xlsx made on the server; then downloaded with GET /data/{file}. */
export async function exportLeaflets(ids: string[], count: number = LEAFLET_LIMITS.exportMaxRows, filename?: string): Promise<string> {
  const { file } = (await apiPost<Ok<LeafletFile>>('/leaflets/export', { ids }, { count })).data;
  await downloadFile(file, filename);
  return file;
}

/** POST /leaflets/save-image (multipart `image` + `folder` = leaflet id): the new page, appended last. */
export async function uploadLeafletPage(leafletId: string, file: Blob, fileName?: string): Promise<LeafletPage> {
  const form = new FormData();
  form.append('folder', leafletId);
  form.append('image', file, fileName ?? (file as File).name ?? 'page');
  return (await apiUpload<Ok<LeafletPage>>('/leaflets/save-image', form)).data;
}

/**
 * POST /leaflets/add-price: multipart with `leafletPicture` = JSON of the price input (spec §3); an
 * optional `picture` file uploads a new page the price goes on.
 */
export async function addLeafletPrice(input: LeafletPriceInput, picture?: Blob): Promise<LeafletPrice> {
  const form = new FormData();
  form.append('leafletPicture', JSON.stringify(input));
  if (picture) form.append('picture', picture, (picture as File).name ?? 'page');
  return (await apiUpload<Ok<LeafletPrice>>('/leaflets/add-price', form)).data;
}

/** PUT /leaflets/prices/{priceId} (JSON): only the fields sent change; `productId: null` unmatches. */
export const updateLeafletPrice = async (priceId: string, body: LeafletPriceUpdate) =>
  (await apiPut<Ok<LeafletPrice>>(`/leaflets/prices/${encodeURIComponent(priceId)}`, body)).data;

/** DELETE /leaflets/prices/{priceId}: that one price (its page stays). */
export const deleteLeafletPrice = async (priceId: string) => (await apiDelete<Ok<{ deleted: true }>>(`/leaflets/prices/${encodeURIComponent(priceId)}`)).data;

/** GET /leaflets/{id}/prices/pageable: `page` zero-based (the UI shows page N and sends N − 1). */
export const getLeafletPrices = async (id: string, page: number, size: number = LEAFLET_LIMITS.pageSizeDefault, pageId?: string | null) =>
  (await apiGet<Ok<LeafletPricesPage>>(`/leaflets/${encodeURIComponent(id)}/prices/pageable`, { page, size, pageId: pageId ?? undefined })).data;

/** GET /leaflets/{id}/prices/statistics. */
export const getLeafletStatistics = async (id: string) => (await apiGet<Ok<LeafletStatistics>>(`/leaflets/${encodeURIComponent(id)}/prices/statistics`)).data;

/** GET /leaflets/{id}/neural-data?neuralId={pageId}: starts recognition on first call; poll until done/failed. */
export const getNeuralData = async (id: string, pageId: string, refresh = false) =>
  (await apiGet<Ok<NeuralData>>(`/leaflets/${encodeURIComponent(id)}/neural-data`, { neuralId: pageId, refresh: refresh ? 'true' : undefined })).data;
