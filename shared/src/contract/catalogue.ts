/**
 * Catalogue and prices: the spec's "Shops and utilities", "Products" and "Prices" groups (§7), with the
 * request and response shapes the spec leaves "not shown". The server validates with these schemas
 * (fastify-type-provider-zod); the screens parse the same. Decisions are explained in
 * server/docs/catalogue.md.
 *
 * Conventions of this file
 * - Every response is the envelope `{ success: true, data }`; `xxxResponseSchema` is that envelope and
 *   the type `Xxx` is its `data`.
 * - Request types are the *input* types (what a caller sends: query values as strings or numbers);
 *   the server works on the parsed output.
 * - Ids are strings in answers (`_id`, `shopId`, `productId`: digits), and accepted as digit strings
 *   or numbers in requests. A non-numeric id is 400 `validation_failed` naming the field; an unknown one
 *   is 404 `not_found`.
 * - Money: decimal numbers in the shop's currency (e.g. 39.9), with `currency` (ua UAH, ge GEL, cz CZK,
 *   pl PLN) on every price row. `price` is what a shopper pays: the promo price when there is one, else
 *   the regular price.
 * - Dates in requests: US short format MM/DD/YYYY (spec §9), the zero padding optional (`1/5/2026`, as
 *   toLocaleDateString('en-US') writes); a bad date is 400 naming the field, start after end is 400
 *   naming `end`. Days in answers: ISO `YYYY-MM-DD` (calendar days, no time zone); instants (createdAt…)
 *   ISO 8601 UTC (`2026-11-23T19:50:21.740Z`).
 * - Boolean query parameters: `true`/`1` or `false`/`0`; anything else is 400 (booleanQuery).
 * - Lists in a query string: comma-separated (`networks=albert,lidl`) or repeated (`shops=1&shops=2`).
 * - Paging: `limit` (default 30, max 500) and `skip` (default 0). Every paged answer is
 *   `{ items, total, limit, skip }` (pageOf): `total` matching rows, and the paging used. Paging past the
 *   end answers 200 with `items: []` and the real `total`. Negative or non-numeric values are 400.
 * - Visibility: a client network sees only its own shops and those its exportDetails allow
 *   (allowedNetworks, or every network with allNetworks); the provider's users see everything. Every call
 *   here answers only visible shops and networks; naming an invisible shop or network in a filter is 403
 *   `forbidden`. The product catalogue itself (names, EANs) is shared by everybody; prices are not.
 */
import { z } from 'zod';
import { okSchema } from './envelope';
import { exportDetailsSchema } from './user';
import { parseUsShortDate } from '../format/us-date';

// ---------------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------------

export const CATALOGUE_LIMITS = {
  /** Longest search text (search, name, article, ean): longer is 400 naming the field. */
  searchMaxLength: 200,
  pageDefault: 30,
  pageMax: 500,
  skipMax: 10_000_000,
  /** /prices/history: longest period (3 years). */
  historyMaxDays: 1096,
  /** Analytics calls: longest period. */
  analyticsMaxDays: 366,
  /** Per-product analytics calls (products/analytics, ashan-shops-prices): most products in one page. */
  analyticsMaxProducts: 200,
  /** POST /prices/all-prices: most products per call. */
  allPricesMaxProducts: 500,
  /** Most ids or codes in one list filter. */
  filterMaxItems: 500,
  /** /products/export: most rows in one file. */
  exportMaxRows: 100_000,
  /** /products/find-similar-products: most answers. */
  similarMax: 50,
} as const;

export const CURRENCIES = ['UAH', 'GEL', 'CZK', 'PLN'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const PRICE_SOURCES = ['parser', 'manual', 'retail'] as const;
/** Where an observed price came from (spec access areas): a parser, a manual entry, the retailer's feed. */
export type PriceSource = (typeof PRICE_SOURCES)[number];

export const WEIGHT_UNITS = ['g', 'kg', 'ml', 'l', 'pcs'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

// ---------------------------------------------------------------------------------------------------
// Request building blocks
// ---------------------------------------------------------------------------------------------------

const MAX_INT = 2_147_483_647;

/** A numeric id: digits (string or number) → number. */
export const idSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,10}$/, 'expected a numeric id'))
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_INT, 'expected a numeric id'));

/** Path parameter `{id}`. */
export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.input<typeof idParamsSchema>;

/** A whole-number query parameter in min…max, `dflt` when absent or empty (query strings arrive as text). */
export const intQuery = (min: number, max: number, dflt: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined || v === '' ? String(dflt) : String(v).trim()))
    .pipe(z.string().regex(/^-?\d{1,12}$/, 'expected a whole number'))
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** `limit` (default 30, 1…500) and `skip` (default 0). */
export const pagingQuerySchema = z.object({
  limit: intQuery(1, CATALOGUE_LIMITS.pageMax, CATALOGUE_LIMITS.pageDefault),
  skip: intQuery(0, CATALOGUE_LIMITS.skipMax, 0),
});

/** A query or body list: `a,b`, `[a, b]` or repeated parameters; each item checked by `item`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const listOf = <T extends z.ZodType<unknown, any>>(item: T) =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((x) => String(x).split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(CATALOGUE_LIMITS.filterMaxItems));

export const idListSchema = listOf(idSchema);

/**
 * PostgreSQL text cannot hold NUL: such input is 400 `NUL_MESSAGE`, never a database error. The server
 * refuses a NUL in every query, JSON body, path parameter and form field before validation
 * (server/src/plugins/no-nul.ts); `noNul` is for strings it cannot see: JSON inside a form field, and
 * forms a front end checks with a schema before sending.
 */
export const noNul = (s: string) => !s.includes('\u0000');
export const NUL_MESSAGE = 'invalid character';

export const codeSchema = z.string().trim().min(1).max(100);
export const codeListSchema = listOf(codeSchema);

/** Free search text: trimmed, at most 200 characters. Any characters are fine (matched literally). */
export const searchTextSchema = z
  .string()
  .max(CATALOGUE_LIMITS.searchMaxLength, 'too_long')
  .transform((s) => s.trim());

/** Article or EAN in a search: digits with an optional leading `$` (spec §9), at most 200 characters. */
export const articleEanSchema = z
  .string()
  .max(CATALOGUE_LIMITS.searchMaxLength, 'too_long')
  .transform((s) => s.trim())
  .pipe(z.string().regex(/^\$?\d*$/, 'expected digits with an optional leading $'))
  .transform((s) => s.replace(/^\$/, ''));

/**
 * The one rule for a boolean query parameter (and a boolean in a JSON body): `true`/`1` or
 * `false`/`0` (or a JSON boolean); anything else, such as `maybe`, is 400 naming the parameter.
 */
export const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1')
  .describe('true or 1, false or 0; any other value is 400');

/**
 * A day in US short format (spec §9) → 'YYYY-MM-DD': M/D/YYYY with or without zero padding
 * (`11/01/2026`, `11/1/2026`: what toLocaleDateString('en-US') writes).
 */
export const usDateSchema = z
  .string()
  .max(10, 'expected MM/DD/YYYY')
  .describe('a day in US short format M/D/YYYY, zero padding optional: 11/01/2026 or 11/1/2026')
  .transform((s, ctx) => {
    const d = parseUsShortDate(s);
    if (!d) {
      ctx.addIssue({ code: 'custom', message: 'expected MM/DD/YYYY' });
      return z.NEVER;
    }
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });

/** ISO calendar day in answers. */
export const isoDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** An instant in answers (createdAt, firedAt…): ISO 8601 in UTC, `2026-11-23T19:50:21.740Z`. */
export const isoInstantSchema = z.iso.datetime();

/** The one shape of a paged answer: `items` (at most `limit`), `total` matching rows, and the paging used. */
export const pageOf = <T extends z.ZodTypeAny>(item: T) => z.object({ items: z.array(item), total: z.number(), limit: z.number(), skip: z.number() });

/** start ≤ end, else an issue on `end`. */
export function periodRefine(v: { start?: string; end?: string }, ctx: z.RefinementCtx) {
  if (v.start && v.end && v.start > v.end) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: 'end_before_start' });
  }
}

// ---------------------------------------------------------------------------------------------------
// Shops and networks
// ---------------------------------------------------------------------------------------------------

/** A shop (market) as the catalogue screens show it. `city` is the city code, `cityName` its name. */
export const shopSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  networkId: z.string(),
  network: z.string(),
  networkName: z.string(),
  city: z.string().nullable(),
  cityName: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string(),
  currency: z.enum(CURRENCIES),
});
export type Shop = z.infer<typeof shopSchema>;

/**
 * GET /shops/map: every visible shop by `_id` (the screens resolve shop ids of price rows with it; the
 * client caches it in memory). data: `Record<shopId, Shop>`.
 */
export const shopsMapResponseSchema = okSchema(z.record(z.string(), shopSchema));
export type ShopsMap = Record<string, Shop>;

/**
 * GET /shops?network=&networkCodes=&ids=: visible shops, sorted by network name then shop name.
 * `network` (one network code) and `networkCodes` (list of codes) together name the networks wanted;
 * `ids` (shop ids) narrows further. data: `Shop[]`.
 */
export const shopsQuerySchema = z.object({
  network: codeSchema.optional(),
  networkCodes: codeListSchema.optional(),
  ids: idListSchema.optional(),
});
export type ShopsQuery = z.input<typeof shopsQuerySchema>;
export const shopsResponseSchema = okSchema(z.array(shopSchema));

/** A retail chain. `isProduct` marks the provider's own network. `shops`: its visible shop count. */
export const networkSummarySchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  country: z.string(),
  currency: z.enum(CURRENCIES),
  isProduct: z.boolean(),
  leaflet: z.boolean(),
  shops: z.number(),
});
export type NetworkSummary = z.infer<typeof networkSummarySchema>;
/** GET /shops/networks: visible networks, sorted by name. data: `NetworkSummary[]`. */
export const networksResponseSchema = okSchema(z.array(networkSummarySchema));

/**
 * One entry of the parser map (spec "Parser map: code to display name for about 300 shops and
 * chains"): a network (`kind: 'network'`, shopId null) or one shop.
 */
export const marketsMapEntrySchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['network', 'shop']),
  network: z.string(),
  networkName: z.string(),
  shopId: z.string().nullable(),
  country: z.string(),
});
export type MarketsMapEntry = z.infer<typeof marketsMapEntrySchema>;

/** `full=true` answers entries; otherwise the plain map code → display name. */
export const marketsMapQuerySchema = z.object({ full: booleanQuery.optional() });
export type MarketsMapQuery = z.input<typeof marketsMapQuerySchema>;

/**
 * GET /utils/markets-map?full=: the parser map restricted to visible networks and shops.
 * data: `Record<code, displayName>`, or with full=true `MarketsMapEntry[]` sorted by name.
 */
export const marketsMapResponseSchema = okSchema(z.union([z.record(z.string(), z.string()), z.array(marketsMapEntrySchema)]));
export type MarketsMap = Record<string, string> | MarketsMapEntry[];

/**
 * GET /custom/utils/markets-map?network=&full=: a network's custom markets — its own shops plus the
 * shops named in its exportDetails.ashanShops — as a parser map (same shapes as /utils/markets-map).
 * `network` (a code) defaults to the caller's; a client network may only ask for its own (else 403).
 */
export const customMarketsMapQuerySchema = z.object({ network: codeSchema.optional(), full: booleanQuery.optional() });
export type CustomMarketsMapQuery = z.input<typeof customMarketsMapQuerySchema>;

export const EXPORT_DETAILS_FIELDS = Object.keys(exportDetailsSchema.shape) as (keyof typeof exportDetailsSchema.shape)[];

/**
 * GET /utils/export-details?id=&field=: a network's export details (defaults filled in). `id` is the
 * network id (default: the caller's network); a client network may only read its own (else 403).
 * `field` names one field: data is then `{ [field]: value }`. data: `Partial<ExportDetails>`.
 */
export const exportDetailsQuerySchema = z.object({
  id: idSchema.optional(),
  field: z.enum(EXPORT_DETAILS_FIELDS as [string, ...string[]]).optional(),
});
export type ExportDetailsQuery = z.input<typeof exportDetailsQuerySchema>;
export const exportDetailsResponseSchema = okSchema(exportDetailsSchema.partial());

// ---------------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------------

/** A product as lists show it. `weight` + `unit`: net quantity (0.5 + 'kg', 1 + 'l', 6 + 'pcs'). */
export const productSummarySchema = z.object({
  _id: z.string(),
  ean: z.string().nullable(),
  article: z.string().nullable(),
  name: z.string(),
  brandId: z.string().nullable(),
  brand: z.string().nullable(),
  sectionId: z.string().nullable(),
  section: z.string().nullable(),
  categoryId: z.string().nullable(),
  category: z.string().nullable(),
  weight: z.number().nullable(),
  unit: z.enum(WEIGHT_UNITS).nullable(),
  image: z.string().nullable(),
  /** The market the product is catalogued for (ua, ge, cz, pl). */
  country: z.string(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/**
 * A product row of a list: the summary plus its current prices over the caller's visible shops (only
 * shops of the product's country, so one currency): how many shops sell it, the cheapest and dearest
 * price now, and how many of those shops have it on promo. Prices are null when no visible shop has one.
 */
export const productListItemSchema = productSummarySchema.extend({
  shops: z.number(),
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  onPromo: z.number(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

/** A page of products. */
export const productPageSchema = pageOf(productListItemSchema);
export type ProductPage = z.infer<typeof productPageSchema>;
export const productPageResponseSchema = okSchema(productPageSchema);

/**
 * GET /products/search?article=&ean=&name=&limit=: spec §3/§5 search parameters combined with OR — a
 * product matches if its article equals `article`, or its EAN starts with `ean` (an exact EAN is the
 * usual case), or its name contains every word of `name` (case-insensitive, characters taken
 * literally). article/ean: digits with an optional leading `$` (a header search "$123" arrives as
 * article=123&ean=123 via parseSearchText). No parameter → empty list. At most `limit` rows (default
 * 30), exact article/EAN matches first, then by name. data: `ProductListItem[]`.
 */
export const productSearchQuerySchema = z.object({
  article: articleEanSchema.optional(),
  ean: articleEanSchema.optional(),
  name: searchTextSchema.optional(),
  limit: intQuery(1, CATALOGUE_LIMITS.pageMax, CATALOGUE_LIMITS.pageDefault),
});
export type ProductSearchQuery = z.input<typeof productSearchQuerySchema>;
export const productSearchResponseSchema = okSchema(z.array(productListItemSchema));

/**
 * GET /products?search=&market=&marketId=&limit=&skip=: the header search box's list. `search` is the
 * raw text, split by the spec §5 rule (parseSearchText); `market` a network code and `marketId` a shop
 * id keep products with a current price there. Sorted by name. data: `ProductPage`.
 */
export const productsQuerySchema = pagingQuerySchema.extend({
  search: searchTextSchema.optional(),
  market: codeSchema.optional(),
  marketId: idSchema.optional(),
});
export type ProductsQuery = z.input<typeof productsQuerySchema>;

/** `price`: the lowest current price over the shops the list's figures cover (no price last); `shops`: how many of them price it. */
export const PRODUCT_SORTS = ['name', 'ean', 'article', 'brand', 'weight', 'createdAt', 'price', 'shops'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Filters shared by GET /products/list and GET /products/export. */
export const productFiltersSchema = z.object({
  /** Header search text (spec §5 rule). */
  search: searchTextSchema.optional(),
  /** Network codes: products with a current price in a shop of one of them. */
  networks: codeListSchema.optional(),
  /** Shop ids: products with a current price in one of them. */
  shops: idListSchema.optional(),
  sections: idListSchema.optional(),
  categories: idListSchema.optional(),
  brands: idListSchema.optional(),
  /** Catalogue country (ua, ge, cz, pl). */
  country: z.enum(['ua', 'ge', 'cz', 'pl']).optional(),
  /** Only products on promo now in a visible (or the chosen) shop. */
  onlyPromo: booleanQuery.optional(),
  sort: z.enum(PRODUCT_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

/** GET /products/list: paged, filtered, sorted product table. data: `ProductPage`. */
export const productListQuerySchema = productFiltersSchema.extend(pagingQuerySchema.shape);
export type ProductListQuery = z.input<typeof productListQuerySchema>;

/** Where a shop sells a product: its page and the shop's own article. Visible shops only. */
export const offerSchema = z.object({
  shopId: z.string(),
  shopName: z.string(),
  network: z.string(),
  networkName: z.string(),
  url: z.string().nullable(),
  shopArticle: z.string().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

/** GET /products/{id}: the product card's header. data: `Product`. */
export const productSchema = productSummarySchema.extend({
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  offers: z.array(offerSchema),
});
export type Product = z.infer<typeof productSchema>;
export const productResponseSchema = okSchema(productSchema);

/** GET /products/max-article: the largest numeric article (null when none), to propose the next one. */
export const maxArticleResponseSchema = okSchema(z.object({ maxArticle: z.string().nullable(), next: z.string() }));
export type MaxArticle = { maxArticle: string | null; next: string };

/**
 * GET /products/find-similar-products?name=&marketId=&sectionId=&brand=&description=&weight=&price=&limit=:
 * candidates for matching a shop's product to the catalogue. Ranked by `score` (0…1): trigram name
 * similarity (weight 0.55), same brand (0.2), same section (0.05), weight within ±10 % (0.1, fading to 0
 * at ±50 %; needs `weight`), current price within ±15 % (0.1, fading to 0 at ±60 %; needs `price`; the
 * price in `marketId`'s shop when given, else the cheapest visible one). `description` is compared with
 * names too (its similarity counts 0.8). `brand` is a brand name; `weight` is in grams, millilitres or
 * pieces (catalogue kg and l are converted). data: `SimilarProduct[]` (at most `limit`, default 10,
 * max 50).
 */
export const similarProductsQuerySchema = z.object({
  name: z.string().trim().min(1).max(CATALOGUE_LIMITS.searchMaxLength, 'too_long'),
  marketId: idSchema.optional(),
  sectionId: idSchema.optional(),
  brand: z.string().trim().max(CATALOGUE_LIMITS.searchMaxLength, 'too_long').optional(),
  description: z.string().trim().max(1000, 'too_long').optional(),
  weight: z.coerce.number().positive().max(1_000_000).optional(),
  price: z.coerce.number().positive().max(100_000_000).optional(),
  limit: intQuery(1, CATALOGUE_LIMITS.similarMax, 10),
});
export type SimilarProductsQuery = z.input<typeof similarProductsQuerySchema>;
export const similarProductSchema = productSummarySchema.extend({
  score: z.number(),
  nameSimilarity: z.number(),
  sameBrand: z.boolean(),
  sameSection: z.boolean(),
  /** |weight − asked| / asked × 100, when both are known (units normalised: kg→g, l→ml). */
  weightDiffPct: z.number().nullable(),
  /** The compared current price and its difference to `price` in %. */
  price: z.number().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  priceDiffPct: z.number().nullable(),
});
export type SimilarProduct = z.infer<typeof similarProductSchema>;
export const similarProductsResponseSchema = okSchema(z.array(similarProductSchema));

/**
 * GET /products/export (the /products/list filters, no paging; at most 100,000 rows): writes an xlsx
 * and answers its name; the screen then downloads GET /data/{file}?filename=&token=.
 * data: `ExportFile` (spec: data.file and data.extension).
 */
export const productExportQuerySchema = productFiltersSchema;
export type ProductExportQuery = z.input<typeof productExportQuerySchema>;
/** `extension` of every file answer (spec §9 "Downloaded file default extension .xlsx"): with its dot. */
export const fileExtensionSchema = z.literal('.xlsx');
export const exportFileSchema = z.object({ file: z.string(), extension: fileExtensionSchema, rows: z.number() });
export type ExportFile = z.infer<typeof exportFileSchema>;
export const exportFileResponseSchema = okSchema(exportFileSchema);

/**
 * GET /data/{file}?filename=&token= (spec "File download"): the file's bytes with
 * Content-Disposition: attachment; filename=<filename, or the stored name>. 400 for a name that leaves
 * the files folder, 403 for another network's or user's file, 404 when missing.
 */
export const fileParamsSchema = z.object({ file: z.string().min(1).max(200) });
export const fileQuerySchema = z.object({ filename: z.string().max(200).optional() });
export type FileQuery = z.input<typeof fileQuerySchema>;

// ---------------------------------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------------------------------

/** A shop's current price of a product (the product card's table). */
export const shopPriceSchema = z.object({
  shopId: z.string(),
  shopCode: z.string(),
  shopName: z.string(),
  network: z.string(),
  networkName: z.string(),
  city: z.string().nullable(),
  cityName: z.string().nullable(),
  country: z.string(),
  currency: z.enum(CURRENCIES),
  regular: z.number(),
  promo: z.number().nullable(),
  /** promo ?? regular. */
  price: z.number(),
  isPromo: z.boolean(),
  /** (regular − promo) / regular × 100, one decimal; null without promo. */
  promoDepthPct: z.number().nullable(),
  inStock: z.boolean(),
  source: z.enum(PRICE_SOURCES),
  /** First day at this price (the open span's start). */
  since: isoDaySchema,
  /** Last day the price was observed. */
  observedAt: isoDaySchema,
  url: z.string().nullable(),
  /** The lowest `price` among the listed shops of the same currency (ties: all marked). */
  cheapest: z.boolean(),
});
export type ShopPrice = z.infer<typeof shopPriceSchema>;

export const currencySummarySchema = z.object({
  currency: z.enum(CURRENCIES),
  min: z.number(),
  avg: z.number(),
  max: z.number(),
  shops: z.number(),
  promoShops: z.number(),
});
export type CurrencySummary = z.infer<typeof currencySummarySchema>;

/**
 * GET /prices/product/{id}: the current price in every visible shop that sells the product, cheapest
 * first, and min/avg/max per currency. data: `ProductPrices`.
 */
export const productPricesSchema = z.object({
  product: productSummarySchema,
  prices: z.array(shopPriceSchema),
  summary: z.array(currencySummarySchema),
});
export type ProductPrices = z.infer<typeof productPricesSchema>;
export const productPricesResponseSchema = okSchema(productPricesSchema);

/**
 * A price span: the days `start`…`end` (inclusive, clipped to the asked period) when the shop showed
 * these figures. Consecutive spans of one shop never overlap; a gap means no observation.
 */
export const priceSpanSchema = z.object({
  start: isoDaySchema,
  end: isoDaySchema,
  regular: z.number(),
  promo: z.number().nullable(),
  price: z.number(),
  isPromo: z.boolean(),
  inStock: z.boolean(),
  source: z.enum(PRICE_SOURCES),
});
export type PriceSpan = z.infer<typeof priceSpanSchema>;

/** One shop's history: spans oldest first, and day-weighted figures over the period. */
export const shopHistorySchema = z.object({
  shopId: z.string(),
  shopCode: z.string(),
  shopName: z.string(),
  network: z.string(),
  networkName: z.string(),
  country: z.string(),
  currency: z.enum(CURRENCIES),
  spans: z.array(priceSpanSchema),
  min: z.number(),
  max: z.number(),
  /** Average `price` weighted by days. */
  avg: z.number(),
  /** Days with an observation in the period, and how many of them on promo. */
  days: z.number(),
  promoDays: z.number(),
});
export type ShopHistory = z.infer<typeof shopHistorySchema>;

/**
 * GET /prices/history?product=&include=&start=&end=: the product's price history per visible shop.
 * `include`: shop ids to include (default every visible shop). `start`/`end` MM/DD/YYYY (default the
 * 365 days ending today; at most 3 years). Shops without a span in the period are left out.
 * data: `PriceHistory`.
 */
export const priceHistoryQuerySchema = z
  .object({
    product: idSchema,
    include: idListSchema.optional(),
    start: usDateSchema.optional(),
    end: usDateSchema.optional(),
  })
  .superRefine(periodRefine);
export type PriceHistoryQuery = z.input<typeof priceHistoryQuerySchema>;
export const priceHistorySchema = z.object({
  product: productSummarySchema,
  start: isoDaySchema,
  end: isoDaySchema,
  shops: z.array(shopHistorySchema),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;
export const priceHistoryResponseSchema = okSchema(priceHistorySchema);

/**
 * POST /prices/all-prices {products, shops?, networks?, date?}: prices of many products in many shops
 * at once (export previews, comparisons). `date` (MM/DD/YYYY) answers the span covering that day;
 * without it the current price. Only visible shops; at most 500 products. data: `PriceRow[]` ordered by
 * product then shop.
 */
export const allPricesBodySchema = z.object({
  products: listOf(idSchema).pipe(z.array(z.number()).min(1).max(CATALOGUE_LIMITS.allPricesMaxProducts)),
  shops: idListSchema.optional(),
  networks: codeListSchema.optional(),
  date: usDateSchema.optional(),
});
export type AllPricesBody = z.input<typeof allPricesBodySchema>;
export const priceRowSchema = z.object({
  productId: z.string(),
  shopId: z.string(),
  network: z.string(),
  currency: z.enum(CURRENCIES),
  regular: z.number(),
  promo: z.number().nullable(),
  price: z.number(),
  isPromo: z.boolean(),
  inStock: z.boolean(),
  since: isoDaySchema,
  observedAt: isoDaySchema,
});
export type PriceRow = z.infer<typeof priceRowSchema>;
export const allPricesResponseSchema = okSchema(z.array(priceRowSchema));

/**
 * POST /brands/get-by-filters {search?, sections?, categories?, networks?, shops?, limit?}: brands with
 * their number of products matching the filters (networks/shops: products with a current price there),
 * most products first. `limit` default 100, max 1000. data: `Brand[]`.
 */
export const brandsBodySchema = z.object({
  search: searchTextSchema.optional(),
  sections: idListSchema.optional(),
  categories: idListSchema.optional(),
  networks: codeListSchema.optional(),
  shops: idListSchema.optional(),
  limit: z.number().int().min(1).max(1000).default(100),
});
export type BrandsBody = z.input<typeof brandsBodySchema>;
export const brandSchema = z.object({ _id: z.string(), name: z.string(), products: z.number() });
export type Brand = z.infer<typeof brandSchema>;
export const brandsResponseSchema = okSchema(z.array(brandSchema));

// ---------------------------------------------------------------------------------------------------
// Analytics (POST, one body shape)
// ---------------------------------------------------------------------------------------------------

const analyticsBodyFields = {
  start: usDateSchema,
  end: usDateSchema,
  networks: codeListSchema.optional(),
  shops: idListSchema.optional(),
  products: idListSchema.optional(),
  sections: idListSchema.optional(),
  brands: idListSchema.optional(),
  baseNetwork: codeSchema.optional(),
};

/**
 * Body of the four analytics calls. `start`/`end` MM/DD/YYYY (required, at most 366 days).
 * `networks` (codes) / `shops` (ids) narrow the shops compared (default: every visible shop);
 * `products`, `sections`, `brands` (ids) choose the products (default: every product priced in those shops
 * in the period). `baseNetwork` (a code) is the network whose prices are 100 in price indexes (default: the
 * caller's network, else none → index null). Prices are compared only within one currency: a network of
 * another currency than the base gets index null.
 */
export const analyticsBodySchema = z.object(analyticsBodyFields).superRefine(periodRefine);
export type AnalyticsBody = z.input<typeof analyticsBodySchema>;

/**
 * Body of the per-product calls (products/analytics, ashan-shops-prices): the analytics body and a page of
 * the selection's products by id — `limit` (1–200, default 200) from `skip` (default 0). Every product of
 * the selection is on some page; the answer's `total` counts them all.
 */
export const productAnalyticsBodySchema = z
  .object({
    ...analyticsBodyFields,
    limit: z.number().int().min(1).max(CATALOGUE_LIMITS.analyticsMaxProducts).default(CATALOGUE_LIMITS.analyticsMaxProducts),
    skip: z.number().int().min(0).max(CATALOGUE_LIMITS.skipMax).default(0),
  })
  .superRefine(periodRefine);
export type ProductAnalyticsBody = z.input<typeof productAnalyticsBodySchema>;

/** A network's figures for one product over the period (day-weighted average of `price` across shops). */
export const networkProductStatsSchema = z.object({
  network: z.string(),
  networkName: z.string(),
  currency: z.enum(CURRENCIES),
  min: z.number(),
  avg: z.number(),
  max: z.number(),
  /** % of observed shop-days on promo. */
  promoShare: z.number(),
  shops: z.number(),
  /** avg / base network's avg × 100 (1 decimal); 100 for the base itself; null without a base price. */
  index: z.number().nullable(),
});
export type NetworkProductStats = z.infer<typeof networkProductStatsSchema>;

/**
 * POST /prices/history/products/analytics: per product, min/avg/max per network over the period and
 * the index against the base network; `cheapestNetwork` has the lowest avg (same currency as the base,
 * or overall without a base). One page of the selection by product id (`productAnalyticsBodySchema`):
 * `total` products priced in the chosen shops in the period, `items` those from `skip`, at most `limit`.
 * data: `ProductsAnalytics`.
 */
export const productsAnalyticsSchema = z.object({
  start: isoDaySchema,
  end: isoDaySchema,
  baseNetwork: z.string().nullable(),
  ...pageOf(
    z.object({
      product: productSummarySchema,
      networks: z.array(networkProductStatsSchema),
      cheapestNetwork: z.string().nullable(),
    }),
  ).shape,
});
export type ProductsAnalytics = z.infer<typeof productsAnalyticsSchema>;
export const productsAnalyticsResponseSchema = okSchema(productsAnalyticsSchema);

/** One network on one day: min/avg/max `price` over the products × shops observed that day. */
export const dailyNetworkPointSchema = z.object({
  day: isoDaySchema,
  min: z.number(),
  avg: z.number(),
  max: z.number(),
  /** Products priced that day. */
  products: z.number(),
  /**
   * Σ network's avg price / Σ base network's avg price × 100 over the products both priced that day
   * (100 = same level, 95 = 5 % cheaper); null without common products or another currency.
   */
  index: z.number().nullable(),
  /** Products the index compares that day: priced by both this network and the base (0 when `index` is null). */
  compared: z.number(),
});
export type DailyNetworkPoint = z.infer<typeof dailyNetworkPointSchema>;

/** One shop on one day: min/avg/max `price` over the chosen products it priced that day. */
export const dailyShopPointSchema = z.object({
  day: isoDaySchema,
  min: z.number(),
  avg: z.number(),
  max: z.number(),
  products: z.number(),
});
export type DailyShopPoint = z.infer<typeof dailyShopPointSchema>;

/**
 * POST /prices/history/prices/analytics: day by day over every product of the selection (`products` of them, priced
 * in the chosen shops in the period) — per
 * network: min/avg/max (avg = mean of the products' network averages) and the price index vs the base
 * network; per shop: min/avg/max. A network's `index` (period) is the same ratio summed over the whole
 * period. Days without any observation are left out. `shops` only when the body names shops (`shops`), one entry per
 * shop of the selection priced in the period; otherwise `[]` (a whole catalogue's per-shop days are ~100k points no
 * screen draws, docs/analytics.md "Price index"). data: `PricesAnalytics`.
 */
export const pricesAnalyticsSchema = z.object({
  start: isoDaySchema,
  end: isoDaySchema,
  baseNetwork: z.string().nullable(),
  products: z.number(),
  networks: z.array(
    z.object({
      network: z.string(),
      networkName: z.string(),
      currency: z.enum(CURRENCIES),
      index: z.number().nullable(),
      points: z.array(dailyNetworkPointSchema),
    }),
  ),
  shops: z.array(
    z.object({
      shopId: z.string(),
      shopName: z.string(),
      network: z.string(),
      currency: z.enum(CURRENCIES),
      points: z.array(dailyShopPointSchema),
    }),
  ),
});
export type PricesAnalytics = z.infer<typeof pricesAnalyticsSchema>;
export const pricesAnalyticsResponseSchema = okSchema(pricesAnalyticsSchema);

/**
 * POST /prices/history/ashan-shops-prices: the caller's own shops (exportDetails.ashanShops, else the
 * shops of the caller's network; the provider's users name the network in `baseNetwork`, else 400)
 * against competitors: other visible shops of the same currency and another network, narrowed by
 * networks/shops. Per product over the period (prices day-weighted):
 * - `own`: the own shops' average price, `ownMin` the lowest own price seen;
 * - `competitorsMin` / `competitorsMax`: the average price of the cheapest / dearest competitor shop,
 *   `competitorsAvg` the average over all competitor shop-days; `cheapestNetwork`/`cheapestShopId` that
 *   cheapest shop;
 * - `diffMinPct` / `diffAvgPct`: (own − competitorsMin or competitorsAvg) / that × 100 — positive means
 *   the own shops are dearer.
 * Products: those priced in the own shops in the period (narrowed by products/sections/brands), one page
 * by product id (`productAnalyticsBodySchema`): `total` counts them all, `items` from `skip`, at most
 * `limit`. data: `AshanShopsPrices`.
 */
export const ashanShopsPricesSchema = z.object({
  start: isoDaySchema,
  end: isoDaySchema,
  ownNetwork: z.string(),
  currency: z.enum(CURRENCIES),
  ownShops: z.array(z.object({ _id: z.string(), code: z.string(), name: z.string() })),
  total: z.number(),
  limit: z.number(),
  skip: z.number(),
  items: z.array(
    z.object({
      product: productSummarySchema,
      own: z.number(),
      ownMin: z.number(),
      competitorsMin: z.number().nullable(),
      competitorsAvg: z.number().nullable(),
      competitorsMax: z.number().nullable(),
      cheapestNetwork: z.string().nullable(),
      cheapestShopId: z.string().nullable(),
      /** (own − competitorsMin) / competitorsMin × 100. */
      diffMinPct: z.number().nullable(),
      /** (own − competitorsAvg) / competitorsAvg × 100. */
      diffAvgPct: z.number().nullable(),
    }),
  ),
});
export type AshanShopsPrices = z.infer<typeof ashanShopsPricesSchema>;
export const ashanShopsPricesResponseSchema = okSchema(ashanShopsPricesSchema);

/**
 * POST /prices/history/discount-analysis: per network over the period — how often and how deep it
 * discounts. productDays = observed product×shop days; promoShare = promoDays / productDays × 100;
 * avgDepthPct/maxDepthPct = promo depth (regular − promo) / regular × 100 (day-weighted avg, max);
 * promoStarts = promo spans starting in the period; avgDurationDays = average length of those promos.
 * Over every matching product (from the per day × shop × section totals, server/docs/promo-analysis.md):
 * `truncated` is always false. data: `DiscountAnalysis`.
 */
export const discountAnalysisSchema = z.object({
  start: isoDaySchema,
  end: isoDaySchema,
  truncated: z.boolean(),
  networks: z.array(
    z.object({
      network: z.string(),
      networkName: z.string(),
      currency: z.enum(CURRENCIES),
      products: z.number(),
      productsOnPromo: z.number(),
      productDays: z.number(),
      promoDays: z.number(),
      promoShare: z.number(),
      avgDepthPct: z.number().nullable(),
      maxDepthPct: z.number().nullable(),
      promoStarts: z.number(),
      avgDurationDays: z.number().nullable(),
    }),
  ),
});
export type DiscountAnalysis = z.infer<typeof discountAnalysisSchema>;
export const discountAnalysisResponseSchema = okSchema(discountAnalysisSchema);
