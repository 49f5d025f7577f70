/**
 * A server restart resumes or cleanly fails queued and running exports (docs/exports.md "Jobs"): apps
 * built one after another on the same database — a PGlite directory, or one PostgreSQL schema.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import { queryRows } from '../../../src/db/client';
import { addDays, todayIso } from '../../../src/lib/days';
import { exportHooks, MAX_ATTEMPTS } from '../../../src/areas/exports/runner';
import { loginAs, SERVER_DIR } from '../../helpers/build';
import { us } from '../../helpers/catalogue';
import { caller, data, settled, until } from './helpers';

// Four apps are built one after another: give each test room on a busy two-core machine.
jest.setTimeout(180_000);

/** Few demo products: these tests need prices in Auchan's shops, not a big catalogue. */
const DEMO_PRODUCTS = 24;
const url = process.env.TEST_DATABASE_URL || null;
const schema = `t_${randomBytes(6).toString('hex')}`;
const dir = url ? null : mkdtempSync(path.join(tmpdir(), 'pw-exports-restart-'));

async function start(): Promise<FastifyInstance> {
  const config = {
    ...loadConfig({ DEMO: '1', LOG_LEVEL: 'silent', DEMO_PRODUCTS: String(DEMO_PRODUCTS) }, SERVER_DIR),
    dataDir: dir ?? 'memory://',
    databaseUrl: url,
    databaseSchema: url ? schema : null,
  };
  return buildApp({ config, serverDir: SERVER_DIR, staticDirs: { host: null, remotes: {} }, logger: false });
}

afterAll(async () => {
  exportHooks.afterPage = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
    await client.end();
  }
});

const bigExport = async (app: FastifyInstance) => {
  const products = (await queryRows<{ id: number }>(app.db, sql`SELECT id FROM products ORDER BY id LIMIT 20`)).map((r) => r.id);
  return { products, networks: ['auchan'], start: us(addDays(todayIso(), -365)), end: us(todayIso()) };
};

it('an export running when the server stops is queued again and finishes after the restart', async () => {
  let app = await start();
  let call = caller(app, await loginAs(app, 'ashan'));
  let id: string;
  try {
    // Hold the job after its first page until the server stops it.
    exportHooks.afterPage = ({ signal }) => new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve())));
    const res = await call('POST', '/export/inline/prices', await bigExport(app));
    expect(res.statusCode).toBe(200);
    id = data(res)._id;
    await until(call, id, (r) => r.state === 'running' && r.rowsWritten > 0);
  } finally {
    await app.close();
  }
  exportHooks.afterPage = undefined;

  app = await start();
  try {
    call = caller(app, await loginAs(app, 'ashan'));
    const done = await settled(call, id);
    expect(done).toMatchObject({ state: 'done', rowsWritten: 20 * 366, downloadable: true });
    expect((await call('GET', `/data/${done.file}`)).statusCode).toBe(200);
    const [row] = await queryRows<{ attempts: number }>(app.db, sql`SELECT attempts FROM export_requests WHERE id = ${Number(id)}`);
    expect(row!.attempts).toBe(2);
  } finally {
    await app.close();
  }
});

it('requests left running by a dead process: run again, or failed as interrupted after too many tries', async () => {
  let app = await start();
  let retried: number;
  let exhausted: number;
  try {
    const call = caller(app, await loginAs(app, 'ashan'));
    const body = { ...(await bigExport(app)), products: [(await bigExport(app)).products[0]], start: us(addDays(todayIso(), -6)) };
    const a = await settled(call, data(await call('POST', '/export/inline/prices', body))._id);
    const b = await settled(call, data(await call('POST', '/export/inline/prices', body))._id);
    retried = Number(a._id);
    exhausted = Number(b._id);
    // What a killed process leaves: running, a job nobody works on, a heartbeat that stopped an hour ago.
    await app.db.execute(sql`UPDATE export_requests SET state = 'running', file = NULL, job_id = 'dead-job', attempts = 1,
      heartbeat_at = now() - interval '1 hour' WHERE id = ${retried}`);
    await app.db.execute(sql`UPDATE export_requests SET state = 'running', file = NULL, job_id = 'dead-job-2', attempts = ${MAX_ATTEMPTS},
      heartbeat_at = now() - interval '1 hour' WHERE id = ${exhausted}`);
  } finally {
    await app.close();
  }

  app = await start();
  try {
    const call = caller(app, await loginAs(app, 'ashan'));
    const again = await settled(call, String(retried));
    expect(again).toMatchObject({ state: 'done', rowsWritten: 7 });
    const failed = data(await call('GET', `/export/get/${exhausted}`));
    expect(failed).toMatchObject({ state: 'failed', error: 'interrupted', file: null });
  } finally {
    await app.close();
  }
});
