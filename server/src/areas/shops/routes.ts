import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customMarketsMapQuerySchema,
  exportDetailsQuerySchema,
  exportDetailsResponseSchema,
  marketsMapQuerySchema,
  marketsMapResponseSchema,
  networksResponseSchema,
  shopsMapResponseSchema,
  shopsQuerySchema,
  shopsResponseSchema,
} from '@pricewatch/shared/contract';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';

/** Shops and utilities (spec §7), behind the auth guard. Every answer is filtered by visibility. */
const shopsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { service } = fastify.shops;

  // The screens cache it in memory for the session (spec §3); the browser may reuse it for a minute.
  fastify.get('/shops/map', { schema: { response: { 200: shopsMapResponseSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'private, max-age=60');
    return ok(await service.map(currentUser(request)));
  });

  fastify.get('/shops', { schema: { querystring: shopsQuerySchema, response: { 200: shopsResponseSchema } } }, async (request) =>
    ok(await service.list(currentUser(request), request.query)),
  );

  fastify.get('/shops/networks', { schema: { response: { 200: networksResponseSchema } } }, async (request) =>
    ok(await service.networks(currentUser(request))),
  );

  fastify.get('/utils/markets-map', { schema: { querystring: marketsMapQuerySchema, response: { 200: marketsMapResponseSchema } } }, async (request) =>
    ok(await service.marketsMap(currentUser(request), request.query.full ?? false)),
  );

  fastify.get(
    '/custom/utils/markets-map',
    { schema: { querystring: customMarketsMapQuerySchema, response: { 200: marketsMapResponseSchema } } },
    async (request) => ok(await service.customMarketsMap(currentUser(request), request.query)),
  );

  fastify.get('/utils/export-details', { schema: { querystring: exportDetailsQuerySchema, response: { 200: exportDetailsResponseSchema } } }, async (request) =>
    ok(await service.exportDetails(currentUser(request), request.query)),
  );
};

export default shopsRoutes;
