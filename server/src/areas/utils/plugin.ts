/** Wires the utilities (city codes, available shops) into the app: the service, built once, as `fastify.utils`. */
import fp from 'fastify-plugin';
import { createUtilsQueries } from './queries';
import { createUtilsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    utils: { service: ReturnType<typeof createUtilsService> };
  }
}

export default fp(
  async function utils(fastify) {
    fastify.decorate('utils', { service: createUtilsService(createUtilsQueries(fastify.db)) });
  },
  { name: 'utils', dependencies: ['db'] },
);
