import type { AccessArea, ExportDetails, Network, User } from '../contract/user';

// Every rule accepts a missing user (not logged in, or data not restored yet) and then grants nothing.
type MaybeUser = User | null | undefined;

/** Spec §3: "With no network, a default network with {product} true is assumed." */
const DEFAULT_NETWORK: Network = { product: true };

function networkOf(user: User): Network {
  return user.network ?? DEFAULT_NETWORK;
}

function exportDetailsOf(user: User): Partial<ExportDetails> {
  return networkOf(user).exportDetails ?? {};
}

/**
 * Spec §6: "A network user is anyone whose network is not the provider's own ({product} flag)" and,
 * for parsers, "operator admin counts as {product}". So: no network, network.product true, or an
 * operator admin.
 */
export function isProductUser(user: MaybeUser): boolean {
  if (!user) return false;
  return networkOf(user).product === true || user.isOperatorAdmin;
}

/**
 * Spec §6: "A network user is anyone whose network is not the provider's own ({product} flag)."
 * Judged by the network alone: a user with a network that lacks product: true.
 */
export function isNetworkUser(user: MaybeUser): boolean {
  return !!user?.network && user.network.product !== true;
}

/**
 * Spec §6: "A network admin is a network user with the network-admin role." The server's
 * isNetworkAdmin flag mirrors the role; either one counts.
 */
export function isNetworkAdmin(user: MaybeUser): boolean {
  return isNetworkUser(user) && (user!.roles.includes('network-admin') || user!.isNetworkAdmin);
}

/**
 * Spec §6: "The provider's own users, or users without a network, have access to everything. Other
 * network users have access only to the areas in network.exportDetails.access (parser, manual,
 * retail)"; spec §3: access defaults to parser, manual, retail.
 */
export function hasAccess(user: MaybeUser, area: AccessArea): boolean {
  if (!user) return false;
  if (isProductUser(user)) return true;
  const access = exportDetailsOf(user).access ?? ['parser', 'manual', 'retail'];
  return access.includes(area);
}

/**
 * Spec §6 "Promo analysis: needs access to leaflet": the provider's own users always have it; a
 * network user when the network subscribes to leaflets (network.leaflet true).
 */
export function hasLeafletAccess(user: MaybeUser): boolean {
  if (!user) return false;
  return isProductUser(user) || networkOf(user).leaflet === true;
}

/**
 * Writing a leaflet (create, change, delete, its pages, prices and recognition) of network `network`:
 * the provider's staff any; a network user only their own network's, with leaflet access — seeing a
 * chain through allowedNetworks is not owning its leaflets (issue 13). Guests and hunter-limit never.
 */
export function mayWriteLeaflet(user: MaybeUser, network: string | null | undefined): boolean {
  if (!user || user.isGuest || isHunterLimit(user) || !hasLeafletAccess(user)) return false;
  return !isNetworkUser(user) || (!!network && user.network!.code === network);
}

/**
 * Creating, editing and deleting parser definitions (server/docs/parsers.md "Editing parsers"): the
 * provider's staff with the parser area, any network's; a network user with parser access only their own
 * network's (`network` omitted: some network's, e.g. "New parser"). Never guests. The server asks the same.
 */
export function mayEditParsers(user: MaybeUser, network?: string | null): boolean {
  if (!user || user.isGuest || !hasAccess(user, 'parser')) return false;
  return !isNetworkUser(user) || network === undefined || (!!network && user.network!.code === network);
}

/** Spec §6: "Custom markets apply only to network users with the customMarkets flag." */
export function hasCustomMarkets(user: MaybeUser): boolean {
  return isNetworkUser(user) && exportDetailsOf(user!).customMarkets === true;
}

/**
 * Spec §6: "a switcher exists with customMarketsSwitcher" — a switch between custom and all markets,
 * so it only exists where custom markets apply at all.
 */
export function hasCustomMarketsSwitcher(user: MaybeUser): boolean {
  return hasCustomMarkets(user) && exportDetailsOf(user!).customMarketsSwitcher === true;
}

/** Spec §6: "Custom shops exist when ashanShops is non-empty." */
export function hasCustomShops(user: MaybeUser): boolean {
  if (!user) return false;
  return (exportDetailsOf(user).ashanShops ?? []).length > 0;
}

/** Spec §3: roles "includes a role named hunter-limit" — it hides the analytics sections (§6). */
export function isHunterLimit(user: MaybeUser): boolean {
  return !!user?.roles.includes('hunter-limit');
}

/**
 * Spec §6: "Guest users count as admin for some visibility checks, but the admin and operator-admin
 * flags are false for a guest."
 */
export function isAdminLike(user: MaybeUser): boolean {
  return !!user && (user.isAdmin || user.isGuest);
}

/**
 * The provider's admins: an admin of the provider's own network (or of none), or an operator admin.
 * Guests are not admins (spec §6: their admin flags are false); hunter-limit users are price hunters,
 * not administrators. They manage every network's users (server/docs/access.md).
 */
export function isProviderAdmin(user: MaybeUser): boolean {
  if (!user) return false;
  return ((user.isAdmin && !isNetworkUser(user)) || user.isOperatorAdmin) && !user.isGuest && !isHunterLimit(user);
}

/**
 * Who manages network users (server/docs/access.md): the provider's admins every network's, a network
 * admin their own network's. The server's route rules and the users screen both ask this.
 */
export function mayManageUsers(user: MaybeUser): boolean {
  return isProviderAdmin(user) || isNetworkAdmin(user);
}

/** Spec §6: "A real admin is one whose name is Admin." */
export function isRealAdmin(user: MaybeUser): boolean {
  return user?.name === 'Admin';
}

/**
 * Spec §6 "Ashan, Atb and Metro flags change start-up navigation and export types": the flag lives
 * on the user (isAshan) or on the network (exportDetails.isAshan).
 */
export function isAshanUser(user: MaybeUser): boolean {
  return !!user && (user.isAshan || exportDetailsOf(user).isAshan === true);
}

/** As isAshanUser, for the Metro flag (user.isMetro or exportDetails.isMetro). */
export function isMetroUser(user: MaybeUser): boolean {
  return !!user && (user.isMetro || exportDetailsOf(user).isMetro === true);
}

/** The Atb flag of the network (exportDetails.isAtb); it picks the Atb export type. */
export function isAtbUser(user: MaybeUser): boolean {
  return !!user && exportDetailsOf(user).isAtb === true;
}
