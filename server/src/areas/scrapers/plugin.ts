/**
 * Wires scraper requests into the app: the service, built once over the parsers area (its rights and
 * the dispatch of queued runs, through `fastify.parsers`), as `fastify.scrapers`.
 */
import fp from 'fastify-plugin';
import { createScrapersService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    scrapers: { service: ReturnType<typeof createScrapersService> };
  }
}

export default fp(
  async function scrapers(fastify) {
    const { service: parsers, dispatch } = fastify.parsers;
    fastify.decorate('scrapers', { service: createScrapersService(fastify.db, parsers, dispatch) });
  },
  { name: 'scrapers', dependencies: ['db', 'parsers'] },
);
