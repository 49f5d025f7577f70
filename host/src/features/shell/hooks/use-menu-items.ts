import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import { getDeployment } from '@pricewatch/shared/deployment';
import { MENU_ROUTES, menuVisibility, type MenuVisibility } from '@pricewatch/shared/permissions';
import { isRemoteEnabled, remoteOfPath } from '../../../lib/routes';

export type MenuItem = { key: keyof MenuVisibility; path: string; labelKey: string };

/**
 * The menu's page items in spec order (unloading prices, promo analysis, analytics, alarms, parsers,
 * users): shown when the user's rights allow it (spec §6) and the deployment runs its remote.
 */
export function useMenuItems(): MenuItem[] {
  const user = useAuthStore(selectUser);
  const { country, remotes } = getDeployment();
  const visible = menuVisibility(user, country);
  return MENU_ROUTES.filter(([key, path]) => {
    const remote = remoteOfPath(path);
    return visible[key] && (!remote || isRemoteEnabled(remotes, remote));
  }).map(([key, path]) => ({ key, path, labelKey: `menu.${key}` }));
}

/** Spec §2: "The active item is highlighted by the first path segment." */
export function isActiveItem(pathname: string, itemPath: string): boolean {
  return pathname.split('/')[1] === itemPath.split('/')[1];
}
