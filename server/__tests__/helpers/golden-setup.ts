/**
 * jest's global setup (jest.config.cjs): the run's directory of golden databases (golden.ts), named to the
 * workers through the environment; on PostgreSQL, the databases a killed run left behind are dropped.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CLONE_DB_PREFIX, GOLDEN_DB_PREFIX, GOLDEN_DIR_ENV, GOLDEN_PREBUILD_ENV, GOLDEN_RUN_ENV } from './golden-names';

export default async function goldenSetup(globalConfig: { testPathPatterns?: { isSet(): boolean } }): Promise<void> {
  dropDeadDirs();
  process.env[GOLDEN_DIR_ENV] = mkdtempSync(path.join(tmpdir(), `${DIR_PREFIX}${process.pid}-`));
  process.env[GOLDEN_RUN_ENV] = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const url = process.env.TEST_DATABASE_URL || null;
  if (url) await dropDeadRuns(url);
  // The database lane (jest.db.config.cjs) builds the default golden here, before any test hook's timeout
  // runs; others are built by the first app that needs them (golden.ts).
  if (process.env[GOLDEN_PREBUILD_ENV] === '1') {
    const [{ testConfig }, { ensureGolden }] = await Promise.all([import('./test-config'), import('./golden')]);
    // DEMO_SHOPS named: a test app's default (off under jest's workers) reads JEST_WORKER_ID, unset in this process.
    await ensureGolden(testConfig({ DEMO_SHOPS: '0' }), url);
    // The jobs and migrations tests' empty database (DEMO=0): built lazily inside a test's hook, its
    // build beside the page-thread attack outran the hook's timeout in a clean-clone run, and the app that
    // went on loading after jest's teardown crashed the whole lane.
    await ensureGolden(testConfig({ DEMO: '0' }), url);
    // The demo shops' (their first start's alignment, ~20 files' apps): on the whole lane only, so that no
    // file's start hook pays for it; a run of chosen files builds it in the first app that needs it.
    if (!globalConfig.testPathPatterns?.isSet()) {
      await ensureGolden(testConfig({ DEMO_SHOPS: '1' }), url);
      // The demo without its catalogue (DEMO_PRODUCTS=0: ~15 files that make their own products, the
      // analytics attack among them): built by the first app of the lane that needed it, every app
      // started while it was building (two workers, ~90 s at load ~20) seeded its own afresh.
      await ensureGolden(testConfig({ DEMO_SHOPS: '0', DEMO_PRODUCTS: '0' }), url);
    }
  }
}

const DIR_PREFIX = 'pricewatch-golden-';

/** A killed run's directory (its PGlite images are ~100 MB each) goes at the next run. */
function dropDeadDirs(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^pricewatch-golden-(\d+)-/.exec(name)?.[1]);
    if (pid > 0 && !alive(pid)) rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function dropDeadRuns(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE '${GOLDEN_DB_PREFIX}%' OR datname LIKE '${CLONE_DB_PREFIX}%'`,
    );
    for (const { datname } of rows) {
      const pid = Number(datname.split('_')[1]);
      if (Number.isInteger(pid) && pid > 0 && !alive(pid)) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}
