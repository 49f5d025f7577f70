import type { User } from '@pricewatch/shared/contract';
import { isHunterLimit, isNetworkAdmin, isNetworkUser } from '@pricewatch/shared/permissions';

/**
 * The provider's admins manage every network's users (server: src/access/predicates.ts providerAdmin):
 * an admin of the provider's network or an operator admin; never a guest or a hunter-limit user.
 */
export function isProviderAdmin(user: User | null | undefined): boolean {
  if (!user) return false;
  return ((user.isAdmin && !isNetworkUser(user)) || user.isOperatorAdmin) && !user.isGuest && !isHunterLimit(user);
}

export function canManageUsers(user: User | null | undefined): boolean {
  return isProviderAdmin(user) || isNetworkAdmin(user);
}
