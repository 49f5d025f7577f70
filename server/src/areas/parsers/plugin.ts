/**
 * Wires parsers into the app: queries, the worker of this process (started when PARSERS_WORKER is on),
 * and in demo mode the loopback demo shops with their parser definitions. Routes use
 * `fastify.parsers`; on close the worker finishes or gives up its runs and the shops stop.
 */
import fp from 'fastify-plugin';
import { createFileStore, filesDirFor } from '../../core/file-store';
import { setupDemoShops } from '../../demo-shops/setup';
import { closeBrowsers, useChromium } from '../../scraping/browser-crawl';
import type { DemoShops } from '../../demo-shops/server';
import { createParsersQueries, type ParsersQueries } from './queries';
import { createParsersService, type ParsersService } from './service';
import { createMatchingService, type MatchingService } from './matching/service';
import { createParserWorker, type ParserWorker, type WorkerOptions } from './worker';

// What other areas may use of parsers besides `fastify.parsers` (issue 15 item 2).
export { canSeeParsers, type ParsersService } from './service';
export type { ParsersQueries } from './queries';

declare module 'fastify' {
  interface FastifyInstance {
    parsers: {
      queries: ParsersQueries;
      service: ParsersService;
      /** "To match": pages whose product matched nothing (matching/service.ts). */
      matching: MatchingService;
      worker: ParserWorker;
      /** Mutable: tests and the bench switch politeness off or shorten the lease. */
      workerOptions: WorkerOptions;
      /** Announces queued runs to the workers of every process. */
      dispatch: (runIds: number[]) => void;
      demoShops: DemoShops | null;
    };
  }
}

export default fp(
  async function parsers(fastify) {
    const { config } = fastify;
    useChromium(config.chromiumPath);
    const queries = createParsersQueries(fastify.db);
    const workerOptions: WorkerOptions = {
      // No private address at all, except the demo shops' own origins once they run (below).
      allowOrigins: [],
      politeness: true,
      concurrency: 2,
      pollMs: 3000,
      leaseSeconds: 60,
      maxAttempts: 3,
      catchUpMs: 6 * 3600_000,
      scheduling: true,
      priceGuardShare: config.priceGuardShare,
    };
    const worker = createParserWorker(fastify.db, queries, fastify.log, workerOptions);
    /**
     * A queued run is announced as a pg-boss job (queue `parsers.run`, docs/jobs.md): the worker of
     * whichever process takes the job claims the run and runs it at once. The runs table stays the
     * truth — each worker's poll loop also claims queued runs and takes over runs whose process died —
     * so a job that is lost (or a process without job workers) only costs a few seconds.
     */
    const dispatch = (runIds: number[]) => {
      for (const runId of runIds) {
        fastify.jobs
          .send('parsers.run', { runId })
          .catch((err: unknown) => fastify.log.debug({ err, runId }, 'parsers.run not sent; the poll loop will take it'));
      }
      if (config.parsersWorker && workerOptions.polling !== false) void worker.tick();
    };
    // Saving a definition checks its addresses with the runs' policy, read at each save (demo shops start below).
    const service = createParsersService(fastify.db, queries, createFileStore(fastify.db, filesDirFor(config.dataDir)), dispatch, () => ({
      allowOrigins: workerOptions.allowOrigins,
      onRefused: (refused) => fastify.log.debug(refused, 'parsers: host resolves to a refused address'),
    }));
    // The sanity guard's share is read at each decision: tests change workerOptions.
    const matching = createMatchingService(fastify.db, queries, service, () => workerOptions.priceGuardShare ?? config.priceGuardShare);
    const state = { queries, service, matching, worker, workerOptions, dispatch, demoShops: null as DemoShops | null };
    fastify.decorate('parsers', state);

    if (config.demo && config.demoShops) {
      state.demoShops = await setupDemoShops(fastify.db, { basePort: config.demoShopsPort });
      workerOptions.allowOrigins = state.demoShops.shops.map((s) => s.base);
      fastify.log.info({ shops: state.demoShops.shops.map((s) => `${s.spec.code} ${s.base}`) }, 'demo shops started');
    }
    if (config.parsersWorker) {
      await fastify.jobs.register<{ runId: number }>('parsers.run', async ({ runId }) => void (await worker.runById(runId)), {
        concurrency: workerOptions.concurrency,
        retryLimit: 0,
      });
    }
    fastify.addHook('onReady', async () => {
      if (config.parsersWorker) worker.start();
    });
    fastify.addHook('onClose', async () => {
      await worker.stop(5000);
      // A browser crawl still going belongs to a run given up above: its browser goes now.
      await closeBrowsers();
      await state.demoShops?.close();
    });
  },
  { name: 'parsers', dependencies: ['config', 'db', 'jobs'] },
);
