import type { RemoteName } from '@pricewatch/shared/contract';
import type { ScreenAccess } from '@pricewatch/shared/permissions';

// The one list of remotes is the contract's REMOTE_NAMES (docs/conventions.md).
export type { RemoteName };

export type RemoteRoute = {
  path: string;
  remote: RemoteName;
  module: string;
  /** false: rendered without side menu and header (spec §2: leaflet). */
  shell: boolean;
  /** The screenAccess right the route needs; without it the route says so instead (ScreenGuard). */
  access?: keyof ScreenAccess;
};

/** Spec §2 route table → the remote screen each route renders (docs/conventions.md). */
export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  { path: 'report-analytics', remote: 'exports', module: 'ReportAnalytics', shell: true, access: 'reportAnalytics' },
  { path: 'analytics', remote: 'exports', module: 'Analytics', shell: true, access: 'analytics' },
  { path: 'product', remote: 'exports', module: 'ProductList', shell: true },
  { path: 'product/:id', remote: 'exports', module: 'ProductCard', shell: true },
  { path: 'alarms', remote: 'alarms', module: 'Alarms', shell: true, access: 'alarms' },
  { path: 'parsers', remote: 'parsers', module: 'Parsers', shell: true, access: 'parsers' },
  { path: 'promo-analysis', remote: 'leaflets', module: 'PromoAnalysis', shell: true, access: 'promoAnalysis' },
  { path: 'network-users', remote: 'users', module: 'NetworkUsers', shell: true, access: 'networkUsers' },
  // The leaflet screen (no shell) says itself when leaflets are not the user's (leaflet access).
  { path: 'leaflet', remote: 'leaflets', module: 'Leaflet', shell: false },
];

export const federatedName = (remote: RemoteName) => `pricewatch_${remote}`;

/** A remote is enabled when the deployment gives the address of its manifest. */
export function isRemoteEnabled(remotes: Record<string, string>, remote: RemoteName): boolean {
  return typeof remotes[remote] === 'string' && remotes[remote] !== '';
}

/** The remote behind a path such as `/alarms`, `/product/42` or `/leaflet?id=3`, if any. */
export function remoteOfPath(pathname: string): RemoteName | undefined {
  const segment = (pathname.split('/')[1] ?? '').split(/[?#]/)[0];
  return REMOTE_ROUTES.find((r) => r.path.split('/')[0] === segment)?.remote;
}
