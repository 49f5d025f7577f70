import path from 'node:path';
import { z } from 'zod';
import { COUNTRIES } from '@pricewatch/shared/contract';

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const list = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** Empty strings count as unset, so `FOO= npm start` falls back to the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535)),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(z.string().min(1)),
  DATABASE_SCHEMA: optional(z.string().regex(/^[a-z_][a-z0-9_]*$/)),
  COUNTRY: optional(z.enum(COUNTRIES)),
  DEMO: optional(flag),
  ADMIN_USERNAME: optional(z.string().trim().min(1)),
  ADMIN_PASSWORD: optional(z.string().min(8)),
  OLD_SITE_URL: optional(z.string()),
  API_SERVERS: optional(list),
  REMOTES_DISABLED: optional(list),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  TRUST_PROXY: optional(flag),
  SESSION_IDLE_DAYS: optional(z.coerce.number().positive()),
});

export type Config = {
  port: number;
  host: string;
  /** PGlite directory, already resolved against the working directory; `memory://` keeps it in memory. */
  dataDir: string;
  databaseUrl: string | null;
  /** Postgres schema holding every table (tests give each file its own); null = the default search_path. */
  databaseSchema: string | null;
  country: (typeof COUNTRIES)[number];
  demo: boolean;
  admin: { username: string; password: string } | null;
  oldSiteUrl: string | null;
  apiServers: string[] | null;
  remotesDisabled: string[];
  logLevel: string;
  trustProxy: boolean;
  /** A session unused for this long stops working. */
  sessionIdleDays: number;
};

export class ConfigError extends Error {}

/** Reads the environment (docs/conventions.md "Environment"); throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid environment: ${names}`);
  }
  const e = parsed.data;
  const dataDir = e.DATA_DIR ?? './data';
  return {
    port: e.PORT ?? 8080,
    host: e.HOST ?? '0.0.0.0',
    dataDir: dataDir.startsWith('memory://') ? dataDir : path.resolve(cwd, dataDir),
    databaseUrl: e.DATABASE_URL ?? null,
    databaseSchema: e.DATABASE_SCHEMA ?? null,
    country: e.COUNTRY ?? 'cz',
    demo: e.DEMO ?? false,
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : null,
    oldSiteUrl: e.OLD_SITE_URL ?? null,
    apiServers: e.API_SERVERS?.length ? e.API_SERVERS : null,
    remotesDisabled: e.REMOTES_DISABLED ?? [],
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy: e.TRUST_PROXY ?? false,
    sessionIdleDays: e.SESSION_IDLE_DAYS ?? 30,
  };
}
