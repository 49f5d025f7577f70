/** Wires shops into the app: the service, built once, as `fastify.shops`. */
import fp from 'fastify-plugin';
import { createShopsService, type ShopsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    shops: { service: ShopsService };
  }
}

export default fp(
  async function shops(fastify) {
    fastify.decorate('shops', { service: createShopsService(fastify.db) });
  },
  { name: 'shops', dependencies: ['db'] },
);
