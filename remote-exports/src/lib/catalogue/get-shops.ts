import { apiGet, cached } from '@pricewatch/shared/api';
import type { Ok, Shop } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/api';

/** GET /shops — every visible shop, sorted by network then name; kept for the session (spec §3). */
export function getShops(): Promise<Shop[]> {
  return cached('shops', async () => (await apiGet<Ok<Shop[]>>('/shops')).data);
}

export function useShops() {
  return useApi('shops', getShops);
}
