import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { assertOutsideTransaction, guardRootHandle } from './tx-guard';
import { RoutingPool } from './read-replicas';

/**
 * The one query interface areas use, whichever backend is underneath: the root handle or a transaction's
 * (drizzle's PgTransaction is a PgDatabase), so code that runs inside its caller's transaction takes a
 * `Db` and is given the `tx` as it is.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction's handle, for code that must run inside one (it may `rollback()`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Raw SQL (bulk `unnest` inserts, trigram search) on either backend: both answer `{ rows }`.
 * `prepared`: on PostgreSQL, outside a transaction, a named statement that each pool connection parses
 * and plans once — for hot read paths whose planning costs more than their run (the product search,
 * docs/overload.md). Only for statements whose text does not embed values: each distinct text stays
 * prepared on every connection.
 */
export async function queryRows<T>(db: Db, query: SQL, opts: { prepared?: boolean } = {}): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (opts.prepared && client instanceof pg.Pool) {
    assertOutsideTransaction('queryRows');
    const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
    const name = `pw_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    return (await client.query<T & pg.QueryResultRow>({ name, text, values: params, types: DRIZZLE_TYPES })).rows;
  }
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

export type DatabaseOptions = {
  /** PGlite directory or `memory://`; used when databaseUrl is null. */
  dataDir: string;
  databaseUrl: string | null;
  /** Put every table (and drizzle's migration journal) in this schema; it is created if missing. */
  schema: string | null;
  /** PostgreSQL only: how long a request may wait for a pool connection, run one statement, or sit idle inside a transaction. */
  timeouts?: DatabaseTimeouts;
  /** PostgreSQL only: replicas that read-only requests use (DATABASE_READ_URL, db/read-replicas.ts). */
  readUrls?: string[];
};

export type DatabaseTimeouts = { acquireMs: number; statementMs: number; idleInTransactionMs: number };

/** A stuck request fails (and frees its connection) instead of holding the pool for ever. */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { acquireMs: 10_000, statementMs: 60_000, idleInTransactionMs: 60_000 };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies server/drizzle migrations that have not run yet. */
  migrate(migrationsFolder: string): Promise<void>;
  /** Runs fn while no other server process runs its own `exclusive` (start-up migrations and seeding). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** With DATABASE_READ_URL: the pool that sends requests' reads to the replicas (db/read-replicas.ts). */
  readRouting: RoutingPool | null;
};

// Any constant shared by all server processes of one deployment (with the schema, `exclusive` below).
const STARTUP_LOCK_KEY = 7_210_431;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.schema, opts.timeouts ?? DEFAULT_DATABASE_TIMEOUTS, opts.readUrls ?? [])
    : openPglite(opts.dataDir);
}

/**
 * Data-directory images (PGlite's dumpDataDir) that an in-memory database starts from, by its `memory://…`
 * dataDir, instead of an empty cluster: test apps start from a migrated, seeded copy this way
 * (server/__tests__/helpers/golden.ts). Each image is taken once.
 */
export const pgliteImages = new Map<string, Blob>();

async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // Loaded only here: a process on PostgreSQL never carries PGlite's code (~45 MB resident).
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const loadDataDir = pgliteImages.get(dataDir);
  pgliteImages.delete(dataDir);
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm }, parsers: PGLITE_PARSERS, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite({ client, schema });
  return {
    db: guardRootHandle(db),
    kind: 'pglite',
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    // PGlite allows one process per data directory, so there is nobody to exclude.
    exclusive: (fn) => fn(),
    close: () => client.close(),
    readRouting: null,
  };
}

const INT8_OID = 20;
const INT8_ARRAY_OID = 1016;
/**
 * int8 (bigint ids, count(*), sums of integers) as a number, as PGlite answers it, so both backends hand areas
 * the same values (`__tests__/db/driver-parity.test.ts`); a value beyond 2^53 stays a string rather than
 * silently losing digits. Set on both drivers: a test file that checks what an area computes then needs one
 * backend only (scripts/lib/db-test-files.cjs).
 */
const parseInt8 = (v: string): number | string => {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v;
};
// node-postgres: in its global registry, because drizzle gives each query its own `types`, which fall back to
// the registry and never to the pool's (a pool-level parser reached only the prepared product search).
pg.types.setTypeParser(INT8_OID, parseInt8);
// pg-types 2's array parser at run time (its typings describe a later version's).
const arrayParser = pg.types.arrayParser as unknown as { create(source: string, transform: (entry: string) => unknown): { parse(): unknown[] } };
pg.types.setTypeParser(INT8_ARRAY_OID as unknown as typeof pg.types.builtins.INT8, (v: string) => arrayParser.create(v, parseInt8).parse());
const PGLITE_PARSERS = { [INT8_OID]: parseInt8 };
// Dates, times, intervals and their arrays as PostgreSQL's text, as drizzle's own queries read them on both
// backends: the prepared statements above go round drizzle and must read them the same way.
const TEXT_OIDS = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
const DRIZZLE_TYPES = {
  getTypeParser: (oid: number, format?: string) => (TEXT_OIDS.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format as 'text')),
} as pg.CustomTypesConfig;

async function openPostgres(connectionString: string, schemaName: string | null, timeouts: DatabaseTimeouts, readUrls: string[]): Promise<Database> {
  if (schemaName) {
    const setup = new pg.Client({ connectionString });
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`);
    } finally {
      await setup.end();
    }
  }
  // Replicas get the primary's timeouts and search_path.
  const poolConfig = (connectionString: string): pg.PoolConfig => ({
    connectionString,
    connectionTimeoutMillis: timeouts.acquireMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // public stays on the path for extensions (pg_trgm) installed there.
    ...(schemaName ? { options: `-c search_path=${schemaName},public` } : {}),
  });
  const routing = readUrls.length ? new RoutingPool(poolConfig(connectionString), readUrls.map(poolConfig)) : null;
  const pool = routing ?? new pg.Pool(poolConfig(connectionString));
  const db = drizzlePg({ client: pool, schema });
  return {
    db: guardRootHandle(db),
    kind: 'postgres',
    migrate: (migrationsFolder) => migratePg(db, { migrationsFolder, ...(schemaName ? { migrationsSchema: schemaName } : {}) }),
    async exclusive(fn) {
      const lockClient = await pool.connect();
      try {
        // Waiting for another process's start (migrations and seeding: minutes at scale) is no stuck statement:
        // under the statement timeout a second process died at start. One lock per schema, so a deployment in
        // another schema of the same database does not hold this one's start up.
        await lockClient.query('SET statement_timeout = 0');
        await lockClient.query('SELECT pg_advisory_lock($1, hashtext(current_schema()))', [STARTUP_LOCK_KEY]);
        await lockClient.query('RESET statement_timeout');
        return await fn();
      } finally {
        await lockClient.query('SELECT pg_advisory_unlock($1, hashtext(current_schema()))', [STARTUP_LOCK_KEY]).catch(() => undefined);
        // The connection goes back to the pool with its own statement timeout, whatever failed above.
        await lockClient.query('RESET statement_timeout').catch(() => undefined);
        lockClient.release();
      }
    },
    close: () => pool.end(),
    readRouting: routing,
  };
}
