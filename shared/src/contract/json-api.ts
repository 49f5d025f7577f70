/**
 * The JSON API strategy of a parser definition (issue 16 item 2, server/docs/parsers.md "JSON API shops"):
 * a request template, its paging, and JSONPath field paths into the answers. Paths are RFC 9535 JSONPath
 * read by json-p3 — an interpreter, no script evaluation (jsonpath-plus's "safe" eval has had one
 * code-execution bypass after another). The regular-expression functions match() and search() are left
 * out: a pattern that backtracks for ever on a shop's answer would stall the server's event loop.
 * The same environment checks a definition here and reads the answers on the server, so a path the
 * contract accepts is a path the engine runs.
 */
import { JSONPathEnvironment } from 'json-p3';
import { z } from 'zod';

export const jsonPath = new JSONPathEnvironment({ strict: true, maxRecursionDepth: 50 });
jsonPath.functionRegister.delete('match');
jsonPath.functionRegister.delete('search');

/** Why a JSONPath cannot be used, or null. */
export function jsonPathProblem(path: string): string | null {
  try {
    jsonPath.compile(path);
    return null;
  } catch (err) {
    return `invalid JSONPath: ${(err as Error).message}`.slice(0, 300);
  }
}

export const JSON_API_PLACEHOLDERS = ['page', 'ean', 'id'] as const;
export type JsonApiPlaceholder = (typeof JSON_API_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The placeholders a text uses, and the first unknown one. */
export function placeholdersIn(text: string): { used: Set<JsonApiPlaceholder>; unknown: string | null } {
  const used = new Set<JsonApiPlaceholder>();
  let unknown: string | null = null;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if ((JSON_API_PLACEHOLDERS as readonly string[]).includes(m[1]!)) used.add(m[1] as JsonApiPlaceholder);
    else unknown ??= m[0];
  }
  return { used, unknown };
}

const jsonPathSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .superRefine((p, ctx) => {
    const problem = jsonPathProblem(p);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Hop-by-hop and framing headers are the HTTP client's to set. */
const CLIENT_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-connection',
]);

const templateUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .superRefine((u, ctx) => {
    const { unknown } = placeholdersIn(u);
    if (unknown) return void ctx.addIssue({ code: 'custom', message: `unknown placeholder ${unknown}: use {page}, {ean} or {id}` });
    // Placeholders stand for path or query text: the address must be valid with any value in them.
    let parsed: URL;
    try {
      parsed = new URL(u.replace(PLACEHOLDER, '1'));
    } catch {
      return void ctx.addIssue({ code: 'custom', message: 'invalid url' });
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') ctx.addIssue({ code: 'custom', message: 'only http and https' });
    // The host is the address checks' business: it never comes from data.
    if (/^[a-z]+:\/\/[^/?#]*\{/i.test(u)) {
      ctx.addIssue({ code: 'custom', message: 'placeholders are not allowed in the host' });
    }
  });

const jsonValueSchema: z.ZodType<unknown> = z.lazy(() =>
  z.union([z.string().max(2000), z.number(), z.boolean(), z.null(), z.array(jsonValueSchema).max(100), z.record(z.string().max(200), jsonValueSchema)]),
);

/** How deep a JSON request body may nest: an API's request is a few levels deep. */
const JSON_BODY_MAX_DEPTH = 20;

/**
 * Whether a value nests deeper than `limit` levels, found without recursion: the value check above recurses
 * once per level, and a body nested 5,000 deep overflowed the stack (a 500) before this bound ran first.
 */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

const boundedJsonValueSchema = z
  .unknown()
  .refine((v) => !nestsDeeperThan(v, JSON_BODY_MAX_DEPTH), `nested deeper than ${JSON_BODY_MAX_DEPTH} levels`)
  .pipe(jsonValueSchema);

export const jsonApiRequestSchema = z.object({
  /** The address, with {page} (paging), {ean} or {id} (one request per catalogue product of the shop). */
  url: templateUrlSchema,
  method: z.enum(['GET', 'POST']).default('GET'),
  headers: z
    .record(
      z
        .string()
        .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, 'invalid header name')
        .refine((n) => !CLIENT_HEADERS.has(n.toLowerCase()), 'set by the HTTP client'),
      z
        .string()
        .max(2000)
        .regex(/^[^\r\n\0]*$/, 'no line breaks in a header value'),
    )
    .refine((h) => Object.keys(h).length <= 30, 'at most 30 headers')
    .default({}),
  /**
   * POST only. A JSON value is sent as JSON (a string in it equal to "{page}" becomes the page number;
   * placeholders inside other strings are replaced by their text); a string is sent as it is, with its
   * placeholders replaced URL-encoded (a form body).
   */
  body: z.union([z.string().max(20_000), boundedJsonValueSchema]).optional(),
});

export const jsonApiPagingSchema = z.object({
  /** The first page's number ({page}). */
  first: z.number().int().min(0).max(1_000_000).default(1),
  /** Where the first answer says how many items there are in all; without it (or totalPages) pages are read until an empty one. */
  totalItems: jsonPathSchema.optional(),
  /** Where the first answer says how many pages there are. */
  totalPages: jsonPathSchema.optional(),
  /** Never more pages than this in one run (an API that never answers an empty page). */
  maxPages: z.number().int().min(1).max(10_000).default(500),
});

/** Paths into one answer (items) and into each item ($ is the item). */
export const jsonApiFieldsSchema = z.object({
  /** The product list: `$.products[*]`, or `$.products` (an array: its elements). */
  items: jsonPathSchema,
  name: jsonPathSchema.optional(),
  ean: jsonPathSchema.optional(),
  /** The shop's own product id: matched against the offers' shop article. */
  article: jsonPathSchema.optional(),
  /** The product page (matched against the offers' URL), relative to the request's address or absolute. */
  url: jsonPathSchema.optional(),
  /** What a shopper pays (the promo price when there is one): a machine value, 12.5 or "12.50". */
  price: jsonPathSchema,
  /** The regular price beside a promo price. */
  oldPrice: jsonPathSchema.optional(),
  /** ISO 4217; when given it must be the shop's. */
  currency: jsonPathSchema.optional(),
  /** true/false, a quantity, or a schema.org availability (InStock…). */
  inStock: jsonPathSchema.optional(),
});

export const parserJsonApiSchema = z
  .object({
    request: jsonApiRequestSchema,
    paging: jsonApiPagingSchema.optional(),
    fields: jsonApiFieldsSchema,
  })
  .superRefine((api, ctx) => {
    const { request } = api;
    const texts = [request.url, ...Object.values(request.headers), typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? null)];
    const used = new Set(texts.flatMap((t) => [...placeholdersIn(t).used]));
    if (used.has('page') && (used.has('ean') || used.has('id'))) {
      ctx.addIssue({ code: 'custom', path: ['request', 'url'], message: '{page} pages through the catalogue, {ean} and {id} ask for one product: not both' });
    }
    if (request.body !== undefined && request.method === 'GET')
      ctx.addIssue({ code: 'custom', path: ['request', 'body'], message: 'a GET request has no body' });
    if (api.paging && !used.has('page')) ctx.addIssue({ code: 'custom', path: ['paging'], message: 'paging needs {page} in the request' });
    if (api.paging?.totalItems && api.paging.totalPages)
      ctx.addIssue({ code: 'custom', path: ['paging', 'totalPages'], message: 'totalItems or totalPages, not both' });
  });
export type ParserJsonApi = z.infer<typeof parserJsonApiSchema>;
