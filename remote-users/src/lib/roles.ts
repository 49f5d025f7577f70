import type { User } from '@pricewatch/shared/contract';
import { isNetworkAdmin, isProviderAdmin } from '@pricewatch/shared/permissions';

/** The provider's admins manage every network's users (server: src/access/predicates.ts providerAdmin). */
export { isProviderAdmin };

export function canManageUsers(user: User | null | undefined): boolean {
  return isProviderAdmin(user) || isNetworkAdmin(user);
}
