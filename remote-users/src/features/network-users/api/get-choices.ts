import { apiGet, cached } from '@pricewatch/shared/api';
import { availableShopsResponseSchema, networksResponseSchema, type AvailableShop, type NetworkSummary } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/api';

/** The networks the caller sees (GET /shops/networks): what allowed networks may be chosen from. */
export const getNetworks = (): Promise<NetworkSummary[]> =>
  cached('users:networks', async () => networksResponseSchema.parse(await apiGet('/shops/networks')).data);

/** The shops the caller sees (GET /utils/available-shops): what the stores map may hold. */
export const getAvailableShops = (): Promise<AvailableShop[]> =>
  cached('users:available-shops', async () => availableShopsResponseSchema.parse(await apiGet('/utils/available-shops')).data);

export function useChoices(open: boolean) {
  return useApi(open ? 'choices' : null, async () => {
    const [networks, shops] = await Promise.all([getNetworks(), getAvailableShops()]);
    return { networks, shops };
  });
}
