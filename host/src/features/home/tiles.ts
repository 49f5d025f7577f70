import type { RemoteName, User } from '@pricewatch/shared/contract';
import { screenAccess, type ScreenAccess } from '@pricewatch/shared/permissions';
import { isRemoteEnabled } from '../../lib/routes';

/** The server's tile calls: GET /home/{id} (server/src/areas/home, docs/home.md). */
export type TileId = 'price-index' | 'price-changes' | 'alarms' | 'exports' | 'parsers' | 'suspicious';

export type TileDef = {
  id: TileId;
  /** The screen the tile summarises: its right decides whether the tile is shown (the server's rule for the tile). */
  screen: keyof ScreenAccess;
  /** The remote that draws that screen: a tile of a disabled remote would link nowhere. */
  remote: RemoteName;
  /** Where the tile's title leads. */
  path: string;
};

/** In page order: the analytics users' tiles first, then the parsers'. */
export const HOME_TILES: readonly TileDef[] = [
  { id: 'price-index', screen: 'analytics', remote: 'exports', path: '/analytics' },
  { id: 'price-changes', screen: 'analytics', remote: 'exports', path: '/product' },
  { id: 'alarms', screen: 'alarms', remote: 'alarms', path: '/alarms' },
  { id: 'exports', screen: 'reportAnalytics', remote: 'exports', path: '/report-analytics' },
  { id: 'parsers', screen: 'parsers', remote: 'parsers', path: '/parsers' },
  { id: 'suspicious', screen: 'parsers', remote: 'parsers', path: '/parsers' },
];

/** The tiles this user gets in this deployment: those of screens the user may use, whose remote is enabled. */
export function visibleTiles(user: User | null | undefined, deployment: { country: string; remotes: Record<string, string> }): TileDef[] {
  const access = screenAccess(user, deployment.country);
  return HOME_TILES.filter((t) => access[t.screen] && isRemoteEnabled(deployment.remotes, t.remote));
}
