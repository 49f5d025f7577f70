import { apiGet, cached } from '@pricewatch/shared/api';
import type { CityCodes, Ok } from '@pricewatch/shared/contract';

/** GET /utils/city-codes — "response data holds the map" (spec §7); kept for the session. */
export function getCityCodes(): Promise<CityCodes> {
  return cached('utils/city-codes', async () => (await apiGet<Ok<CityCodes>>('/utils/city-codes')).data);
}
