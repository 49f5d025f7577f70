/**
 * Read replicas (DATABASE_READ_URL, README "Scaling"). Which connection a statement uses is decided per
 * request, never by looking at its SQL:
 *
 * - a GET/HEAD request whose route does not say `config: { primary: true }` reads from a replica;
 * - every other request, and a GET from the moment it starts a write (insert/update/delete/transaction on
 *   the root handle, see tx-guard.ts), uses the primary; so do jobs and anything outside a request;
 * - read-your-writes: a response to a request that wrote carries the primary's WAL position after the write
 *   (`pw_wal` cookie). A later read of that browser goes to a replica only once the replica has replayed past
 *   it (`pg_last_wal_replay_lsn()`), else to the primary. A cookie rather than this process's memory, because
 *   nginx may send the next request to another web process; an LSN rather than a time window, because a
 *   window is only a guess at the lag, and a replica that lags longer would show the user the old state.
 * - a replica that cannot be reached is skipped for a few seconds and the read runs on the primary; a
 *   statement a replica refuses as a write (raw SQL in a GET) runs on the primary.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

export type ReadRoute = {
  /** This request may read from a replica. */
  replica: boolean;
  /** It wrote (or is not a read): the rest of it uses the primary. */
  wrote: boolean;
  /** The browser's last write: a replica must have replayed up to here. */
  minLsn: bigint | null;
};

const routes = new AsyncLocalStorage<ReadRoute>();

export function runWithReadRoute<T>(route: ReadRoute, fn: () => T): T {
  return routes.run(route, fn);
}

/** Called by the root handle when a write starts (tx-guard.ts): the rest of the request reads its own write. */
export function noteWrite(): void {
  const route = routes.getStore();
  if (route) route.wrote = true;
}

export const WAL_COOKIE = 'pw_wal';
const LSN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i;

export function parseLsn(text: string | undefined | null): bigint | null {
  if (!text || !LSN.test(text)) return null;
  const [hi, lo] = text.split('/') as [string, string];
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

/** A replica that refused a connection is left alone this long. */
const DOWN_MS = 5_000;

// SQLSTATE read_only_sql_transaction: a write sent to a hot standby.
const READ_ONLY_SQL = '25006';

type Replica = { pool: pg.Pool; replayed: bigint; downUntil: number };

// Errors that mean "this server is not there", as opposed to a bad statement.
const isConnectionError = (err: unknown): boolean => {
  const e = err as { code?: string; message?: string };
  if (e?.code && (/^(08|57P)/.test(e.code) || ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(e.code))) return true;
  return /Connection terminated|timeout exceeded when trying to connect/i.test(e?.message ?? '');
};

type QueryArgs = Parameters<pg.Pool['query']>;

/**
 * The primary's pool, whose plain `query` (what drizzle uses outside a transaction) goes to a replica when
 * the current request may read from one. `connect()` (transactions, advisory locks) is always the primary.
 */
export class RoutingPool extends pg.Pool {
  readonly replicas: Replica[];
  /** Statements answered by a replica (the bench and the tests read it). */
  replicaReads = 0;
  private next = 0;

  constructor(primary: pg.PoolConfig, replicas: pg.PoolConfig[]) {
    super(primary);
    this.replicas = replicas.map((config) => {
      const pool = new pg.Pool(config);
      const replica: Replica = { pool, replayed: 0n, downUntil: 0 };
      // An idle connection dropped by a stopped replica must not crash the process.
      pool.on('error', () => {
        replica.downUntil = Date.now() + DOWN_MS;
      });
      return replica;
    });
    const primaryQuery = this.query.bind(this) as (...a: unknown[]) => unknown;
    this.query = ((...args: QueryArgs) => {
      const route = routes.getStore();
      if (!route?.replica || route.wrote || typeof args[args.length - 1] === 'function') return primaryQuery(...args);
      return this.readOnReplica(route, args, primaryQuery);
    }) as pg.Pool['query'];
  }

  private async readOnReplica(route: ReadRoute, args: QueryArgs, primaryQuery: (...a: unknown[]) => unknown): Promise<unknown> {
    const n = this.replicas.length;
    for (let i = 0; i < n; i++) {
      const replica = this.replicas[(this.next + i) % n]!;
      if (replica.downUntil > Date.now()) continue;
      try {
        if (route.minLsn !== null && replica.replayed < route.minLsn) {
          // The replayed position only grows: once past, no need to ask again for this LSN.
          const { rows } = await replica.pool.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn');
          replica.replayed = parseLsn(rows[0]?.lsn) ?? 0n;
          if (replica.replayed < route.minLsn) continue;
        }
        this.next = (this.next + i + 1) % n;
        const result = await (replica.pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
        this.replicaReads++;
        return result;
      } catch (err) {
        // A write the route did not announce (raw SQL in a GET): the replica refused it without running it,
        // so it runs on the primary, and so does the rest of the request (to read that write).
        if ((err as { code?: string })?.code === READ_ONLY_SQL) {
          route.wrote = true;
          return primaryQuery(...args);
        }
        if (!isConnectionError(err)) throw err;
        replica.downUntil = Date.now() + DOWN_MS;
      }
    }
    return primaryQuery(...args);
  }

  /** The primary's WAL position now (after the caller's commit). */
  async primaryLsn(): Promise<string> {
    const { rows } = await super.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    return rows[0]!.lsn;
  }

  override async end(): Promise<void> {
    await Promise.all([super.end(), ...this.replicas.map((r) => r.pool.end())]);
  }
}
