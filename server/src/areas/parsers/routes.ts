import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forceStartBodySchema,
  parserCreateBodySchema,
  parserDeleteResponseSchema,
  parserDetailResponseSchema,
  parserNetworksResponseSchema,
  parserParamsSchema,
  parserTryBodySchema,
  parserTryResponseSchema,
  parserUpdateBodySchema,
  forceStartResponseSchema,
  parserRunFileResponseSchema,
  parserRunParamsSchema,
  parserRunProblemsResponseSchema,
  parserRunResponseSchema,
  parsersListQuerySchema,
  parsersListResponseSchema,
  parsersSchedulesQuerySchema,
  parsersSchedulesResponseSchema,
  suspiciousDecisionResponseSchema,
  suspiciousPriceParamsSchema,
  suspiciousPricesQuerySchema,
  suspiciousPricesResponseSchema,
  unmatchedAcceptBodySchema,
  unmatchedBulkAcceptBodySchema,
  unmatchedBulkAcceptResponseSchema,
  unmatchedDecisionResponseSchema,
  unmatchedItemParamsSchema,
  unmatchedPagesResponseSchema,
  unmatchedParamsSchema,
  unmatchedQuerySchema,
} from '@pricewatch/shared/contract';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import { leaveDbQueue } from '../../plugins/overload';

/** Parsers (spec §7), behind the auth guard. Results are downloaded through GET /data/{file}. */
const parsersRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { service, matching } = fastify.parsers;

  fastify.get('/parsers/list', { schema: { querystring: parsersListQuerySchema, response: { 200: parsersListResponseSchema } } }, async (request) =>
    ok({ ...(await service.list(currentUser(request), request.query)), limit: request.query.limit, skip: request.query.skip }),
  );

  // The networks that have parsers the caller sees: the screen's network choices (docs/parsers.md "API").
  fastify.get('/parsers/networks', { schema: { response: { 200: parserNetworksResponseSchema } } }, async (request) =>
    ok(await service.networks(currentUser(request))),
  );

  // Adding a shop in the app (docs/parsers.md "Editing parsers").
  fastify.post('/parsers', { schema: { body: parserCreateBodySchema, response: { 200: parserDetailResponseSchema } } }, async (request) =>
    ok(await service.create(currentUser(request), request.body)),
  );

  // "Try on a URL": the definition on one page, with a picture; writes nothing (docs/parsers.md "Try on a URL").
  fastify.post('/parsers/try', { schema: { body: parserTryBodySchema, response: { 200: parserTryResponseSchema } } }, async (request) =>
    ok(await service.tryOn(currentUser(request), request.body, () => leaveDbQueue(request))),
  );

  fastify.get('/parsers/:id', { schema: { params: parserParamsSchema, response: { 200: parserDetailResponseSchema } } }, async (request) =>
    ok(await service.detail(currentUser(request), request.params.id)),
  );

  fastify.put(
    '/parsers/:id',
    { schema: { params: parserParamsSchema, body: parserUpdateBodySchema, response: { 200: parserDetailResponseSchema } } },
    async (request) => ok(await service.update(currentUser(request), request.params.id, request.body)),
  );

  fastify.delete('/parsers/:id', { schema: { params: parserParamsSchema, response: { 200: parserDeleteResponseSchema } } }, async (request) =>
    ok(await service.remove(currentUser(request), request.params.id)),
  );

  fastify.get(
    '/parsers-schedules/list',
    { schema: { querystring: parsersSchedulesQuerySchema, response: { 200: parsersSchedulesResponseSchema } } },
    async (request) => ok(await service.schedules(currentUser(request), request.query.parsers)),
  );

  fastify.post('/parsers/force-start', { schema: { body: forceStartBodySchema, response: { 200: forceStartResponseSchema } } }, async (request) =>
    ok(await service.forceStart(currentUser(request), request.body)),
  );

  fastify.get('/parsers/runs/:id', { schema: { params: parserRunParamsSchema, response: { 200: parserRunResponseSchema } } }, async (request) =>
    ok(await service.run(currentUser(request), request.params.id)),
  );

  fastify.get(
    '/parsers/runs/:id/problems',
    { schema: { params: parserRunParamsSchema, response: { 200: parserRunProblemsResponseSchema } } },
    async (request) => ok(await service.problems(currentUser(request), request.params.id)),
  );

  fastify.get('/parsers/runs/:id/results', { schema: { params: parserRunParamsSchema, response: { 200: parserRunFileResponseSchema } } }, async (request) =>
    ok(await service.results(currentUser(request), request.params.id)),
  );

  // The sanity guard's queue (docs/parsers.md "Sanity guard").
  fastify.get(
    '/parsers/suspicious',
    { schema: { querystring: suspiciousPricesQuerySchema, response: { 200: suspiciousPricesResponseSchema } } },
    async (request) => ok({ ...(await service.suspicious(currentUser(request), request.query)), limit: request.query.limit, skip: request.query.skip }),
  );

  fastify.post(
    '/parsers/suspicious/:id/confirm',
    { schema: { params: suspiciousPriceParamsSchema, response: { 200: suspiciousDecisionResponseSchema } } },
    async (request) => ok(await service.decideSuspicious(currentUser(request), request.params.id, 'confirmed')),
  );

  fastify.post(
    '/parsers/suspicious/:id/reject',
    { schema: { params: suspiciousPriceParamsSchema, response: { 200: suspiciousDecisionResponseSchema } } },
    async (request) => ok(await service.decideSuspicious(currentUser(request), request.params.id, 'rejected')),
  );

  // "To match": pages whose product matched nothing (docs/parsers.md "Matching pages to products").
  fastify.get(
    '/parsers/:id/unmatched',
    { schema: { params: unmatchedParamsSchema, querystring: unmatchedQuerySchema, response: { 200: unmatchedPagesResponseSchema } } },
    async (request) =>
      ok({
        ...(await matching.list(currentUser(request), request.params.id, request.query.limit, request.query.skip)),
        limit: request.query.limit,
        skip: request.query.skip,
      }),
  );

  fastify.post(
    '/parsers/:id/unmatched/accept-top',
    { schema: { params: unmatchedParamsSchema, body: unmatchedBulkAcceptBodySchema, response: { 200: unmatchedBulkAcceptResponseSchema } } },
    async (request) => ok(await matching.acceptTop(currentUser(request), request.params.id, request.body.minScore)),
  );

  fastify.post(
    '/parsers/:id/unmatched/:itemId/accept',
    { schema: { params: unmatchedItemParamsSchema, body: unmatchedAcceptBodySchema, response: { 200: unmatchedDecisionResponseSchema } } },
    async (request) => ok(await matching.accept(currentUser(request), request.params.id, request.params.itemId, request.body.productId)),
  );

  fastify.post(
    '/parsers/:id/unmatched/:itemId/reject',
    { schema: { params: unmatchedItemParamsSchema, response: { 200: unmatchedDecisionResponseSchema } } },
    async (request) => ok(await matching.reject(currentUser(request), request.params.id, request.params.itemId)),
  );
};

export default parsersRoutes;
