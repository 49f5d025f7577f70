/**
 * Wires products into the app (issue 15 item 2): its queries and service, built once. What other areas
 * may use of products is named here: `fastify.products` and the summary and search helpers below.
 */
import fp from 'fastify-plugin';
import { createFileStore, filesDirFor } from '../../core/file-store';
import { createProductsQueries, type ProductsQueries } from './queries';
import { createProductsService, type ProductsService } from './service';

export { likeContains, searchWords, type ProductRow, type ProductsQueries } from './queries';
export { toSummary, type ProductsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    products: { queries: ProductsQueries; service: ProductsService };
  }
}

export default fp(
  async function products(fastify) {
    const queries = createProductsQueries(fastify.db);
    const service = createProductsService(fastify.db, createFileStore(fastify.db, filesDirFor(fastify.config.dataDir)));
    fastify.decorate('products', { queries, service });
  },
  { name: 'products', dependencies: ['config', 'db'] },
);
