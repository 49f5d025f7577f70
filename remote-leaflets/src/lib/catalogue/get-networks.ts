// Catalogue data the leaflet list, the leaflet view and the promo analysis all need.
import { apiGet, cached } from '@pricewatch/shared/api';
import type { NetworkSummary, Ok } from '@pricewatch/shared/contract';

/** GET /shops/networks: the visible networks (cached for the session). */
export const getNetworks = () => cached('leaflets:networks', async () => (await apiGet<Ok<NetworkSummary[]>>('/shops/networks')).data);
