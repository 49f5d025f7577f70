import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deploymentSchema } from '@pricewatch/shared/contract';

/** Public: the host needs it before anyone logs in. Bare JSON, not the envelope: it is a config file. */
const deploymentRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { deployment } = fastify;

  fastify.get('/deployment.json', { schema: { response: { 200: deploymentSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return deployment;
  });
};

export default deploymentRoutes;
