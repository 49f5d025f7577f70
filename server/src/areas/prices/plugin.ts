/**
 * Wires prices into the app (issue 15 item 2): its queries and service, built once. Other areas use
 * `fastify.prices`; price writers record observations with `recordObservations`, named here.
 */
import fp from 'fastify-plugin';
import { createPricesQueries, type PricesQueries } from './queries';
import { createPricesService, type PricesService } from './service';

export { recordObservations, type Observation } from './record';
export type { PricesQueries } from './queries';
export type { PricesService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    prices: { queries: PricesQueries; service: PricesService };
  }
}

export default fp(
  async function prices(fastify) {
    fastify.decorate('prices', { queries: createPricesQueries(fastify.db), service: createPricesService(fastify.db, fastify.products.queries) });
  },
  { name: 'prices', dependencies: ['db', 'products'] },
);
