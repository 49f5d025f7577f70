/**
 * Several server processes on one database share the parser work: a scheduled run is queued once
 * whoever schedules it, and a run whose process dies mid-run is picked up by another after its lease.
 * On PostgreSQL (TEST_DATABASE_URL) two whole apps share one database; on PGlite (one connection per
 * database) two workers share the app's database.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import { queryRows } from '../../../src/db/client';
import { createParserWorker } from '../../../src/areas/parsers/worker';
import { build, onPostgres, SERVER_DIR, testDatabase, TEST_DEMO_PRODUCTS } from '../../helpers/build';
import { TEST_DB_TIMEOUTS } from '../../helpers/test-config';
import { DEMO_SHOPS } from '../../../src/demo-shops/catalog';
import { pollUntil } from '../../helpers/until';

const FAST = { politeness: false, maxRetries: 0, backoffMs: 10, leaseSeconds: 4, pollMs: 200 };
const runsOf = (app: FastifyInstance, code: string) =>
  queryRows<{ id: number; status: string; attempts: number; claimed_by: string; trigger: string; prices_found: number }>(
    app.db,
    sql`SELECT r.id, r.status, r.attempts, r.claimed_by, r.trigger, r.prices_found FROM parser_runs r JOIN parsers p ON p.id = r.parser_id WHERE p.code = ${code} ORDER BY r.id`,
  );

describe('two workers on one database', () => {
  let app: FastifyInstance;
  // A demo-shops app aligns the shops' history at start: past 180 s at load ~20 (loaded runs).
  beforeAll(async () => {
    app = await build({ env: { DEMO_SHOPS: '1', PARSERS_WORKER: '0' } });
  }, 600_000);
  afterAll(() => app?.close());

  it('queues each scheduled run once, and a run abandoned mid-run is finished by the other worker', async () => {
    // An hour's lease: "within the lease" must not depend on how fast the steps below run (a 4 s lease ran
    // out between them at load ~20); its end is made below, in the database, not waited for.
    const opts = { ...app.parsers.workerOptions, ...FAST, leaseSeconds: 3600 };
    const a = createParserWorker(app.db, app.parsers.queries, app.log, opts);
    const b = createParserWorker(app.db, app.parsers.queries, app.log, opts);
    const at = Date.UTC(2030, 0, 1, 6, 3);
    await Promise.all([a.schedule(at), b.schedule(at), a.schedule(at + 60_000)]);
    const runs = await queryRows<{ parser_id: number; n: number }>(app.db, sql`SELECT parser_id, count(*)::int AS n FROM parser_runs GROUP BY parser_id`);
    // One per demo shop's parser.
    expect(runs).toHaveLength(DEMO_SHOPS.length);
    expect(runs.every((r) => Number(r.n) === 1)).toBe(true);

    // Keep only the lidl run; a claims it and "dies".
    await app.db.execute(sql`DELETE FROM parser_runs WHERE parser_id <> (SELECT id FROM parsers WHERE code = 'lidl-prg-smichov')`);
    expect(await a.claimAndRun()).toBe(true);
    a.abandon();
    let [run] = await runsOf(app, 'lidl-prg-smichov');
    expect(run).toMatchObject({ status: 'running', claimed_by: a.id });
    // Within the lease nobody else takes it.
    expect(await b.claimAndRun()).toBe(false);
    await a.idle();
    // The dead worker's lease runs out: its last heartbeat is older than the lease (no waiting on the clock).
    await app.db.execute(sql`UPDATE parser_runs SET heartbeat_at = now() - make_interval(secs => ${opts.leaseSeconds + 1}) WHERE id = ${run!.id}`);
    expect(await b.claimAndRun()).toBe(true);
    await b.idle();
    [run] = await runsOf(app, 'lidl-prg-smichov');
    expect(run).toMatchObject({ status: 'done', claimed_by: b.id, attempts: 2, prices_found: 12 });
  });
});

(onPostgres() ? describe : describe.skip)('two server processes on one PostgreSQL', () => {
  const database = testDatabase();
  const apps: FastifyInstance[] = [];
  const start = async (env: Record<string, string>) => {
    const config = {
      ...loadConfig(
        { DEMO: '1', LOG_LEVEL: 'silent', DEMO_PRODUCTS: String(TEST_DEMO_PRODUCTS), DEMO_SHOPS: '1', PARSERS_WORKER: '1', ...TEST_DB_TIMEOUTS, ...env },
        SERVER_DIR,
      ),
      dataDir: 'memory://',
      databaseUrl: database.options.databaseUrl,
      databaseSchema: database.options.schema,
    };
    const app = await buildApp({ config, serverDir: SERVER_DIR, staticDirs: { host: null, remotes: {} }, logger: false });
    apps.push(app);
    return app;
  };
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await database.drop();
  });

  it('each scheduled run happens once; a job of a stopped process is picked up by the other', async () => {
    const one = await start({});
    Object.assign(one.parsers.workerOptions, FAST, { scheduling: false });
    const two = await start({});
    Object.assign(two.parsers.workerOptions, FAST, { scheduling: false });
    // Both processes schedule the same moment.
    const at = Date.now();
    await Promise.all([one.parsers.worker.schedule(at), two.parsers.worker.schedule(at)]);
    const counts = await queryRows<{ n: number }>(one.db, sql`SELECT count(*)::int AS n FROM parser_runs GROUP BY parser_id`);
    expect(counts).toHaveLength(DEMO_SHOPS.length);
    expect(counts.every((c) => Number(c.n) === 1)).toBe(true);

    // Both work; every run ends done or failed exactly once. Waits for the runs themselves (a 60 s deadline
    // of its own failed at load ~20).
    await pollUntil(
      () => queryRows<{ n: number }>(one.db, sql`SELECT count(*)::int AS n FROM parser_runs WHERE status IN ('queued', 'running')`),
      (open) => Number(open[0]!.n) === 0,
      300,
    );
    const runs = await queryRows<{ status: string; attempts: number; claimed_by: string }>(one.db, sql`SELECT status, attempts, claimed_by FROM parser_runs`);
    expect(runs.every((r) => ['done', 'failed'].includes(r.status) && r.attempts === 1)).toBe(true);

    // A forced run claimed by process one, which then stops without completing it.
    one.parsers.worker.abandon();
    const [lidl] = await queryRows<{ id: number }>(one.db, sql`SELECT id FROM parsers WHERE code = 'lidl-prg-smichov'`);
    await one.db.execute(sql`INSERT INTO parser_runs (parser_id, trigger, status, claimed_by, heartbeat_at, started_at, attempts)
      VALUES (${lidl!.id}, 'force', 'running', ${one.parsers.worker.id}, now(), now(), 1)`);
    await one.close();
    apps.splice(apps.indexOf(one), 1);
    // Until the other process has ended it (after the 4 s lease), however long that takes under load.
    const [last] = await pollUntil(
      () =>
        queryRows<{ status: string; attempts: number; claimed_by: string }>(
          two.db,
          sql`SELECT status, attempts, claimed_by FROM parser_runs WHERE trigger = 'force' ORDER BY id DESC LIMIT 1`,
        ),
      ([run]) => run?.status === 'done' || run?.status === 'failed',
      300,
    );
    expect(last).toMatchObject({ status: 'done', attempts: 2, claimed_by: two.parsers.worker.id });
    // Two apps started on an empty database (migrations, the demo seed, the demo shops) and seven runs: at
    // load ~20 on two cores this outran the suite's 180 s (loaded run, PostgreSQL lane).
  }, 900_000);
});

describe('pg-boss dispatch', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build({ env: { DEMO_SHOPS: '1', PARSERS_WORKER: '1' } });
    // No polling: only the `parsers.run` job can start the run.
    Object.assign(app.parsers.workerOptions, FAST, { polling: false, scheduling: false });
  }, 600_000);
  afterAll(() => app?.close());

  it('a forced run is announced as a parsers.run job and run by the worker that takes it', async () => {
    await app.db.execute(sql`DELETE FROM parser_runs`);
    const [lidl] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM parsers WHERE code = 'lidl-prg-smichov'`);
    const user = await queryRows<{ id: string }>(app.db, sql`SELECT id FROM users WHERE username = 'operator'`);
    const [run] = await app.parsers.queries.queueRun(Number(lidl!.id), 'force', { requestedBy: user[0]!.id }).then((r) => [r!]);
    app.parsers.dispatch([Number(run.id)]);
    // Until the run ends, whenever the job gets to it.
    const ended = await pollUntil(
      async () => (await app.parsers.queries.run(Number(run.id)))!,
      (r) => r.status === 'done' || r.status === 'failed',
      200,
    );
    expect([ended.status, ended.pricesFound]).toEqual(['done', 12]);
  });
});
