/**
 * Wires exports into the app (issue 15 item 2): queries and service, and the service's start-up
 * (leftover requests, schedules, workers) once the jobs plugin runs. Routes and other areas use
 * `fastify.exports`; `toRequest` (a request row as the API shows it) is named here for them.
 */
import fp from 'fastify-plugin';
import { createFileStore, filesDirFor } from '../../core/file-store';
import { createExportQueries, type ExportQueries } from './queries';
import { createExportsService, type ExportsService } from './service';

export { toRequest, type ExportsService } from './service';
export type { ExportQueries } from './queries';

declare module 'fastify' {
  interface FastifyInstance {
    exports: { queries: ExportQueries; service: ExportsService };
  }
}

export default fp(
  async function exportsArea(fastify) {
    const service = createExportsService({
      db: fastify.db,
      jobs: fastify.jobs,
      files: createFileStore(fastify.db, filesDirFor(fastify.config.dataDir)),
      log: fastify.log,
      singleProcess: !fastify.config.databaseUrl,
    });
    fastify.decorate('exports', { queries: createExportQueries(fastify.db), service });
    await service.start();
  },
  { name: 'exports', dependencies: ['config', 'db', 'jobs'] },
);
