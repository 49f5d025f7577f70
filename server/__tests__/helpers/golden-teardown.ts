/** jest's global teardown (jest.config.cjs): the run's golden databases and their leftover copies go. */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { CLONE_DB_PREFIX, GOLDEN_DIR_ENV, GOLDEN_RUN_ENV } from './golden-names';

export default async function goldenTeardown(): Promise<void> {
  const dir = process.env[GOLDEN_DIR_ENV];
  const run = process.env[GOLDEN_RUN_ENV];
  if (!dir || !run) return;
  const url = process.env.TEST_DATABASE_URL;
  const goldens = readdirSync(dir)
    .filter((f) => f.endsWith('.pg'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Copies whose app never closed (a failed test) go with their golden.
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${CLONE_DB_PREFIX}${run}_%`]);
    for (const name of [...rows.map((r) => r.datname), ...goldens]) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
