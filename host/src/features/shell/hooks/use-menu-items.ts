import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import { getDeployment } from '@pricewatch/shared/deployment';
import { HOME_ROUTE, MENU_ROUTES, menuVisibility, type MenuVisibility } from '@pricewatch/shared/permissions';
import { isRemoteEnabled, remoteOfPath } from '../../../lib/routes';

export type MenuItem = { key: keyof MenuVisibility | 'home'; path: string; labelKey: string };

/**
 * The menu's page items: Home for everyone (issue 18, the host's own page), then spec order (unloading
 * prices, promo analysis, analytics, alarms, parsers, users): shown when the user's rights allow it
 * (spec §6) and the deployment runs its remote.
 */
export function useMenuItems(): MenuItem[] {
  const user = useAuthStore(selectUser);
  const { country, remotes } = getDeployment();
  const visible = menuVisibility(user, country);
  const items: MenuItem[] = MENU_ROUTES.filter(([key, path]) => {
    const remote = remoteOfPath(path);
    return visible[key] && (!remote || isRemoteEnabled(remotes, remote));
  }).map(([key, path]) => ({ key, path, labelKey: `menu.${key}` }));
  return [{ key: 'home', path: HOME_ROUTE, labelKey: 'menu.home' }, ...items];
}

/** Spec §2: "The active item is highlighted by the first path segment." */
export function isActiveItem(pathname: string, itemPath: string): boolean {
  return pathname.split('/')[1] === itemPath.split('/')[1];
}
