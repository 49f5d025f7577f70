/**
 * A stopped parser worker leaves nothing running: its stop waited for the runs with a grace timer it never
 * cleared, so every app close left a 5 s timer behind that held the closed app (and in jest the whole test
 * file's modules) and kept the process from exiting ("A worker process has failed to exit gracefully").
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../src/db/client';
import type { ParsersQueries } from '../../../src/areas/parsers/queries';
import { createParserWorker } from '../../../src/areas/parsers/worker';

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

it('stop() with nothing running returns at once and leaves no timer behind', async () => {
  // No run is claimed: stop never reaches the database or the queries.
  const worker = createParserWorker(
    {} as Db,
    {} as ParsersQueries,
    { debug() {}, info() {}, error() {} } as unknown as FastifyBaseLogger,
    {
      pollMs: 60_000,
      polling: false,
    } as Parameters<typeof createParserWorker>[3],
  );
  const before = timers();
  await worker.stop(60_000);
  expect(timers()).toBe(before);
});
