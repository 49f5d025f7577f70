import type { User } from '../contract/user';
import { START_ROUTES, menuVisibility } from './menu-visibility';
import { isAshanUser, isMetroUser } from './roles';

export type StartupTarget = { kind: 'external'; url: string } | { kind: 'route'; path: string };

export type StartupContext = {
  country: string;
  oldSiteUrl: string | null | undefined;
  /** The path the app was opened at (location.pathname). */
  pathname: string;
  /** The session token, carried to the old design. */
  token: string | null | undefined;
  /** The in-app address (path, query, hash) opened while logged out, to come back to after login. */
  returnTo?: string | null;
};

/**
 * An address of this app to come back to: a path of this origin (not `//host` or `/\host`, which
 * browsers read as another site) and not the login screen itself.
 */
export function isReturnPath(path: string | null | undefined): path is string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  const pathname = path.split(/[?#]/)[0];
  return pathname !== '/login' && pathname !== '/';
}

/** Spec §2 Shell: the old-design link is "an external redirect carrying the auth token". */
export function oldDesignUrl(oldSiteUrl: string, token: string | null | undefined): string {
  const separator = oldSiteUrl.includes('?') ? '&' : '?';
  return `${oldSiteUrl}${separator}token=${encodeURIComponent(token ?? '')}`;
}

/**
 * The host's home page (issue 18, docs/home.md): a menu item for everyone, and the start page of those
 * whose spec menu offers no start route.
 */
export const HOME_ROUTE = '/home';

const isLeafletPath = (path: string) => /^\/leaflet(?:[/?#]|$)/.test(path);

/**
 * Where a logged-in user goes at start-up (spec §2 "Start-up navigation"):
 * 1. "a user flagged Ashan-type and not Metro-type is sent to /report-analytics" (flag on the user or
 *    on network.exportDetails).
 * 2. Design choice: a user opened on /leaflet stays there. The spec exempts leaflet from the admin
 *    redirect, which only makes sense if the shell-less leaflet screen is a deep link that start-up
 *    navigation leaves alone; sending everyone else on to promo-analysis would defeat that.
 * 3. "An admin user not on leaflet has the logged-in flag cleared, the stored token removed, and is
 *    sent to an external redirect address with the token as a query parameter" → { kind: 'external' };
 *    the caller clears the session flag and the stored token. With no oldSiteUrl configured (demo,
 *    OLD_SITE_URL empty) there is nowhere to send the admin, so the admin stays in the app.
 * 4. "Otherwise the Ashan user goes to report-analytics and everyone else to promo-analysis."
 *    Design choice: when promo analysis is not visible to that user (Czech variant, hunter-limit, a
 *    network without leaflets) the first visible menu route in menu order is used instead
 *    (report-analytics, promo-analysis, analytics, alarms, parsers, network-users), else the home page
 *    (issue 18: nobody lands on an empty menu) — a start page the menu hides would be a dead end.
 * 5. Design choice (issue 18): an address opened while logged out (ctx.returnTo) is where the user
 *    comes back to after login, before rules 1 and 4 — a link someone shares has to open. Only the
 *    admin's old-design redirect (rule 3) still comes first, with the leaflet exemption as above.
 * Start pages never include the shell-less leaflet screen (START_ROUTES).
 * Not logged in → /login ("Not logged in, or any call answering 401: go to /login").
 */
export function startupTarget(user: User | null | undefined, ctx: StartupContext): StartupTarget {
  if (!user) return { kind: 'route', path: '/login' };
  const returnTo = isReturnPath(ctx.returnTo) ? ctx.returnTo : null;
  if (returnTo) {
    if (user.isAdmin && ctx.oldSiteUrl && !isLeafletPath(returnTo)) {
      return { kind: 'external', url: oldDesignUrl(ctx.oldSiteUrl, ctx.token) };
    }
    return { kind: 'route', path: returnTo };
  }
  const ashan = isAshanUser(user);
  if (ashan && !isMetroUser(user)) return { kind: 'route', path: '/report-analytics' };
  if (isLeafletPath(ctx.pathname)) return { kind: 'route', path: ctx.pathname };
  if (user.isAdmin && ctx.oldSiteUrl) return { kind: 'external', url: oldDesignUrl(ctx.oldSiteUrl, ctx.token) };
  if (ashan) return { kind: 'route', path: '/report-analytics' };

  const visible = menuVisibility(user, ctx.country);
  if (visible.promoAnalysis) return { kind: 'route', path: '/promo-analysis' };
  const first = START_ROUTES.find(([item]) => visible[item]);
  return { kind: 'route', path: first ? first[1] : HOME_ROUTE };
}
