/**
 * The API's OpenAPI 3.1 document, generated from the routes' zod schemas (the contract in
 * @pricewatch/shared/contract) — never written by hand — at GET /api/openapi.json, and a browsable
 * reference (Swagger UI, served from the @fastify/swagger-ui package: no outside CDN) at /api/docs/.
 * Registered before the areas: @fastify/swagger collects routes as they are added. Front-end files
 * (wildcard routes) are not API and stay out. Each operation says who may call it and what they see,
 * from src/access/route-rules.ts. Multipart routes have no body schema for validation (their one reader,
 * src/lib/multipart.ts, reads them); they document their form with `schema.form` (a zod object).
 */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@pricewatch/shared/contract';
import { compileRules, routeKey } from '../access/route-rules';

export const OPENAPI_URL = '/api/openapi.json';
export const API_DOCS_PREFIX = '/api/docs';

declare module 'fastify' {
  interface FastifySchema {
    /** Documentation only: the fields of a multipart form the route reads itself (not validated here). */
    form?: z.ZodType;
  }
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

const errorJson = z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' });
const ERROR_ANSWERS: Record<string, string> = {
  400: 'validation_failed: error.fields names each wrong field',
  401: 'unauthorized: no live session for ?token=',
  403: 'forbidden (the rule above), or xsrf_failed for a write without the X-XSRF-TOKEN header',
  404: 'not_found: an unknown record',
};

/** Everything the router serves that is not API: built front-end files and this reference itself. */
const isDocumented = (url: string) => !url.includes('*') && !url.startsWith(API_DOCS_PREFIX) && url !== OPENAPI_URL;

export default fp(
  async function openapi(fastify) {
    const rules = compileRules();

    const transform = (input: TransformInput) => {
      const { url, route } = input;
      if (!isDocumented(url)) return { schema: { hide: true }, url };
      const { form, ...schema } = (input.schema ?? {}) as Record<string, unknown> & { form?: z.ZodType };
      const out = jsonSchemaTransform({ ...input, schema } as TransformInput) as { schema: Record<string, unknown>; url: string };
      const method = Array.isArray(route.method) ? route.method[0]! : route.method;
      const rule = rules.get(routeKey(method, url));
      const doc: Record<string, unknown> = { ...out.schema };
      if (form) {
        doc.body = z.toJSONSchema(form, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
        doc.consumes = ['multipart/form-data'];
      }
      // Grouped by the path's first segment, as spec §7 groups its calls (/api/v1/auth/logout is auth).
      const first = url.split('/')[1] ?? '';
      doc.tags = [first === 'api' ? 'auth' : first.replace(/\.json$/, '')];
      if (rule) {
        doc.description = rule.public ? `Public. ${rule.sees}.` : `Who may call: ${rule.who}. What they see: ${rule.sees}.`;
        if (rule.public) doc.security = [];
      }
      const response = { ...((doc.response as Record<string, unknown>) ?? {}) };
      // Routes without an answer schema send a file's bytes (GET /data/{file}, leaflet pictures).
      response['200'] ??= { description: 'the file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
      for (const [status, description] of Object.entries(ERROR_ANSWERS)) {
        if (rule?.public && status === '401') continue;
        response[status] ??= { description, content: { 'application/json': { schema: errorJson } } };
      }
      doc.response = response;
      return { schema: doc, url: out.url };
    };

    await fastify.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Pricewatch API',
          version: '1',
          description:
            'Retail price intelligence (spec §7 "Calls"). Every answer is the envelope `{ success: true, data }` or ' +
            '`{ success: false, error: { code, message, fields? } }`. Every call carries the session token as the query ' +
            'parameter `token` (from POST /auth/login); every call but GET also carries the header `X-XSRF-TOKEN` equal ' +
            'to the `XSRF-TOKEN` cookie the server sets on any answer. Dates in requests are US short format ' +
            '(`M/D/YYYY`, with or without zero padding); days in answers are ISO `YYYY-MM-DD`; instants ISO 8601 UTC.',
        },
        components: {
          securitySchemes: {
            token: { type: 'apiKey', in: 'query', name: 'token' },
            xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
          },
        },
        security: [{ token: [] }],
      },
      transform,
      transformObject: jsonSchemaTransformObject,
    });
    await fastify.register(swaggerUi, { routePrefix: API_DOCS_PREFIX, uiConfig: { deepLinking: true } });

    fastify.get(OPENAPI_URL, { schema: { hide: true } }, async () => fastify.swagger());
  },
  { name: 'openapi', dependencies: ['access'] },
);
