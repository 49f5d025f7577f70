/** Wires the home page's tiles (docs/home.md) into the app: the service over the areas each tile summarises, as `fastify.home`. */
import fp from 'fastify-plugin';
import { createHomeService, type HomeService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    home: { service: HomeService };
  }
}

export default fp(
  async function home(fastify) {
    const service = createHomeService({
      db: fastify.db,
      country: fastify.config.country,
      alarms: fastify.alarms.service,
      parsers: fastify.parsers.service,
      prices: fastify.prices,
      exportQueries: fastify.exports.queries,
    });
    fastify.decorate('home', { service });
  },
  { name: 'home', dependencies: ['config', 'db', 'alarms', 'parsers', 'prices', 'exports'] },
);
