/**
 * Worker threads that read fetched pages (page-work.ts) off the API's event loop: piscina, one pool per
 * process shared by parser runs, tries and the CLI. Each task has a time budget counted from the moment a
 * thread starts on it; past it the thread is terminated (piscina's abort) and the page is a `timeout`
 * problem, never a guessed price. A thread that runs out of its heap is a `too_large` problem. Threads
 * start on the first page and leave after a minute idle, so a process that reads no page starts none.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { ParserProblemKind } from '@pricewatch/shared/contract';
import type { PageTask, PageTaskResult } from './page-work';

/**
 * Threads at most: one core is left to the event loop (2 cores: one thread), at most 4. A page waits for
 * a free thread rather than taking the loop's core.
 */
export const PAGE_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));
/** A thread's heap: a 20 MB page of ~500 000 elements parses in well under it. */
export const PAGE_THREAD_HEAP_MB = 1536;
const IDLE_MS = 60_000;
/** The longest a page waits for a thread (parser runs and tries share the pool) before it is a `timeout`. */
export const THREAD_WAIT_MS = 60_000;

/** A page that could not be read in a thread, by the problem kind a run records. */
export class PageReadError extends Error {
  constructor(
    readonly kind: ParserProblemKind,
    message: string,
  ) {
    super(`[${kind}] ${message}`);
  }
}

let pool: Piscina | null = null;
/**
 * Tries (POST /parsers/try) read in a pool of their own: a try of a page that takes its whole budget
 * (a 440 KB page nested 40 000 deep is minutes of parse5) held the runs' only thread, and the runs' pages
 * waiting past THREAD_WAIT_MS became `timeout` problems: one editor's try cost every run its prices.
 */
let tryPool: Piscina | null = null;
const tryLane = new AsyncLocalStorage<true>();

/** Runs `fn` with its pages read in the tries' own thread (try-slots.ts). */
export const inTryLane = <T>(fn: () => Promise<T>): Promise<T> => tryLane.run(true, fn);

const newPool = (maxThreads: number) =>
  new Piscina({
    filename: new URL('./page-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads,
    idleTimeout: IDLE_MS,
    resourceLimits: { maxOldGenerationSizeMb: PAGE_THREAD_HEAP_MB },
  });

function thePool(): Piscina {
  if (tryLane.getStore()) return (tryPool ??= newPool(1));
  return (pool ??= newPool(PAGE_THREADS));
}

export type PageLimits = {
  /** The longest a thread may work on the page. */
  budgetMs: number;
  /** The longest the page may wait for a free thread (and the thread's first start); then a `timeout`. */
  waitMs: number;
};

/** Runs `task` in a thread within `limits`; a problem is thrown as PageReadError. */
export async function readInThread(task: PageTask, limits: PageLimits): Promise<PageTaskResult> {
  const { port1, port2 } = new MessageChannel();
  const abort = new AbortController();
  let why: PageReadError | null = null;
  const stop = (err: PageReadError) => {
    why = err;
    abort.abort(err);
  };
  let timer = setTimeout(
    () => stop(new PageReadError('timeout', `no thread was free to read the page within ${Math.round(limits.waitMs / 1000)} s`)),
    limits.waitMs,
  );
  port1.once('message', () => {
    clearTimeout(timer);
    timer = setTimeout(() => stop(new PageReadError('timeout', `reading the page took over ${Math.round(limits.budgetMs / 1000)} s`)), limits.budgetMs);
  });
  try {
    return (await thePool().run({ task, started: port2 }, { transferList: [port2], signal: abort.signal })) as PageTaskResult;
  } catch (err) {
    if (why) throw why;
    if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw new PageReadError('too_large', `reading the page needs more than ${PAGE_THREAD_HEAP_MB} MB of memory`);
    throw err;
  } finally {
    clearTimeout(timer);
    port1.close();
  }
}

/** Ends the threads (a process shutting down; the bench). The next page starts a new pool. */
export async function closePagePool(): Promise<void> {
  const held = [pool, tryPool];
  pool = null;
  tryPool = null;
  await Promise.all(held.map((p) => p?.destroy()));
}
