/**
 * The hook every price writer calls after a batch of prices is stored (docs/alarms.md "Hook"):
 *
 *   await recordObservations(db, observations);
 *   onPricesWritten(db, observations);          // pairs: { productId, shopId }
 *
 * It collects the touched pairs and returns at once; pairs arriving while the last ones are handed on
 * are merged, so a parser run writing many small batches makes few evaluations. With the app running
 * they go to the `alarms.evaluate` background job (pg-boss: any server process may run it); evaluations
 * are serialised per database by an advisory lock (evaluate.ts), so a target never fires twice.
 * Without a running app (scripts, the bench) nothing is registered and evaluation runs inline.
 */
import type { Db } from '../../db/client';
import { evaluatePairs, type EvaluationResult, type PricePair } from './evaluate';

type AlarmsRuntime = {
  /** Queue pairs for evaluation; resolves when they have been evaluated. */
  enqueue(pairs: PricePair[]): Promise<EvaluationResult>;
  /** Resolves when nothing is queued or running. */
  idle(): Promise<void>;
  /** Stops taking work (app closing); waits for the running evaluation. */
  close(): Promise<void>;
  /**
   * Hands pairs to the background job (alarms.evaluate on pg-boss) instead of evaluating them in this
   * process; set by the alarms plugin when jobs run. Unset: the queue evaluates them itself.
   */
  dispatch?: (pairs: PricePair[]) => Promise<void>;
  /** Evaluates at once (and mails), for writers that answer with what fired (internal price import). */
  evaluateNow(pairs: PricePair[]): Promise<EvaluationResult>;
  /** Runs after every evaluation (immediate e-mails). */
  afterEvaluation?: (result: EvaluationResult) => Promise<void>;
  /** Sends the daily digests that are due (the digest job); answers the number of mails sent. */
  sendDigests?: (now?: Date) => Promise<number>;
};

const runtimes = new WeakMap<Db, AlarmsRuntime>();

type Log = { error: (obj: unknown, msg?: string) => void };

export function createAlarmsRuntime(db: Db, log: Log): AlarmsRuntime {
  let pending = new Map<string, PricePair>();
  let waiters: { resolve: (r: EvaluationResult) => void; reject: (e: unknown) => void }[] = [];
  let running: Promise<void> | null = null;
  let closed = false;

  const runtime: AlarmsRuntime = {
    enqueue(pairs) {
      if (closed) return Promise.resolve({ evaluated: 0, fired: 0, owners: new Map() });
      for (const p of pairs) pending.set(`${p.productId}:${p.shopId}`, { productId: p.productId, shopId: p.shopId });
      const done = new Promise<EvaluationResult>((resolve, reject) => waiters.push({ resolve, reject }));
      if (!running) running = drain();
      return done;
    },
    async evaluateNow(pairs) {
      const result = await evaluatePairs(db, pairs);
      if (runtime.afterEvaluation) {
        await runtime.afterEvaluation(result).catch((error) => log.error({ err: error }, 'alarm notification failed'));
      }
      return result;
    },
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      await runtime.idle();
      runtimes.delete(db);
    },
  };

  async function drain(): Promise<void> {
    // Let the writer's request finish first; then take everything queued so far.
    await new Promise((r) => setImmediate(r));
    while (pending.size && !closedAndEmpty()) {
      const pairs = [...pending.values()];
      const batchWaiters = waiters;
      pending = new Map();
      waiters = [];
      try {
        let result: EvaluationResult;
        if (runtime.dispatch) {
          await runtime.dispatch(pairs);
          result = { queued: true, evaluated: 0, fired: 0, owners: new Map() };
        } else {
          result = await runtime.evaluateNow(pairs);
        }
        batchWaiters.forEach((w) => w.resolve(result));
      } catch (error) {
        log.error({ err: error }, 'alarm evaluation failed');
        batchWaiters.forEach((w) => w.reject(error));
      }
    }
    running = null;
  }
  const closedAndEmpty = () => closed && pending.size === 0;

  runtimes.set(db, runtime);
  return runtime;
}

/** The runtime the app registered for this database, if any. */
export function alarmsRuntime(db: Db): AlarmsRuntime | undefined {
  return runtimes.get(db);
}

/**
 * Price writers call this after writing a batch (parsers, imports, manual entries). Returns at once
 * with the app running; the promise (which callers need not await) settles once evaluated.
 */
export function onPricesWritten(db: Db, pairs: PricePair[]): Promise<EvaluationResult> {
  if (!pairs.length) return Promise.resolve({ evaluated: 0, fired: 0, owners: new Map() });
  const runtime = runtimes.get(db);
  const done = runtime ? runtime.enqueue(pairs) : evaluatePairs(db, pairs);
  // A caller that does not await must not see an unhandled rejection (the runtime logs failures).
  done.catch(() => undefined);
  return done;
}
