import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availableShopsResponseSchema, cityCodesResponseSchema } from '@pricewatch/shared/contract';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';

/** Behind the auth guard (src/app.ts). */
const utilsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { service } = fastify.utils;

  fastify.get('/utils/city-codes', { schema: { response: { 200: cityCodesResponseSchema } } }, async () => ok(await service.cityCodes()));

  fastify.get('/utils/available-shops', { schema: { response: { 200: availableShopsResponseSchema } } }, async (request) =>
    ok(await service.availableShops(currentUser(request))),
  );
};

export default utilsRoutes;
