import { apiGet, cached } from '@pricewatch/shared/api';
import type { AvailableShop, Ok } from '@pricewatch/shared/contract';

/** GET /utils/available-shops — "response data holds the list" (spec §7); kept for the session. */
export function getAvailableShops(): Promise<AvailableShop[]> {
  return cached('utils/available-shops', async () => (await apiGet<Ok<AvailableShop[]>>('/utils/available-shops')).data);
}
