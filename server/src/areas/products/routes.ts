import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  brandsBodySchema,
  brandsResponseSchema,
  exportFileResponseSchema,
  idParamsSchema,
  maxArticleResponseSchema,
  productExportQuerySchema,
  productListQuerySchema,
  productPageResponseSchema,
  productResponseSchema,
  productSearchQuerySchema,
  productSearchResponseSchema,
  productsQuerySchema,
  sectionsResponseSchema,
  similarProductsQuerySchema,
  similarProductsResponseSchema,
} from '@pricewatch/shared/contract';
import { ok } from '../../lib/envelope';
import { requestLanguage } from '../../lib/language';
import { currentUser } from '../../plugins/auth';

/** Products (spec §7), GET /sections and POST /brands/get-by-filters, behind the auth guard. */
const productsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { service } = fastify.products;

  fastify.get('/products/search', { schema: { querystring: productSearchQuerySchema, response: { 200: productSearchResponseSchema } } }, async (request) =>
    ok(await service.search(currentUser(request), request.query, requestLanguage(request))),
  );

  fastify.get('/products', { schema: { querystring: productsQuerySchema, response: { 200: productPageResponseSchema } } }, async (request) =>
    ok(await service.products(currentUser(request), request.query, requestLanguage(request))),
  );

  fastify.get('/products/list', { schema: { querystring: productListQuerySchema, response: { 200: productPageResponseSchema } } }, async (request) =>
    ok(await service.list(currentUser(request), request.query, requestLanguage(request))),
  );

  fastify.get('/sections', { schema: { response: { 200: sectionsResponseSchema } } }, async (request) => ok(await service.sections(requestLanguage(request))));

  fastify.get('/products/max-article', { schema: { response: { 200: maxArticleResponseSchema } } }, async () => ok(await service.maxArticle()));

  fastify.get(
    '/products/find-similar-products',
    { schema: { querystring: similarProductsQuerySchema, response: { 200: similarProductsResponseSchema } } },
    async (request) => ok(await service.similar(currentUser(request), request.query, requestLanguage(request))),
  );

  fastify.get('/products/export', { schema: { querystring: productExportQuerySchema, response: { 200: exportFileResponseSchema } } }, async (request) =>
    ok(await service.exportXlsx(currentUser(request), request.query, requestLanguage(request))),
  );

  fastify.get('/products/:id', { schema: { params: idParamsSchema, response: { 200: productResponseSchema } } }, async (request) =>
    ok(await service.detail(currentUser(request), request.params.id, requestLanguage(request))),
  );

  fastify.post('/brands/get-by-filters', { schema: { body: brandsBodySchema, response: { 200: brandsResponseSchema } } }, async (request) =>
    ok(await service.brands(currentUser(request), request.body)),
  );
};

export default productsRoutes;
