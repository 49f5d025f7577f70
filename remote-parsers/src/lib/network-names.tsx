import { useCallback } from 'react';
import { apiGet, cached, useApi } from '@pricewatch/shared/api';
import type { NetworkSummary, Ok } from '@pricewatch/shared/contract';

/** GET /shops/networks, kept for the session: the chains' names by their codes. */
const getNetworks = () => cached('shops/networks', async () => (await apiGet<Ok<NetworkSummary[]>>('/shops/networks')).data);

/**
 * A network code as its name (codes are for the API, names for people); the code until the names
 * have arrived, or for a chain the user cannot see.
 */
export function useNetworkName(): (code: string) => string {
  const networks = useApi('networks', getNetworks);
  const list = networks.data;
  return useCallback((code: string) => list?.find((n) => n.code === code)?.name ?? code, [list]);
}

/** A network's name in a table cell: its own component, so the names arriving redraw only this text. */
export function NetworkName({ code }: { code: string }) {
  return <>{useNetworkName()(code)}</>;
}
