/**
 * Background jobs (docs/jobs.md): one pg-boss instance per server process, in the same database as
 * everything else — PostgreSQL through its own small pool (schema `pgboss`, or `<DATABASE_SCHEMA>_jobs`),
 * PGlite through pg-boss's `fromPglite` adapter on the app's one connection. Areas see only the small
 * typed API below; pg-boss stays an implementation detail behind it.
 */
import type { PGlite } from '@electric-sql/pglite';
import { assertOutsideTransaction } from '../db/tx-guard';
import { PgBoss, fromPglite, type Job, type SendOptions as BossSendOptions } from 'pg-boss';

export type JobContext = {
  /** The pg-boss job id. */
  id: string;
  name: string;
  /** How many times this job was retried before this attempt. */
  retryCount: number;
  /**
   * Aborted when the server stops (or pg-boss loses the job's claim): a long handler checks it between
   * steps and gives up cleanly — what "cleanly" means is the area's business (exports re-queue).
   */
  signal: AbortSignal;
};

export type JobHandler<T> = (data: T, ctx: JobContext) => Promise<void>;

export type RegisterOptions = {
  /** Handlers of this queue running at once in this process (default 1; PGlite is serialised anyway). */
  concurrency?: number;
  /** pg-boss retries of a handler that throws (default 0: the handler records its own failures). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A job running longer than this is taken as dead and retried or failed by pg-boss (default 1 h). */
  expireInSeconds?: number;
  /** Idle poll when no wake-up notification arrives (default 2 s). */
  pollingIntervalSeconds?: number;
};

export type SendOptions = {
  /** The job id (a UUID) when the caller must know it before the job can start. */
  id?: string;
  /** Run no earlier than this (a Date, or seconds from now). */
  startAfter?: Date | number;
  /** At most one queued job per key (pg-boss singleton). */
  singletonKey?: string;
  priority?: number;
};

export type ScheduleOptions = {
  /** IANA time zone of the cron expression (default: the deployment's). */
  tz?: string;
  /** Several schedules of one queue are told apart by key (e.g. a record id). */
  key?: string;
};

export type JobsOptions = {
  /** The app's PGlite client, or a PostgreSQL connection string. */
  database: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; connectionString: string; schema: string | null };
  /** Default time zone of schedules: the deployment's. */
  timeZone: string;
  /** false: this process queues jobs and keeps schedules but runs no handlers (JOB_WORKERS=0). */
  workers: boolean;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
};

export type Jobs = {
  readonly timeZone: string;
  readonly workers: boolean;
  /** Creates the queue (once) and, when this process runs workers, starts handling its jobs. */
  register<T extends object>(name: string, handler: JobHandler<T>, opts?: RegisterOptions): Promise<void>;
  /** Queues a job; resolves with its id. */
  send<T extends object>(name: string, data: T, opts?: SendOptions): Promise<string>;
  /** Creates or replaces the recurring job (name, key): `cron` is minute hour day-of-month month day-of-week. */
  schedule<T extends object>(name: string, cron: string, data: T, opts?: ScheduleOptions): Promise<void>;
  unschedule(name: string, key?: string): Promise<void>;
  /** The keys of a queue's schedules. */
  scheduleKeys(name: string): Promise<string[]>;
  /** The next `count` times a cron expression fires in a time zone (default: the deployment's). */
  nextRuns(cron: string, opts?: { tz?: string; count?: number; from?: Date }): Date[];
  /** Aborts running handlers, waits for them (up to timeoutMs), then stops pg-boss. Idempotent. */
  stop(timeoutMs?: number): Promise<void>;
};

/** The pg-boss schema for an app schema (tests give every app its own). */
export const jobsSchemaFor = (databaseSchema: string | null) => (databaseSchema ? `${databaseSchema}_jobs` : 'pgboss');

export async function startJobs(opts: JobsOptions): Promise<Jobs> {
  const boss =
    opts.database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(opts.database.client), backend: 'pglite', schema: 'pgboss', useListenNotify: true })
      : new PgBoss({
          connectionString: opts.database.connectionString,
          schema: jobsSchemaFor(opts.database.schema),
          max: 4,
          application_name: 'pricewatch-jobs',
          useListenNotify: true,
        });
  boss.on('error', (err) => opts.log.error({ err }, 'jobs: pg-boss error'));
  boss.on('warning', (warning) => opts.log.warn({ warning }, 'jobs: pg-boss warning'));
  await boss.start();

  const queues = new Map<string, Promise<void>>();
  const running = new Set<{ controller: AbortController; done: Promise<void> }>();
  let stopping: Promise<void> | null = null;

  /** Queue options live on the queue; a send to an unregistered queue creates it with defaults. */
  function ensureQueue(name: string, o: RegisterOptions = {}): Promise<void> {
    let ready = queues.get(name);
    if (!ready) {
      ready = boss.createQueue(name, {
        notify: true,
        retryLimit: o.retryLimit ?? 0,
        retryDelay: o.retryDelaySeconds ?? 0,
        expireInSeconds: o.expireInSeconds ?? 3600,
      });
      ready.catch(() => queues.delete(name));
      queues.set(name, ready);
    }
    return ready;
  }

  async function runOne<T>(job: Job<T>, handler: JobHandler<T>) {
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, job.signal]);
    let finish!: () => void;
    const entry = { controller, done: new Promise<void>((r) => (finish = r)) };
    running.add(entry);
    try {
      await handler(job.data, { id: job.id, name: job.name, retryCount: job.retryCount, signal });
    } finally {
      running.delete(entry);
      finish();
    }
  }

  return {
    timeZone: opts.timeZone,
    workers: opts.workers,

    async register(name, handler, o = {}) {
      await ensureQueue(name, o);
      if (!opts.workers) return;
      await boss.work<typeof handler extends JobHandler<infer T> ? T : never>(
        name,
        {
          batchSize: 1,
          localConcurrency: o.concurrency ?? 1,
          pollingIntervalSeconds: o.pollingIntervalSeconds ?? 2,
          // New jobs wake the worker at once (LISTEN/NOTIFY); retries and deferred jobs are found by polling.
          notifyPollingIntervalSeconds: o.pollingIntervalSeconds ?? 2,
        },
        async (jobs) => {
          for (const job of jobs) await runOne(job, handler as JobHandler<unknown>);
        },
      );
      opts.log.info({ queue: name }, 'jobs: worker started');
    },

    async send(name, data, o = {}) {
      // pg-boss writes on its own handle: inside a transaction that is a freeze on PGlite (one connection)
      // and a job that outlives a rollback on PostgreSQL. Queue after the commit.
      assertOutsideTransaction('jobs.send');
      await ensureQueue(name);
      const options: BossSendOptions = {};
      if (o.id) options.id = o.id;
      if (o.startAfter !== undefined) options.startAfter = o.startAfter;
      if (o.singletonKey) options.singletonKey = o.singletonKey;
      if (o.priority !== undefined) options.priority = o.priority;
      const id = await boss.send(name, data, options);
      if (!id) throw new Error(`jobs: ${name} was not queued (singleton already queued)`);
      return id;
    },

    async schedule(name, cron, data, o = {}) {
      await ensureQueue(name);
      await boss.schedule(name, cron, data, { tz: o.tz ?? opts.timeZone, ...(o.key ? { key: o.key } : {}) });
    },

    async unschedule(name, key) {
      await boss.unschedule(name, key);
    },

    async scheduleKeys(name) {
      return (await boss.getSchedules(name)).map((s) => s.key);
    },

    nextRuns(cron, o = {}) {
      return boss.previewSchedule(cron, { tz: o.tz ?? opts.timeZone, count: o.count ?? 1, ...(o.from ? { from: o.from } : {}) });
    },

    stop(timeoutMs = 10_000) {
      stopping ??= (async () => {
        for (const entry of running) entry.controller.abort(new Error('server stopping'));
        const handlers = Promise.all([...running].map((e) => e.done));
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([handlers, new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
        clearTimeout(timer);
        await boss.stop({ graceful: true, timeout: 1000 });
      })();
      return stopping;
    },
  };
}
