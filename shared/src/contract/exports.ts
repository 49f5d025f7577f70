/**
 * Exports ("unloading prices"): the spec's Exports group (§7) — export requests, templates, group
 * exports, new-product lists and schedules — with the shapes the spec leaves "not shown". The server
 * validates with these schemas; the report-analytics screen parses the same. Decisions are explained
 * in server/docs/exports.md.
 *
 * Conventions (as in catalogue.ts): every response is the envelope `{ success: true, data }`; ids are
 * strings in answers and digit strings or numbers in requests; dates in requests are US short
 * MM/DD/YYYY (spec §9), days in answers ISO `YYYY-MM-DD`, instants ISO date-times.
 *
 * Lifecycle of an export request: `queued` (a background job is waiting) → `running` (progress 0–100,
 * rowsWritten of rowsExpected) → `done` (file + extension: download it with GET /data/{file}) or
 * `failed` (error: one of EXPORT_FAILURE_REASONS; errorMessage says more when there is more to say).
 * A failed or interrupted export never leaves a file behind.
 */
import { z } from 'zod';
import { okSchema } from './envelope';
import { codeSchema, fileExtensionSchema, idSchema, intQuery, isoDaySchema, pageOf, periodRefine, usDateSchema } from './catalogue';

// ---------------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------------

/**
 * The three price exports (POST /export/{type}/prices):
 * - `inline`: one row per chosen product and day of the period, one column per chosen shop (its price
 *   that day). Everybody who may unload prices may ask for it.
 * - `ashan`: the chain's own shops against competitors — one row per product and own shop, with the own
 *   shop's average price over the period and, per competitor network, that network's average and the
 *   difference in %, then the cheapest competitor. Ashan-type users (and the provider's staff, naming
 *   `baseNetwork`).
 * - `atb`: the chain against each competitor shop — one row per product and competitor shop, with the
 *   shop's average, minimum and maximum price and promo share over the period, the chain's own average
 *   and the difference in %. Atb-type users (and the provider's staff, naming `baseNetwork`).
 */
export const EXPORT_TYPES = ['inline', 'ashan', 'atb'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** Request types in lists: the three above and `group` (POST /export/export-group-requests). */
export const EXPORT_REQUEST_TYPES = [...EXPORT_TYPES, 'group'] as const;
export type ExportRequestType = (typeof EXPORT_REQUEST_TYPES)[number];

export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/**
 * Why a request failed (`error`):
 * - `interrupted`: the server stopped while it ran, too often to try again.
 * - `template_deleted`: its template is gone.
 * - `owner_unavailable`: the user who asked for it was removed or blocked.
 * - `forbidden`: a network or shop of the selection is no longer visible to its owner.
 * - `invalid_selection`: the selection no longer names any product or shop (errorMessage tells which).
 * - `too_large`: more rows than EXPORT_LIMITS.maxRows.
 * - `internal_error`: anything else (logged on the server).
 */
export const EXPORT_FAILURE_REASONS = [
  'interrupted',
  'template_deleted',
  'owner_unavailable',
  'forbidden',
  'invalid_selection',
  'too_large',
  'internal_error',
] as const;
export type ExportFailureReason = (typeof EXPORT_FAILURE_REASONS)[number];

/** Product columns an export may start with, in this order (default: ean, article, name, brand). */
export const EXPORT_PRODUCT_COLUMNS = ['ean', 'article', 'name', 'brand', 'section', 'category', 'weight'] as const;
export type ExportProductColumn = (typeof EXPORT_PRODUCT_COLUMNS)[number];
export const DEFAULT_EXPORT_PRODUCT_COLUMNS: readonly ExportProductColumn[] = ['ean', 'article', 'name', 'brand'];

/** What a price cell holds: `price` = what a shopper pays (promo when there is one), `regular` = shelf price. */
export const EXPORT_PRICE_FIELDS = ['price', 'regular'] as const;
export type ExportPriceField = (typeof EXPORT_PRICE_FIELDS)[number];

export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

export const EXPORT_LIMITS = {
  /** Longest period of one export (days, both ends included): longer is 400 naming `end`. */
  maxDays: 366,
  /** Most products, EANs or articles in one selection. */
  maxProducts: 10_000,
  /** Most networks or shops in one selection. */
  maxShops: 500,
  /** Most rows in one file (inline: products × days; ashan: products × own shops; atb: products × competitor shops). */
  maxRows: 2_000_000,
  /** Most rows of a group export, all templates together (it is written while the call waits). */
  groupMaxRows: 300_000,
  groupMaxTemplates: 20,
  nameMaxLength: 120,
  /** Export request list: default and largest page. */
  pageDefault: 30,
  pageMax: 200,
  /** Items of one new-product list. */
  newProductsMax: 10_000,
  /** The screen polls a queued or running request this often (ms). */
  pollMs: 1000,
} as const;

/** The file extension of every export (spec §9 "Downloaded file default extension .xlsx"). */
export const EXPORT_EXTENSION = '.xlsx';

// ---------------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------------

/** A list in a body or query: `a,b`, `[a, b]` or repeated parameters; items checked, at most `max`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const listUpTo = <T extends z.ZodType<unknown, any>>(item: T, max: number) =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((x) => String(x).split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(max, `at most ${max} items`));

const digitsSchema = z
  .string()
  .trim()
  .regex(/^\$?\d{1,20}$/, 'expected digits')
  .transform((s) => s.replace(/^\$/, ''));

export const exportNameSchema = z.string().trim().min(1, 'required').max(EXPORT_LIMITS.nameMaxLength, 'too_long');

/**
 * What an export covers and how it is laid out — the body of the three price exports and the `data`
 * of a template.
 * - `networks` (codes) and `shops` (ids) together choose the shops: inline uses them as columns; ashan
 *   and atb compare them (the competitors) with the own chain's shops.
 * - `products` (ids), `eans` and `articles` (a pasted list) together choose the products, in the order
 *   given; EANs and articles that name no product are skipped (the answer's `unmatched` lists them).
 * - `start` + `end` (MM/DD/YYYY), or `days`: the `days` days ending today.
 * - `baseNetwork`: the chain whose own shops ashan and atb compare (provider staff only; a client
 *   network always compares its own).
 * - `customMarkets`: for users with custom markets and their switcher, whether to stay within the custom
 *   markets (default true); without the switcher custom markets always apply.
 * - `productColumns`, `priceField`: the layout (defaults: ean, article, name, brand; price).
 */
export const exportSelectionSchema = z.object({
  networks: listUpTo(codeSchema, EXPORT_LIMITS.maxShops).optional(),
  shops: listUpTo(idSchema, EXPORT_LIMITS.maxShops).optional(),
  products: listUpTo(idSchema, EXPORT_LIMITS.maxProducts).optional(),
  eans: listUpTo(digitsSchema, EXPORT_LIMITS.maxProducts).optional(),
  articles: listUpTo(digitsSchema, EXPORT_LIMITS.maxProducts).optional(),
  start: usDateSchema.optional(),
  end: usDateSchema.optional(),
  days: z.number().int().min(1).max(EXPORT_LIMITS.maxDays).optional(),
  baseNetwork: codeSchema.optional(),
  customMarkets: z.boolean().optional(),
  productColumns: z.array(z.enum(EXPORT_PRODUCT_COLUMNS)).max(EXPORT_PRODUCT_COLUMNS.length).optional(),
  priceField: z.enum(EXPORT_PRICE_FIELDS).optional(),
});
export type ExportSelectionInput = z.input<typeof exportSelectionSchema>;
export type ExportSelection = z.output<typeof exportSelectionSchema>;

// ---------------------------------------------------------------------------------------------------
// Export requests
// ---------------------------------------------------------------------------------------------------

/**
 * POST /export/inline/prices, /export/ashan/prices, /export/atb/prices: creates an export request and
 * queues its job; answers the request (state `queued`). With `template`, the template's data is the
 * base and fields given here override it (its period follows the template's autoGeneration rule).
 * 400: no product (`products`), no shop (`shops`), no period (`start`), a period over maxDays (`end`),
 * more rows than maxRows (`products`); 403: a type the user may not ask for, or an invisible network or
 * shop; 404: unknown template.
 */
export const exportPricesBodySchema = exportSelectionSchema
  .extend({ name: exportNameSchema.optional(), template: idSchema.optional() })
  .superRefine(periodRefine);
export type ExportPricesBody = z.input<typeof exportPricesBodySchema>;

/** `{ id }` path parameter of GET /export/get/{id} and PUT /export/{id}. */
export const exportIdParamsSchema = z.object({ id: idSchema });

const userRefSchema = z.object({ _id: z.string(), name: z.string() });

/** The stored selection of a request, resolved: shop and product ids, the period as ISO days. */
export const exportParamsSchema = z.object({
  networks: z.array(z.string()),
  shops: z.array(z.string()),
  products: z.array(z.string()),
  unmatched: z.array(z.string()),
  start: isoDaySchema,
  end: isoDaySchema,
  baseNetwork: z.string().nullable(),
  customMarkets: z.boolean(),
  productColumns: z.array(z.enum(EXPORT_PRODUCT_COLUMNS)),
  priceField: z.enum(EXPORT_PRICE_FIELDS),
  /** Group exports: the templates, one sheet each. */
  templates: z.array(z.string()),
});
export type ExportParams = z.infer<typeof exportParamsSchema>;

/**
 * An export request as lists show it. `progress` 0–100; `downloadable` says whether the caller may
 * fetch `file` (a provider user sees every network's requests but downloads only the provider's files).
 */
export const exportRequestSchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(EXPORT_REQUEST_TYPES),
  state: z.enum(EXPORT_STATES),
  progress: z.number(),
  rowsWritten: z.number(),
  rowsExpected: z.number(),
  error: z.string().nullable(),
  errorMessage: z.string().nullable(),
  file: z.string().nullable(),
  extension: fileExtensionSchema.nullable(),
  size: z.number().nullable(),
  downloadable: z.boolean(),
  start: isoDaySchema,
  end: isoDaySchema,
  productsCount: z.number(),
  shopsCount: z.number(),
  template: z.object({ _id: z.string(), name: z.string() }).nullable(),
  scheduleId: z.string().nullable(),
  /** The owner's network code (null: provider staff without a network). */
  network: z.string().nullable(),
  createdBy: userRefSchema.nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;
export const exportRequestResponseSchema = okSchema(exportRequestSchema);

/** GET /export/get/{id}: the request with its full selection. 404 unknown or not visible to the caller. */
export const exportRequestDetailSchema = exportRequestSchema.extend({ params: exportParamsSchema });
export type ExportRequestDetail = z.infer<typeof exportRequestDetailSchema>;
export const exportRequestDetailResponseSchema = okSchema(exportRequestDetailSchema);

/**
 * GET /export/list?limit=&skip=&by=&type=&from=&network=&state=: newest first. `limit` default 30,
 * `skip` default 0 (spec §9); `by` = the user who asked (user id, username, or `me`); `type` one of
 * EXPORT_REQUEST_TYPES; `from` = created on or after this day (MM/DD/YYYY); `network` = owner's network
 * code (a client network may only name its own: else 403); `state` one of EXPORT_STATES.
 */
export const exportListQuerySchema = z.object({
  limit: intQuery(1, EXPORT_LIMITS.pageMax, EXPORT_LIMITS.pageDefault),
  skip: intQuery(0, 10_000_000, 0),
  by: z.string().trim().min(1).max(100).optional(),
  type: z.enum(EXPORT_REQUEST_TYPES).optional(),
  from: usDateSchema.optional(),
  network: codeSchema.optional(),
  state: z.enum(EXPORT_STATES).optional(),
});
export type ExportListQuery = z.input<typeof exportListQuerySchema>;
export const exportListSchema = pageOf(exportRequestSchema);
export type ExportList = z.infer<typeof exportListSchema>;
export const exportListResponseSchema = okSchema(exportListSchema);

/**
 * PUT /export/{id}: `name` renames; `rerun: true` runs a finished (done or failed) request again with
 * the same selection — its old file is deleted and it goes back to `queued`. Re-running a queued or
 * running request is 409 `conflict`. Answers the request.
 */
export const exportUpdateBodySchema = z
  .object({ name: exportNameSchema.optional(), rerun: z.boolean().optional() })
  .refine((v) => v.name !== undefined || v.rerun !== undefined, { message: 'nothing to update', path: ['name'] });
export type ExportUpdateBody = z.input<typeof exportUpdateBodySchema>;

/** DELETE /export/prices?id=: deletes one request (and its file); a running one stops. data: `{ deleted }`. */
export const exportDeleteQuerySchema = z.object({ id: idSchema });
export type ExportDeleteQuery = z.input<typeof exportDeleteQuerySchema>;

/**
 * DELETE /export/prices/delete { templates?, ids? }: deletes every request made from these templates
 * and/or these requests. At least one id. Each parameter in the JSON body or the query string
 * (`?templates=1,2`; the body's wins). data: `{ deleted }`.
 */
export const exportBulkDeleteFieldsSchema = z.object({
  templates: listUpTo(idSchema, 500).optional(),
  ids: listUpTo(idSchema, 500).optional(),
});
export const exportBulkDeleteBodySchema = exportBulkDeleteFieldsSchema.refine((v) => (v.templates?.length ?? 0) + (v.ids?.length ?? 0) > 0, {
  message: 'required',
  path: ['templates'],
});
export type ExportBulkDeleteBody = z.input<typeof exportBulkDeleteBodySchema>;

export const deletedSchema = z.object({ deleted: z.number() });
export type Deleted = z.infer<typeof deletedSchema>;
export const deletedResponseSchema = okSchema(deletedSchema);

// ---------------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------------

/** A template's data: an export type and its selection (the same fields as a price export's body). */
export const exportTemplateDataSchema = exportSelectionSchema.extend({ type: z.enum(EXPORT_TYPES) }).superRefine(periodRefine);
export type ExportTemplateDataInput = z.input<typeof exportTemplateDataSchema>;

/**
 * POST /export/save-template { name, data, autoGeneration, date, template? } (spec §3 "Export template:
 * name, data, autoGeneration, date"). `date` (MM/DD/YYYY, default today) is the day the template's
 * period is anchored to. `autoGeneration: true` makes the period roll: run on a later day, the saved
 * period moves forward by the days passed since `date`, keeping its length; false exports exactly the
 * saved period. (A `days` period always ends on the day it runs.) With `template` (an id) the template
 * is updated, else a new one is created. Answers the template.
 */
export const exportTemplateBodySchema = z.object({
  template: idSchema.optional(),
  name: exportNameSchema,
  data: exportTemplateDataSchema,
  autoGeneration: z.boolean().default(false),
  date: usDateSchema.optional(),
});
export type ExportTemplateBody = z.input<typeof exportTemplateBodySchema>;

/**
 * A template's data as stored and answered: the request body's fields as they are sent again (ids as
 * numbers, `start`/`end` as MM/DD/YYYY — the request format), so the form can load it and send it back
 * unchanged. The template's own days beside it (`date`, `nextStart`, `nextEnd`) are answers: ISO days.
 */
export const exportTemplateDataOutSchema = z.object({
  type: z.enum(EXPORT_TYPES),
  networks: z.array(z.string()).optional(),
  shops: z.array(z.number()).optional(),
  products: z.array(z.number()).optional(),
  eans: z.array(z.string()).optional(),
  articles: z.array(z.string()).optional(),
  start: z.string().optional().describe('request format, as sent: MM/DD/YYYY'),
  end: z.string().optional().describe('request format, as sent: MM/DD/YYYY'),
  days: z.number().optional(),
  baseNetwork: z.string().optional(),
  customMarkets: z.boolean().optional(),
  productColumns: z.array(z.enum(EXPORT_PRODUCT_COLUMNS)).optional(),
  priceField: z.enum(EXPORT_PRICE_FIELDS).optional(),
});
export type ExportTemplateData = z.infer<typeof exportTemplateDataOutSchema>;

export const exportTemplateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(EXPORT_TYPES),
  data: exportTemplateDataOutSchema,
  autoGeneration: z.boolean(),
  /** The anchor day, ISO. */
  date: isoDaySchema.describe('answer format: ISO day YYYY-MM-DD'),
  /** The period a run today would export. */
  nextStart: isoDaySchema.describe('answer format: ISO day YYYY-MM-DD'),
  nextEnd: isoDaySchema.describe('answer format: ISO day YYYY-MM-DD'),
  /** Schedules that run this template (it cannot be deleted while there are any). */
  schedules: z.number(),
  network: z.string().nullable(),
  createdBy: userRefSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ExportTemplate = z.infer<typeof exportTemplateSchema>;
export const exportTemplateResponseSchema = okSchema(exportTemplateSchema);
/** GET /export/get-templates: the caller's templates (a network's users share them), newest first. */
export const exportTemplatesResponseSchema = okSchema(z.array(exportTemplateSchema));

/**
 * DELETE /export/delete-template { template } (body, or `?template=`): 404 unknown; 409 `conflict`
 * (message `template_in_use`) while a schedule runs it — delete the schedule first. data: `{ deleted }`.
 */
export const exportTemplateDeleteSchema = z.object({ template: idSchema.optional() });
export type ExportTemplateDelete = z.input<typeof exportTemplateDeleteSchema>;

/** DELETE /export/delete-templates { templates }: all or nothing (404 / 409 as above). data: `{ deleted }`. */
export const exportTemplatesDeleteSchema = z.object({ templates: listUpTo(idSchema, 500).optional() });
export type ExportTemplatesDelete = z.input<typeof exportTemplatesDeleteSchema>;

// ---------------------------------------------------------------------------------------------------
// Group export
// ---------------------------------------------------------------------------------------------------

/**
 * POST /export/export-group-requests { templates, name? }: one file with one sheet per template (in
 * the order given), written while the call waits (at most groupMaxRows rows together, else 400
 * naming `templates`). Recorded as a request of type `group`. data: `{ file, extension, rows, request }`;
 * then download it with GET /data/{file}.
 */
export const exportGroupBodySchema = z.object({
  templates: listUpTo(idSchema, EXPORT_LIMITS.groupMaxTemplates).pipe(z.array(z.number()).min(1, 'required')),
  name: exportNameSchema.optional(),
});
export type ExportGroupBody = z.input<typeof exportGroupBodySchema>;
export const exportGroupFileSchema = z.object({
  file: z.string(),
  extension: fileExtensionSchema,
  rows: z.number(),
  request: z.string(),
});
export type ExportGroupFile = z.infer<typeof exportGroupFileSchema>;
export const exportGroupFileResponseSchema = okSchema(exportGroupFileSchema);

// ---------------------------------------------------------------------------------------------------
// New-product lists
// ---------------------------------------------------------------------------------------------------

/**
 * A new-product template: a saved list of products a network wants priced, by EAN and/or article
 * (and a name for the ones the catalogue does not know yet). The request form imports it as its
 * product selection; entries that match no product are the "new" ones (productId null).
 */
export const newProductItemSchema = z
  .object({
    ean: digitsSchema.optional(),
    article: digitsSchema.optional(),
    name: z.string().trim().max(300).optional(),
  })
  .refine((v) => !!(v.ean || v.article), { message: 'ean or article required', path: ['ean'] });

/** POST /export/save-new-prod-template { name, products }: a new list. Answers it. */
export const newProductTemplateBodySchema = z.object({
  name: exportNameSchema,
  products: z.array(newProductItemSchema).min(1, 'required').max(EXPORT_LIMITS.newProductsMax),
});
export type NewProductTemplateBody = z.input<typeof newProductTemplateBodySchema>;

export const newProductTemplateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  products: z.array(
    z.object({
      ean: z.string().nullable(),
      article: z.string().nullable(),
      name: z.string().nullable(),
      /** The catalogue product it matches (by EAN, else article), or null: a new product. */
      productId: z.string().nullable(),
    }),
  ),
  matched: z.number(),
  network: z.string().nullable(),
  createdBy: userRefSchema.nullable(),
  createdAt: z.string(),
});
export type NewProductTemplate = z.infer<typeof newProductTemplateSchema>;
export const newProductTemplateResponseSchema = okSchema(newProductTemplateSchema);
/** GET /export/get-new-prod-template: the caller's network's lists, newest first. */
export const newProductTemplatesResponseSchema = okSchema(z.array(newProductTemplateSchema));
/**
 * DELETE /export/new-prod-template?id= (or `{ id }` in the JSON body): one list (404 unknown), `id`
 * required. DELETE /export/all-new-prod-template: all the caller's network's lists. data: `{ deleted }`.
 */
export const newProductTemplateDeleteQuerySchema = z.object({ id: idSchema.optional() });

// ---------------------------------------------------------------------------------------------------
// Schedules
// ---------------------------------------------------------------------------------------------------

/** 'HH:mm', 24-hour. */
export const scheduleTimeSchema = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:mm (00:00–23:59)');

/**
 * POST /export/export-request-schedule { template, frequency, time, dayOfWeek?, dayOfMonth?, name?,
 * enabled? }: runs the template at `time` (HH:mm) in the deployment's time zone — every day; every
 * week on `dayOfWeek` (1 = Monday … 7 = Sunday, required for weekly); or every month on `dayOfMonth`
 * (1–28, required for monthly). Each run creates an export request of the template's type, owned by
 * the schedule's creator. 400 names the bad field (`time`, `dayOfWeek`, `dayOfMonth`); 404 unknown
 * template. Answers the schedule.
 */
const scheduleFields = {
  template: idSchema,
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  time: scheduleTimeSchema,
  dayOfWeek: z.number().int().min(1).max(7).nullable().optional(),
  dayOfMonth: z.number().int().min(1).max(28).nullable().optional(),
  name: exportNameSchema.optional(),
  enabled: z.boolean().optional(),
};

function scheduleDayRefine(v: { frequency?: ScheduleFrequency; dayOfWeek?: number | null; dayOfMonth?: number | null }, ctx: z.RefinementCtx) {
  if (v.frequency === 'weekly' && !v.dayOfWeek) ctx.addIssue({ code: 'custom', path: ['dayOfWeek'], message: 'required for weekly' });
  if (v.frequency === 'monthly' && !v.dayOfMonth) ctx.addIssue({ code: 'custom', path: ['dayOfMonth'], message: 'required for monthly' });
}

export const exportScheduleBodySchema = z.object(scheduleFields).superRefine(scheduleDayRefine);
export type ExportScheduleBody = z.input<typeof exportScheduleBodySchema>;

/** PUT /export/export-request-schedule/{id}: any of the fields; the result must still be complete (400 otherwise). */
export const exportScheduleUpdateSchema = z.object(scheduleFields).partial();
export type ExportScheduleUpdate = z.input<typeof exportScheduleUpdateSchema>;

export const exportScheduleSchema = z.object({
  _id: z.string(),
  name: z.string(),
  template: z.object({ _id: z.string(), name: z.string(), type: z.enum(EXPORT_TYPES) }),
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  time: z.string(),
  dayOfWeek: z.number().nullable(),
  dayOfMonth: z.number().nullable(),
  timeZone: z.string(),
  /** The cron expression it runs on (minute hour day-of-month month day-of-week), in timeZone. */
  cron: z.string(),
  enabled: z.boolean(),
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastRequestId: z.string().nullable(),
  network: z.string().nullable(),
  createdBy: userRefSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ExportSchedule = z.infer<typeof exportScheduleSchema>;
export const exportScheduleResponseSchema = okSchema(exportScheduleSchema);
/** GET /export/export-request-schedule: the caller's schedules (not in the spec's list; the screen needs it). */
export const exportSchedulesResponseSchema = okSchema(z.array(exportScheduleSchema));
