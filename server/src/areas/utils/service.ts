import type { AvailableShop } from '@pricewatch/shared/contract';
import type { AuthUser } from '../auth/session-user';
import type { UtilsQueries } from './queries';

export function createUtilsService(queries: UtilsQueries) {
  return {
    cityCodes: () => queries.cityCodes(),

    /**
     * The provider's staff see every shop. A client network sees its own shops plus those of the
     * networks its export details allow (allowedNetworks by code, or all with allNetworks).
     */
    availableShops(user: AuthUser): Promise<AvailableShop[]> {
      if (user.isProvider || user.exportDetails.allNetworks) return queries.shops(null);
      const codes = new Set([...user.exportDetails.allowedNetworks]);
      if (user.networkCode) codes.add(user.networkCode);
      return queries.shops([...codes]);
    },
  };
}
