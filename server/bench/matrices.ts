/**
 * The heavy test matrices whole (BENCH_ONLY=matrices runs this step alone): `npm test` runs a seeded
 * sample of each (__tests__/helpers/matrix.ts); here PRICEWATCH_FULL_MATRIX=1 runs every case, through
 * jest as the tests are written, a database file on PGlite and on PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL) unless it is `@one-database` (then on PostgreSQL when there is one). A failure fails
 * the bench: its exit code is 1 after the report. BENCH_MATRICES=<part of a path>[,…] runs only those files.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireCjs = createRequire(import.meta.url);
const { oneDatabase, touchesDatabase } = requireCjs('../../scripts/lib/db-test-files.cjs') as {
  oneDatabase(file: string): boolean;
  touchesDatabase(file: string): boolean;
};

/** The files whose matrices `npm test` samples. */
export const MATRIX_FILES = ['__tests__/attack/builder-odd-input.test.ts', '__tests__/attack/browser-fetch.test.ts', '__tests__/scraping/cli-extract.test.ts'];

export type MatrixRun = { file: string; backend: 'pglite' | 'postgres' | 'none'; passed: boolean; seconds: number };

export function runMatrices(log: (...args: unknown[]) => void): { runs: MatrixRun[]; passed: boolean } {
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
  const runs: MatrixRun[] = [];
  const only = (process.env.BENCH_MATRICES ?? '').split(',').filter(Boolean);
  for (const file of MATRIX_FILES.filter((f) => !only.length || only.some((o) => f.includes(o)))) {
    const abs = path.join(serverDir, file);
    const backends: MatrixRun['backend'][] = !touchesDatabase(abs)
      ? ['none']
      : oneDatabase(abs)
        ? [pgUrl ? 'postgres' : 'pglite']
        : pgUrl
          ? ['pglite', 'postgres']
          : ['pglite'];
    for (const backend of backends) {
      log(`matrices: ${file} (${backend}), every case`);
      const started = Date.now();
      const res = spawnSync(process.execPath, [requireCjs.resolve('jest/bin/jest'), '--ci', '--runTestsByPath', file], {
        cwd: serverDir,
        // jest's report on stderr: stdout carries the bench's JSON.
        stdio: ['ignore', 2, 2],
        env: {
          ...process.env,
          PRICEWATCH_FULL_MATRIX: '1',
          TEST_DATABASE_URL: backend === 'postgres' ? pgUrl : '',
          // The goldens built in jest's global setup, before any hook's timeout runs (as jest.db.config.cjs does).
          PRICEWATCH_GOLDEN_PREBUILD: backend === 'none' ? '' : '1',
        },
      });
      if (res.error) log(`matrices: ${file}: ${res.error.message}`);
      const run = { file, backend, passed: res.status === 0, seconds: Math.round((Date.now() - started) / 100) / 10 };
      log(`matrices: ${file} (${backend}) ${run.passed ? 'passed' : 'FAILED'} in ${run.seconds} s`);
      runs.push(run);
    }
  }
  return { runs, passed: runs.every((r) => r.passed) };
}
