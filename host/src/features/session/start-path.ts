import type { Deployment } from '@pricewatch/shared/deployment';
import { HOME_ROUTE, START_ROUTES, menuVisibility } from '@pricewatch/shared/permissions';
import type { User } from '@pricewatch/shared/contract';
import { isRemoteEnabled, remoteOfPath } from '../../lib/routes';

/**
 * startupTarget knows the user's rights, not which remotes this deployment runs. A start page whose
 * remote is disabled would bounce to /login; the first visible menu page that exists is used instead,
 * else the home page.
 */
export function enabledStartPath(path: string, user: User, deployment: Deployment): string {
  const exists = (p: string) => {
    const remote = remoteOfPath(p);
    return !remote || isRemoteEnabled(deployment.remotes, remote);
  };
  if (exists(path)) return path;
  const visible = menuVisibility(user, deployment.country);
  const fallback = START_ROUTES.find(([item, route]) => visible[item] && exists(route));
  // The host's own home page always exists (issue 18).
  return fallback ? fallback[1] : HOME_ROUTE;
}
