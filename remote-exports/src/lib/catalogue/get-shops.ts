import { useCatalogue } from '@pricewatch/shared/query';

/** GET /shops — every visible shop; one session entry shared by every remote (spec §3). */
export const useShops = () => useCatalogue('shops');
