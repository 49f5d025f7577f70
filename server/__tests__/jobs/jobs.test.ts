/**
 * The background-jobs API other areas use (src/jobs, docs/jobs.md), on the app's own database: PGlite,
 * or PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../src/db/client';
import { jobsSchemaFor } from '../../src/jobs';
import { build } from '../helpers/build';
import { pollUntil } from '../helpers/until';

let app: FastifyInstance;

beforeAll(async () => {
  app = await build({ env: { DEMO: '0' } });
});
afterAll(() => app?.close());

/** Resolves when the handler has been called `n` times: waits on the calls themselves, not on a clock. */
function calls<T>(n: number): { seen: T[]; record: (v: T) => void; all: Promise<void> } {
  const seen: T[] = [];
  let done!: () => void;
  const all = new Promise<void>((resolve) => (done = resolve));
  return {
    seen,
    all,
    record: (v) => {
      seen.push(v);
      if (seen.length === n) done();
    },
  };
}

it('runs a registered handler with the data sent, and tells it the job id', async () => {
  const first = calls<{ data: { n: number }; id: string }>(1);
  const second = calls<{ data: { n: number }; id: string }>(1);
  await app.jobs.register<{ n: number }>('test.echo', async (data, ctx) => {
    (first.seen.length ? second : first).record({ data, id: ctx.id });
  });
  const id = await app.jobs.send('test.echo', { n: 7 });
  await first.all;
  expect(first.seen).toEqual([{ data: { n: 7 }, id }]);
  // A caller may choose the id (to record it before the job can start).
  const chosen = '8b0f7d52-4c3e-4f7e-9a51-2b6a2f0c1d11';
  expect(await app.jobs.send('test.echo', { n: 8 }, { id: chosen })).toBe(chosen);
  await second.all;
  expect(second.seen).toEqual([{ data: { n: 8 }, id: chosen }]);
});

/** The job's state in pg-boss's own table (the jobs API has no reader for it; tests only). */
async function jobState(name: string, id: string): Promise<string | undefined> {
  const schema = jobsSchemaFor(app.config.databaseUrl ? app.config.databaseSchema : null);
  const rows = await queryRows<{ state: string }>(app.db, sql`SELECT state FROM ${sql.identifier(schema)}.job WHERE name = ${name} AND id = ${id}`);
  return rows[0]?.state;
}

it('retries a throwing handler exactly retryLimit times, then the job fails', async () => {
  const tries: number[] = [];
  await app.jobs.register(
    'test.flaky',
    async (_data, ctx) => {
      tries.push(ctx.retryCount);
      throw new Error('always fails');
    },
    { retryLimit: 1 },
  );
  const id = await app.jobs.send('test.flaky', {});
  // Waits for the job itself to be given up: with retryLimit ignored it fails after one try (0) or
  // tries pg-boss's default number of times.
  await pollUntil(
    () => jobState('test.flaky', id),
    (state) => state === 'failed',
  );
  expect(tries).toEqual([0, 1]);
});

it('keeps schedules by key and previews when a cron fires in a time zone', async () => {
  expect(app.jobs.timeZone).toBe('Europe/Prague');
  await app.jobs.schedule('test.cron', '30 6 * * *', { a: 1 }, { key: 'one' });
  await app.jobs.schedule('test.cron', '0 7 * * 1', { a: 2 }, { key: 'two', tz: 'UTC' });
  expect((await app.jobs.scheduleKeys('test.cron')).sort()).toEqual(['one', 'two']);
  await app.jobs.unschedule('test.cron', 'one');
  expect(await app.jobs.scheduleKeys('test.cron')).toEqual(['two']);
  const from = new Date('2026-01-15T12:00:00Z');
  // 06:30 in Prague (UTC+1 in January) is 05:30 UTC.
  expect(app.jobs.nextRuns('30 6 * * *', { from, count: 2 }).map((d) => d.toISOString())).toEqual(['2026-01-16T05:30:00.000Z', '2026-01-17T05:30:00.000Z']);
  expect(app.jobs.nextRuns('30 6 * * *', { from: new Date('2026-07-15T12:00:00Z') })[0]!.toISOString()).toBe('2026-07-16T04:30:00.000Z');
});

it('aborts running handlers when the app closes, and waits for them', async () => {
  const other = await build({ env: { DEMO: '0' } });
  let aborted = false;
  let finished = false;
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  await other.jobs.register('test.long', async (_data, ctx) => {
    started();
    await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
    aborted = ctx.signal.aborted;
    await new Promise((r) => setTimeout(r, 50));
    finished = true;
  });
  await other.jobs.send('test.long', {});
  await running;
  await other.close();
  expect([aborted, finished]).toEqual([true, true]);
});
