import path from 'node:path';
import { z } from 'zod';
import { COUNTRIES, REMOTE_NAMES, usernameSchema, type RemoteName } from '@pricewatch/shared/contract';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './db/client';

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

const remoteDirVariable = (name: RemoteName) => `REMOTE_DIR_${name.toUpperCase() as Uppercase<RemoteName>}` as const;

/** Empty strings count as unset, so `FOO= npm start` falls back to the default. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535)),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(z.string().min(1)),
  DATABASE_READ_URL: optional(list.pipe(z.array(z.string().regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')))),
  DATABASE_SCHEMA: optional(z.string().regex(/^[a-z_][a-z0-9_]*$/)),
  COUNTRY: optional(z.enum(COUNTRIES)),
  DEMO: optional(flag),
  DEMO_PRODUCTS: optional(z.coerce.number().int().min(0).max(1_000_000)),
  DEMO_LEAFLETS: optional(flag),
  // The same rules as a user made in the app (ASCII only: no look-alike admin).
  ADMIN_USERNAME: optional(usernameSchema),
  ADMIN_PASSWORD: optional(z.string().min(8)),
  OLD_SITE_URL: optional(z.string()),
  API_SERVERS: optional(list),
  REMOTES_DISABLED: optional(list.pipe(z.array(z.enum(REMOTE_NAMES)))),
  REMOTE_TIMEOUT_MS: optional(z.coerce.number().int().positive()),
  // REMOTE_DIR_EXPORTS … REMOTE_DIR_USERS: serve a remote from another folder (README "Releasing a remote").
  ...(Object.fromEntries(REMOTE_NAMES.map((name) => [remoteDirVariable(name), optional(z.string().min(1))])) as Record<
    `REMOTE_DIR_${Uppercase<RemoteName>}`,
    ReturnType<typeof optional<z.ZodString>>
  >),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  TRUST_PROXY: optional(flag),
  SESSION_IDLE_DAYS: optional(z.coerce.number().positive()),
  SESSION_CACHE_MS: optional(z.coerce.number().int().min(0)),
  PARSERS_WORKER: optional(flag),
  DEMO_SHOPS: optional(flag),
  DEMO_SHOPS_PORT: optional(z.coerce.number().int().min(0).max(65000)),
  JOB_WORKERS: optional(flag),
  DB_ACQUIRE_TIMEOUT_MS: optional(z.coerce.number().int().positive()),
  DB_STATEMENT_TIMEOUT_MS: optional(z.coerce.number().int().positive()),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: optional(z.coerce.number().int().positive()),
  DB_CONCURRENCY: optional(z.coerce.number().int().positive()),
  MAX_PENDING_DB_REQUESTS: optional(z.coerce.number().int().min(0)),
  DB_QUEUE_TIMEOUT_MS: optional(z.coerce.number().int().positive()),
  PRICE_GUARD_SHARE: optional(z.coerce.number().positive().max(100)),
  SMTP_URL: optional(z.string()),
  SMTP_FROM: optional(z.string()),
  // Tuning aid for leaflet recognition: a folder each price region's crop is written to (docs/server.md).
  OCR_DUMP_CROPS: optional(z.string().min(1)),
  CHROMIUM_PATH: optional(z.string().min(1)),
});

export type Config = {
  port: number;
  host: string;
  /** PGlite directory, already resolved against the working directory; `memory://` keeps it in memory. */
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL replicas for read-only requests (DATABASE_READ_URL, db/read-replicas.ts); empty = none. */
  databaseReadUrls: string[];
  /** Postgres schema holding every table (tests give each file its own); null = the default search_path. */
  databaseSchema: string | null;
  country: (typeof COUNTRIES)[number];
  demo: boolean;
  /** Products of the demo catalogue (docs/catalogue.md); 0 = no catalogue. */
  demoProducts: number;
  /** Demo leaflets with rendered page pictures (DEMO_LEAFLETS, default on with DEMO). */
  demoLeaflets: boolean;
  admin: { username: string; password: string } | null;
  oldSiteUrl: string | null;
  apiServers: string[] | null;
  remotesDisabled: string[];
  /** Folders serving remotes instead of remote-{name}/dist, already resolved against the working directory. */
  remoteDirs: Partial<Record<RemoteName, string>>;
  /** Overrides the deployment's remoteTimeoutMs; null = the deployment file's (or the host's default). */
  remoteTimeoutMs: number | null;
  logLevel: string;
  trustProxy: boolean;
  /** A session unused for this long stops working. */
  sessionIdleDays: number;
  /** How long this process answers a session from memory (areas/auth/session-cache.ts); 0 = never. */
  sessionCacheMs: number;
  /** Run background-job handlers in this process (docs/jobs.md); false = queue and schedule only. */
  jobWorkers: boolean;
  /** This process runs scheduled and forced parser runs (docs/parsers.md); off by default under jest. */
  parsersWorker: boolean;
  /** Demo mode starts the loopback demo shops (default: with the parser worker). */
  demoShops: boolean;
  /** First port of the demo shops (one per shop); 0 = any free ports. */
  demoShopsPort: number;
  /** PostgreSQL: pool acquire, statement and idle-in-transaction timeouts (db/client.ts). */
  databaseTimeouts: DatabaseTimeouts;
  /** Admission queue of database-bound requests (src/plugins/overload.ts, docs/overload.md). */
  overload: {
    /** Requests running at once; null = the backend's default (PGlite 1, PostgreSQL 10 = the pool's size). */
    concurrency: number | null;
    /** Requests waiting at most; past that 503 at once. */
    maxPending: number;
    /** A request waiting this long gets 503. */
    maxWaitMs: number;
  };
  /** A parser price moving more than this share from its reference is held as suspicious (docs/parsers.md "Sanity guard"). */
  priceGuardShare: number;
  /** Alarm e-mails (SMTP_URL, SMTP_FROM; docs/alarms.md "Notifications"); null = alarms are only shown in the app. */
  smtp: { url: string; from: string } | null;
  /** NODE_ENV=test (jest): a route without an access rule stops the start (src/access/plugin.ts). */
  strictAccess: boolean;
  /** OCR_DUMP_CROPS: recognition writes each price region's crop here (tuning only); null = never. */
  ocrDumpCropsDir: string | null;
  /** The Chromium that browser fetch and the try's pictures start (docs/parsers.md "Browser fetch"). */
  chromiumPath: string;
};

/** Debian's Chromium: no browser is ever downloaded (README "The two commands"). */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export class ConfigError extends Error {}

/** Reads the environment (docs/conventions.md "Environment"); throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid environment: ${names}`);
  }
  const e = parsed.data;
  // Replicas of PGlite cannot exist: say so rather than ignore the setting.
  if (e.DATABASE_READ_URL?.length && !e.DATABASE_URL) throw new ConfigError('invalid environment: DATABASE_READ_URL: needs DATABASE_URL (the primary)');
  const dataDir = e.DATA_DIR ?? './data';
  return {
    port: e.PORT ?? 8080,
    host: e.HOST ?? '0.0.0.0',
    dataDir: dataDir.startsWith('memory://') ? dataDir : path.resolve(cwd, dataDir),
    databaseUrl: e.DATABASE_URL ?? null,
    databaseReadUrls: e.DATABASE_READ_URL ?? [],
    databaseSchema: e.DATABASE_SCHEMA ?? null,
    country: e.COUNTRY ?? 'cz',
    demo: e.DEMO ?? false,
    demoProducts: e.DEMO_PRODUCTS ?? 3000,
    demoLeaflets: e.DEMO_LEAFLETS ?? true,
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : null,
    oldSiteUrl: e.OLD_SITE_URL ?? null,
    apiServers: e.API_SERVERS?.length ? e.API_SERVERS : null,
    remotesDisabled: e.REMOTES_DISABLED ?? [],
    remoteDirs: Object.fromEntries(
      REMOTE_NAMES.flatMap((name) => {
        const dir = e[remoteDirVariable(name)];
        return dir ? [[name, path.resolve(cwd, dir)]] : [];
      }),
    ),
    remoteTimeoutMs: e.REMOTE_TIMEOUT_MS ?? null,
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy: e.TRUST_PROXY ?? false,
    sessionIdleDays: e.SESSION_IDLE_DAYS ?? 30,
    sessionCacheMs: e.SESSION_CACHE_MS ?? 1000,
    parsersWorker: e.PARSERS_WORKER ?? !process.env.JEST_WORKER_ID,
    demoShops: e.DEMO_SHOPS ?? e.PARSERS_WORKER ?? !process.env.JEST_WORKER_ID,
    demoShopsPort: e.DEMO_SHOPS_PORT ?? 0,
    jobWorkers: e.JOB_WORKERS ?? true,
    databaseTimeouts: {
      acquireMs: e.DB_ACQUIRE_TIMEOUT_MS ?? DEFAULT_DATABASE_TIMEOUTS.acquireMs,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS ?? DEFAULT_DATABASE_TIMEOUTS.statementMs,
      idleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS ?? DEFAULT_DATABASE_TIMEOUTS.idleInTransactionMs,
    },
    overload: {
      concurrency: e.DB_CONCURRENCY ?? null,
      maxPending: e.MAX_PENDING_DB_REQUESTS ?? 500,
      maxWaitMs: e.DB_QUEUE_TIMEOUT_MS ?? 2000,
    },
    priceGuardShare: e.PRICE_GUARD_SHARE ?? 0.5,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM || 'Pricewatch <alarms@pricewatch.local>' } : null,
    // Read from the process as JEST_WORKER_ID above: tests pass their own variables, not the runner's.
    strictAccess: process.env.NODE_ENV === 'test',
    ocrDumpCropsDir: e.OCR_DUMP_CROPS ? path.resolve(cwd, e.OCR_DUMP_CROPS) : null,
    chromiumPath: e.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH,
  };
}
