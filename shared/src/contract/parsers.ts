/**
 * Parsers and scrapers (spec §7 "Parsers", "Scrapers", §3 "Parsers list filters", "Parser map"): the
 * parser definition (data, not code), runs with their counts and problems, schedules, force start,
 * run results, and scraper requests. Decisions are explained in server/docs/parsers.md.
 */
import { z } from 'zod';
import { okSchema } from './envelope';
import { booleanQuery, fileExtensionSchema, idListSchema, idSchema, pageOf, pagingQuerySchema } from './catalogue';
import { parserJsonApiSchema } from './json-api';

// ---------------------------------------------------------------------------------------------------
// Definitions
// ---------------------------------------------------------------------------------------------------

/** `json`: the shop's JSON API (`api`), not its pages (./json-api.ts). */
export const EXTRACTION_STRATEGIES = ['auto', 'jsonld', 'microdata', 'selectors', 'json'] as const;
export type ExtractionStrategy = (typeof EXTRACTION_STRATEGIES)[number];

/** How pages are fetched: `http` as they are served, `browser` rendered by Chromium first (scripts run). */
export const PARSER_FETCH_MODES = ['http', 'browser'] as const;
export type ParserFetchMode = (typeof PARSER_FETCH_MODES)[number];

/** How a shop writes its numbers: decimal separator and thousands separator ('' = none; "'" Swiss, also ’). */
export const parserPriceFormatSchema = z.object({
  decimal: z.enum([',', '.']),
  thousands: z.enum(['', ' ', '.', ',', "'"]).default(''),
});
export type ParserPriceFormat = z.infer<typeof parserPriceFormatSchema>;

const selectorSchema = z.string().trim().min(1).max(300);

export const parserSelectorsSchema = z.object({
  name: selectorSchema.optional(),
  ean: selectorSchema.optional(),
  /** The price a shopper pays (the promo price when the page shows one). */
  price: selectorSchema,
  /** The struck-through regular price beside a promo price. */
  oldPrice: selectorSchema.optional(),
  /** Matches when the product is out of stock. */
  outOfStock: selectorSchema.optional(),
});
export type ParserSelectors = z.infer<typeof parserSelectorsSchema>;

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .url('invalid url')
  .refine((u) => /^https?:\/\//i.test(u), 'only http and https');

/** Standard 5-field cron as pg-boss takes it, limited to what the scheduler understands: minutes and hours. */
export const parserCronSchema = z
  .string()
  .trim()
  .regex(/^(\*|\*\/\d{1,2}|\d{1,2}(,\d{1,2})*) (\*|\*\/\d{1,2}|\d{1,2}(,\d{1,2})*) \* \* \*$/, 'expected "m h * * *"');

export const parserDefinitionSchema = z
  .object({
    productUrls: z.array(httpUrl).max(5000).default([]),
    /** A listing page whose links (linkSelector) are the product pages. */
    listing: z.object({ url: httpUrl, linkSelector: selectorSchema }).optional(),
    strategy: z.enum(EXTRACTION_STRATEGIES).default('auto'),
    selectors: parserSelectorsSchema.optional(),
    priceFormat: parserPriceFormatSchema.optional(),
    /** Requests per second to one host (politeness). */
    rateLimitPerSecond: z.number().positive().max(50).default(2),
    /** Pages fetched at once from one host. */
    concurrency: z.number().int().min(1).max(10).default(2),
    timeoutSeconds: z.number().int().min(1).max(120).default(20),
    maxPageBytes: z
      .number()
      .int()
      .min(1024)
      .max(20 * 1024 * 1024)
      .default(5 * 1024 * 1024),
    respectRobotsTxt: z.boolean().default(true),
    /** `browser`: each page rendered in Chromium, then extracted as with `http` (server/docs/parsers.md "Browser fetch"). */
    fetch: z.enum(PARSER_FETCH_MODES).default('http'),
    /** Browser fetch: the page is read once this CSS selector matches (else when the network is idle). */
    waitFor: selectorSchema.optional(),
    /** The shop's JSON API: strategy `json` only. */
    api: parserJsonApiSchema.optional(),
  })
  .refine((d) => d.productUrls.length > 0 || d.listing || d.strategy === 'json', { message: 'productUrls or listing required', path: ['productUrls'] })
  .refine((d) => d.strategy !== 'selectors' || d.selectors, { message: 'selectors required', path: ['selectors'] })
  .refine((d) => d.fetch === 'browser' || d.waitFor === undefined, { message: 'waitFor needs fetch "browser"', path: ['waitFor'] })
  .refine((d) => d.strategy !== 'json' || d.fetch === 'http', { message: 'the json strategy calls its API over HTTP', path: ['fetch'] })
  .refine((d) => d.strategy !== 'json' || d.api, { message: 'api required', path: ['api'] })
  .refine((d) => d.strategy === 'json' || !d.api, { message: 'api is read by the json strategy only', path: ['strategy'] });
export type ParserDefinition = z.infer<typeof parserDefinitionSchema>;
export type ParserDefinitionInput = z.input<typeof parserDefinitionSchema>;

// ---------------------------------------------------------------------------------------------------
// Runs and problems
// ---------------------------------------------------------------------------------------------------

export const PARSER_PROBLEM_KINDS = [
  'http_status',
  'timeout',
  'blocked',
  'layout_changed',
  'price_unparseable',
  'too_large',
  'redirect_loop',
  'not_allowed',
  'invalid_definition',
  'invalid_encoding',
  'not_found',
  'network',
  'suspicious_price',
  'price_conflict',
  'price_variants',
  'currency_mismatch',
] as const;
export type ParserProblemKind = (typeof PARSER_PROBLEM_KINDS)[number];

export const PARSER_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ParserRunStatus = (typeof PARSER_RUN_STATUSES)[number];

export const parserRunSchema = z.object({
  _id: z.string(),
  parserId: z.string(),
  status: z.enum(PARSER_RUN_STATUSES),
  trigger: z.enum(['schedule', 'force', 'scraper']),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  pagesTotal: z.number(),
  pagesDone: z.number(),
  pricesFound: z.number(),
  notFound: z.number(),
  errors: z.record(z.string(), z.number()),
});
export type ParserRun = z.infer<typeof parserRunSchema>;

export const parserListItemSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  country: z.string(),
  network: z.string(),
  shopId: z.string().nullable(),
  strategy: z.enum(EXTRACTION_STRATEGIES),
  schedule: z.string(),
  enabled: z.boolean(),
  /** The last runs failed one after another this many times (3+ = flagged). */
  failingStreak: z.number(),
  flagged: z.boolean(),
  lastRun: parserRunSchema.nullable(),
  /** The latest run still queued or running, for live progress. */
  activeRun: parserRunSchema.nullable(),
  problems: z.number(),
  /** Pages whose product matched nothing, waiting in "To match" (./matching.ts). */
  unmatched: z.number(),
});
export type ParserListItem = z.infer<typeof parserListItemSchema>;

export const parsersListQuerySchema = pagingQuerySchema.extend({
  onlyWithNotFound: booleanQuery.optional(),
  onlyWithProblems: booleanQuery.optional(),
  /** Shop ids. */
  shops: idListSchema.optional(),
  /** Name or code contains (spec §3 "filters"). */
  filters: z.string().trim().max(200).optional(),
});
export type ParsersListQuery = z.input<typeof parsersListQuerySchema>;
export const parsersListResponseSchema = okSchema(pageOf(parserListItemSchema));
export type ParsersList = z.infer<typeof parsersListResponseSchema>['data'];

/**
 * A network that has parsers the caller may see (GET /parsers/networks): what the parsers screen's
 * network choices are, instead of collecting them from a page of parsers. `parsers`: its parsers (deleted ones not).
 */
export const parserNetworkSchema = z.object({ code: z.string(), name: z.string(), country: z.string(), parsers: z.number().int() });
export type ParserNetwork = z.infer<typeof parserNetworkSchema>;
/** GET /parsers/networks: sorted by name. */
export const parserNetworksResponseSchema = okSchema(z.array(parserNetworkSchema));

export const parserScheduleSchema = z.object({
  parserId: z.string(),
  code: z.string(),
  schedule: z.string(),
  /** Next run times (ISO), the next few. */
  next: z.array(z.string()),
});
export const parsersSchedulesQuerySchema = z.object({ parsers: idListSchema.optional() });
export const parsersSchedulesResponseSchema = okSchema(z.array(parserScheduleSchema));
export type ParserSchedule = z.infer<typeof parserScheduleSchema>;

export const forceStartBodySchema = z.object({ parsers: z.array(idSchema).min(1).max(50) });
export type ForceStartBody = z.input<typeof forceStartBodySchema>;
export const forceStartResponseSchema = okSchema(z.array(parserRunSchema));

export const parserRunParamsSchema = z.object({ id: idSchema });
export const parserRunResponseSchema = okSchema(parserRunSchema);

export const parserRunProblemSchema = z.object({ url: z.string(), kind: z.string(), message: z.string() });
export const parserRunProblemsResponseSchema = okSchema(z.array(parserRunProblemSchema));
export type ParserRunProblem = z.infer<typeof parserRunProblemSchema>;

/** data.file is then downloaded with GET /data/{file} (spec "File download"). */
export const parserRunFileResponseSchema = okSchema(z.object({ file: z.string(), extension: fileExtensionSchema }));

// ---------------------------------------------------------------------------------------------------
// Sanity guard: suspicious prices (server/docs/parsers.md "Sanity guard")
// ---------------------------------------------------------------------------------------------------

/** What a held price was compared with: the product's last price in the shop, or the network's median that day. */
export const SUSPICIOUS_REFERENCES = ['shop', 'network'] as const;

export const suspiciousPricesQuerySchema = pagingQuerySchema.extend({
  /** Parser id. */
  parser: idSchema.optional(),
  /** Network code. */
  network: z.string().trim().min(1).max(100).optional(),
});
export type SuspiciousPricesQuery = z.input<typeof suspiciousPricesQuerySchema>;

export const suspiciousPriceSchema = z.object({
  _id: z.string(),
  runId: z.string(),
  parserId: z.string(),
  parserName: z.string(),
  network: z.string(),
  /** The shop's country: the money's currency. */
  country: z.string(),
  productId: z.string(),
  productName: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  /** The day it was observed for (YYYY-MM-DD). */
  day: z.string(),
  /** The reference price (major units) and what it was. */
  oldPrice: z.number(),
  reference: z.enum(SUSPICIOUS_REFERENCES),
  /** What a shopper pays (major units): the promo price when there is one. */
  newPrice: z.number(),
  regular: z.number(),
  promo: z.number().nullable(),
  inStock: z.boolean(),
  currency: z.string().nullable(),
  /** (new − old) / old × 100, rounded to one decimal. */
  changePct: z.number(),
  /** The page text the price was read from, and the page. */
  text: z.string().nullable(),
  url: z.string(),
  createdAt: z.string(),
  decision: z.enum(['confirmed', 'rejected']).nullable(),
  decidedAt: z.string().nullable(),
});
export type SuspiciousPrice = z.infer<typeof suspiciousPriceSchema>;
export const suspiciousPricesResponseSchema = okSchema(pageOf(suspiciousPriceSchema));
export type SuspiciousPrices = z.infer<typeof suspiciousPricesResponseSchema>['data'];

export const suspiciousPriceParamsSchema = z.object({ id: idSchema });
/** Confirm / reject: the decided item; `written` = spans the confirmation wrote (0: its day was already past). */
export const suspiciousDecisionResponseSchema = okSchema(z.object({ item: suspiciousPriceSchema, written: z.number() }));
export type SuspiciousDecision = z.infer<typeof suspiciousDecisionResponseSchema>['data'];

// ---------------------------------------------------------------------------------------------------
// Extraction (the CLI and scraper results)
// ---------------------------------------------------------------------------------------------------

/** A page's (or a run's) problem: a kind of PARSER_PROBLEM_KINDS (or a run-level kind) and the details. */
export const offerProblemSchema = z.object({ kind: z.string(), message: z.string() });

export const extractedOfferSchema = z.object({
  url: z.string(),
  name: z.string().nullable(),
  ean: z.string().nullable(),
  price: z.number().nullable(),
  oldPrice: z.number().nullable(),
  promo: z.boolean(),
  currency: z.string().nullable(),
  inStock: z.boolean().nullable(),
  strategy: z.string().nullable(),
  problem: offerProblemSchema.nullable(),
});
export type ExtractedOffer = z.infer<typeof extractedOfferSchema>;

// ---------------------------------------------------------------------------------------------------
// Adding a shop in the app: create, edit, delete (server/docs/parsers.md "Editing parsers")
// ---------------------------------------------------------------------------------------------------

const parserFields = {
  code: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only'),
  name: z.string().trim().min(1).max(200),
  schedule: parserCronSchema,
  enabled: z.boolean(),
  definition: parserDefinitionSchema,
};

/** POST /parsers: the parser's shop (its network and country follow from it), names, schedule and definition. */
export const parserCreateBodySchema = z.object({
  ...parserFields,
  /** Shop id. */
  shopId: idSchema,
  schedule: parserCronSchema.default('0 6 * * *'),
  enabled: z.boolean().default(true),
});
export type ParserCreateBody = z.input<typeof parserCreateBodySchema>;

/** PUT /parsers/{id}: only the fields given change (no defaults here); the shop stays. */
export const parserUpdateBodySchema = z.object(parserFields).partial();
export type ParserUpdateBody = z.input<typeof parserUpdateBodySchema>;

export const parserParamsSchema = z.object({ id: idSchema });

/** One parser with its definition, for the editor. */
export const parserDetailSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  country: z.string(),
  network: z.string(),
  shopId: z.string().nullable(),
  schedule: z.string(),
  enabled: z.boolean(),
  definition: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
});
export type ParserDetail = z.infer<typeof parserDetailSchema>;
export const parserDetailResponseSchema = okSchema(parserDetailSchema);
/** DELETE /parsers/{id}: the parser is gone from lists and schedules; its runs and prices stay. */
export const parserDeleteResponseSchema = okSchema(z.object({ _id: z.string(), deleted: z.literal(true) }));

/** The values "Try on a URL" outlines and a click on the screenshot can set a selector for. */
export const PARSER_TRY_FIELDS = ['name', 'ean', 'price', 'oldPrice', 'outOfStock'] as const;
export type ParserTryField = (typeof PARSER_TRY_FIELDS)[number];

/**
 * POST /parsers/try: runs the (unsaved) definition on one page, HTTP or browser fetch as it says, and
 * writes nothing. `shopId` is the shop the parser is for: its country's currency and the caller's right
 * (the same as force-starting a parser of that shop's network).
 */
export const parserTryBodySchema = z.object({ url: httpUrl, shopId: idSchema, definition: parserDefinitionSchema });
export type ParserTryBody = z.input<typeof parserTryBodySchema>;

/** A rectangle on the screenshot, in its CSS pixels (the screenshot is taken at device scale 1). */
export const pageBoxSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
export type PageBox = z.infer<typeof pageBoxSchema>;

export const parserTryResultSchema = z.object({
  /** The page read (after redirects). */
  url: z.string(),
  fetch: z.enum(PARSER_FETCH_MODES),
  /** What was read, with the strategy that gave it, or the problem (no price when unsure). */
  offer: extractedOfferSchema,
  /** The page as rendered (PNG data URL, height capped); null when the page could not be loaded. */
  screenshot: z.object({ dataUrl: z.string(), width: z.number(), height: z.number() }).nullable(),
  /** Where each value read was found on the screenshot, and the selector that matched it (null: JSON-LD/microdata node without a visible element). */
  found: z.array(z.object({ field: z.enum(PARSER_TRY_FIELDS), selector: z.string().nullable(), box: pageBoxSchema })),
  /** Visible elements carrying their own text, each with a selector unique on the page: what a click on the screenshot picks. */
  elements: z.array(z.object({ selector: z.string(), text: z.string(), box: pageBoxSchema })),
});
export type ParserTryResult = z.infer<typeof parserTryResultSchema>;
export const parserTryResponseSchema = okSchema(parserTryResultSchema);

// ---------------------------------------------------------------------------------------------------
// Scrapers
// ---------------------------------------------------------------------------------------------------

/** `product`: scrape one product now in the shops of a network. */
export const SCRAPER_TYPES = ['product'] as const;
export const scraperTypeParamsSchema = z.object({ type: z.enum(SCRAPER_TYPES) });

export const scraperCreateBodySchema = z.object({
  productId: idSchema,
  /** Network code whose parsers scrape it. */
  network: z.string().trim().min(1).max(100),
});
export type ScraperCreateBody = z.input<typeof scraperCreateBodySchema>;

export const scraperRequestSchema = z.object({
  _id: z.string(),
  type: z.enum(SCRAPER_TYPES),
  productId: z.string(),
  productName: z.string(),
  network: z.string(),
  country: z.string(),
  user: z.string(),
  /** `failed`: no result gave a price (the reasons are in `failures`); `done`: at least one did. */
  status: z.enum(PARSER_RUN_STATUSES),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  results: z.array(extractedOfferSchema),
  /**
   * Why a `failed` request failed, one entry per kind: its results' problem kinds (`network`,
   * `not_found`…), `run_failed` for a run that ended before reading a page (message: why), `no_page`
   * when the shop had no page of the product left to read. Empty unless `failed`.
   */
  failures: z.array(offerProblemSchema),
});
export type ScraperRequest = z.infer<typeof scraperRequestSchema>;

export const scrapersListQuerySchema = pagingQuerySchema.extend({
  country: z.enum(['ua', 'ge', 'cz', 'pl']).optional(),
  type: z.enum(SCRAPER_TYPES).optional(),
  /** Scraper request ids. */
  scrapers: idListSchema.optional(),
  /** Sort field. */
  field: z.enum(['createdAt', 'status', 'network']).optional(),
});
export type ScrapersListQuery = z.input<typeof scrapersListQuerySchema>;
export const scrapersListResponseSchema = okSchema(pageOf(scraperRequestSchema));

/**
 * GET /scrapers/{type}?network=&user=&productId=: `user` is whom the requests are of, as answers show
 * it (`user`: the username, any case); a user id is taken too.
 */
export const scrapersByTypeQuerySchema = z.object({
  network: z.string().trim().min(1).max(100).optional(),
  user: z.string().trim().min(1).max(100).optional(),
  productId: idSchema.optional(),
});
export const scrapersByTypeResponseSchema = okSchema(z.array(scraperRequestSchema));
export const scraperResponseSchema = okSchema(scraperRequestSchema);

/** DELETE /scrapers/delete-scraper-request: `id` and `type`, each in the query string or the JSON body (both required). */
export const scraperDeleteQuerySchema = z.object({ id: idSchema.optional(), type: z.enum(SCRAPER_TYPES).optional() });
