/** Wires promo analysis into the app: the service with its file store, built once, as `fastify.promo`. */
import fp from 'fastify-plugin';
import { createFileStore, filesDirFor } from '../../core/file-store';
import { createPromoService, type PromoService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    promo: { service: PromoService };
  }
}

export default fp(
  async function promo(fastify) {
    fastify.decorate('promo', { service: createPromoService(fastify.db, createFileStore(fastify.db, filesDirFor(fastify.config.dataDir))) });
  },
  { name: 'promo', dependencies: ['config', 'db'] },
);
