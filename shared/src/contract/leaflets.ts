/**
 * Leaflets (promotional flyers) and promo analysis: the spec's Leaflets group (§7), the leaflet price
 * form (§3), pageable prices (§9), and the shapes the spec leaves "not shown". The server validates with
 * these schemas; the leaflet and promo-analysis screens parse the same. Decisions are explained in
 * server/docs/leaflets.md.
 *
 * Conventions (as in catalogue.ts): every response is the envelope `{ success: true, data }`; ids are
 * strings in answers and digit strings or numbers in requests; money is a decimal in the network's
 * currency; dates in requests are US short MM/DD/YYYY, days in answers ISO `YYYY-MM-DD`; end before
 * start is 400 naming `end`.
 *
 * A leaflet belongs to one network (by code) and runs over a period. Its pages are pictures (uploaded
 * with POST /leaflets/save-image, `folder` = the leaflet id); each price found in the leaflet is a
 * leaflet price, usually on a page. Pictures are served by GET /leaflets/images/{name}?token=…
 * (`size=thumb` for the thumbnail): the `url` / `thumbUrl` fields below are those paths without the token.
 *
 * Recognition ("neural data"): GET /leaflets/{id}/neural-data?neuralId={pageId} starts recognising the
 * page on first call and answers its state; callers poll until `done` or `failed`. The answer's
 * candidates are suggestions only — the user confirms one with POST /leaflets/add-price.
 */
import { z } from 'zod';
import { okSchema } from './envelope';
import {
  CURRENCIES,
  NUL_MESSAGE,
  booleanQuery,
  codeSchema,
  fileExtensionSchema,
  idSchema,
  intQuery,
  isoDaySchema,
  listOf,
  noNul,
  periodRefine,
  productSummarySchema,
  usDateSchema,
} from './catalogue';

// ---------------------------------------------------------------------------------------------------
// Limits and vocabularies
// ---------------------------------------------------------------------------------------------------

export const LEAFLET_LIMITS = {
  nameMaxLength: 200,
  descriptionMaxLength: 2000,
  productNameMaxLength: 300,
  mechanicsTextMaxLength: 100,
  /** Bytes of one uploaded picture: more is 413 `payload_too_large`. */
  imageMaxBytes: 15 * 1024 * 1024,
  /** Pixels of one picture side: more is 400 `image_too_large`. */
  imageMaxSide: 12_000,
  /** Longest side of a thumbnail, in pixels. */
  thumbSide: 320,
  pagesMax: 200,
  pricesMax: 5000,
  /** Largest price or old price. */
  priceMax: 10_000_000,
  /** Pageable prices: default and largest page size (spec §9: 10). */
  pageSizeDefault: 10,
  pageSizeMax: 100,
  /** Search answers at most this many leaflets. */
  searchMax: 200,
  /** POST /leaflets/export: most leaflets per file and most rows (`count`). */
  exportMaxIds: 500,
  exportMaxRows: 100_000,
  /** Promo analysis: longest period in days. */
  promoMaxDays: 366,
} as const;

/** Picture formats accepted, recognised by their first bytes (a renamed file is refused). */
export const LEAFLET_IMAGE_TYPES = ['png', 'jpeg', 'webp'] as const;
export type LeafletImageType = (typeof LEAFLET_IMAGE_TYPES)[number];

/**
 * Promo mechanics of a leaflet price:
 * - `discount`: a plain lower price (old price crossed out);
 * - `multi_buy`: "2+1", "3 for 2" — `mechanicsText` says which;
 * - `card`: price with the chain's loyalty card;
 * - `second_item`: the second item cheaper ("-50% on the 2nd");
 * - `bundle`: a set sold together;
 * - `other`: anything else, described in `mechanicsText`.
 */
export const PROMO_MECHANICS = ['discount', 'multi_buy', 'card', 'second_item', 'bundle', 'other'] as const;
export type PromoMechanics = (typeof PROMO_MECHANICS)[number];

/** Recognition states of a page. */
export const RECOGNITION_STATUSES = ['none', 'queued', 'running', 'done', 'failed'] as const;
export type RecognitionStatus = (typeof RECOGNITION_STATUSES)[number];

// ---------------------------------------------------------------------------------------------------
// Entities (answers)
// ---------------------------------------------------------------------------------------------------

/** One page picture of a leaflet. `_id` is the `neuralId` of GET /leaflets/{id}/neural-data. */
export const leafletPageSchema = z.object({
  _id: z.string(),
  leafletId: z.string(),
  /** 1-based, in upload order. */
  pageNo: z.number().int(),
  /** Generated file name (GET /leaflets/images/{name}). */
  name: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  type: z.enum(LEAFLET_IMAGE_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  recognition: z.enum(RECOGNITION_STATUSES),
  priceCount: z.number().int(),
});
export type LeafletPage = z.infer<typeof leafletPageSchema>;

/** A leaflet as lists and its screen show it. */
export const leafletSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Network code (albert, auchan, …) and its display name. */
  network: z.string(),
  networkName: z.string(),
  currency: z.enum(CURRENCIES),
  start: isoDaySchema,
  end: isoDaySchema,
  description: z.string().nullable(),
  pageCount: z.number().int(),
  priceCount: z.number().int(),
  /** First page's thumbnail path, for lists. */
  coverThumbUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Leaflet = z.infer<typeof leafletSchema>;

/** GET /leaflets/{id}: the leaflet with its pages in order. */
export const leafletDetailSchema = leafletSchema.extend({ pages: z.array(leafletPageSchema) });
export type LeafletDetail = z.infer<typeof leafletDetailSchema>;

/** Where on its page a price was found, in pixels of the original picture. */
export const boxSchema = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  w: z.number().int().min(1),
  h: z.number().int().min(1),
});
export type Box = z.infer<typeof boxSchema>;

/** A price in a leaflet. `discountPct` is computed from oldPrice when not given. */
export const leafletPriceSchema = z.object({
  _id: z.string(),
  leafletId: z.string(),
  pageId: z.string().nullable(),
  pageNo: z.number().int().nullable(),
  productId: z.string().nullable(),
  /** The catalogue product when matched (name, EAN, brand, section), else null. */
  product: productSummarySchema.nullable(),
  /** As printed in the leaflet (always kept, also for matched products). */
  productName: z.string(),
  price: z.number(),
  oldPrice: z.number().nullable(),
  discountPct: z.number().nullable(),
  mechanics: z.enum(PROMO_MECHANICS),
  mechanicsText: z.string().nullable(),
  box: boxSchema.nullable(),
  /** 'manual' when typed, 'recognised' when confirmed from a recognition candidate. */
  source: z.enum(['manual', 'recognised']),
  createdAt: z.string(),
});
export type LeafletPrice = z.infer<typeof leafletPriceSchema>;

// ---------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------

// A NUL in these JSON bodies is refused by the server before validation (server/src/plugins/no-nul.ts).
const nameSchema = z.string().trim().min(1, 'required').max(LEAFLET_LIMITS.nameMaxLength, 'too_long');
const descriptionSchema = z.string().trim().max(LEAFLET_LIMITS.descriptionMaxLength, 'too_long').nullable().optional();

/** POST /leaflets/create. */
export const leafletCreateSchema = z
  .object({
    name: nameSchema,
    network: codeSchema,
    start: usDateSchema,
    end: usDateSchema,
    description: descriptionSchema,
  })
  .superRefine(periodRefine);
export type LeafletCreate = z.input<typeof leafletCreateSchema>;

/** PUT /leaflets/{id}: any of the create fields; the period is checked with the stored one. */
export const leafletUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    network: codeSchema.optional(),
    start: usDateSchema.optional(),
    end: usDateSchema.optional(),
    description: descriptionSchema,
  })
  .superRefine(periodRefine);
export type LeafletUpdate = z.input<typeof leafletUpdateSchema>;

/** A money amount as a number or a decimal string ("39.90", "39,90"); anything else is 400 `not_a_number`. */
export const moneyInputSchema = z
  .union([z.number(), z.string()])
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.trim().replace(',', '.');
    if (!/^\d{1,8}(\.\d{1,2})?$/.test(s) || !Number.isFinite(Number(s))) {
      ctx.addIssue({ code: 'custom', message: 'not_a_number' });
      return z.NEVER;
    }
    return Number(s);
  })
  .pipe(z.number().min(0.01, 'must_be_positive').max(LEAFLET_LIMITS.priceMax, 'too_large'));

// Fields shared by the add form (leafletPriceInputSchema) and the edit (leafletPriceUpdateSchema). The
// add form's JSON travels inside a multipart field, where the server's NUL rule sees only escapes, and the
// price form checks itself with this schema: so these texts refuse NUL here.
const productNameSchema = z.string().trim().min(1, 'required').max(LEAFLET_LIMITS.productNameMaxLength, 'too_long').refine(noNul, NUL_MESSAGE);
const discountPctSchema = z.number().min(0).max(99.99).nullable().optional();
const mechanicsTextSchema = z.string().trim().max(LEAFLET_LIMITS.mechanicsTextMaxLength, 'too_long').refine(noNul, NUL_MESSAGE).nullable().optional();
const priceBoxSchema = boxSchema
  .refine((b) => b.x + b.w <= LEAFLET_LIMITS.imageMaxSide && b.y + b.h <= LEAFLET_LIMITS.imageMaxSide, 'outside_page')
  .nullable()
  .optional();

/**
 * The `leafletPicture` field of POST /leaflets/add-price (spec §3: a form with a serialised
 * leafletPicture): JSON of this shape. An optional file part `picture` in the same form uploads a new
 * page and the price goes on it (then `pageId` must be absent).
 */
export const leafletPriceInputSchema = z
  .object({
    leafletId: idSchema,
    pageId: idSchema.nullable().optional(),
    productId: idSchema.nullable().optional(),
    productName: productNameSchema,
    price: moneyInputSchema,
    oldPrice: moneyInputSchema.nullable().optional(),
    /** Percent 1–99; computed from oldPrice when absent. */
    discountPct: discountPctSchema,
    mechanics: z.enum(PROMO_MECHANICS).default('discount'),
    mechanicsText: mechanicsTextSchema,
    /** Within the page (checked by the server); without a page, within the largest picture. */
    box: priceBoxSchema,
    source: z.enum(['manual', 'recognised']).default('manual'),
  })
  .superRefine((v, ctx) => {
    if (v.oldPrice != null && v.oldPrice <= v.price) {
      ctx.addIssue({ code: 'custom', path: ['oldPrice'], message: 'old_price_not_above_price' });
    }
  });
export type LeafletPriceInput = z.input<typeof leafletPriceInputSchema>;

/** POST /leaflets/add-price, a multipart form (spec §3 "a form with a leafletPicture field serialised"); for the API's document. */
export const leafletAddPriceFormSchema = z.object({
  leafletPicture: z.string().describe('the JSON text of the price (leafletPriceInputSchema)'),
  picture: z.file().optional().describe('a picture that becomes a new page of the leaflet, the price on it'),
});
/** POST /leaflets/save-image, a multipart form (spec §3 "Image save: image, folder"); for the API's document. */
export const leafletSaveImageFormSchema = z.object({
  image: z.file().describe('the page picture'),
  folder: z.string().describe('the leaflet id'),
});

/**
 * PUT /leaflets/prices/{priceId} (JSON): any of the add fields but leafletId, pageId and source; absent
 * fields keep their stored value, `productId: null` unmatches. The old price must stay above the price —
 * checked here when both are sent, and by the server against the merged stored values (400 `oldPrice`,
 * `old_price_not_above_price`). Answer: leafletPriceResponseSchema. DELETE /leaflets/prices/{priceId}
 * answers leafletDeletedResponseSchema.
 */
export const leafletPriceUpdateSchema = z
  .object({
    productId: idSchema.nullable().optional(),
    productName: productNameSchema.optional(),
    price: moneyInputSchema.optional(),
    oldPrice: moneyInputSchema.nullable().optional(),
    /** Absent: recomputed from the (merged) old price when price or old price changes, else kept. */
    discountPct: discountPctSchema,
    mechanics: z.enum(PROMO_MECHANICS).optional(),
    mechanicsText: mechanicsTextSchema,
    box: priceBoxSchema,
  })
  .superRefine((v, ctx) => {
    if (v.price != null && v.oldPrice != null && v.oldPrice <= v.price) {
      ctx.addIssue({ code: 'custom', path: ['oldPrice'], message: 'old_price_not_above_price' });
    }
  });
export type LeafletPriceUpdate = z.input<typeof leafletPriceUpdateSchema>;

/** PUT and DELETE /leaflets/prices/{priceId}. */
export const leafletPriceParamsSchema = z.object({ priceId: idSchema });
export type LeafletPriceParams = z.input<typeof leafletPriceParamsSchema>;

/** GET /leaflets/search/by-name. Empty name lists the newest leaflets. */
export const leafletSearchByNameQuerySchema = z.object({
  name: z
    .string()
    .max(LEAFLET_LIMITS.nameMaxLength, 'too_long')
    .transform((s) => s.trim())
    .default(''),
  network: codeSchema.optional(),
});
export type LeafletSearchByNameQuery = z.input<typeof leafletSearchByNameQuerySchema>;

/** GET /leaflets/search/by-period: leaflets running on at least one day of start…end. */
export const leafletSearchByPeriodQuerySchema = z.object({ start: usDateSchema, end: usDateSchema, network: codeSchema.optional() }).superRefine(periodRefine);
export type LeafletSearchByPeriodQuery = z.input<typeof leafletSearchByPeriodQuerySchema>;

/** GET /leaflets/{id}/prices/pageable: `page` zero-based (the UI shows page N and sends N − 1). */
export const leafletPricesPageQuerySchema = z.object({
  page: intQuery(0, 1_000_000, 0),
  size: intQuery(1, LEAFLET_LIMITS.pageSizeMax, LEAFLET_LIMITS.pageSizeDefault),
  /** Only the prices of this page picture. */
  pageId: idSchema.optional(),
});
export type LeafletPricesPageQuery = z.input<typeof leafletPricesPageQuerySchema>;

/** GET /leaflets/{id}/neural-data. `refresh=true` recognises the page again. */
export const neuralDataQuerySchema = z.object({
  neuralId: idSchema,
  refresh: booleanQuery.optional().transform((v) => v === true),
});
export type NeuralDataQuery = z.input<typeof neuralDataQuerySchema>;

/** POST /leaflets/export: ids in the body, `count` (most price rows in the file) in the query. */
export const leafletExportQuerySchema = z.object({ count: intQuery(1, LEAFLET_LIMITS.exportMaxRows, LEAFLET_LIMITS.exportMaxRows) });
export const leafletExportBodySchema = z.object({
  ids: listOf(idSchema).pipe(z.array(z.number()).min(1, 'required').max(LEAFLET_LIMITS.exportMaxIds)),
});
export type LeafletExportBody = z.input<typeof leafletExportBodySchema>;

/** GET /leaflets/images/{name}: `size=thumb` for the thumbnail. */
export const leafletImageQuerySchema = z.object({ size: z.enum(['full', 'thumb']).default('full') });

// ---------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------

export const leafletResponseSchema = okSchema(leafletDetailSchema);
export const leafletListResponseSchema = okSchema(z.array(leafletSchema));
export const leafletPageResponseSchema = okSchema(leafletPageSchema);
export const leafletPriceResponseSchema = okSchema(leafletPriceSchema);
export const leafletDeletedResponseSchema = okSchema(z.object({ deleted: z.literal(true) }));

/**
 * GET /leaflets/{id}/prices/pageable: the paged answer's one shape (`items, total, limit, skip`, as
 * pageOf) — `limit` is `size` and `skip` is `page × size` — plus the page numbers the call is asked in.
 */
export const leafletPricesPageSchema = z.object({
  items: z.array(leafletPriceSchema),
  /** Zero-based, as sent. */
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
});
export type LeafletPricesPage = z.infer<typeof leafletPricesPageSchema>;
export const leafletPricesPageResponseSchema = okSchema(leafletPricesPageSchema);

/** GET /leaflets/{id}/prices/statistics. Money in the leaflet's currency; percentages 0–100. */
export const leafletStatisticsSchema = z.object({
  priceCount: z.number().int(),
  matchedCount: z.number().int(),
  withOldPriceCount: z.number().int(),
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
  avgPrice: z.number().nullable(),
  avgDiscountPct: z.number().nullable(),
  maxDiscountPct: z.number().nullable(),
  byMechanics: z.array(z.object({ mechanics: z.enum(PROMO_MECHANICS), count: z.number().int(), avgDiscountPct: z.number().nullable() })),
  byPage: z.array(z.object({ pageId: z.string(), pageNo: z.number().int(), count: z.number().int() })),
  /** Matched products' sections ("—" section = not matched is left out). */
  bySection: z.array(z.object({ section: z.string(), count: z.number().int(), avgDiscountPct: z.number().nullable() })),
  /** Discount bands: 0–10, 10–20, … 50+ (label `0-10`, …, `50+`). */
  discountBands: z.array(z.object({ band: z.string(), count: z.number().int() })),
});
export type LeafletStatistics = z.infer<typeof leafletStatisticsSchema>;
export const leafletStatisticsResponseSchema = okSchema(leafletStatisticsSchema);

/**
 * Candidates at or above this confidence (0..1) get a one-click Accept; below it the screen offers only
 * Fix (the add-price form, prefilled), so an uncertain reading is never saved without a look
 * (server/docs/leaflets-recognition.md "Confidence").
 */
export const CANDIDATE_ACCEPT_CONFIDENCE = 0.8;

/** One recognised price on a page: a suggestion the user confirms (or fixes) into a leaflet price. */
export const priceCandidateSchema = z.object({
  /** Stable within one recognition result. */
  key: z.string(),
  price: z.number(),
  oldPrice: z.number().nullable(),
  discountPct: z.number().nullable(),
  mechanics: z.enum(PROMO_MECHANICS),
  mechanicsText: z.string().nullable(),
  /** Words read near the price (the product's name as printed, as far as OCR read it). */
  text: z.string(),
  box: boxSchema,
  /**
   * How sure recognition is of the price, 0..1 (two independent readings agreeing score highest); at
   * or above CANDIDATE_ACCEPT_CONFIDENCE the candidate may be accepted in one click. `box` is where it
   * was read (price, old price, name).
   */
  confidence: z.number().min(0).max(1),
  /** The catalogue product the text most resembles, if any resembles it enough. */
  suggestedProduct: productSummarySchema.nullable(),
  /** Already confirmed into this leaflet price (same page, same price and box). */
  confirmedPriceId: z.string().nullable(),
});
export type PriceCandidate = z.infer<typeof priceCandidateSchema>;

/** GET /leaflets/{id}/neural-data. */
export const neuralDataSchema = z.object({
  pageId: z.string(),
  status: z.enum(RECOGNITION_STATUSES),
  /** 0–100 while running. */
  progress: z.number(),
  candidates: z.array(priceCandidateSchema),
  /** All words read, for showing what OCR saw. */
  text: z.string(),
  seconds: z.number().nullable(),
  /** Why it failed (`ocr_failed`, `interrupted`, …). */
  error: z.string().nullable(),
  recognisedAt: z.string().nullable(),
});
export type NeuralData = z.infer<typeof neuralDataSchema>;
export const neuralDataResponseSchema = okSchema(neuralDataSchema);

/** POST /leaflets/export and POST /promo-analysis/export: download with GET /data/{file}. */
export const leafletFileSchema = z.object({ file: z.string(), extension: fileExtensionSchema });
export type LeafletFile = z.infer<typeof leafletFileSchema>;
export const leafletFileResponseSchema = okSchema(leafletFileSchema);

// ---------------------------------------------------------------------------------------------------
// Promo analysis (GET /promo-analysis/summary, POST /promo-analysis/export)
// ---------------------------------------------------------------------------------------------------

export const PROMO_GROUPS = ['network', 'brand', 'section'] as const;
export type PromoGroup = (typeof PROMO_GROUPS)[number];

/**
 * Promotions over a period from the observed prices (price spans with a promo price) of the caller's
 * visible shops, grouped by network, brand or section, plus the leaflets' mechanics of the period.
 */
export const promoAnalysisQuerySchema = z
  .object({
    start: usDateSchema,
    end: usDateSchema,
    groupBy: z.enum(PROMO_GROUPS).default('network'),
    networks: listOf(codeSchema).optional(),
  })
  .superRefine(periodRefine);
export type PromoAnalysisQuery = z.input<typeof promoAnalysisQuerySchema>;

export const promoRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Products with any price in the period in this group. */
  products: z.number().int(),
  /** Of them, products with a promo price on at least one day. */
  promoProducts: z.number().int(),
  /** promoProducts / products × 100. */
  promoSharePct: z.number(),
  /** Average and largest (regular − promo) / regular × 100 over the promo spans. */
  avgDepthPct: z.number().nullable(),
  maxDepthPct: z.number().nullable(),
  /** Average length in days of a promo (a span with a promo price, clipped to the period). */
  avgDurationDays: z.number().nullable(),
  /** Promos started in the period, and per promo product. */
  promoCount: z.number().int(),
  promosPerProduct: z.number().nullable(),
});
export type PromoRow = z.infer<typeof promoRowSchema>;

export const promoAnalysisSchema = z.object({
  start: isoDaySchema,
  end: isoDaySchema,
  groupBy: z.enum(PROMO_GROUPS),
  rows: z.array(promoRowSchema),
  /** Leaflet prices of leaflets running in the period, by mechanics. */
  mechanics: z.array(z.object({ mechanics: z.enum(PROMO_MECHANICS), count: z.number().int(), avgDiscountPct: z.number().nullable() })),
  /** Share of products on promo per week (Monday) and network, for the trend chart. */
  weekly: z.array(z.object({ week: isoDaySchema, network: z.string(), promoSharePct: z.number() })),
});
export type PromoAnalysis = z.infer<typeof promoAnalysisSchema>;
export const promoAnalysisResponseSchema = okSchema(promoAnalysisSchema);
