import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  leafletAddPriceFormSchema,
  leafletSaveImageFormSchema,
  leafletCreateSchema,
  leafletDeletedResponseSchema,
  leafletExportBodySchema,
  leafletExportQuerySchema,
  leafletFileResponseSchema,
  leafletImageQuerySchema,
  leafletListResponseSchema,
  leafletPageResponseSchema,
  leafletPriceParamsSchema,
  leafletPriceResponseSchema,
  leafletPriceUpdateSchema,
  leafletPricesPageQuerySchema,
  leafletPricesPageResponseSchema,
  leafletResponseSchema,
  leafletSearchByNameQuerySchema,
  leafletSearchByPeriodQuerySchema,
  leafletStatisticsResponseSchema,
  leafletUpdateSchema,
  neuralDataQuerySchema,
  neuralDataResponseSchema,
  type LeafletImageType,
} from '@pricewatch/shared/contract';
import { ok } from '../../lib/envelope';
import { requestLanguage } from '../../lib/language';
import { notFound, validationFailed } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { visibleNetworkCodes } from '../../core/shop-visibility';
import { CONTENT_TYPE, PICTURE_NAME, readForm } from './pictures';

const imageParamsSchema = z.object({ name: z.string().max(100) });

/**
 * Leaflets (spec §7 "Leaflets", docs/leaflets.md), behind the auth guard: routes are HTTP only, rules
 * in service.ts, pictures in pictures.ts, recognition (the `leaflets.recognise` job) in recognition.ts,
 * all built in plugin.ts.
 */
const leafletsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { service, pictures, recognition } = fastify.leaflets;

  fastify.post('/leaflets/create', { schema: { body: leafletCreateSchema, response: { 200: leafletResponseSchema } } }, async (request) =>
    ok(await service.create(currentUser(request), request.body)),
  );

  fastify.get(
    '/leaflets/search/by-name',
    { schema: { querystring: leafletSearchByNameQuerySchema, response: { 200: leafletListResponseSchema } } },
    async (request) => ok(await service.search(currentUser(request), { name: request.query.name, network: request.query.network })),
  );

  fastify.get(
    '/leaflets/search/by-period',
    { schema: { querystring: leafletSearchByPeriodQuerySchema, response: { 200: leafletListResponseSchema } } },
    async (request) => ok(await service.search(currentUser(request), request.query)),
  );

  fastify.post('/leaflets/save-image', { schema: { form: leafletSaveImageFormSchema, response: { 200: leafletPageResponseSchema } } }, async (request) => {
    const user = currentUser(request);
    return ok(await service.saveImage(user, await readForm(request, 'image')));
  });

  fastify.post('/leaflets/add-price', { schema: { form: leafletAddPriceFormSchema, response: { 200: leafletPriceResponseSchema } } }, async (request) => {
    const user = currentUser(request);
    return ok(await service.addPrice(user, await readForm(request, 'picture')));
  });

  fastify.post(
    '/leaflets/export',
    { schema: { querystring: leafletExportQuerySchema, body: leafletExportBodySchema, response: { 200: leafletFileResponseSchema } } },
    async (request) => ok(await service.exportXlsx(currentUser(request), request.body.ids, request.query.count, requestLanguage(request))),
  );

  fastify.get('/leaflets/images/:name', { schema: { params: imageParamsSchema, querystring: leafletImageQuerySchema } }, async (request, reply) => {
    const user = currentUser(request);
    const { name } = request.params;
    if (!PICTURE_NAME.test(name)) throw validationFailed([{ path: 'name', message: 'invalid_name' }]);
    const row = await service.pictureByName(name);
    const codes = visibleNetworkCodes(user);
    if (!row || (codes !== null && !codes.includes(row.network))) throw notFound('image');
    const thumb = request.query.size === 'thumb';
    const full = pictures.pathOf(thumb ? row.thumbName : row.fileName);
    const info = full ? await stat(full).catch(() => null) : null;
    if (!full || !info?.isFile()) throw notFound('image');
    return (
      reply
        .header('content-type', thumb ? 'image/webp' : CONTENT_TYPE[row.type as LeafletImageType])
        .header('content-length', info.size)
        // Names are never reused: the bytes behind one never change. Private: it needs a token.
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(full))
    );
  });

  // One price of a leaflet (docs/leaflets.md "Editing one price"). The static `prices` segment wins over
  // `/leaflets/:id` in find-my-way, so these never reach the leaflet routes.
  fastify.put(
    '/leaflets/prices/:priceId',
    { schema: { params: leafletPriceParamsSchema, body: leafletPriceUpdateSchema, response: { 200: leafletPriceResponseSchema } } },
    async (request) => ok(await service.updatePrice(currentUser(request), request.params.priceId, request.body)),
  );

  fastify.delete(
    '/leaflets/prices/:priceId',
    { schema: { params: leafletPriceParamsSchema, response: { 200: leafletDeletedResponseSchema } } },
    async (request) => {
      await service.removePrice(currentUser(request), request.params.priceId);
      return ok({ deleted: true as const });
    },
  );

  fastify.get('/leaflets/:id', { schema: { params: idParamsSchema, response: { 200: leafletResponseSchema } } }, async (request) =>
    ok(await service.get(currentUser(request), request.params.id)),
  );

  fastify.put('/leaflets/:id', { schema: { params: idParamsSchema, body: leafletUpdateSchema, response: { 200: leafletResponseSchema } } }, async (request) =>
    ok(await service.update(currentUser(request), request.params.id, request.body)),
  );

  fastify.delete('/leaflets/:id', { schema: { params: idParamsSchema, response: { 200: leafletDeletedResponseSchema } } }, async (request) => {
    await service.remove(currentUser(request), request.params.id);
    return ok({ deleted: true as const });
  });

  fastify.get('/leaflets/:id/prices/statistics', { schema: { params: idParamsSchema, response: { 200: leafletStatisticsResponseSchema } } }, async (request) =>
    ok(await service.statistics(currentUser(request), request.params.id, requestLanguage(request))),
  );

  fastify.get(
    '/leaflets/:id/prices/pageable',
    { schema: { params: idParamsSchema, querystring: leafletPricesPageQuerySchema, response: { 200: leafletPricesPageResponseSchema } } },
    async (request) => ok(await service.pricesPage(currentUser(request), request.params.id, request.query, requestLanguage(request))),
  );

  fastify.get(
    '/leaflets/:id/neural-data',
    { schema: { params: idParamsSchema, querystring: neuralDataQuerySchema, response: { 200: neuralDataResponseSchema } } },
    async (request) => ok(await recognition.neuralData(currentUser(request), request.params.id, request.query.neuralId, request.query.refresh)),
  );
};

export default leafletsRoutes;
