import { useCallback } from 'react';
import { useCatalogue } from '@pricewatch/shared/query';

/**
 * A network code as its name (codes are for the API, names for people); the code until the names
 * have arrived, or for a chain the user cannot see.
 */
function useNetworkName(): (code: string) => string {
  const networks = useCatalogue('networks'); // GET /shops/networks, one session entry for every remote
  const list = networks.data;
  return useCallback((code: string) => list?.find((n) => n.code === code)?.name ?? code, [list]);
}

/** A network's name in a table cell: its own component, so the names arriving redraw only this text. */
export function NetworkName({ code }: { code: string }) {
  return <>{useNetworkName()(code)}</>;
}
