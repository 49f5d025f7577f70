import type { User } from '../contract/user';
import { menuVisibility, type MenuVisibility } from './menu-visibility';
import { mayUseExports } from './exports';
import { hasAccess, isNetworkAdmin, isProviderAdmin } from './roles';

/** The screens behind the menu's items (MENU_ROUTES), by the same keys. */
export type ScreenAccess = MenuVisibility;

/**
 * Which of the menu's screens the user may use at all (issue 13): the rule the server applies to the
 * screen's routes (server/src/access/route-rules.ts builds them from the same functions), so a screen
 * opened by its address either works or says once that it is not for this user. The menu offers a part
 * of it (menuVisibility): parsers are not offered to the provider's own users, users' management not
 * to provider admins, and unloading prices not to Atb- and Metro-type chains (spec §6's menu), although
 * they may use those screens (Atb and Metro: their own export types, mayUseExports).
 */
export function screenAccess(user: User | null | undefined, country: string): ScreenAccess {
  const menu = menuVisibility(user, country);
  return {
    reportAnalytics: mayUseExports(user),
    promoAnalysis: menu.promoAnalysis,
    leaflets: menu.leaflets,
    analytics: menu.analytics,
    alarms: menu.alarms,
    parsers: hasAccess(user, 'parser'),
    networkUsers: isNetworkAdmin(user) || isProviderAdmin(user),
  };
}
