import type { AvailableShop } from '@pricewatch/shared/contract';
import type { AuthUser } from '../../core/session-user';
import { visibleNetworkCodes } from '../../core/shop-visibility';
import type { UtilsQueries } from './queries';

export function createUtilsService(queries: UtilsQueries) {
  return {
    cityCodes: () => queries.cityCodes(),

    /**
     * The provider's staff see every shop. A client network sees its own shops plus those of the
     * networks its export details allow (allowedNetworks by code, or all with allNetworks).
     */
    availableShops(user: AuthUser): Promise<AvailableShop[]> {
      return queries.shops(visibleNetworkCodes(user));
    },
  };
}
