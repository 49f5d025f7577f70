import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  scraperCreateBodySchema,
  scraperDeleteQuerySchema,
  scraperResponseSchema,
  scrapersByTypeQuerySchema,
  scrapersByTypeResponseSchema,
  scrapersListQuerySchema,
  scrapersListResponseSchema,
  scraperTypeParamsSchema,
} from '@pricewatch/shared/contract';
import { ok } from '../../lib/envelope';
import { queryAndBody } from '../../lib/query-and-body';
import { currentUser } from '../../plugins/auth';

/** Scrapers (spec §7), behind the auth guard. */
const scrapersRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { service } = fastify.scrapers;

  // Registered before /scrapers/:type so "list" is never taken for a type.
  fastify.get('/scrapers/list', { schema: { querystring: scrapersListQuerySchema, response: { 200: scrapersListResponseSchema } } }, async (request) => {
    const { country, type, scrapers, field, limit, skip } = request.query;
    return ok({ ...(await service.list(currentUser(request), { country, type, scrapers, field, limit, skip })), limit, skip });
  });

  fastify.delete(
    '/scrapers/delete-scraper-request',
    {
      schema: {
        querystring: scraperDeleteQuerySchema,
        body: scraperDeleteQuerySchema.nullish(),
        response: { 200: z.object({ success: z.literal(true), data: z.null() }) },
      },
    },
    async (request) => ok(await service.remove(currentUser(request), queryAndBody(request.query, request.body, ['id', 'type']).id!)),
  );

  fastify.post(
    '/scrapers/:type',
    { schema: { params: scraperTypeParamsSchema, body: scraperCreateBodySchema, response: { 200: scraperResponseSchema } } },
    async (request) => ok(await service.create(currentUser(request), request.body)),
  );

  fastify.get(
    '/scrapers/:type',
    { schema: { params: scraperTypeParamsSchema, querystring: scrapersByTypeQuerySchema, response: { 200: scrapersByTypeResponseSchema } } },
    async (request) => {
      const { network, user, productId } = request.query;
      return ok((await service.list(currentUser(request), { network, user, productId, limit: 500, skip: 0 })).items);
    },
  );
};

export default scrapersRoutes;
