import { useApi } from '@pricewatch/shared/query';
import { fetchCatalogue } from '@pricewatch/shared/query';

// The networks the caller sees (GET /shops/networks): what allowed networks may be chosen from; the
// shops they see (GET /utils/available-shops, loaded at login): what the stores map may hold. Both
// are the session's shared catalogue entries.
const getNetworks = () => fetchCatalogue('networks');
const getAvailableShops = () => fetchCatalogue('availableShops');

export function useChoices(open: boolean) {
  return useApi(open ? 'choices' : null, async () => {
    const [networks, shops] = await Promise.all([getNetworks(), getAvailableShops()]);
    return { networks, shops };
  });
}
