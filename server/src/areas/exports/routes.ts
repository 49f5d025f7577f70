import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletedResponseSchema,
  exportBulkDeleteFieldsSchema,
  exportDeleteQuerySchema,
  exportGroupBodySchema,
  exportGroupFileResponseSchema,
  exportIdParamsSchema,
  exportListQuerySchema,
  exportListResponseSchema,
  exportPricesBodySchema,
  exportRequestDetailResponseSchema,
  exportRequestResponseSchema,
  exportScheduleBodySchema,
  exportScheduleResponseSchema,
  exportSchedulesResponseSchema,
  exportScheduleUpdateSchema,
  exportTemplateBodySchema,
  exportTemplateDeleteSchema,
  exportTemplateResponseSchema,
  exportTemplatesDeleteSchema,
  exportTemplatesResponseSchema,
  exportUpdateBodySchema,
  newProductTemplateBodySchema,
  newProductTemplateDeleteQuerySchema,
  newProductTemplateResponseSchema,
  newProductTemplatesResponseSchema,
  EXPORT_TYPES,
  type ExportType,
} from '@pricewatch/shared/contract';
import { ok } from '../../lib/envelope';
import { validationFailed } from '../../lib/errors';
import { queryAndBody } from '../../lib/query-and-body';
import { currentUser } from '../../plugins/auth';

/**
 * Exports (spec §7), behind the auth guard; who may call what: src/access/route-rules.ts. Start-up
 * (leftover requests, schedules, workers) runs in plugin.ts, after the jobs plugin.
 */
const exportsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { service } = fastify.exports;

  fastify.get('/export/get/:id', { schema: { params: exportIdParamsSchema, response: { 200: exportRequestDetailResponseSchema } } }, async (request) =>
    ok(await service.get(currentUser(request), request.params.id)),
  );

  fastify.get('/export/list', { schema: { querystring: exportListQuerySchema, response: { 200: exportListResponseSchema } } }, async (request) =>
    ok(await service.list(currentUser(request), request.query)),
  );

  for (const type of EXPORT_TYPES) {
    fastify.post(`/export/${type}/prices`, { schema: { body: exportPricesBodySchema, response: { 200: exportRequestResponseSchema } } }, async (request) =>
      ok(await service.create(currentUser(request), type as ExportType, request.body)),
    );
  }

  fastify.put(
    '/export/:id',
    { schema: { params: exportIdParamsSchema, body: exportUpdateBodySchema, response: { 200: exportRequestResponseSchema } } },
    async (request) => ok(await service.update(currentUser(request), request.params.id, request.body)),
  );

  fastify.post('/export/save-template', { schema: { body: exportTemplateBodySchema, response: { 200: exportTemplateResponseSchema } } }, async (request) =>
    ok(await service.saveTemplate(currentUser(request), request.body)),
  );

  // The template(s) may come in the JSON body (the client's apiDelete sends one) or the query string.
  fastify.delete(
    '/export/delete-template',
    { schema: { querystring: exportTemplateDeleteSchema, body: exportTemplateDeleteSchema.nullish(), response: { 200: deletedResponseSchema } } },
    async (request) => {
      const id = request.body?.template ?? request.query.template;
      if (id === undefined) throw validationFailed([{ path: 'template', message: 'required' }]);
      return ok(await service.deleteTemplates(currentUser(request), [id]));
    },
  );

  fastify.delete(
    '/export/delete-templates',
    { schema: { querystring: exportTemplatesDeleteSchema, body: exportTemplatesDeleteSchema.nullish(), response: { 200: deletedResponseSchema } } },
    async (request) => ok(await service.deleteTemplates(currentUser(request), request.body?.templates ?? request.query.templates ?? [])),
  );

  fastify.get('/export/get-templates', { schema: { response: { 200: exportTemplatesResponseSchema } } }, async (request) =>
    ok(await service.listTemplates(currentUser(request))),
  );

  fastify.delete('/export/prices', { schema: { querystring: exportDeleteQuerySchema, response: { 200: deletedResponseSchema } } }, async (request) =>
    ok(await service.remove(currentUser(request), request.query.id)),
  );

  fastify.delete(
    '/export/prices/delete',
    { schema: { querystring: exportBulkDeleteFieldsSchema, body: exportBulkDeleteFieldsSchema.nullish(), response: { 200: deletedResponseSchema } } },
    async (request) => {
      const which = queryAndBody(request.query, request.body);
      if (!which.templates?.length && !which.ids?.length) throw validationFailed([{ path: 'templates', message: 'required' }]);
      return ok(await service.removeMany(currentUser(request), which));
    },
  );

  fastify.post(
    '/export/export-group-requests',
    { schema: { body: exportGroupBodySchema, response: { 200: exportGroupFileResponseSchema } } },
    async (request) => ok(await service.groupExport(currentUser(request), request.body)),
  );

  fastify.post(
    '/export/save-new-prod-template',
    { schema: { body: newProductTemplateBodySchema, response: { 200: newProductTemplateResponseSchema } } },
    async (request) => ok(await service.saveNewProducts(currentUser(request), request.body)),
  );

  fastify.get('/export/get-new-prod-template', { schema: { response: { 200: newProductTemplatesResponseSchema } } }, async (request) =>
    ok(await service.listNewProducts(currentUser(request))),
  );

  fastify.delete(
    '/export/new-prod-template',
    {
      schema: {
        querystring: newProductTemplateDeleteQuerySchema,
        body: newProductTemplateDeleteQuerySchema.nullish(),
        response: { 200: deletedResponseSchema },
      },
    },
    async (request) => ok(await service.deleteNewProducts(currentUser(request), queryAndBody(request.query, request.body, ['id']).id)),
  );

  fastify.delete('/export/all-new-prod-template', { schema: { response: { 200: deletedResponseSchema } } }, async (request) =>
    ok(await service.deleteNewProducts(currentUser(request))),
  );

  fastify.get('/export/export-request-schedule', { schema: { response: { 200: exportSchedulesResponseSchema } } }, async (request) =>
    ok(await service.listSchedules(currentUser(request))),
  );

  fastify.post(
    '/export/export-request-schedule',
    { schema: { body: exportScheduleBodySchema, response: { 200: exportScheduleResponseSchema } } },
    async (request) => ok(await service.createSchedule(currentUser(request), request.body)),
  );

  fastify.put(
    '/export/export-request-schedule/:id',
    { schema: { params: exportIdParamsSchema, body: exportScheduleUpdateSchema, response: { 200: exportScheduleResponseSchema } } },
    async (request) => ok(await service.updateSchedule(currentUser(request), request.params.id, request.body)),
  );

  fastify.delete(
    '/export/export-request-schedule/:id',
    { schema: { params: exportIdParamsSchema, response: { 200: deletedResponseSchema } } },
    async (request) => ok(await service.deleteSchedule(currentUser(request), request.params.id)),
  );
};

export default exportsRoutes;
