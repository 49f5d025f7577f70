/** The remotes a deployment may enable (docs/conventions.md); federated name `pricewatch_<remote>`. */
export type RemoteName = 'exports' | 'leaflets' | 'alarms' | 'parsers' | 'users';

export type RemoteRoute = {
  path: string;
  remote: RemoteName;
  module: string;
  /** false: rendered without side menu and header (spec §2: leaflet). */
  shell: boolean;
};

/** Spec §2 route table → the remote screen each route renders (docs/conventions.md). */
export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  { path: 'report-analytics', remote: 'exports', module: 'ReportAnalytics', shell: true },
  { path: 'analytics', remote: 'exports', module: 'Analytics', shell: true },
  { path: 'product', remote: 'exports', module: 'ProductList', shell: true },
  { path: 'product/:id', remote: 'exports', module: 'ProductCard', shell: true },
  { path: 'alarms', remote: 'alarms', module: 'Alarms', shell: true },
  { path: 'parsers', remote: 'parsers', module: 'Parsers', shell: true },
  { path: 'promo-analysis', remote: 'leaflets', module: 'PromoAnalysis', shell: true },
  { path: 'network-users', remote: 'users', module: 'NetworkUsers', shell: true },
  { path: 'leaflet', remote: 'leaflets', module: 'Leaflet', shell: false },
];

export const federatedName = (remote: RemoteName) => `pricewatch_${remote}`;

/** A remote is enabled when the deployment gives the address of its manifest. */
export function isRemoteEnabled(remotes: Record<string, string>, remote: RemoteName): boolean {
  return typeof remotes[remote] === 'string' && remotes[remote] !== '';
}

/** The remote behind a path such as `/alarms` or `/product/42`, if any. */
export function remoteOfPath(pathname: string): RemoteName | undefined {
  const segment = pathname.split('/')[1] ?? '';
  return REMOTE_ROUTES.find((r) => r.path.split('/')[0] === segment)?.remote;
}
