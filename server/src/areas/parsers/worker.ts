/**
 * The parser worker of one server process. Every few seconds it (1) queues the scheduled run each
 * enabled parser is due for — every process tries, the unique (parser, scheduled_for) index keeps one —
 * and (2) claims runnable runs with SELECT … FOR UPDATE SKIP LOCKED, up to `concurrency` at once. A
 * running run's heartbeat is renewed as it progresses; a run whose heartbeat is older than the lease
 * (its process died) is claimed again by any process, up to `maxAttempts`. See docs/parsers.md "Work".
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ParsersQueries } from './queries';
import { executeRun, type RunnerOptions } from './runner';
import { slotAtOrBefore } from './schedule';

export type WorkerOptions = RunnerOptions & {
  concurrency: number;
  pollMs: number;
  leaseSeconds: number;
  maxAttempts: number;
  /** Scheduled runs older than this are not caught up (a server that was off for days). */
  catchUpMs: number;
  scheduling: boolean;
  /** false: this process only runs what pg-boss hands it (tests prove the job path with it). */
  polling?: boolean;
};

export function createParserWorker(db: Db, q: ParsersQueries, log: FastifyBaseLogger, opts: WorkerOptions) {
  const id = `${process.pid}-${randomUUID().slice(0, 8)}`;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let abandoned = false;
  const active = new Set<Promise<unknown>>();
  const onRefused = opts.onRefused ?? ((r: { host: string; address: string; range: string }) => log.debug(r, 'parser run: host resolves to a refused address'));

  async function schedule(now = Date.now()) {
    for (const p of await q.enabledParsers()) {
      const slot = slotAtOrBefore(p.schedule, now);
      const created = p.createdAt.getTime();
      if (!slot || now - slot.getTime() > opts.catchUpMs || slot.getTime() < created - opts.catchUpMs) continue;
      await q.queueRun(p.id, 'schedule', { scheduledFor: slot });
    }
  }

  async function claimAndRun(): Promise<boolean> {
    if (stopped || active.size >= opts.concurrency) return false;
    const run = await q.claim(id, opts.leaseSeconds, opts.maxAttempts);
    if (!run) return false;
    const job = executeRun(db, q, run, id, { ...opts, onRefused, isAbandoned: () => abandoned })
      .then((r) => log.info({ run: run.id, parser: run.parserId, status: r.status, prices: r.pricesFound, written: r.written }, 'parser run finished'))
      .catch((err) => log.error({ err, run: run.id }, 'parser run crashed'))
      .finally(() => active.delete(job));
    active.add(job);
    return true;
  }

  /**
   * Runs one given run now if nobody else has it (a pg-boss job of queue `parsers.run` names it):
   * resolves when it ends. False when it was not claimable (another process has it, or it ended).
   */
  async function runById(runId: number): Promise<boolean> {
    if (stopped) return false;
    const run = await q.claimById(runId, id, opts.leaseSeconds);
    if (!run) return false;
    const job = executeRun(db, q, run, id, { ...opts, onRefused, isAbandoned: () => abandoned })
      .then((r) => log.info({ run: run.id, parser: run.parserId, status: r.status, prices: r.pricesFound, written: r.written }, 'parser run finished'))
      .catch((err) => log.error({ err, run: run.id }, 'parser run crashed'))
      .finally(() => active.delete(job));
    active.add(job);
    await job;
    return true;
  }

  async function tick() {
    try {
      if (opts.scheduling) await schedule();
      while (await claimAndRun()) {
        /* claim while there is room */
      }
    } catch (err) {
      if (!stopped) log.error({ err }, 'parser worker tick failed');
    }
  }

  return {
    id,
    tick,
    schedule,
    runById,
    claimAndRun,
    start() {
      const loop = async () => {
        if (opts.polling !== false) await tick();
        if (!stopped) timer = setTimeout(loop, opts.pollMs);
      };
      timer = setTimeout(loop, Math.min(1000, opts.pollMs));
    },
    /** Finish what runs (up to `graceMs`) and stop claiming. */
    async stop(graceMs = 10_000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      // The grace timer goes as soon as the runs end: left pending it kept a closed app (and, in tests, the
      // whole test file's modules) alive for graceMs after close.
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...active]), new Promise((r) => (grace = setTimeout(r, graceMs)))]);
      clearTimeout(grace);
      abandoned = true;
    },
    /** Stop as a crashed process would: no more writes, no completion; the lease runs out. */
    abandon() {
      stopped = true;
      abandoned = true;
      if (timer) clearTimeout(timer);
    },
    idle: () => Promise.allSettled([...active]),
    activeCount: () => active.size,
  };
}

export type ParserWorker = ReturnType<typeof createParserWorker>;
