import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allPricesBodySchema,
  allPricesResponseSchema,
  analyticsBodySchema,
  ashanShopsPricesResponseSchema,
  discountAnalysisResponseSchema,
  idParamsSchema,
  priceHistoryQuerySchema,
  priceHistoryResponseSchema,
  pricesAnalyticsResponseSchema,
  productAnalyticsBodySchema,
  productPricesResponseSchema,
  productsAnalyticsResponseSchema,
} from '@pricewatch/shared/contract';
import { ok } from '../../lib/envelope';
import { requestLanguage } from '../../lib/language';
import { currentUser } from '../../plugins/auth';

/** Prices (spec §7), behind the auth guard; every answer only holds visible shops. */
const pricesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { service } = fastify.prices;

  fastify.get('/prices/product/:id', { schema: { params: idParamsSchema, response: { 200: productPricesResponseSchema } } }, async (request) =>
    ok(await service.productPrices(currentUser(request), request.params.id, requestLanguage(request))),
  );

  fastify.get('/prices/history', { schema: { querystring: priceHistoryQuerySchema, response: { 200: priceHistoryResponseSchema } } }, async (request) =>
    ok(await service.history(currentUser(request), request.query, requestLanguage(request))),
  );

  fastify.post('/prices/all-prices', { schema: { body: allPricesBodySchema, response: { 200: allPricesResponseSchema } } }, async (request) =>
    ok(await service.allPrices(currentUser(request), request.body)),
  );

  fastify.post(
    '/prices/history/products/analytics',
    { schema: { body: productAnalyticsBodySchema, response: { 200: productsAnalyticsResponseSchema } } },
    async (request) => ok(await service.productsAnalytics(currentUser(request), request.body, requestLanguage(request))),
  );

  fastify.post(
    '/prices/history/prices/analytics',
    { schema: { body: analyticsBodySchema, response: { 200: pricesAnalyticsResponseSchema } } },
    async (request) => ok(await service.pricesAnalytics(currentUser(request), request.body)),
  );

  fastify.post(
    '/prices/history/ashan-shops-prices',
    { schema: { body: productAnalyticsBodySchema, response: { 200: ashanShopsPricesResponseSchema } } },
    async (request) => ok(await service.ashanShopsPrices(currentUser(request), request.body, requestLanguage(request))),
  );

  fastify.post(
    '/prices/history/discount-analysis',
    { schema: { body: analyticsBodySchema, response: { 200: discountAnalysisResponseSchema } } },
    async (request) => ok(await service.discountAnalysis(currentUser(request), request.body)),
  );
};

export default pricesRoutes;
