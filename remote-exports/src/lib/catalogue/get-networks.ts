import { apiGet, cached } from '@pricewatch/shared/api';
import type { NetworkSummary, Ok } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/api';

/** GET /shops/networks — the visible retail chains, sorted by name; kept for the session (spec §3). */
export function getNetworks(): Promise<NetworkSummary[]> {
  return cached('shops/networks', async () => (await apiGet<Ok<NetworkSummary[]>>('/shops/networks')).data);
}

export function useNetworks() {
  return useApi('networks', getNetworks);
}
