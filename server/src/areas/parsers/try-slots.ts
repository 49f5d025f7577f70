/**
 * Admission for POST /parsers/try (each try may start a browser): the overload queue's gate
 * (src/plugins/overload.ts createDbGate), refusing with 429 too_many_requests. One try at a time per user
 * with one more waiting, and TRY_CONCURRENCY per process with TRY_QUEUE waiting; the browser pool's own
 * turn (browser-crawl.ts) bounds the browsers beyond that.
 */
import { tooManyRequests } from '../../lib/errors';
import { createDbGate, type DbGate } from '../../plugins/overload';
import { inTryLane } from '../../scraping/page-pool';

const TRY_CONCURRENCY = 2;
const TRY_QUEUE = 4;

const perProcess = createDbGate({ concurrency: TRY_CONCURRENCY, maxPending: TRY_QUEUE, maxWaitMs: Number.POSITIVE_INFINITY, refusal: tooManyRequests });
const perUser = new Map<string, DbGate>();

export async function withTrySlot<T>(userId: string, fn: () => Promise<T>): Promise<T> {
  let mine = perUser.get(userId);
  if (!mine) {
    mine = createDbGate({ concurrency: 1, maxPending: 1, maxWaitMs: Number.POSITIVE_INFINITY, refusal: tooManyRequests });
    perUser.set(userId, mine);
  }
  const gate = mine;
  try {
    const releaseUser = await gate.enter();
    try {
      const releaseProcess = await perProcess.enter();
      try {
        // Its pages are read in the tries' own thread, never taking the parser runs' (page-pool.ts).
        return await inTryLane(fn);
      } finally {
        releaseProcess();
      }
    } finally {
      releaseUser();
    }
  } finally {
    // An idle user's gate is dropped (a later release hands over in a later turn; the gate then has nothing queued).
    if (gate.running === 0 && gate.pending === 0 && perUser.get(userId) === gate) perUser.delete(userId);
  }
}
