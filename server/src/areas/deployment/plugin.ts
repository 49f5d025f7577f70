/**
 * The deployment (README "Deployments"): `deployments/{COUNTRY}.json` with the environment's changes,
 * read and checked once at start (a broken file stops it) and put on the instance as
 * `fastify.deployment` — served as /deployment.json, and read by the security headers and the jobs' time zone.
 */
import fp from 'fastify-plugin';
import type { Deployment } from '@pricewatch/shared/contract';
import { loadDeployment } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    deployment: Deployment;
  }
}

export default fp<{ deploymentsDir: string }>(
  async function deployment(fastify, opts) {
    fastify.decorate('deployment', loadDeployment(fastify.config, opts.deploymentsDir));
  },
  { name: 'deployment', dependencies: ['config'] },
);
