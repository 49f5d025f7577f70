import type { User } from '../contract/user';
import { hasAccess, hasLeafletAccess, isAdminLike, isAshanUser, isHunterLimit, isNetworkAdmin, isProductUser } from './roles';

export type MenuVisibility = {
  reportAnalytics: boolean;
  promoAnalysis: boolean;
  leaflets: boolean;
  analytics: boolean;
  alarms: boolean;
  parsers: boolean;
  networkUsers: boolean;
};

/** Side-menu order (spec §2 Shell) with each item's route; start-up navigation falls back along it. */
export const MENU_ROUTES: ReadonlyArray<readonly [keyof MenuVisibility, string]> = [
  ['reportAnalytics', '/report-analytics'],
  ['promoAnalysis', '/promo-analysis'],
  ['leaflets', '/leaflet'],
  ['analytics', '/analytics'],
  ['alarms', '/alarms'],
  ['parsers', '/parsers'],
  ['networkUsers', '/network-users'],
];

/**
 * The menu routes a start page may be: all but the leaflet screen, which has no side menu and header
 * (spec §2) and whose own "back to the app" link leads to the start page.
 */
export const START_ROUTES = MENU_ROUTES.filter(([item]) => item !== 'leaflets');

/**
 * Spec §6 "Unloading prices, analytics, alarms: admin or ashan, and not the hunter-limit role" (guests
 * count as admin). The menu's rule, and the server's alarms service asks it too.
 */
export function seesUnloadingMenu(user: User | null | undefined): boolean {
  return (isAdminLike(user) || isAshanUser(user)) && !isHunterLimit(user);
}

/**
 * Spec §6 "Menu visibility":
 * - "Unloading prices, analytics, alarms: admin or ashan, and not the hunter-limit role." (admin
 *   includes guests: "Guest users count as admin for some visibility checks".)
 * - "Promo analysis: needs access to leaflet, not shown in the Czech variant, hidden for hunter-limit."
 * - "Parsers: shown when the user is not an {product} user (operator admin counts as {product})." —
 *   and has the parser access area (§6: network users reach only the areas of exportDetails.access), so
 *   the menu never offers a screen the server refuses (issue 13).
 * - "Users: network admin only."
 * - Leaflets (the /leaflet list, issue 18): everyone who may read leaflets — leaflet access and not
 *   hunter-limit, the server's rule for the leaflet routes — in every country. The spec's menu has no
 *   such item and reaches leaflets through promo analysis, which the Czech variant hides; without the
 *   item the Czech deployment would have no way to its leaflets.
 * The old-design link, video instructions and logout are always shown and are not listed here.
 */
export function menuVisibility(user: User | null | undefined, country: string): MenuVisibility {
  if (!user) {
    return {
      reportAnalytics: false,
      promoAnalysis: false,
      leaflets: false,
      analytics: false,
      alarms: false,
      parsers: false,
      networkUsers: false,
    };
  }
  const hunterLimit = isHunterLimit(user);
  const unloading = seesUnloadingMenu(user);
  return {
    reportAnalytics: unloading,
    promoAnalysis: hasLeafletAccess(user) && country !== 'cz' && !hunterLimit,
    leaflets: hasLeafletAccess(user) && !hunterLimit,
    analytics: unloading,
    alarms: unloading,
    parsers: !isProductUser(user) && hasAccess(user, 'parser'),
    networkUsers: isNetworkAdmin(user),
  };
}
