/**
 * Attack on the price write path: the writing process is killed with SIGKILL in the middle of its writes (a batch
 * after batch loop, fixtures/kill-writer.ts), then the database is opened again (PGlite: the same data directory,
 * recovered at open; PostgreSQL: the same schema, the dead connection's transaction rolled back). The spans and
 * current prices equal the history rules over the batches that committed (all of the last one or none of it), every
 * kept table equals its check, and the next write lands. PGlite and PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database, type Db } from '../../src/db/client';
import { recordObservations } from '../../src/areas/prices/record';
import { killBatch } from './fixtures/kill-batch';
import { pollUntil } from '../helpers/until';
import { HistoryModel, keptDiffs, NO_DIFFS, storedCurrent, storedSpans } from './ingest-model';

jest.setTimeout(900_000);

const SERVER = path.resolve(__dirname, '../..');
const url = process.env.TEST_DATABASE_URL || null;
const schema = url ? `atk_kill_${randomBytes(5).toString('hex')}` : null;
const dataDir = url ? 'memory://' : mkdtempSync(path.join(tmpdir(), 'atk-kill-'));
const open = () => openDatabase({ dataDir, databaseUrl: url, schema });
let products: number[] = [];
const shops: number[] = [];

afterAll(async () => {
  if (schema) {
    const c = new pg.Client({ connectionString: url! });
    await c.connect();
    try {
      // The killed writer's backend may still hold its locks until it notices its client is gone: a deadlock with
      // the drop ends one of them; the drop goes again.
      for (;;) {
        try {
          await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
          break;
        } catch (e) {
          if ((e as { code?: string }).code !== '40P01') throw e;
        }
      }
    } finally {
      await c.end();
    }
  } else rmSync(dataDir, { recursive: true, force: true });
});

const WRITER_APP = `atk-kill-writer-${randomBytes(4).toString('hex')}`;

/**
 * On PostgreSQL the killed writer's backend lives on until it next reads from its dead client: a statement still
 * running ends first (then rolls back). The restart the test stands for comes after that; waiting for it keeps the
 * next write apart from a dying one.
 */
async function writerGone(): Promise<void> {
  if (!url) return;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await pollUntil(
      async () => Number((await c.query('SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1', [WRITER_APP])).rows[0].n),
      (n) => n === 0,
    );
  } finally {
    await c.end();
  }
}

/** Runs the writer until it has committed `atLeast` batches, then kills it: the last batch it reported. */
function runAndKill(atLeast: number): Promise<{ reported: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(SERVER, 'node_modules/.bin/tsx'),
      [path.join(__dirname, 'fixtures/kill-writer.ts'), dataDir, url ?? '', schema ?? '', products.join(','), shops.join(',')],
      {
        cwd: SERVER,
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its connections carry a name (node-postgres reads PGAPPNAME), so the test can wait for them to end.
        env: { ...process.env, PGAPPNAME: WRITER_APP },
        // Its own process group: tsx runs the writer in a child node process, which a SIGKILL to tsx alone left
        // writing on (batch after batch, beside the test's checks and its next write).
        detached: true,
      },
    );
    let output = '';
    let reported = 0;
    let killed = false;
    child.stdout.on('data', (d) => {
      output += d;
      const all = [...output.matchAll(/committed (\d+)/g)];
      reported = all.length ? Number(all[all.length - 1]![1]) : 0;
      // Killed while it writes the next batch (it does nothing else).
      if (!killed && reported >= atLeast) {
        killed = true;
        process.kill(-child.pid!, 'SIGKILL');
      }
    });
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve({ reported, output }) : reject(new Error(`writer ended by itself (${code}): ${output}`)),
    );
  });
}

async function expectExactAfter(database: Database, reported: number): Promise<number> {
  // The killed writer's last transaction may still be running on PostgreSQL (its COMMIT may even be on the way):
  // the shops' locks, which every writer holds to its end, wait for it, and nothing commits into them meanwhile.
  return database.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await db.execute(sql`SELECT price_spans_lock_shops(${sql.param(shops)}::int[])`);
    const spans = await storedSpans(db, products);
    const current = await storedCurrent(db, products);
    // The batch after the last reported one may have committed before the kill (the print comes after the commit).
    for (const committed of [reported, reported + 1]) {
      const model = new HistoryModel();
      for (let n = 1; n <= committed; n++) model.record(killBatch(n, products, shops));
      if (JSON.stringify(model.spanRows()) === JSON.stringify(spans)) {
        expect(current).toEqual(model.currentRows());
        expect(await keptDiffs(db)).toEqual(NO_DIFFS);
        return committed;
      }
    }
    const model = new HistoryModel();
    for (let n = 1; n <= reported; n++) model.record(killBatch(n, products, shops));
    expect(spans).toEqual(model.spanRows());
    return -1;
  });
}

it('a writer killed with SIGKILL mid-write leaves whole batches; the database opens again and takes the next', async () => {
  let database = await open();
  await database.migrate(path.join(SERVER, 'drizzle'));
  const db = database.db;
  const [net] = await queryRows<{ id: number }>(db, sql`INSERT INTO networks (code, name, country) VALUES ('atk-kill', 'Kill', 'cz') RETURNING id`);
  for (let i = 0; i < 4; i++) {
    const [s] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO shops (code, name, network_id, country) VALUES (${`atk-kill-${i}`}, ${`Kill ${i}`}, ${net!.id}, 'cz') RETURNING id`,
    );
    shops.push(Number(s!.id));
  }
  products = (
    await queryRows<{ id: number }>(db, sql`INSERT INTO products (name, country) SELECT 'Kill ' || g, 'cz' FROM generate_series(1, 600) g RETURNING id`)
  ).map((r) => Number(r.id));
  // PGlite: one process per data directory.
  await database.close();

  const { reported } = await runAndKill(3);
  await writerGone();
  database = await open();
  const committed = await expectExactAfter(database, reported);
  expect(committed).toBeGreaterThanOrEqual(reported);
  // The next write lands on the recovered database.
  await database.db.transaction((tx) => recordObservations(tx as unknown as Db, killBatch(committed + 1, products, shops)));
  expect(await keptDiffs(database.db)).toEqual(NO_DIFFS);
  await database.close();
});
