import { useCatalogue } from '@pricewatch/shared/query';

/** GET /shops/networks — the visible retail chains; one session entry shared by every remote (spec §3). */
export const useNetworks = () => useCatalogue('networks');
