import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  priceAlarmImportFormSchema,
  productAlarmImportFormSchema,
  alarmEventPageResponseSchema,
  booleanQuery,
  alarmEventsQuerySchema,
  alarmExportResponseSchema,
  alarmListQuerySchema,
  alarmSettingsBodySchema,
  alarmSettingsResponseSchema,
  countResponseSchema,
  deleteAllParamsSchema,
  groupUpdateBodySchema,
  idParamsSchema,
  importResultResponseSchema,
  internalPricesBodySchema,
  internalPricesResponseSchema,
  markReadBodySchema,
  priceAlarmBodySchema,
  priceAlarmListResponseSchema,
  priceAlarmPageResponseSchema,
  priceAlarmResponseSchema,
  productAlarmBodySchema,
  productAlarmPageResponseSchema,
  productAlarmResponseSchema,
  productGroupUpdateBodySchema,
} from '@pricewatch/shared/contract';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import { formToBody, importInternalPrices, parseUrlencoded } from './internal-prices';
import { readUpload, withImportSlot } from './upload';

const previewQuerySchema = z.object({ preview: booleanQuery.optional().transform((v) => v === true) });

/** Alarms (spec §7 "Alarms"), behind the auth guard; routes are HTTP only, rules in service.ts, wiring in plugin.ts. */
const alarmsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { service } = fastify.alarms;

  const priceInput = (b: z.output<typeof priceAlarmBodySchema>) => ({ ...b, productIds: [b.productId] });

  // ----- price alarms ------------------------------------------------------------------------------

  fastify.post('/price-alarms', { schema: { body: priceAlarmBodySchema, response: { 200: priceAlarmResponseSchema } } }, async (request) => {
    const user = currentUser(request);
    const row = await service.create(user, 'price', priceInput(request.body));
    return ok((await service.renderPrice([row]))[0]!);
  });

  fastify.get('/price-alarms/get/all', { schema: { querystring: alarmListQuerySchema, response: { 200: priceAlarmPageResponseSchema } } }, async (request) => {
    const user = currentUser(request);
    const { rows, total } = await service.list(user, 'price', request.query);
    return ok({ items: await service.renderPrice(rows), total, limit: request.query.limit, skip: request.query.skip });
  });

  fastify.get('/price-alarms/products/:id', { schema: { params: idParamsSchema, response: { 200: priceAlarmListResponseSchema } } }, async (request) => {
    const user = currentUser(request);
    return ok(await service.renderPrice(await service.byProduct(user, request.params.id)));
  });

  for (const url of ['/price-alarms', '/price-alarms/']) {
    fastify.put(url, { schema: { body: groupUpdateBodySchema, response: { 200: countResponseSchema } } }, async (request) => {
      const { ids, set } = request.body;
      return ok({ count: await service.groupUpdate(currentUser(request), 'price', ids, set) });
    });
  }

  fastify.put(
    '/price-alarms/:id',
    { schema: { params: idParamsSchema, body: priceAlarmBodySchema, response: { 200: priceAlarmResponseSchema } } },
    async (request) => {
      const user = currentUser(request);
      const row = await service.update(user, 'price', request.params.id, priceInput(request.body));
      return ok((await service.renderPrice([row]))[0]!);
    },
  );

  fastify.delete('/price-alarms/all/:x', { schema: { params: deleteAllParamsSchema, response: { 200: countResponseSchema } } }, async (request) =>
    ok({ count: await service.removeAll(currentUser(request), 'price', request.params.x) }),
  );

  fastify.delete('/price-alarms/:id', { schema: { params: idParamsSchema, response: { 200: countResponseSchema } } }, async (request) =>
    ok({ count: await service.remove(currentUser(request), 'price', request.params.id) }),
  );

  fastify.post(
    '/price-alarms/import',
    { schema: { querystring: previewQuerySchema, form: priceAlarmImportFormSchema, response: { 200: importResultResponseSchema } } },
    async (request) => {
      const user = currentUser(request);
      // Read at the client's pace before taking a slot: a slow upload must not hold one (attack/slow-body-holds-slot).
      const upload = await readUpload(request);
      return withImportSlot(async () => {
        const preview = request.query.preview || ['true', '1'].includes(upload.fields.preview ?? '');
        return ok(await service.importPrice(user, upload, preview));
      });
    },
  );

  fastify.post('/price-alarms/export', { schema: { response: { 200: alarmExportResponseSchema } } }, async (request) =>
    ok(await service.exportAlarms(currentUser(request), 'price')),
  );

  // ----- firings and settings ----------------------------------------------------------------------

  fastify.get('/price-alarms/events', { schema: { querystring: alarmEventsQuerySchema, response: { 200: alarmEventPageResponseSchema } } }, async (request) =>
    ok(await service.events(currentUser(request), request.query)),
  );

  fastify.get('/price-alarms/events/unread-count', { schema: { response: { 200: countResponseSchema } } }, async (request) =>
    ok({ count: await service.unreadCount(currentUser(request)) }),
  );

  fastify.put('/price-alarms/events/read', { schema: { body: markReadBodySchema, response: { 200: countResponseSchema } } }, async (request) =>
    ok({ count: await service.markRead(currentUser(request), request.body.all ? null : (request.body.ids ?? [])) }),
  );

  fastify.get('/price-alarms/settings', { schema: { response: { 200: alarmSettingsResponseSchema } } }, async (request) =>
    ok(await service.settings(currentUser(request))),
  );

  fastify.put('/price-alarms/settings', { schema: { body: alarmSettingsBodySchema, response: { 200: alarmSettingsResponseSchema } } }, async (request) =>
    ok(await service.saveSettings(currentUser(request), request.body)),
  );

  // ----- product alarms ----------------------------------------------------------------------------

  const productInput = (b: z.output<typeof productAlarmBodySchema>) => ({ ...b, productIds: b.products });

  fastify.post('/price-products-alarms', { schema: { body: productAlarmBodySchema, response: { 200: productAlarmResponseSchema } } }, async (request) => {
    const user = currentUser(request);
    const row = await service.create(user, 'product', productInput(request.body));
    return ok((await service.renderProduct([row]))[0]!);
  });

  fastify.get(
    '/price-products-alarms/get/all',
    { schema: { querystring: alarmListQuerySchema, response: { 200: productAlarmPageResponseSchema } } },
    async (request) => {
      const user = currentUser(request);
      const { rows, total } = await service.list(user, 'product', request.query);
      return ok({ items: await service.renderProduct(rows), total, limit: request.query.limit, skip: request.query.skip });
    },
  );

  for (const url of ['/price-products-alarms', '/price-products-alarms/']) {
    fastify.put(url, { schema: { body: productGroupUpdateBodySchema, response: { 200: countResponseSchema } } }, async (request) => {
      const { ids, set } = request.body;
      return ok({ count: await service.groupUpdate(currentUser(request), 'product', ids, set) });
    });
  }

  fastify.put('/price-products-alarms/toggle/:id', { schema: { params: idParamsSchema, response: { 200: productAlarmResponseSchema } } }, async (request) => {
    const row = await service.toggle(currentUser(request), request.params.id);
    return ok((await service.renderProduct([row]))[0]!);
  });

  fastify.put(
    '/price-products-alarms/:id',
    { schema: { params: idParamsSchema, body: productAlarmBodySchema, response: { 200: productAlarmResponseSchema } } },
    async (request) => {
      const row = await service.update(currentUser(request), 'product', request.params.id, productInput(request.body));
      return ok((await service.renderProduct([row]))[0]!);
    },
  );

  fastify.delete('/price-products-alarms/all/:x', { schema: { params: deleteAllParamsSchema, response: { 200: countResponseSchema } } }, async (request) =>
    ok({ count: await service.removeAll(currentUser(request), 'product', request.params.x) }),
  );

  fastify.delete('/price-products-alarms/:id', { schema: { params: idParamsSchema, response: { 200: countResponseSchema } } }, async (request) =>
    ok({ count: await service.remove(currentUser(request), 'product', request.params.id) }),
  );

  fastify.post(
    '/price-products-alarms/import',
    { schema: { querystring: previewQuerySchema, form: productAlarmImportFormSchema, response: { 200: importResultResponseSchema } } },
    async (request) => {
      const user = currentUser(request);
      // Read at the client's pace before taking a slot: a slow upload must not hold one (attack/slow-body-holds-slot).
      const upload = await readUpload(request);
      return withImportSlot(async () => {
        const preview = request.query.preview || ['true', '1'].includes(upload.fields.preview ?? '');
        return ok(await service.importProduct(user, upload, preview));
      });
    },
  );

  fastify.post('/price-products-alarms/export', { schema: { response: { 200: alarmExportResponseSchema } } }, async (request) =>
    ok(await service.exportAlarms(currentUser(request), 'product')),
  );

  // ----- internal prices (spec §7 "Shops and utilities") -------------------------------------------

  // The spec's form (multipart or urlencoded) or JSON (internal-prices.ts); urlencoded is parsed in this scope only.
  await fastify.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, parseUrlencoded);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/custom/import-internal-prices',
      {
        preValidation: formToBody,
        schema: {
          body: internalPricesBodySchema,
          consumes: ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'],
          response: { 200: internalPricesResponseSchema },
        },
      },
      async (request) => ok(await importInternalPrices(fastify.db, currentUser(request), request.body)),
    );
  });
};

export default alarmsRoutes;
