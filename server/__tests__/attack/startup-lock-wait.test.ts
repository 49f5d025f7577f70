/**
 * Server processes on one PostgreSQL start one at a time (src/db/client.ts `exclusive`: migrations and seeding
 * under an advisory lock). A process that waited for the lock longer than the statement timeout
 * (DB_STATEMENT_TIMEOUT_MS, 60 s) died at start — "canceling statement due to statement timeout" — though the
 * first process was only migrating or seeding, which takes minutes at scale (0021's index rebuild: ~16 min on the
 * bench catalogue). And the lock was one key for the whole database, so a deployment in another schema of the
 * same database held up every start: that is how this was found (a test start failed while another test run's app
 * started in its own schema).
 *
 * @one-database: PostgreSQL only (PGlite is one process); scripts/lib/db-test-files.cjs.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client';
import { build, onPostgres, testDatabase } from '../helpers/build';
import { pollUntil } from '../helpers/until';

const LIMIT_MS = 1500;

/** Another process's start in progress in `schema`: its `exclusive` section, held until released. */
async function anotherStart(schema: string) {
  const other = await openDatabase({ dataDir: '', databaseUrl: process.env.TEST_DATABASE_URL!, schema });
  let release!: () => void;
  const holding = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const section = other.exclusive(async () => {
    entered();
    await holding;
  });
  await inside;
  return {
    release: async () => {
      release();
      await section;
      await other.close();
    },
  };
}

/** How long (ms) sessions of this database have been waiting for an advisory lock at start. */
async function startupLockWaits(): Promise<number[]> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ waited: number }>(
      `SELECT (extract(epoch from now() - query_start) * 1000)::float8 AS waited FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'
          AND query LIKE 'SELECT pg_advisory_lock%'`,
    );
    return rows.map((r) => r.waited);
  } finally {
    await client.end();
  }
}

(onPostgres() ? describe : describe.skip)('a server start while another process of the same deployment starts', () => {
  const database = testDatabase();
  const kept = { ...database, drop: async () => {} };
  afterAll(() => database.drop());

  beforeAll(async () => {
    // The deployment's first start: migrations and seed done.
    const first = await build({ database: kept, env: { PARSERS_WORKER: '0' } });
    await first.close();
  });

  it('waits for it past the statement timeout and comes up', async () => {
    const other = await anotherStart(database.options.schema!);
    let released = false;
    try {
      let failed: unknown = null;
      const starting = build({ database: kept, env: { PARSERS_WORKER: '0', DB_STATEMENT_TIMEOUT_MS: String(LIMIT_MS) } });
      starting.catch((e: unknown) => (failed = e));
      // The new process waits for the other start longer than its statement timeout (or fails)…
      await pollUntil(startupLockWaits, (waited) => failed !== null || waited.some((ms) => ms > LIMIT_MS * 2));
      expect(failed).toBeNull();
      // …and comes up once the other start is over.
      await other.release();
      released = true;
      const app = await starting;
      try {
        expect((await app.inject({ method: 'GET', url: '/deployment.json' })).statusCode).toBe(200);
        // The limit still holds for the app's own statements.
        await expect(app.db.execute(sql`SELECT pg_sleep(${(LIMIT_MS / 1000) * 2})`)).rejects.toThrow();
      } finally {
        await app.close();
      }
    } finally {
      if (!released) await other.release();
    }
  }, 600_000);

  it('is not held up by a start in another schema of the same database', async () => {
    const otherSchema = `${database.options.schema!}_other`;
    const other = await anotherStart(otherSchema);
    try {
      const app = await build({ database: kept, env: { PARSERS_WORKER: '0', DB_STATEMENT_TIMEOUT_MS: String(LIMIT_MS) } });
      await app.close();
    } finally {
      await other.release();
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${otherSchema}" CASCADE`).finally(() => client.end());
    }
  }, 600_000);
});
