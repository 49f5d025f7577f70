import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  homeAlarmsResponseSchema,
  homeExportsResponseSchema,
  homeParsersResponseSchema,
  homePriceChangesResponseSchema,
  homePriceIndexResponseSchema,
  homeSuspiciousResponseSchema,
} from '@pricewatch/shared/contract';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';

/** The home page's tiles (docs/home.md), behind the auth guard: one call per tile, each with its screen's rule. */
const homeRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { service } = fastify.home;

  fastify.get('/home/price-index', { schema: { response: { 200: homePriceIndexResponseSchema } } }, async (request) =>
    ok(await service.priceIndex(currentUser(request))),
  );
  fastify.get('/home/price-changes', { schema: { response: { 200: homePriceChangesResponseSchema } } }, async (request) =>
    ok(await service.priceChanges(currentUser(request))),
  );
  fastify.get('/home/alarms', { schema: { response: { 200: homeAlarmsResponseSchema } } }, async (request) => ok(await service.alarms(currentUser(request))));
  fastify.get('/home/exports', { schema: { response: { 200: homeExportsResponseSchema } } }, async (request) =>
    ok(await service.exports(currentUser(request))),
  );
  fastify.get('/home/parsers', { schema: { response: { 200: homeParsersResponseSchema } } }, async (request) =>
    ok(await service.parsers(currentUser(request))),
  );
  fastify.get('/home/suspicious', { schema: { response: { 200: homeSuspiciousResponseSchema } } }, async (request) =>
    ok(await service.suspicious(currentUser(request))),
  );
};

export default homeRoutes;
