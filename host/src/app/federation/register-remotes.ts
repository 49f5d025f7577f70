import { registerRemotes } from '@module-federation/enhanced/runtime';
import { federatedName, isRemoteEnabled, REMOTE_ROUTES, type RemoteName } from '../../lib/routes';

/** Registers every remote the deployment enables; the host's build knows none of them. */
export function registerDeploymentRemotes(remotes: Record<string, string>): RemoteName[] {
  const enabled = [...new Set(REMOTE_ROUTES.map((r) => r.remote))].filter((r) => isRemoteEnabled(remotes, r));
  registerRemotes(enabled.map((remote) => ({ name: federatedName(remote), entry: remotes[remote]! })));
  return enabled;
}
