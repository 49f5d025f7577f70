/**
 * Export workers racing for requests after the claim, progress, requeue and stale sweep moved to the
 * typed builder (issue 15 item 1). Several worker processes on one PostgreSQL get jobs from pg-boss; a
 * job can reach two of them (a retry, an expired lock), and two processes sweep stale requests at once.
 * Whatever the order: every request is claimed by exactly one worker, none twice; a stale request is
 * taken over by exactly one sweeper; a worker that lost its request learns so from progress and done.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../src/db/client';
import { build, loginAs } from '../helpers/build';
import { addFixtures, us, type Fixtures } from '../helpers/catalogue';
import { caller, data, type Call } from '../areas/exports/helpers';

const WORKERS = 10;

let app: FastifyInstance;
let fx: Fixtures;
let ashan: Call;

beforeAll(async () => {
  // No worker in this process: the test's own "workers" are the only ones claiming.
  app = await build({ env: { JOB_WORKERS: '0' } });
  fx = await addFixtures(app);
  ashan = caller(app, await loginAs(app, 'ashan'));
}, 300_000);

afterAll(() => app?.close());

/** Ten queued requests made through the API, with the job each names. */
async function queued(): Promise<{ id: number; jobId: string }[]> {
  const shop = fx.shop('auchan-kyi-petrivka');
  const made: number[] = [];
  for (let i = 0; i < WORKERS; i++) {
    const res = await ashan('POST', '/export/inline/prices', {
      products: [fx.buckwheat],
      shops: [shop],
      start: us(fx.start),
      end: us(fx.end),
      name: `race ${i}`,
    });
    expect(res.statusCode).toBe(200);
    made.push(Number(data(res)._id));
  }
  const rows = await queryRows<{ id: number; job_id: string; state: string }>(
    app.db,
    sql`SELECT id, job_id, state FROM export_requests WHERE id = ANY(${sql.param(made)}::bigint[]) ORDER BY id`,
  );
  expect(rows.map((r) => r.state)).toEqual(made.map(() => 'queued'));
  return rows.map((r) => ({ id: Number(r.id), jobId: r.job_id }));
}

/** Worker w tries every job, starting at a different one, all workers at once. */
async function everyoneClaims(jobs: { id: number; jobId: string }[]) {
  const q = app.exports.queries;
  const won = await Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      const mine: number[] = [];
      for (let k = 0; k < jobs.length; k++) {
        const job = jobs[(w + k) % jobs.length]!;
        const claimed = await q.claim(job.id, job.jobId);
        if (claimed) mine.push(claimed.id);
      }
      return mine;
    }),
  );
  return won;
}

async function stateOf(ids: number[]) {
  return queryRows<{ id: number; state: string; attempts: number; job_id: string }>(
    app.db,
    sql`SELECT id, state, attempts, job_id FROM export_requests WHERE id = ANY(${sql.param(ids)}::bigint[]) ORDER BY id`,
  );
}

describe('export workers racing for the same requests', () => {
  it('ten workers claiming the same ten jobs at once: each request claimed once, by one worker', async () => {
    const jobs = await queued();
    const won = await everyoneClaims(jobs);
    const all = won.flat().sort((a, b) => a - b);
    expect(all).toEqual(jobs.map((j) => j.id));
    const rows = await stateOf(all);
    expect(rows.map((r) => [r.state, Number(r.attempts)])).toEqual(jobs.map(() => ['running', 1]));
    // The claim answers what the worker needs, typed as before.
    const [again] = await queued();
    const claimed = await app.exports.queries.claim(again!.id, again!.jobId);
    expect(claimed).toMatchObject({ id: again!.id, type: 'inline', name: 'race 0', attempts: 1 });
    expect(typeof claimed!.ownerId).toBe('string');
    expect(claimed!.params).toMatchObject({ products: [fx.buckwheat], start: fx.start, end: fx.end });
  }, 300_000);

  it('ten sweepers at once take a stale request over once; the old worker then finds it gone', async () => {
    const jobs = await queued();
    await everyoneClaims(jobs);
    const ids = jobs.map((j) => j.id);
    // Their workers died: no heartbeat for an hour.
    await app.db.execute(sql`UPDATE export_requests SET heartbeat_at = now() - interval '1 hour' WHERE id = ANY(${sql.param(ids)}::bigint[])`);
    const q = app.exports.queries;
    const takeovers = await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        const mine: { id: number; jobId: string }[] = [];
        for (const r of await q.stale(60)) {
          if (!ids.includes(r.id)) continue;
          const next = randomUUID();
          if (await q.requeue(r.id, r.jobId, next)) mine.push({ id: r.id, jobId: next });
        }
        return mine;
      }),
    );
    const flat = takeovers.flat().sort((a, b) => a.id - b.id);
    expect(flat.map((t) => t.id)).toEqual(ids);
    const rows = await stateOf(ids);
    expect(rows.map((r) => [r.state, r.job_id])).toEqual(flat.map((t) => ['queued', t.jobId]));
    // The dead job, come back: no progress, no done, no claim.
    for (const j of jobs) {
      expect(await q.progress(j.id, j.jobId, 5, 50)).toBe(false);
      expect(await q.done(j.id, j.jobId, { file: 'x.xlsx', extension: '.xlsx', size: 1, rows: 1 })).toBe(false);
      expect(await q.claim(j.id, j.jobId)).toBeNull();
    }
    // The new jobs claim them once more, each once.
    const again = (await everyoneClaims(flat)).flat().sort((a, b) => a - b);
    expect(again).toEqual(ids);
    expect((await stateOf(ids)).map((r) => [r.state, Number(r.attempts)])).toEqual(ids.map(() => ['running', 2]));
    const check = await ashan('GET', '/export/list?limit=5');
    expect(check.statusCode).toBe(200);
  }, 300_000);
});
