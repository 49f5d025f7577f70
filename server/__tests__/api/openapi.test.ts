/**
 * The OpenAPI 3.1 document (GET /api/openapi.json, src/plugins/openapi.ts) is generated from the routes'
 * zod schemas: every route of the route-rule table is in it with its parameters, every documented
 * path is a route the server answers, and its reference page is served by the product itself.
 *
 * @one-database: the document is generated from the routes, not the database (scripts/lib/db-test-files.cjs).
 */
import type { FastifyInstance } from 'fastify';
import { ROUTE_RULES } from '../../src/access/route-rules';
import { build, getXsrf, type Xsrf } from '../helpers/build';

type Operation = {
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, unknown>;
  description?: string;
  security?: unknown[];
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

let app: FastifyInstance;
let doc: Doc;
let xsrf: Xsrf;

beforeAll(async () => {
  app = await build();
  xsrf = await getXsrf(app);
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => app.close());

/** Routes of the rule table that are API: not front-end files, not this reference itself. */
const apiRoutes = () => Object.keys(ROUTE_RULES).filter((key) => !key.includes('*') && !key.includes(' /api/docs') && key !== 'GET /api/openapi.json');
const toOpenApiPath = (path: string) => path.replace(/:([^/]+)/g, '{$1}');

/** Spec §7's parameter names, call by call: each must be documented (query, path or body field). */
const SPEC_PARAMETERS: Record<string, string[]> = {
  'GET /auth/check': [],
  'POST /auth/login': ['username', 'password'],
  'GET /export/list': ['limit', 'skip', 'by', 'type', 'from', 'network'],
  'POST /export/save-template': ['name', 'data', 'autoGeneration', 'date'],
  'DELETE /export/delete-template': ['template'],
  'DELETE /export/delete-templates': ['templates'],
  'DELETE /export/prices': ['id'],
  'DELETE /export/prices/delete': ['templates'],
  'POST /export/export-group-requests': ['templates'],
  'DELETE /export/new-prod-template': ['id'],
  'GET /shops': ['network', 'networkCodes', 'ids'],
  'GET /utils/markets-map': ['full'],
  'GET /custom/utils/markets-map': ['network', 'full'],
  'GET /utils/export-details': ['id', 'field'],
  'POST /custom/import-internal-prices': ['prices', 'network', 'shop'],
  'GET /parsers/list': ['limit', 'skip', 'onlyWithNotFound', 'onlyWithProblems', 'shops'],
  'GET /parsers-schedules/list': ['parsers'],
  'GET /data/{file}': ['file', 'filename'],
  'GET /network-users/list': ['network'],
  'GET /products/search': ['article', 'ean', 'name'],
  'GET /products': ['search', 'market', 'marketId'],
  'GET /products/find-similar-products': ['name', 'marketId', 'sectionId', 'brand', 'description', 'weight', 'price'],
  'GET /prices/history': ['product', 'include', 'start', 'end'],
  'GET /leaflets/search/by-name': ['name'],
  'GET /leaflets/search/by-period': ['start', 'end'],
  'GET /leaflets/{id}/neural-data': ['id', 'neuralId'],
  'GET /leaflets/{id}/prices/pageable': ['id', 'page'],
  'POST /leaflets/export': ['ids', 'count'],
  'POST /leaflets/add-price': ['leafletPicture'],
  'POST /leaflets/save-image': ['image', 'folder'],
  'POST /price-alarms/import': ['file', 'start', 'end', 'originalShopId', 'shops', 'isPromoAdded'],
  'POST /price-products-alarms/import': ['file', 'shops'],
  'GET /scrapers/list': ['country', 'type', 'scrapers', 'field'],
  'GET /scrapers/{type}': ['type', 'network', 'user', 'productId'],
  'DELETE /scrapers/delete-scraper-request': ['id', 'type'],
};

function documentedNames(op: Operation): string[] {
  const names = (op.parameters ?? []).map((p) => p.name);
  for (const media of Object.values(op.requestBody?.content ?? {})) {
    const schema = media.schema as { properties?: Record<string, unknown>; anyOf?: { properties?: Record<string, unknown> }[] };
    names.push(...Object.keys(schema.properties ?? {}), ...(schema.anyOf ?? []).flatMap((s) => Object.keys(s.properties ?? {})));
  }
  return names;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the token and the anti-forgery header described', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(JSON.stringify((doc as unknown as { components: unknown }).components)).toContain('"name":"token"');
    expect(JSON.stringify((doc as unknown as { components: unknown }).components)).toContain('X-XSRF-TOKEN');
  });

  it('has every route of the route-rule table, with its path parameters, who may call it and the error envelope', () => {
    const missing: string[] = [];
    for (const key of apiRoutes()) {
      const [method, path] = [key.slice(0, key.indexOf(' ')).toLowerCase(), toOpenApiPath(key.slice(key.indexOf(' ') + 1))];
      const op = doc.paths[path]?.[method];
      if (!op) {
        missing.push(`${key}: not documented`);
        continue;
      }
      for (const name of [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!)) {
        if (!op.parameters?.some((p) => p.in === 'path' && p.name === name && p.required)) missing.push(`${key}: path parameter ${name}`);
      }
      if (!op.description?.match(/^(Public|Who may call)/)) missing.push(`${key}: no access rule in the description`);
      if (!op.responses['200'] || !op.responses['400']) missing.push(`${key}: answers`);
    }
    expect(missing).toEqual([]);
  });

  it('documents the parameters spec §7 names for each call', () => {
    const missing: string[] = [];
    for (const [call, names] of Object.entries(SPEC_PARAMETERS)) {
      const [method, path] = [call.slice(0, call.indexOf(' ')).toLowerCase(), call.slice(call.indexOf(' ') + 1)];
      const op = doc.paths[path]?.[method];
      if (!op) {
        missing.push(`${call}: not documented`);
        continue;
      }
      const documented = documentedNames(op);
      for (const name of names) if (!documented.includes(name)) missing.push(`${call}: ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('documents only paths the server answers', async () => {
    const wrong: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        const url = path.replace(/\{[^}]+\}/g, '1');
        // No token: a route that exists answers 401 (or, public, anything but "no such route").
        const res = await app.inject({ method: method.toUpperCase() as 'GET', url, cookies: xsrf.cookies, headers: xsrf.headers });
        if (res.statusCode === 404 && res.json().error?.code === 'route_not_found') wrong.push(`${method.toUpperCase()} ${path}`);
        if (!app.hasRoute({ method: method.toUpperCase() as 'GET', url: path.replace(/\{([^}]+)\}/g, ':$1') }))
          wrong.push(`${method.toUpperCase()} ${path}: no route`);
      }
    }
    expect(Object.keys(doc.paths).length).toBeGreaterThan(80);
    expect(wrong).toEqual([]);
  });

  it('leaves front-end files out and marks public calls as needing no token', () => {
    expect(Object.keys(doc.paths).filter((p) => p.includes('*') || p.startsWith('/remotes') || p.startsWith('/api/docs'))).toEqual([]);
    expect(doc.paths['/auth/login']!.post!.security).toEqual([]);
    expect(doc.paths['/export/list']!.get!.security).toBeUndefined();
  });
});

describe('the reference page', () => {
  it('is served by the product itself, with its scripts from this origin only', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^(https?:)?\/\//);
      const file = await app.inject({ method: 'GET', url: new URL(src, 'http://localhost/api/docs/').pathname });
      expect([src, file.statusCode]).toEqual([src, 200]);
    }
    // The page's own policy: scripts from this origin only (no CDN could load).
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json().openapi).toBe('3.1.0');
  });
});
