import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leafletFileResponseSchema, promoAnalysisQuerySchema, promoAnalysisResponseSchema } from '@pricewatch/shared/contract';
import { ok } from '../../lib/envelope';
import { requestLanguage } from '../../lib/language';
import { AppError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';

/**
 * Promo analysis (spec §6), behind the auth guard; who may call: src/access/route-rules.ts (leaflet
 * access, not hunter-limit; the export also not a guest). Not part of the Czech deployment: there every
 * call is 403 `promo_analysis_not_in_deployment`, before the request is validated.
 */
const promoRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { service } = fastify.promo;

  fastify.addHook('preValidation', async () => {
    if (fastify.config.country === 'cz') throw new AppError(403, 'forbidden', 'promo_analysis_not_in_deployment');
  });

  fastify.get(
    '/promo-analysis/summary',
    { schema: { querystring: promoAnalysisQuerySchema, response: { 200: promoAnalysisResponseSchema } } },
    async (request) => ok(await service.summary(currentUser(request), request.query, requestLanguage(request))),
  );

  // The same fields as the summary's query, as a JSON body (arrays or comma-separated networks).
  fastify.post('/promo-analysis/export', { schema: { body: promoAnalysisQuerySchema, response: { 200: leafletFileResponseSchema } } }, async (request) =>
    ok(await service.exportXlsx(currentUser(request), request.body, requestLanguage(request))),
  );
};

export default promoRoutes;
