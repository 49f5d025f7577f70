import type { Deployment } from '../contract/deployment';
import { peekDeployment } from './deployment-config';

let picked: { deployment: Deployment; base: string } | undefined;

/**
 * Spec §7: "The server base is chosen at random from a configured list." Trailing slashes are dropped
 * so the base joins cleanly with the spec's paths; '' means the page's own origin.
 */
export function pickApiBase(servers: readonly string[], random: () => number = Math.random): string {
  if (servers.length === 0) return '';
  const index = Math.min(servers.length - 1, Math.floor(random() * servers.length));
  return servers[index]!.trim().replace(/\/+$/, '');
}

/**
 * The API base for this session: picked once from the deployment's apiServers and then kept, so a
 * session talks to one server. '' (same origin) until a deployment is loaded; a new deployment
 * (setDeployment) gets a new pick.
 */
export function getApiBase(): string {
  const deployment = peekDeployment();
  if (!deployment) return '';
  if (picked?.deployment !== deployment) picked = { deployment, base: pickApiBase(deployment.apiServers) };
  return picked.base;
}
