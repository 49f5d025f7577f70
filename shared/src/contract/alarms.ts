/**
 * Alarms (spec §7 "Alarms", §3 alarm imports, §4 product-alarm toggle): price alarms, product alarms,
 * their firings (events) and the e-mail notification choice. Designs the spec leaves "not shown" are
 * explained in server/docs/alarms.md. Conventions as in catalogue.ts: ids are digit strings in answers,
 * money is a decimal in the shop's currency, days in answers are ISO, days in requests MM/DD/YYYY.
 */
import { z } from 'zod';
import { okSchema } from './envelope';
import { CURRENCIES, booleanQuery, fileExtensionSchema, idSchema, isoDaySchema, isoInstantSchema, pageOf, usDateSchema } from './catalogue';

export const ALARM_LIMITS = {
  /** Shops one alarm watches. */
  maxShops: 500,
  /** Products one product alarm watches. */
  maxProducts: 5000,
  /** Rows of one import file. */
  importMaxRows: 5000,
  /** Bytes of an uploaded xlsx (compressed): more is 413. */
  importMaxBytes: 5 * 1024 * 1024,
  /** Uncompressed bytes of all entries of an uploaded xlsx: more is a zip bomb, 400 `xlsx_too_large`. */
  importMaxUnpackedBytes: 40 * 1024 * 1024,
  /** Uncompressed bytes of one entry (a sheet's XML): 5,000 rows fit in a few MB. */
  importMaxEntryBytes: 16 * 1024 * 1024,
  /** Entries in an uploaded xlsx. */
  importMaxEntries: 200,
  nameMaxLength: 120,
  /** Largest percentage or amount a rule accepts. */
  maxValue: 10_000_000,
} as const;

/**
 * What an alarm watches, per (product, shop):
 * - `below` / `above`: the price is below / above `value` (money);
 * - `diff_pct` / `diff_money`: the shop is cheaper than the user's own shop (`originalShopId`) by at least
 *   `value` percent / `value` money;
 * - `promo_start` / `promo_end`: a promo price appears / disappears;
 * - `in_stock` / `out_of_stock`: the product comes back in stock / runs out.
 */
export const ALARM_RULES = ['below', 'above', 'diff_pct', 'diff_money', 'promo_start', 'promo_end', 'in_stock', 'out_of_stock'] as const;
export type AlarmRule = (typeof ALARM_RULES)[number];
/** Rules that need a `value`. */
export const VALUE_RULES: readonly AlarmRule[] = ['below', 'above', 'diff_pct', 'diff_money'];
/** Rules compared with the user's own shop: they need `originalShopId`. */
export const OWN_SHOP_RULES: readonly AlarmRule[] = ['diff_pct', 'diff_money'];

export const NOTIFY_MODES = ['off', 'immediate', 'daily'] as const;
export type NotifyMode = (typeof NOTIFY_MODES)[number];

const boolInput = booleanQuery;

// The item's input is wider (string | number) than the strings split above; zod's pipe wants them equal.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const idItem = idSchema as unknown as z.ZodType<number, any>;

/** A list of ids as JSON array or `1,2,3`, at most `max`. */
export const idArray = (max: number) =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((x) => String(x).split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(idItem).max(max, `at most ${max}`));

const valueSchema = z.number().finite().min(0, 'negative_value').max(ALARM_LIMITS.maxValue, 'too_large');
const optionalDay = z
  .union([usDateSchema, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

/** Checks of a rule with its value and own shop; shared by create, group update and import. */
export function ruleProblems(a: { rule: AlarmRule; value?: number | null; originalShopId?: number | null }): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (VALUE_RULES.includes(a.rule)) {
    if (a.value === null || a.value === undefined) out.push({ path: 'value', message: 'value_required' });
    else if (a.value < 0) out.push({ path: 'value', message: 'negative_value' });
    else if (a.rule === 'diff_pct' && a.value > 100) out.push({ path: 'value', message: 'percent_over_100' });
  }
  if (OWN_SHOP_RULES.includes(a.rule) && !a.originalShopId) out.push({ path: 'originalShopId', message: 'own_shop_required' });
  return out;
}

function refineRule(
  v: { rule: AlarmRule; value?: number | null; originalShopId?: number | null; start?: string | null; end?: string | null },
  ctx: z.RefinementCtx,
) {
  for (const p of ruleProblems(v)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
  if (v.start && v.end && v.start > v.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'end_before_start' });
}

// ---------------------------------------------------------------------------------------------------
// Price alarms
// ---------------------------------------------------------------------------------------------------

/** POST /price-alarms and PUT /price-alarms/{id} (the whole alarm). */
export const priceAlarmBodySchema = z
  .object({
    productId: idSchema,
    shops: idArray(ALARM_LIMITS.maxShops).pipe(z.array(z.number()).min(1, 'at least one shop')),
    rule: z.enum(ALARM_RULES),
    value: valueSchema.nullable().optional(),
    originalShopId: idSchema.nullable().optional(),
    start: optionalDay,
    end: optionalDay,
    /** Promo prices count as the price (default); false compares regular prices only. */
    isPromoAdded: boolInput.optional().default(true),
    enabled: boolInput.optional().default(true),
  })
  .superRefine(refineRule);
export type PriceAlarmBody = z.input<typeof priceAlarmBodySchema>;

export const alarmShopSchema = z.object({ _id: z.string(), name: z.string(), network: z.string() });

export const priceAlarmSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  ean: z.string().nullable(),
  article: z.string().nullable(),
  shops: z.array(alarmShopSchema),
  rule: z.enum(ALARM_RULES),
  value: z.number().nullable(),
  originalShopId: z.string().nullable(),
  originalShopName: z.string().nullable(),
  start: isoDaySchema.nullable(),
  end: isoDaySchema.nullable(),
  isPromoAdded: z.boolean(),
  enabled: z.boolean(),
  createdAt: isoInstantSchema,
  /** When it last fired, and how often in all. */
  lastFiredAt: isoInstantSchema.nullable(),
  firings: z.number(),
  /** Watched product × shop pairs that already meet the rule now (it fires on a change only). */
  metNow: z.number(),
  /** The currency of `value` for money rules (the product's market). */
  currency: z.enum(CURRENCIES),
});
export type PriceAlarm = z.infer<typeof priceAlarmSchema>;
export const priceAlarmResponseSchema = okSchema(priceAlarmSchema);
export const priceAlarmListResponseSchema = okSchema(z.array(priceAlarmSchema));

/** GET /price-alarms/get/all: the caller's alarms, filtered and paged. */
export const alarmListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional().default(30),
  skip: z.coerce.number().int().min(0).max(10_000_000).optional().default(0),
  /** Product name, EAN or article (contains). */
  search: z
    .string()
    .max(200)
    .optional()
    .transform((s) => s?.trim() || undefined),
  rule: z.enum(ALARM_RULES).optional(),
  shop: idSchema.optional(),
  enabled: boolInput.optional(),
});
export type AlarmListQuery = z.input<typeof alarmListQuerySchema>;
export const priceAlarmPageSchema = pageOf(priceAlarmSchema);
export type PriceAlarmPage = z.infer<typeof priceAlarmPageSchema>;
export const priceAlarmPageResponseSchema = okSchema(priceAlarmPageSchema);

/** PUT /price-alarms/ (group update): the named alarms get every field given in `set`. */
export const groupUpdateSetSchema = z
  .object({
    shops: idArray(ALARM_LIMITS.maxShops).pipe(z.array(z.number()).min(1, 'at least one shop')),
    rule: z.enum(ALARM_RULES),
    value: valueSchema.nullable(),
    originalShopId: idSchema.nullable(),
    start: optionalDay,
    end: optionalDay,
    isPromoAdded: boolInput,
    enabled: boolInput,
  })
  .partial()
  .refine((s) => Object.keys(s).length > 0, { message: 'nothing_to_set' });
export const groupUpdateBodySchema = z.object({
  ids: idArray(10_000).pipe(z.array(z.number()).min(1, 'at least one alarm')),
  set: groupUpdateSetSchema,
});
export type GroupUpdateBody = z.input<typeof groupUpdateBodySchema>;
export const countResponseSchema = okSchema(z.object({ count: z.number() }));
export type CountResult = { count: number };

/** DELETE /price-alarms/all/{x}: `all`, or a product id (the caller's alarms of that product). */
export const deleteAllParamsSchema = z.object({
  x: z.union([z.literal('all'), idSchema]),
});

// ---------------------------------------------------------------------------------------------------
// Product alarms
// ---------------------------------------------------------------------------------------------------

export const productAlarmBodySchema = z
  .object({
    name: z.string().trim().min(1, 'required').max(ALARM_LIMITS.nameMaxLength),
    products: idArray(ALARM_LIMITS.maxProducts).pipe(z.array(z.number()).min(1, 'at least one product')),
    shops: idArray(ALARM_LIMITS.maxShops).pipe(z.array(z.number()).min(1, 'at least one shop')),
    rule: z.enum(ALARM_RULES),
    value: valueSchema.nullable().optional(),
    originalShopId: idSchema.nullable().optional(),
    isPromoAdded: boolInput.optional().default(true),
    enabled: boolInput.optional().default(true),
  })
  .superRefine(refineRule);
export type ProductAlarmBody = z.input<typeof productAlarmBodySchema>;

export const productAlarmSchema = z.object({
  _id: z.string(),
  name: z.string(),
  products: z.array(z.object({ _id: z.string(), name: z.string(), ean: z.string().nullable() })),
  shops: z.array(alarmShopSchema),
  rule: z.enum(ALARM_RULES),
  value: z.number().nullable(),
  originalShopId: z.string().nullable(),
  originalShopName: z.string().nullable(),
  isPromoAdded: z.boolean(),
  enabled: z.boolean(),
  createdAt: isoInstantSchema,
  lastFiredAt: isoInstantSchema.nullable(),
  firings: z.number(),
  /** Watched product × shop pairs that already meet the rule now (it fires on a change only). */
  metNow: z.number(),
  /** The currency of `value` for money rules (the product's market). */
  currency: z.enum(CURRENCIES),
});
export type ProductAlarm = z.infer<typeof productAlarmSchema>;
export const productAlarmResponseSchema = okSchema(productAlarmSchema);
export const productAlarmPageSchema = pageOf(productAlarmSchema);
export type ProductAlarmPage = z.infer<typeof productAlarmPageSchema>;
export const productAlarmPageResponseSchema = okSchema(productAlarmPageSchema);

export const productGroupUpdateBodySchema = z.object({
  ids: idArray(10_000).pipe(z.array(z.number()).min(1, 'at least one alarm')),
  set: z
    .object({
      shops: idArray(ALARM_LIMITS.maxShops).pipe(z.array(z.number()).min(1, 'at least one shop')),
      rule: z.enum(ALARM_RULES),
      value: valueSchema.nullable(),
      originalShopId: idSchema.nullable(),
      isPromoAdded: boolInput,
      enabled: boolInput,
    })
    .partial()
    .refine((s) => Object.keys(s).length > 0, { message: 'nothing_to_set' }),
});

// ---------------------------------------------------------------------------------------------------
// Import and export
// ---------------------------------------------------------------------------------------------------

/**
 * POST /price-alarms/import (multipart: file, start, end, originalShopId, shops, isPromoAdded; and
 * `preview=true` to only validate). The sheet's first row names the columns: `ean` (or `article`),
 * `rule`, `value`. POST /price-products-alarms/import (file, shops, preview): columns `name`, `ean` (or
 * `article`), `rule`, `value`; rows with the same name, rule and value make one product alarm.
 */
export const importRowSchema = z.object({
  row: z.number(),
  ean: z.string().nullable(),
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  name: z.string().nullable(),
  rule: z.string().nullable(),
  value: z.number().nullable(),
  /** Why the row was refused (codes translated by the screen); empty for accepted rows. */
  reasons: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const importResultSchema = z.object({
  preview: z.boolean(),
  accepted: z.array(importRowSchema),
  rejected: z.array(importRowSchema),
  /** Alarms created (0 in a preview). */
  created: z.number(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
export const importResultResponseSchema = okSchema(importResultSchema);

/** The import forms' fields, for the API's document (the server reads the multipart form itself). */
export const priceAlarmImportFormSchema = z.object({
  file: z.file().describe('the xlsx sheet'),
  start: z.string().optional().describe('US short date M/D/YYYY'),
  end: z.string().optional().describe('US short date M/D/YYYY'),
  originalShopId: z.string().optional().describe('the own shop id (diff rules)'),
  shops: z.string().optional().describe('shop ids, comma-separated'),
  isPromoAdded: z.string().optional().describe('true or false (default true)'),
  preview: z.string().optional().describe('true: only check the rows'),
});
export const productAlarmImportFormSchema = priceAlarmImportFormSchema.pick({ file: true, shops: true, preview: true });

/** Import errors that refuse the whole file (400, field `file`). */
export const IMPORT_FILE_ERRORS = ['file_required', 'empty_file', 'not_xlsx', 'xlsx_too_large', 'wrong_columns', 'no_rows', 'too_many_rows'] as const;
/** Row reasons. */
export const IMPORT_ROW_REASONS = [
  'product_required',
  'unknown_product',
  'unknown_rule',
  'value_required',
  'bad_value',
  'negative_value',
  'percent_over_100',
  'own_shop_required',
  'name_required',
] as const;

export const alarmExportSchema = z.object({ file: z.string(), extension: fileExtensionSchema, rows: z.number() });
export const alarmExportResponseSchema = okSchema(alarmExportSchema);
export type AlarmExport = z.infer<typeof alarmExportSchema>;

// ---------------------------------------------------------------------------------------------------
// Firings (events) and notifications
// ---------------------------------------------------------------------------------------------------

export const alarmEventSchema = z.object({
  _id: z.string(),
  alarmId: z.string().nullable(),
  alarmKind: z.enum(['price', 'product']),
  alarmName: z.string().nullable(),
  productId: z.string(),
  productName: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  network: z.string(),
  rule: z.enum(ALARM_RULES),
  value: z.number().nullable(),
  oldPrice: z.number().nullable(),
  newPrice: z.number().nullable(),
  ownPrice: z.number().nullable(),
  currency: z.enum(CURRENCIES),
  firedAt: isoInstantSchema,
  read: z.boolean(),
});
export type AlarmEvent = z.infer<typeof alarmEventSchema>;

/** GET /price-alarms/events (limit, skip, unread=true for unread only). */
export const alarmEventsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional().default(30),
  skip: z.coerce.number().int().min(0).max(10_000_000).optional().default(0),
  unread: boolInput.optional(),
});
export type AlarmEventsQuery = z.input<typeof alarmEventsQuerySchema>;
export const alarmEventPageSchema = pageOf(alarmEventSchema).extend({
  unread: z.number(),
  /** Firings per day of the last 30 days (for the chart). */
  perDay: z.array(z.object({ day: isoDaySchema, count: z.number() })),
});
export type AlarmEventPage = z.infer<typeof alarmEventPageSchema>;
export const alarmEventPageResponseSchema = okSchema(alarmEventPageSchema);

/** PUT /price-alarms/events/read: the named events, or all of the caller's. */
export const markReadBodySchema = z
  .object({ ids: idArray(10_000).optional(), all: z.boolean().optional() })
  .refine((b) => b.all === true || (b.ids?.length ?? 0) > 0, { message: 'ids_or_all' });
export type MarkReadBody = z.input<typeof markReadBodySchema>;

/** GET /price-alarms/events/unread-count (the menu badge). */
export const unreadCountResponseSchema = countResponseSchema;

/** GET and PUT /price-alarms/settings: where and how the caller is told. */
export const alarmSettingsSchema = z.object({
  email: z.union([z.email('invalid_email').max(254), z.literal('')]).nullable(),
  notify: z.enum(NOTIFY_MODES),
});
export type AlarmSettings = z.infer<typeof alarmSettingsSchema>;
export const alarmSettingsBodySchema = alarmSettingsSchema.refine((s) => s.notify === 'off' || !!s.email, {
  path: ['email'],
  message: 'email_required',
});
export const alarmSettingsResponseSchema = okSchema(alarmSettingsSchema);

/** POST /custom/import-internal-prices (spec §3 "Internal price import: prices, network, shop"). */
export const internalPriceSchema = z.object({
  product: idSchema,
  price: z.number().finite().positive('must_be_positive').max(ALARM_LIMITS.maxValue),
  promo: z.number().finite().positive('must_be_positive').max(ALARM_LIMITS.maxValue).nullable().optional(),
  inStock: z.boolean().optional().default(true),
  /** Defaults to the import's `shop`. */
  shop: idSchema.optional(),
});
/**
 * The spec sends it as a form (multipart/form-data or urlencoded) whose `prices` field is the JSON text
 * of the list; a JSON body of the same fields works too.
 */
export const internalPricesBodySchema = z.object({
  prices: z.array(internalPriceSchema).min(1, 'at least one price').max(10_000).describe('the prices; in a form, the JSON text of this list'),
  network: z.string().trim().min(1).max(100).optional(),
  shop: idSchema.optional(),
  /** 'MM/DD/YYYY'; default today. */
  date: usDateSchema.optional(),
});
export type InternalPricesBody = z.input<typeof internalPricesBodySchema>;
export const internalPricesResponseSchema = okSchema(z.object({ written: z.number(), ignored: z.number(), fired: z.number() }));
