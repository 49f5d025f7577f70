import { z } from 'zod';

export const COUNTRIES = ['ua', 'ge', 'cz', 'pl'] as const;
export type Country = (typeof COUNTRIES)[number];
export const LANGUAGES = ['en', 'ru', 'ua', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];

export const REMOTE_NAMES = ['exports', 'leaflets', 'alarms', 'parsers', 'users'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * A country deployment, served by the server at GET /deployment.json and read by the host at start.
 * remotes maps each enabled remote to the address of its mf-manifest.json (absent = disabled).
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
});
export type Deployment = z.infer<typeof deploymentSchema>;
