/**
 * Running export requests (docs/exports.md "Jobs"). A request names the pg-boss job that may run it
 * (job_id): the job claims it (queued → running), writes the file page by page with progress and a
 * heartbeat, and finishes it (done, with the file) or fails it with a reason. Any job whose id is not
 * the request's — a pg-boss retry of an abandoned attempt, a duplicate — finds nothing to do.
 *
 * Interruptions: when this server stops, running exports are aborted, their temporary file deleted,
 * and the request goes back to `queued` under a new job (another process, or this one after its
 * restart, picks it up). A process that died without stopping leaves `running` requests with an old
 * heartbeat: the sweep re-queues them, or fails them with `interrupted` after MAX_ATTEMPTS.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { EXPORT_EXTENSION, type ExportFailureReason, type ExportType } from '@pricewatch/shared/contract';
import type { Db } from '../../db/client';
import { networks, users } from '../../db/schema';
import type { Jobs } from '../../jobs';
import { AppError } from '../../lib/errors';
import { todayIso } from '../../lib/days';
import { toAuthUser, type AuthUser } from '../../core/session-user';
import type { FileStore } from '../../core/file-store';
import { shopDirectory } from '../../core/shop-directory';
import { layoutFor, type Layout } from './layouts';
import { planFor, type StoredParams } from './plan';
import type { ExportQueries } from './queries';
import { paramsFromTemplate, type TemplateLike } from './templates';
import { XlsxStream } from './xlsx-stream';

export const EXPORT_QUEUE = 'exports.run';
export const SWEEP_QUEUE = 'exports.sweep';
/** A request interrupted this many times fails with `interrupted` instead of running again. */
export const MAX_ATTEMPTS = 3;
/** A running request whose heartbeat is older than this was left by a dead process (PostgreSQL). */
export const STALE_SECONDS = 120;
/** Progress (and heartbeat) is written at most this often. */
const PROGRESS_EVERY_MS = 500;

/**
 * Test seam: called after each batch of rows written — a product's (a test makes a job throw midway, or holds it there while
 * the app closes). Never set outside tests.
 */
export const exportHooks: {
  afterPage?: (info: { requestId: number; page: number; rows: number; signal: AbortSignal }) => void | Promise<void>;
} = {};

/** The job stopped because the server is stopping. */
class Interrupted extends Error {}
/** The request was deleted or taken over while running: drop the work silently. */
class Gone extends Error {}
/** A failure with its reason for the request. */
export class ExportFailure extends Error {
  constructor(
    readonly reason: ExportFailureReason,
    message?: string,
  ) {
    super(message ?? reason);
  }
}

/** 403 → forbidden, 400 → invalid_selection (with the field), 404 template → template_deleted. */
export function failureOf(err: unknown): ExportFailure {
  if (err instanceof ExportFailure) return err;
  if (err instanceof AppError) {
    if (err.statusCode === 403) return new ExportFailure('forbidden', 'a network or shop of the selection is no longer visible');
    if (err.statusCode === 404 && err.message === 'template') return new ExportFailure('template_deleted');
    const field = err.fields?.[0];
    if (err.statusCode === 400 && field?.message.startsWith('too_large')) return new ExportFailure('too_large', field.message);
    if (err.statusCode === 400) return new ExportFailure('invalid_selection', field ? `${field.path}: ${field.message}` : err.message);
  }
  return new ExportFailure('internal_error');
}

export type RunnerDeps = {
  db: Db;
  queries: ExportQueries;
  jobs: Jobs;
  files: FileStore;
  log: FastifyBaseLogger;
  /** PGlite: one process per database, so at start every running request is a leftover. */
  singleProcess: boolean;
  /** Templates by id for the owner (group exports); missing ones are left out. */
  templatesFor: (owner: AuthUser, ids: number[]) => Promise<TemplateLike[]>;
};

export function createExportRunner(deps: RunnerDeps) {
  const { db, queries, jobs, files, log } = deps;
  const directory = shopDirectory(db);

  async function ownerOf(id: string | null): Promise<AuthUser | null> {
    if (!id) return null;
    const [row] = await db
      .select({ user: users, network: networks })
      .from(users)
      .leftJoin(networks, eq(networks.id, users.networkId))
      .where(eq(users.id, id))
      .limit(1);
    if (!row || row.user.blocked) return null;
    return toAuthUser(row.user, row.network);
  }

  /** The sheets of a request: one for a price export, one per template for a group export. */
  async function layoutsOf(owner: AuthUser, type: string, params: StoredParams): Promise<{ title: string; layout: Layout }[]> {
    const dir = await directory.get();
    if (type !== 'group') {
      const plan = planFor(owner, type as ExportType, params, dir);
      const layout = layoutFor(db, plan);
      return [{ title: layout.sheet, layout }];
    }
    const templates = await deps.templatesFor(owner, params.templates);
    if (templates.length !== params.templates.length) throw new ExportFailure('template_deleted');
    const byId = new Map(templates.map((t) => [t.id, t]));
    const out: { title: string; layout: Layout }[] = [];
    for (const id of params.templates) {
      const t = byId.get(id)!;
      const p = await paramsFromTemplate(db, t, {}, todayIso());
      out.push({ title: t.name, layout: layoutFor(db, planFor(owner, t.type as ExportType, p, dir)) });
    }
    return out;
  }

  /**
   * Writes the file of a claimed request; answers its name, size and rows. `tick` runs after every
   * page with the rows written so far (progress, heartbeat, cancellation).
   */
  async function produce(
    owner: AuthUser,
    sheets: { title: string; layout: Layout }[],
    tick: (rows: number, page: number) => Promise<void>,
  ): Promise<{ file: string; size: number; rows: number }> {
    const target = await files.create('export', owner, EXPORT_EXTENSION);
    const out = await XlsxStream.create(files.folder, `${target.name}-${randomBytes(4).toString('hex')}`);
    try {
      let page = 0;
      for (const { title, layout } of sheets) {
        await out.addSheet(title, layout.columns);
        for await (const p of layout.pages()) {
          await out.addRows(p.rows);
          await tick(out.rows, ++page);
        }
      }
      const size = await out.finish(target.path);
      await target.commit();
      return { file: target.name, size, rows: out.rows };
    } catch (err) {
      await out.abort();
      await target.discard();
      throw err;
    }
  }

  async function deleteFile(name: string) {
    await queries.deleteFileRecord(name);
    await rm(files.pathOf(name), { force: true });
  }

  /** Queues a request's (new) job: the request names the job before the job exists, so it cannot be missed. */
  async function queue(requestId: number, fromJobId: string | null): Promise<string | null> {
    const jobId = randomUUID();
    if (!(await queries.requeue(requestId, fromJobId, jobId))) return null;
    await jobs.send(EXPORT_QUEUE, { requestId }, { id: jobId });
    return jobId;
  }

  /** Re-queues an interrupted request, or fails it after MAX_ATTEMPTS. */
  async function interrupted(requestId: number, jobId: string | null, attempts: number) {
    if (attempts >= MAX_ATTEMPTS) {
      await queries.failed(requestId, jobId, 'interrupted', `interrupted ${attempts} times`);
      log.warn({ requestId, attempts }, 'exports: request interrupted too often, failed');
      return;
    }
    const next = await queue(requestId, jobId);
    log.info({ requestId, attempts, jobId: next }, 'exports: interrupted request queued again');
  }

  /** The export job: claim, write, finish — every outcome recorded on the request. */
  async function run(requestId: number, jobId: string, signal: AbortSignal): Promise<void> {
    const claimed = await queries.claim(requestId, jobId);
    if (!claimed) return;
    const started = Date.now();
    try {
      const owner = await ownerOf(claimed.ownerId);
      if (!owner) throw new ExportFailure('owner_unavailable');
      let sheets: { title: string; layout: Layout }[];
      try {
        sheets = await layoutsOf(owner, claimed.type, claimed.params);
      } catch (err) {
        throw failureOf(err);
      }
      const expected = sheets.reduce((n, s) => n + s.layout.rowsExpected, 0);
      let last = 0;
      const result = await produce(owner, sheets, async (rows, page) => {
        if (signal.aborted) throw new Interrupted();
        const now = Date.now();
        if (now - last >= PROGRESS_EVERY_MS) {
          last = now;
          const progress = expected ? Math.min(99.9, Math.round((rows / expected) * 1000) / 10) : 0;
          if (!(await queries.progress(requestId, jobId, rows, progress))) throw new Gone();
        }
        await exportHooks.afterPage?.({ requestId, page, rows, signal });
        if (signal.aborted) throw new Interrupted();
      });
      if (!(await queries.done(requestId, jobId, { file: result.file, extension: EXPORT_EXTENSION, size: result.size, rows: result.rows }))) {
        // Deleted (or taken over) while the file was being finished: nobody will ever ask for it.
        await deleteFile(result.file);
        return;
      }
      log.info({ requestId, rows: result.rows, size: result.size, seconds: (Date.now() - started) / 1000 }, 'exports: done');
    } catch (err) {
      if (err instanceof Gone) return;
      if (err instanceof Interrupted || (signal.aborted && !(err instanceof ExportFailure))) {
        await interrupted(requestId, jobId, claimed.attempts);
        return;
      }
      const failure = failureOf(err);
      if (failure.reason === 'internal_error') log.error({ err, requestId }, 'exports: request failed');
      await queries.failed(requestId, jobId, failure.reason, failure.reason === 'internal_error' ? null : failure.message);
    }
  }

  /**
   * Running requests left by a dead process: queued again, or failed after MAX_ATTEMPTS. At start on
   * PGlite every running request is such a leftover (one process per database); otherwise only those
   * whose heartbeat stopped STALE_SECONDS ago.
   */
  async function sweep(atStart: boolean): Promise<number> {
    const stale = await queries.stale(atStart && deps.singleProcess ? null : STALE_SECONDS);
    for (const r of stale) await interrupted(r.id, r.jobId, r.attempts);
    await sweepParts(atStart && deps.singleProcess);
    return stale.length;
  }

  /**
   * Half-written files (`tmp/*.part`) of writers that died (kill -9): at a PGlite start nobody else can be
   * writing, so all go; otherwise those untouched for STALE_SECONDS (a live writer appends all the time,
   * and a request without a heartbeat for that long is taken as dead anyway).
   */
  async function sweepParts(all: boolean): Promise<void> {
    const dir = path.join(files.folder, 'tmp');
    const names = await readdir(dir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      if (!name.endsWith('.part')) continue;
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (!info || (!all && Date.now() - info.mtimeMs < STALE_SECONDS * 1000)) continue;
      await rm(file, { force: true });
      removed++;
    }
    if (removed) log.info({ files: removed }, 'exports: half-written files of a stopped writer removed');
  }

  return { run, sweep, queue, deleteFile, ownerOf, layoutsOf, produce };
}

export type ExportRunner = ReturnType<typeof createExportRunner>;
