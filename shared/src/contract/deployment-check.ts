import type { Deployment } from './deployment';
import { COUNTRIES, LANGUAGES } from './protocol';

/**
 * The browser's check of /deployment.json: the same rules as `deploymentSchema` (zod, deployment.ts)
 * in a few lines without zod, because the host reads this file before the login form and zod is not on
 * that path (docs/bytes.md). The server validates its files with the zod schema at start; a server test
 * (deployment.test.ts) keeps the two in agreement.
 */
export function parseDeployment(value: unknown): Deployment {
  const fail = (field: string): never => {
    throw new Error(`invalid deployment: ${field}`);
  };
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail('not an object');
  const d = value as Record<string, unknown>;
  const isString = (v: unknown): v is string => typeof v === 'string';
  const isLanguage = (v: unknown) => (LANGUAGES as readonly unknown[]).includes(v);

  if (!(COUNTRIES as readonly unknown[]).includes(d.country)) fail('country');
  if (!isLanguage(d.defaultLanguage)) fail('defaultLanguage');
  if (!Array.isArray(d.languages) || d.languages.length === 0 || !d.languages.every(isLanguage)) fail('languages');
  if (!isString(d.favicon)) fail('favicon');
  if (d.oldSiteUrl !== null && !isString(d.oldSiteUrl)) fail('oldSiteUrl');
  if (!Array.isArray(d.apiServers) || d.apiServers.length === 0 || !d.apiServers.every(isString)) fail('apiServers');
  const remotes = d.remotes;
  if (!remotes || typeof remotes !== 'object' || Array.isArray(remotes) || !Object.values(remotes).every(isString)) {
    fail('remotes');
  }
  if (!isString(d.timeZone)) fail('timeZone');
  if (d.remoteTimeoutMs !== undefined && !(Number.isInteger(d.remoteTimeoutMs) && (d.remoteTimeoutMs as number) > 0)) {
    fail('remoteTimeoutMs');
  }

  const deployment: Deployment = {
    country: d.country as Deployment['country'],
    defaultLanguage: d.defaultLanguage as Deployment['defaultLanguage'],
    languages: [...(d.languages as Deployment['languages'])],
    favicon: d.favicon as string,
    oldSiteUrl: d.oldSiteUrl as string | null,
    apiServers: [...(d.apiServers as string[])],
    remotes: { ...(remotes as Record<string, string>) },
    timeZone: d.timeZone as string,
  };
  if (d.remoteTimeoutMs !== undefined) deployment.remoteTimeoutMs = d.remoteTimeoutMs as number;
  return deployment;
}
