/**
 * Golden databases: a test app's database migrated and demo-seeded ONCE per jest run (per seeding key),
 * then copied for every app that needs the same start — PGlite from the golden's data-directory image,
 * PostgreSQL as a template database. Migrating and seeding 120 products was most of a test file's time.
 * Each app still gets its own database, the same as a fresh one seeded the same day.
 *
 * The run's goldens live in the directory jest's global setup makes (golden-setup.ts). The first app that
 * needs a key builds its golden; an app that needs it while another worker is still building it is built
 * afresh as before (no waiting). Without the run directory (jest not started by our config) every app is
 * built afresh.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Config } from '../../src/config';
import { bootstrapData } from '../../src/db/bootstrap';
import { setupDemoShops } from '../../src/demo-shops/setup';
import { openDatabase, pgliteImages, type DatabaseOptions } from '../../src/db/client';
import { startJobs } from '../../src/jobs';
import { todayDay } from '../../src/lib/days';
import { CLONE_DB_PREFIX, GOLDEN_DB_PREFIX, GOLDEN_DIR_ENV, GOLDEN_RUN_ENV } from './golden-names';

/** The schema the app's tables live in, inside each copied PostgreSQL database. */
const PG_SCHEMA = 't_golden';

const SERVER_DIR = path.resolve(__dirname, '..', '..');
const MIGRATIONS = path.join(SERVER_DIR, 'drizzle');

// What the key holds must be everything the start-up fill (src/db/bootstrap.ts) reads from the config: a
// field it reads and the key misses would give apps another configuration's data. Checked from its source.
const KEYED_FIELDS = ['demo', 'demoProducts', 'demoLeaflets', 'admin', 'country'] as const;
function assertKeyCoversBootstrap(): void {
  const source = readFileSync(path.join(SERVER_DIR, 'src', 'db', 'bootstrap.ts'), 'utf8');
  const read = new Set([...source.matchAll(/\bconfig\.(\w+)/g)].map((m) => m[1]!));
  const missing = [...read].filter((f) => !(KEYED_FIELDS as readonly string[]).includes(f));
  if (missing.length) {
    throw new Error(`bootstrapData reads config.${missing.join(', config.')}: add it to the golden key (__tests__/helpers/golden.ts)`);
  }
}

/** Demo mode with the demo shops: the parsers plugin's start aligns their networks' history (src/areas/parsers/plugin.ts). */
const withDemoShops = (config: Config) => config.demo && config.demoShops;

/** The key of the data an app starts with, or null when it cannot come from a golden. */
function seedingKey(config: Config, databaseUrl: string | null): string | null {
  // The demo leaflets' pictures are files under DATA_DIR, outside the database: such apps build afresh.
  if (config.demo && config.demoProducts > 0 && config.demoLeaflets) return null;
  assertKeyCoversBootstrap();
  const fields: Record<string, unknown> = Object.fromEntries(KEYED_FIELDS.map((f) => [f, config[f]]));
  fields.demoShops = withDemoShops(config);
  // The country only names the first admin's network: apps of other countries share the demo golden.
  if (!config.admin) delete fields.country;
  // The catalogue's history ends today (UTC): a run that crosses midnight seeds a new golden.
  const key = JSON.stringify({ backend: databaseUrl ? 'postgres' : 'pglite', day: todayDay(), ...fields });
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** True when this process may build the golden (the first to create the lock file). */
function claim(lockFile: string): boolean {
  try {
    closeSync(openSync(lockFile, 'wx'));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

/**
 * Migrates and fills a database exactly as the app's db plugin does at start (src/plugins/db.ts), then, in
 * demo mode with the demo shops, sets them up as the parsers plugin's start does, and starts the jobs
 * engine once (src/plugins/jobs.ts): a copy then starts as the same app's second start that day would
 * (pg-boss installed, parsers present, history aligned, index built: nothing re-aligned) instead of every
 * demo-shops test app aligning on its own.
 */
async function fill(options: DatabaseOptions, config: Config, then?: (client: unknown) => Promise<void>): Promise<void> {
  const database = await openDatabase(options);
  try {
    await database.migrate(MIGRATIONS);
    await bootstrapData(database.db, config, silentLog, { indexLater: withDemoShops(config) });
    if (withDemoShops(config)) await (await setupDemoShops(database.db, { basePort: 0 })).close();
    // The jobs plugin's first start installs pg-boss's schema (~0.3-0.9 s of CPU per PGlite app, measured):
    // done here, a copy's is a second start, as for the rest of its data.
    const jobs = await startJobs({
      database: options.databaseUrl
        ? { kind: 'postgres', connectionString: options.databaseUrl, schema: options.schema }
        : { kind: 'pglite', client: (database.db as unknown as { $client: PGlite }).$client },
      timeZone: 'UTC',
      workers: false,
      log: silentLog,
    });
    await jobs.stop();
    await then?.((database.db as unknown as { $client: unknown }).$client);
  } finally {
    await database.close();
  }
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A closed app's copy goes without FORCE: FORCE terminated a connection the app was still letting go of
 * (a pool's idle client), whose error then failed the test that was running (57P01, seen in CI). A copy
 * still in use after a few seconds is left to the run's teardown, which drops every copy of the run.
 */
async function dropCopy(url: string, copy: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await adminQuery(url, `DROP DATABASE IF EXISTS "${copy}"`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006') throw err; // object_in_use: someone is still connected
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * Closed copies wait for a batch, dropped side by side: each DROP DATABASE waits for a forced checkpoint
 * (2-14 s at load ~20, one after another), and drops that ask at once share one. At most this many
 * copies (tens of MB each) wait; the run's teardown drops what is left.
 */
const DROP_BATCH = 8;

async function closeCopy(url: string, dir: string, copy: string): Promise<void> {
  writeFileSync(path.join(dir, `${copy}.closed`), '');
  const closed = readdirSync(dir).filter((f) => f.endsWith('.closed'));
  if (closed.length < DROP_BATCH) return;
  // Claimed by a rename: another worker may be dropping the same batch.
  const claimed = closed.filter((marker) => {
    try {
      renameSync(path.join(dir, marker), path.join(dir, `${marker}.dropping`));
      return true;
    } catch {
      return false;
    }
  });
  await Promise.all(claimed.map((marker) => dropCopy(url, marker.slice(0, -'.closed'.length))));
}

/**
 * A golden's image as PGlite takes it: a Blob it reads whole with arrayBuffer(). Node's Blob hands its
 * 110 MB over in small chunks joined at the end (~0.3 s of CPU per copy's start, a third of it; measured
 * alternately, 8 starts); this one hands over the bytes read once. PGlite untars them into its in-memory
 * file system, copying each file, and never writes to them, so every copy's start shares one buffer.
 */
class ImageBlob extends Blob {
  private readonly image: ArrayBuffer;
  constructor(bytes: Buffer) {
    super([]);
    this.image = new Uint8Array(bytes).buffer;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.image);
  }
}

/** This test file's PGlite images, read once. */
const images = new Map<string, Blob>();

export type TestDatabase = { options: DatabaseOptions; drop: () => Promise<void> };

type Golden = { key: string; run: string; dir: string; name: string };

/**
 * The run's golden for this configuration, built here if this process is the first to need it; null when
 * there is none to copy (no run directory, a configuration that cannot come from a golden, or another
 * worker still building it).
 */
export async function ensureGolden(config: Config, databaseUrl: string | null): Promise<Golden | null> {
  const dir = process.env[GOLDEN_DIR_ENV];
  const run = process.env[GOLDEN_RUN_ENV];
  if (!dir || !run || !existsSync(dir)) return null;
  const key = seedingKey(config, databaseUrl);
  if (!key) return null;
  const ready = path.join(dir, `${key}.ready`);
  // PGlite: the image file; PostgreSQL: the template database.
  const name = databaseUrl ? `${GOLDEN_DB_PREFIX}${run}_${key}` : path.join(dir, `${key}.tar`);
  if (existsSync(ready)) return { key, run, dir, name };
  // The demo shops' golden starts from the demo one, as a demo-shops app did before it (its seeding done,
  // the shops' start aligning on top); without that one ready, the app is built afresh.
  const base = withDemoShops(config) ? await ensureGolden({ ...config, demoShops: false }, databaseUrl) : undefined;
  if (base === null) return null;
  if (!claim(path.join(dir, `${key}.lock`))) return null;
  const fresh = { ...config, dataDir: 'memory://' };
  if (!databaseUrl) {
    const dataDir = base ? pgliteImageDir(base) : 'memory://';
    await fill({ dataDir, databaseUrl: null, schema: null }, fresh, async (client) => {
      const pglite = client as {
        exec(sql: string): Promise<unknown>;
        query<T>(sql: string): Promise<{ rows: T[] }>;
        dumpDataDir(c: 'none'): Promise<Blob>;
      };
      // Without it every copy replays the seeding's WAL at start (~0.45 s of CPU per app, measured).
      await pglite.exec('CHECKPOINT');
      // From the checkpoint's redo segment to the insert position's: at a segment boundary these differ.
      const [range] = (
        await pglite.query<{ redo: string; wal: string }>(
          'SELECT (SELECT redo_wal_file FROM pg_control_checkpoint()) AS redo, pg_walfile_name(pg_current_wal_lsn()) AS wal',
        )
      ).rows as [{ redo: string; wal: string }];
      const dump = await pglite.dumpDataDir('none');
      writeFileSync(`${name}.tmp`, withoutSpareWal(Buffer.from(await dump.arrayBuffer()), range.redo, range.wal));
      renameSync(`${name}.tmp`, name);
    });
  } else {
    await adminQuery(databaseUrl, `CREATE DATABASE "${name}"${base ? ` TEMPLATE "${base.name}"` : ''}`);
    // Listed before it is filled, so the run's teardown drops it even if filling fails.
    writeFileSync(path.join(dir, `${key}.pg`), name);
    await fill({ dataDir: 'memory://', databaseUrl: withDatabase(databaseUrl, name), schema: PG_SCHEMA }, fresh);
  }
  writeFileSync(ready, name);
  return { key, run, dir, name };
}

/**
 * The image without the WAL segments the checkpoint recycled for later use (16 MB each, written again
 * before they are read): the demo golden held 8 segments, 134 of its 227 MB, which every app copied in.
 * The segments from the checkpoint's redo point to the current insert position stay. Entries are plain tar.
 */
export function withoutSpareWal(tar: Buffer, from: string, to: string): Buffer {
  const kept: Buffer[] = [];
  let at = 0;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const text = (from: number, to: number) => header.toString('latin1', from, to).replace(/\0.*$/s, '');
    const name = [text(345, 500), text(0, 100)].filter(Boolean).join('/');
    const size = parseInt(text(124, 136).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    // Same timeline: segment names order as their positions do.
    if (!segment || (segment >= from && segment <= to)) kept.push(tar.subarray(at, end));
    at = end;
  }
  kept.push(Buffer.alloc(1024));
  return Buffer.concat(kept);
}

/** A PGlite `memory://` data directory that opens as a copy of the golden's image. */
function pgliteImageDir(golden: Golden): string {
  if (!images.has(golden.key)) images.set(golden.key, new ImageBlob(readFileSync(golden.name)));
  const dataDir = `memory://golden-${randomBytes(6).toString('hex')}`;
  pgliteImages.set(dataDir, images.get(golden.key)!);
  return dataDir;
}

/** A database for one app, copied from the golden of its configuration; null when the app must build its own. */
export async function goldenCopy(config: Config, databaseUrl: string | null): Promise<TestDatabase | null> {
  const golden = await ensureGolden(config, databaseUrl);
  if (!golden) return null;
  if (!databaseUrl) return { options: { dataDir: pgliteImageDir(golden), databaseUrl: null, schema: null }, drop: async () => {} };
  // A template copy needs nobody connected to the golden: its filling pool is closed.
  const copy = `${CLONE_DB_PREFIX}${golden.run}_${randomBytes(6).toString('hex')}`;
  await adminQuery(databaseUrl, `CREATE DATABASE "${copy}" TEMPLATE "${golden.name}"`);
  return {
    options: { dataDir: 'memory://', databaseUrl: withDatabase(databaseUrl, copy), schema: PG_SCHEMA },
    drop: () => closeCopy(databaseUrl, golden.dir, copy),
  };
}
