/**
 * Sessions and the auth guard. Routes behind the guard are registered inside the protected scope of
 * src/app.ts, whose single onRequest hook is `fastify.authenticate`: it reads `?token=` (spec §7),
 * answers 401 `unauthorized` when it names no live session, and sets `request.user`.
 * A route outside that scope may use `onRequest: fastify.authenticate` itself.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createAuthQueries } from '../areas/auth/queries';
import { createAuthService, type AuthService } from '../areas/auth/service';
import type { AuthUser } from '../core/session-user';
import { unauthorized } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by the auth guard; null outside protected routes. Read it with `currentUser(request)`. */
    user: AuthUser | null;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const tokenOf = (request: FastifyRequest): unknown => (request.query as Record<string, unknown> | undefined)?.token;

/** The caller of a protected route (throws 401 if used where the guard did not run). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export default fp(
  async function auth(fastify) {
    const service = createAuthService(createAuthQueries(fastify.db), {
      sessionIdleDays: fastify.config.sessionIdleDays,
      sessionCacheMs: fastify.config.sessionCacheMs,
    });
    // Any write may have blocked, revoked or changed a user: cached sessions go (session-cache.ts).
    fastify.addHook('onResponse', async (request) => {
      if (!READ_METHODS.has(request.method)) service.forgetSessions();
    });
    fastify.decorate('auth', service);
    fastify.decorateRequest('user', null);
    fastify.decorate('authenticate', async (request: FastifyRequest) => {
      const user = await service.authenticate(tokenOf(request));
      if (!user) throw unauthorized();
      request.user = user;
    });
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);
