// Catalogue data the leaflet list, the leaflet view and the promo analysis all need.
import { useCatalogue } from '@pricewatch/shared/query';

/** GET /shops/networks: the visible networks, one session entry shared by every remote (spec §3). */
export const useNetworks = (enabled = true) => useCatalogue('networks', enabled);
