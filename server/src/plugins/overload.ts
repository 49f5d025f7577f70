/**
 * Overload protection for the routes that need the database (docs/overload.md, issue 13): a bounded,
 * first-come-first-served admission queue in front of them, `fastify.admitDbRequest` as their first
 * onRequest hook (src/app.ts).
 *
 * - At most `concurrency` such requests run at once (PGlite: its one connection; PostgreSQL: the pool).
 * - Others wait in arrival order. A full queue (`maxPending`, MAX_PENDING_DB_REQUESTS) answers 503
 *   `service_unavailable` with Retry-After at once, and so does a wait past `maxWaitMs`
 *   (DB_QUEUE_TIMEOUT_MS), instead of letting waits grow to the client's timeout. (Refusing on the
 *   expected wait instead turned a machine busy with other work into mostly 503s.)
 * - The wait limit refuses only a request waiting behind others' slots: one that reaches a free slot is
 *   admitted, whatever the clock says (a statement running on PGlite blocks the loop before the hand-over
 *   without holding any request's slot: attack/one-user-blocked-loop).
 * - A freed slot is handed on in a later turn of the event loop (setImmediate). Otherwise, with PGlite
 *   running queries on the main thread, one turn would serve every waiting request back to back, and
 *   Node accepts one new connection per turn: under load new connections waited seconds to be accepted
 *   (the 10 s waits of issue 13) while the server's own request times stayed small.
 *
 * A request holds its slot until its answer is handed to the HTTP layer (onSend), not while a download
 * streams out, nor while its body arrives: a request with a body gives its slot back before the body is
 * read (preParsing) and queues again once it is in (preValidation). Otherwise a client sending a body at
 * its own pace — or never finishing it — held a slot as long as it liked: one anonymous half-sent login
 * took PGlite's only slot, ten PostgreSQL's (attack/slow-body-holds-slot). Uploads (multipart) are not
 * queued: they stream at the client's pace.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serviceUnavailable } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: waits for a database slot, or throws 503 service_unavailable with Retry-After. */
    admitDbRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The queue's state now (tests, diagnostics). */
    dbGate: Pick<DbGate, 'running' | 'pending'>;
  }
}

export type DbGateOptions = {
  /** Requests running at once. */
  concurrency: number;
  /** Requests waiting at most; one more is refused at once. */
  maxPending: number;
  /** A request that has waited this long is refused (Infinity: waits for its turn however long). */
  maxWaitMs: number;
  /** The error a refused request gets (default 503 service_unavailable; imports answer 429). */
  refusal?: (retryAfterSeconds: number) => Error;
};

type Waiter = { since: number; admit: () => void; refuse: (retryAfterSeconds: number) => void; gone: () => boolean };

export type DbGate = ReturnType<typeof createDbGate>;

/** The queue itself, without Fastify (also bounds alarm imports, src/areas/alarms/upload.ts): enter() resolves with the slot's release, or rejects with 503. */
export function createDbGate(opts: DbGateOptions) {
  const refusal = opts.refusal ?? serviceUnavailable;
  const queue: Waiter[] = [];
  let running = 0;
  let handOver = false;
  let sweeper: NodeJS.Timeout | null = null;
  // Recent time a request holds its slot (moving average): the expected wait, for Retry-After.
  let serviceMs = 5;

  const expectedWaitMs = () => ((queue.length + 1) * serviceMs) / opts.concurrency;
  const retryAfterSeconds = () => Math.min(60, Math.max(1, Math.ceil(expectedWaitMs() / 1000)));

  function refuseExpired(now: number) {
    // The first waiters that free slots will take at the hand-over are not waiting behind anyone: not refused.
    let free = Math.max(0, opts.concurrency - running);
    const kept: Waiter[] = [];
    const refused: Waiter[] = [];
    for (const w of queue) {
      if (w.gone()) refused.push(w);
      else if (free > 0) {
        free--;
        kept.push(w);
      } else if (now - w.since >= opts.maxWaitMs) refused.push(w);
      else kept.push(w);
    }
    queue.splice(0, queue.length, ...kept);
    for (const w of refused) w.refuse(retryAfterSeconds());
    if (!queue.length && sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
  }

  function pump() {
    handOver = false;
    while (running < opts.concurrency && queue.length) {
      const w = queue.shift()!;
      // A client that left gets the refusal too, so its request ends (and is logged) like any other. One that
      // reached a free slot is admitted however long it took: the clock also ran while PGlite's statements held
      // the event loop (no request's slot), and a lone user's call was refused for a free slot.
      if (w.gone()) {
        w.refuse(retryAfterSeconds());
        continue;
      }
      running++;
      w.admit();
    }
    if (!queue.length && sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
  }

  function releaser(): () => void {
    const started = performance.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      running--;
      serviceMs = serviceMs * 0.9 + (performance.now() - started) * 0.1;
      scheduleHandOver();
    };
  }

  function scheduleHandOver() {
    if (handOver || !queue.length || running >= opts.concurrency) return;
    handOver = true;
    setImmediate(pump);
  }

  return {
    get running() {
      return running;
    },
    get pending() {
      return queue.length;
    },
    /** `gone`: the client left while waiting (its place is skipped, its request refused). */
    enter(gone: () => boolean = () => false): Promise<() => void> {
      // Free slots not yet handed over count as room: a burst arriving in one turn all waits for the hand-over.
      if (queue.length >= opts.maxPending + Math.max(0, opts.concurrency - running)) return Promise.reject(refusal(retryAfterSeconds()));
      return new Promise((resolve, reject) => {
        queue.push({
          since: Date.now(),
          admit: () => resolve(releaser()),
          refuse: (seconds) => reject(refusal(seconds)),
          gone,
        });
        // Even a free slot is taken in the next turn: PGlite answers within the turn that asked, so
        // admitting at once would again serve every request read in one turn back to back.
        scheduleHandOver();
        // A slot held for long (a slow query) must not stretch the waits of those behind it.
        if (Number.isFinite(opts.maxWaitMs)) sweeper ??= setInterval(() => refuseExpired(Date.now()), Math.max(10, Math.floor(opts.maxWaitMs / 10))).unref();
      });
    },
  };
}

const RELEASE = Symbol('dbGateRelease');
const REQUEUE = Symbol('dbGateRequeue');
type Held = FastifyRequest & { [RELEASE]?: () => void; [REQUEUE]?: boolean };

/** The request carries a body still to be read (a length above zero, or chunks). */
const hasBody = (request: FastifyRequest) => request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/**
 * Gives the request's slot back before its answer is ready: for a handler that has done its database
 * work and goes on with something slow that needs none (POST /parsers/try renders a page in a browser).
 */
export function leaveDbQueue(request: FastifyRequest): void {
  (request as Held)[RELEASE]?.();
}

export default fp(
  async function overload(fastify) {
    const { config } = fastify;
    const gate = createDbGate({
      // PGlite runs one query at a time on the main thread; node-postgres' pool holds 10 connections.
      // (Measured under load: 4 slots on PGlite let one turn serve several searches back to back again,
      // and search timeouts came back; see docs/overload.md.)
      concurrency: config.overload.concurrency ?? (config.databaseUrl ? 10 : 1),
      maxPending: config.overload.maxPending,
      maxWaitMs: config.overload.maxWaitMs,
    });
    fastify.decorate('dbGate', gate);
    const admit = async (request: FastifyRequest, reply: FastifyReply) => {
      // Gone: the connection closed, or the request ended before its whole message came. (A request whose
      // body was read is `destroyed` too — Node destroys a read stream at its end — and is no leaver.)
      const gone = () => request.raw.socket?.destroyed === true || (request.raw.destroyed && !request.raw.complete);
      const release = await gate.enter(gone);
      (request as Held)[RELEASE] = release;
      // Whichever comes first: the answer is ready, or the connection closed under a running handler.
      reply.raw.once('close', release);
    };
    fastify.decorate('admitDbRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      // By the header: @fastify/multipart marks a request only later, when its body is parsed. Uploads
      // (alarm imports: src/areas/alarms/upload.ts) bound themselves.
      if (/^multipart\//i.test(request.headers['content-type'] ?? '')) return;
      await admit(request, reply);
      // The onRequest work (the session's lookup) ran in the slot; the body is read outside it.
      if (hasBody(request)) (request as Held)[REQUEUE] = true;
    });
    fastify.addHook('preParsing', async (request) => {
      if ((request as Held)[REQUEUE]) (request as Held)[RELEASE]?.();
    });
    fastify.addHook('preValidation', async (request, reply) => {
      if (!(request as Held)[REQUEUE]) return;
      (request as Held)[REQUEUE] = false;
      await admit(request, reply);
    });
    fastify.addHook('onSend', async (request) => {
      (request as Held)[RELEASE]?.();
    });
  },
  { name: 'overload', dependencies: ['config', '@fastify/multipart'] },
);
