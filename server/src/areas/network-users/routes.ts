import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  networkUserCreateSchema,
  networkUserDeleteResponseSchema,
  networkUserParamsSchema,
  networkUserResponseSchema,
  networkUsersListQuerySchema,
  networkUsersListResponseSchema,
  networkUserUpdateSchema,
} from '@pricewatch/shared/contract';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope';
import { currentUser, tokenOf } from '../../plugins/auth';
import { hashToken, looksLikeToken } from '../../core/tokens';
import type { Caller } from './service';

/**
 * Users (spec §7), behind the auth guard. Who may call each route: src/access/route-rules.ts; which
 * users and rights each caller may touch: ./service.ts (docs/access.md).
 */
const networkUsersRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { service } = fastify.networkUsers;
  const callerOf = (request: FastifyRequest): Caller => {
    const token = tokenOf(request);
    return {
      user: currentUser(request),
      country: fastify.config.country,
      tokenHash: looksLikeToken(token) ? hashToken(token) : null,
    };
  };

  fastify.get(
    '/network-users/list',
    { schema: { querystring: networkUsersListQuerySchema, response: { 200: networkUsersListResponseSchema } } },
    async (request) => ok(await service.list(callerOf(request), request.query)),
  );

  fastify.get('/network-users/admin/list', { schema: { response: { 200: networkUsersListResponseSchema } } }, async (request) =>
    ok(await service.adminList(callerOf(request))),
  );

  fastify.post('/network-users', { schema: { body: networkUserCreateSchema, response: { 200: networkUserResponseSchema } } }, async (request) =>
    ok(await service.create(callerOf(request), request.body)),
  );

  fastify.put(
    '/network-users/:id',
    { schema: { params: networkUserParamsSchema, body: networkUserUpdateSchema, response: { 200: networkUserResponseSchema } } },
    async (request) => ok(await service.update(callerOf(request), request.params.id, request.body)),
  );

  fastify.delete('/network-users/:id', { schema: { params: networkUserParamsSchema, response: { 200: networkUserDeleteResponseSchema } } }, async (request) =>
    ok(await service.delete(callerOf(request), request.params.id)),
  );
};

export default networkUsersRoutes;
