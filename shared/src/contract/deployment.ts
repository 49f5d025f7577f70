import { z } from 'zod';
import { COUNTRIES, LANGUAGES } from './protocol';

export { COUNTRIES, LANGUAGES, REMOTE_NAMES } from './protocol';
export type { Country, Language, RemoteName } from './protocol';
export { parseDeployment } from './deployment-check';

/**
 * A country deployment, served by the server at GET /deployment.json and read by the host at start
 * (settings: README "Deployments"). remotes maps each enabled remote to the address of its
 * mf-manifest.json (absent = disabled). The browser checks the file with deployment-check.ts
 * (no zod before the login form); keep the two in step.
 */
export const deploymentSchema = z.object({
  country: z.enum(COUNTRIES),
  defaultLanguage: z.enum(LANGUAGES),
  languages: z.array(z.enum(LANGUAGES)).min(1),
  favicon: z.string(),
  oldSiteUrl: z.string().nullable(),
  apiServers: z.array(z.string()).min(1),
  remotes: z.record(z.string(), z.string()),
  timeZone: z.string(),
  /** How long the host waits for a remote's screen before showing its error with Retry (default 15 s). */
  remoteTimeoutMs: z.number().int().positive().optional(),
});
export type Deployment = z.infer<typeof deploymentSchema>;
