/**
 * `BENCH_SCHEMA=pw_bench_ag2 BENCH_PGLITE_DIR=/tmp/x tsx bench/pglite-copy.ts` (bench-only, never in npm test): a PGlite
 * bench catalogue at the current migrations, copied row for row from a PostgreSQL bench schema that is at them.
 *
 * Why a copy: loading the catalogue into PGlite runs the kept tables' rebuilds there (the price index's min/max over
 * every span-day, the pair, network and product runs), which did not finish in 30–70 minutes on the shared machine
 * (docs/analytics.md), while PostgreSQL builds them with parallel workers. The rows are the same whichever backend
 * computed them (the same SQL functions run on both), so the PGlite copy answers the analytics calls as a PGlite load
 * would. The PGlite database is migrated empty first (the migrations' fills run on no rows), then every table of the
 * migrations gets the schema's rows by COPY, with triggers and foreign-key checks off (session_replication_role), in
 * chunks of BENCH_COPY_CHUNK rows (1,000,000: a chunk is one blob in PGlite's memory); identity sequences are set past
 * the copied ids; VACUUM ANALYZE at the end. Needs psql on the PATH and BENCH_DATABASE_URL or TEST_DATABASE_URL.
 * Prints one JSON line (seconds per table, rows, the data directory's size) on stdout; progress on stderr.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const PG_URL = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;
const SCHEMA = env.BENCH_SCHEMA ?? 'pw_bench_ag2';
const DIR = env.BENCH_PGLITE_DIR;
const CHUNK = Number(env.BENCH_COPY_CHUNK ?? 1_000_000);
const log = (...args: unknown[]) => console.error('[bench:pglite-copy]', ...args);
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Copies PostgreSQL schema `schema` (at the current migrations) into a new PGlite data directory `dir`. */
export async function copyToPglite({ pgUrl, schema, dir }: { pgUrl: string; schema: string; dir: string }) {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`schema: not a plain name: ${schema}`);
  if (existsSync(dir)) throw new Error(`${dir} exists: give a new directory`);
  const psql = (command: string) =>
    execFileSync('psql', [pgUrl, '-X', '-At', '-v', 'ON_ERROR_STOP=1', '-c', command], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const started = Date.now();
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  const result = {
    schema,
    dir,
    load: [round1(loadavg()[0]!), 0],
    migrateSeconds: 0,
    tables: {} as Record<string, { rows: number; seconds: number }>,
    sequencesSeconds: 0,
    vacuumSeconds: 0,
    totalSeconds: 0,
    sizeGb: 0,
  };
  let t = Date.now();
  await migrate(drizzle({ client }), { migrationsFolder: path.join(serverDir, 'drizzle') });
  result.migrateSeconds = (Date.now() - t) / 1000;
  log(`migrated in ${result.migrateSeconds} s`);
  // The migrations' tables (ordinary and, on PostgreSQL only, partitioned parents; PGlite has no partitions).
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1`,
  );
  const work = mkdtempSync(path.join(tmpdir(), 'pw-pglite-copy-'));
  try {
    await client.exec(`SET session_replication_role = replica`);
    for (const { name } of tables) {
      const { rows: cols } = await client.query<{ c: string }>(
        `SELECT quote_ident(attname) AS c FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
        [name],
      );
      const list = cols.map((c) => c.c).join(', ');
      const exists = psql(`SELECT to_regclass('${schema}.${name}') IS NOT NULL`).trim() === 't';
      if (!exists) {
        log(`${name}: not in ${schema}, left empty`);
        continue;
      }
      t = Date.now();
      const file = path.join(work, `${name}.copy`);
      psql(`\\copy (SELECT ${list} FROM ${schema}.${name}) TO '${file}'`);
      // Chunks of whole lines (COPY's text format: one row a line, newlines inside values escaped).
      execFileSync('split', ['-l', String(CHUNK), '-a', '4', file, `${file}.`]);
      rmSync(file);
      const parts = execFileSync('sh', ['-c', `ls '${file}'.* 2>/dev/null || true`], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean);
      let rows = 0;
      for (const part of parts) {
        const blob = new Blob([readFileSync(part)]);
        const r = await client.query(`COPY ${name} (${list}) FROM '/dev/blob'`, [], { blob });
        rows += r.affectedRows ?? 0;
        rmSync(part);
      }
      result.tables[name] = { rows, seconds: (Date.now() - t) / 1000 };
      log(`${name}: ${rows} rows in ${result.tables[name].seconds} s, load ${loadavg()[0]!.toFixed(1)}`);
    }
    await client.exec(`SET session_replication_role = origin`);
    t = Date.now();
    // Identity and serial columns continue after the copied ids.
    const { rows: seqs } = await client.query<{ tbl: string; col: string; seq: string }>(
      `SELECT c.relname AS tbl, a.attname AS col, pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS seq
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
         AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL`,
    );
    for (const s of seqs) await client.query(`SELECT setval($1, coalesce((SELECT max(${s.col}) FROM ${s.tbl}), 0) + 1, false)`, [s.seq]);
    result.sequencesSeconds = (Date.now() - t) / 1000;
    t = Date.now();
    await client.exec(`VACUUM ANALYZE`);
    result.vacuumSeconds = (Date.now() - t) / 1000;
  } finally {
    rmSync(work, { recursive: true, force: true });
    await client.close();
  }
  result.totalSeconds = (Date.now() - started) / 1000;
  result.sizeGb = round1(Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]) / 1e9);
  result.load[1] = round1(loadavg()[0]!);
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!PG_URL || !DIR) throw new Error('BENCH_DATABASE_URL or TEST_DATABASE_URL, and BENCH_PGLITE_DIR');
  copyToPglite({ pgUrl: PG_URL, schema: SCHEMA, dir: DIR })
    .then((r) => console.log(JSON.stringify(r)))
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
