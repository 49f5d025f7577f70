/**
 * Enforces route-rules.ts on every route (docs/access.md). One onRoute hook collects the routes, one
 * preValidation hook looks up `METHOD request.routeOptions.url` and applies its rule — before the body
 * is validated, so a refused caller gets 403 whatever they sent. When the app is ready, every collected
 * route must have a rule: otherwise start-up fails in strict mode (tests) and an error is logged in
 * production, where the route then refuses everyone (fail closed).
 */
import type { FastifyRequest, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors';
import { compileRules, routeKey, ROUTE_RULES } from './route-rules';
import type { Rule } from './predicates';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the access plugin, as `METHOD /url` (HEAD routes left out). */
    accessRoutes: () => string[];
    /** The rule of a route, or undefined. */
    accessRuleFor: (method: string, url: string) => Rule | undefined;
  }
}

export type AccessOptions = {
  /** Throw at start-up when a route has no rule (tests); otherwise log an error. */
  strict: boolean;
  rules?: Record<string, Rule>;
};

export default fp<AccessOptions>(
  async function access(fastify, opts) {
    const table = compileRules(opts.rules ?? ROUTE_RULES);
    const routes: string[] = [];
    const ctx = { country: fastify.config.country };
    const ruleFor = (method: string, url: string) => table.get(routeKey(method, url));

    fastify.decorate('accessRoutes', () => [...routes]);
    fastify.decorate('accessRuleFor', ruleFor);

    fastify.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
    });

    fastify.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.routeOptions.url;
      if (!url) return; // no route matched: the 404 handler answers
      const rule = ruleFor(request.method, url);
      if (!rule) {
        request.log.error({ route: `${request.method} ${url}` }, 'no access rule for this route (server/src/access/route-rules.ts)');
        throw forbidden();
      }
      if (rule.public) return;
      // Routes outside the protected scope still need a session when their rule is not public.
      if (!request.user) await fastify.authenticate(request, reply);
      if (!rule.test(request.user!.profile, ctx)) throw forbidden();
    });

    fastify.addHook('onReady', async () => {
      const missing = routes.filter((r) => {
        const space = r.indexOf(' ');
        return !ruleFor(r.slice(0, space), r.slice(space + 1));
      });
      if (!missing.length) return;
      const message = `routes without an access rule in server/src/access/route-rules.ts: ${missing.join(', ')}`;
      if (opts.strict) throw new Error(message);
      fastify.log.error({ routes: missing }, message);
    });
  },
  { name: 'access', dependencies: ['config', 'auth'] },
);
