import { exportDetailsSchema, type ExportDetails, type User } from '@pricewatch/shared/contract';
import type { networks, users } from '../db/schema';

type UserRow = typeof users.$inferSelect;
type NetworkRow = typeof networks.$inferSelect;

/** Who is calling: set on request.user by the auth guard for every protected route. */
export type AuthUser = {
  id: string;
  /** The user as the front end knows it (spec §3); what /auth/login and /auth/check answer. */
  profile: User;
  networkId: number | null;
  networkCode: string | null;
  /** The provider's own staff, or a user without a network: sees everything (spec §6). */
  isProvider: boolean;
  /** The network's export details with defaults filled in. */
  exportDetails: ExportDetails;
};

/**
 * The rights a user works with: the network's export details, overridden field by field by the user's
 * own (users.export_details; null = inherit). The one merge every permission check and /auth/* see.
 */
export function effectiveExportDetails(user: Pick<UserRow, 'exportDetails'>, network: NetworkRow | null): ExportDetails {
  return exportDetailsSchema.parse({ ...(network?.exportDetails ?? {}), ...(user.exportDetails ?? {}) });
}

export function toAuthUser(user: UserRow, network: NetworkRow | null): AuthUser {
  const exportDetails = effectiveExportDetails(user, network);
  return {
    id: user.id,
    networkId: network?.id ?? null,
    networkCode: network?.code ?? null,
    isProvider: !network || network.isProduct,
    exportDetails,
    profile: {
      _id: user.id,
      username: user.username,
      name: user.name,
      roles: user.roles,
      isAdmin: user.isAdmin,
      isGuest: user.isGuest,
      isOperatorAdmin: user.isOperatorAdmin,
      isNetworkAdmin: user.roles.includes('network-admin'),
      isMetro: user.isMetro,
      isAshan: user.isAshan,
      network: network
        ? {
            _id: String(network.id),
            name: network.name,
            code: network.code,
            product: network.isProduct,
            leaflet: network.leaflet,
            exportDetails,
          }
        : null,
    },
  };
}
