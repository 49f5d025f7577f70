import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deploymentSchema, type Deployment } from '@pricewatch/shared/contract';
import type { Config } from '../../config';

/**
 * The country deployment the host reads at start: server/deployments/{country}.json, then the
 * environment on top (OLD_SITE_URL, API_SERVERS, REMOTES_DISABLED, REMOTE_TIMEOUT_MS; README
 * "Deployments"). Read and validated once at start, so a broken file stops the server instead of
 * breaking every browser.
 */
export function loadDeployment(config: Config, deploymentsDir: string): Deployment {
  const file = path.join(deploymentsDir, `${config.country}.json`);
  const base = deploymentSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const remotes = Object.fromEntries(Object.entries(base.remotes).filter(([name]) => !config.remotesDisabled.includes(name)));
  const remoteTimeoutMs = config.remoteTimeoutMs ?? base.remoteTimeoutMs;
  return deploymentSchema.parse({
    ...base,
    oldSiteUrl: config.oldSiteUrl ?? base.oldSiteUrl,
    apiServers: config.apiServers ?? base.apiServers,
    remotes,
    ...(remoteTimeoutMs === undefined ? {} : { remoteTimeoutMs }),
  });
}
