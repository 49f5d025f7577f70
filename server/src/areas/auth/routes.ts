import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkResponseSchema, loginRequestSchema, loginResponseSchema, logoutRequestSchema, okSchema } from '@pricewatch/shared/contract';
import { tooManyRequests, unauthorized } from '../../lib/errors';
import { ok } from '../../lib/envelope';
import { tokenOf } from '../../plugins/auth';

/** Public routes: login makes a session, check and logout validate the token they are given. */
const authRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/auth/login',
    {
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
      // Coarse flood guard per address, in memory; the service throttles wrong passwords in the database.
      config: {
        rateLimit: {
          max: 120,
          timeWindow: '1 minute',
          errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
        },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      return ok(await fastify.auth.login(username, password, request.ip));
    },
  );

  fastify.get('/auth/check', { schema: { response: { 200: checkResponseSchema } } }, async (request) => {
    const user = await fastify.auth.authenticate(tokenOf(request));
    if (!user) throw unauthorized();
    return ok(user.profile);
  });

  // The token may come in the body (spec: "logout (token)") or, like every call, in the query.
  fastify.post(
    '/api/v1/auth/logout',
    {
      schema: {
        body: logoutRequestSchema.partial().nullish(),
        response: { 200: okSchema(z.null()) },
      },
    },
    async (request) => {
      const token = request.body?.token ?? tokenOf(request);
      if (!(await fastify.auth.logout(token))) throw unauthorized();
      return ok(null);
    },
  );
};

export default authRoutes;
