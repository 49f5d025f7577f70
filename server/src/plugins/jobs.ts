/**
 * The background-jobs plugin (docs/jobs.md): starts this process's pg-boss after the database is
 * migrated, decorates `fastify.jobs`, and stops it on close — running handlers are aborted first and
 * pg-boss stops before the database closes (onClose hooks run in reverse order of registration).
 */
import type { PGlite } from '@electric-sql/pglite';
import fp from 'fastify-plugin';
import { startJobs, type Jobs } from '../jobs';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export type JobsPluginOptions = {
  /** Default time zone of schedules: the deployment's (server/deployments/{country}.json). */
  timeZone: string;
};

export default fp<JobsPluginOptions>(
  async function jobs(fastify, opts) {
    const { config } = fastify;
    const workers = config.jobWorkers ?? true;
    const jobs = await startJobs({
      database: config.databaseUrl
        ? { kind: 'postgres', connectionString: config.databaseUrl, schema: config.databaseSchema }
        : { kind: 'pglite', client: (fastify.db as unknown as { $client: PGlite }).$client },
      timeZone: opts.timeZone,
      workers,
      log: fastify.log,
    });
    fastify.decorate('jobs', jobs);
    fastify.addHook('onClose', () => jobs.stop());
  },
  { name: 'jobs', dependencies: ['config', 'db'] },
);
