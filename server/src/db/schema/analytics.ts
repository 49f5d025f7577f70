// Analytics rollups of the price history (docs/analytics.md, issue 19): sums and counts
// per day × shop × section, so that analytics answer over every matching product without reading the
// spans. Kept by statement triggers on price_spans (migration 0015_price_day_totals) in the transaction
// that writes the spans: every write path (recordObservations, bulk loads, demo-shop rewrites) is covered.
import { bigint, boolean, date, doublePrecision, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * One shop's figures for the products of one section on one day (a product-day counts when a span covers
 * the day). Sums, never averages, so that any period and any set of shops/sections adds up exactly.
 */
export const priceDayTotals = pgTable(
  'price_day_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    shopId: integer('shop_id').notNull(),
    /** products.section_id; 0 for products without a section (a primary key column cannot be null). */
    sectionId: integer('section_id').notNull(),
    /** Product-days observed. */
    priced: integer('priced').notNull(),
    /** Of them, on promo (a promo price). */
    promo: integer('promo').notNull(),
    /** Σ shopper's price (promo, else regular), minor units. */
    priceSum: bigint('price_sum', { mode: 'number' }).notNull(),
    /** Σ promo depth % ((regular − promo) / regular × 100) over the promo product-days. */
    depthSum: doublePrecision('depth_sum').notNull(),
    /** Promo runs (adjacent promo spans of a product in a shop) starting on this day. */
    promoStarts: integer('promo_starts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.shopId, t.sectionId] })],
);

/**
 * Runs of a product in a shop (docs/analytics.md "Runs"): maximal stretches of adjacent spans (`promo` false:
 * days priced) or of adjacent promo spans (`promo` true: a promo run, with its largest depth). A period's
 * distinct products, products on promo and promo runs are read from these instead of the spans (tens per
 * pair). Kept by statement triggers on price_spans (migration 0019_price_pair_runs), rebuilt after bulk loads.
 */
export const pricePairRuns = pgTable(
  'price_pair_runs',
  {
    productId: integer('product_id').notNull(),
    shopId: integer('shop_id').notNull(),
    promo: boolean('promo').notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    /** Promo runs: largest promo depth % of their spans; null for priced runs. */
    maxDepth: doublePrecision('max_depth'),
  },
  // No index on end_day: the analytics read a period's runs in one pass, and a day's extensions then stay
  // heap-only updates.
  (t) => [primaryKey({ columns: [t.productId, t.shopId, t.promo, t.startDay] })],
);

/**
 * The pair runs of a product in one network's shops that start on one day (docs/analytics.md "Network runs"):
 * `promo` true — one promo (a chain-wide promo split across shops is one row), its length the longest run's,
 * its depth the deepest; `promo` false — one stretch of days priced. `prevEnd` (the latest end of the group's
 * rows starting earlier) lets a period's distinct products and weekly presence be counted row by row, without
 * sorting or grouping a year of rows. Kept from price_pair_runs by statement triggers on it (migration
 * 0020_price_network_runs); keyed by network, so writers of a network's shops also take the network's lock.
 */
export const priceNetworkRuns = pgTable(
  'price_network_runs',
  {
    networkId: integer('network_id').notNull(),
    productId: integer('product_id').notNull(),
    promo: boolean('promo').notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    /** The longest of the runs: its last day. */
    endDay: date('end_day', { mode: 'string' }).notNull(),
    /** Promo rows: the deepest of the runs' depths %; null for priced rows. */
    maxDepth: doublePrecision('max_depth'),
    /** Pair runs (one per shop) starting on this day. */
    runs: integer('runs').notNull(),
    /** Σ the runs' whole lengths in days. */
    runDays: integer('run_days').notNull(),
    /** Latest end_day of the rows of this network × product × promo starting earlier; null for the first. */
    prevEnd: date('prev_end', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.networkId, t.productId, t.promo, t.startDay] })],
);

/**
 * Per product × promo the maximal runs of days the product was priced (promo false) or on promo (true) in any shop
 * (docs/analytics.md "Product runs", migration 0024): promo analysis by section counts distinct products across
 * networks from them — the rows that open a product's presence in a period — instead of grouping a year of network
 * runs per product. Kept at commit by the price index's queue (0021's machinery).
 */
export const priceProductRuns = pgTable(
  'price_product_runs',
  {
    productId: integer('product_id').notNull(),
    promo: boolean('promo').notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    /** end_day of the product × promo's run before; null for the first. Runs neither overlap nor touch. */
    prevEnd: date('prev_end', { mode: 'string' }),
    /** products.section_id; 0 for products without a section. */
    sectionId: integer('section_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.promo, t.startDay] })],
);

/**
 * The price index's figures per network × day × section (docs/analytics.md "Price index"): the products the
 * network priced that day and Σ of their network averages (a product's average over the network's shops that
 * priced it, rounded to 6 decimals of a minor unit so that what a write adds its undoing takes away exactly).
 * Kept by statement triggers on price_spans, applied at commit (migration 0021_price_index).
 */
export const priceNetworkDays = pgTable(
  'price_network_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    networkId: integer('network_id').notNull(),
    /** products.section_id; 0 for products without a section. */
    sectionId: integer('section_id').notNull(),
    products: integer('products').notNull(),
    /** Σ over the products of their network average price, minor units. */
    avgSum: numeric('avg_sum', { precision: 24, scale: 6 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.networkId, t.sectionId] })],
);

/**
 * The index of a network against a base network of its country per day × section: over the products both priced
 * that day, Σ the network's averages (`num`) and Σ the base's (`den`). Kept with price_network_days.
 */
export const priceNetworkPairDays = pgTable(
  'price_network_pair_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    networkId: integer('network_id').notNull(),
    baseNetworkId: integer('base_network_id').notNull(),
    sectionId: integer('section_id').notNull(),
    /** Products both networks priced that day. */
    products: integer('products').notNull(),
    num: numeric('num', { precision: 24, scale: 6 }).notNull(),
    den: numeric('den', { precision: 24, scale: 6 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.networkId, t.baseNetworkId, t.sectionId] })],
);

/**
 * The lowest and highest shopper's price of one shop's products of one section on one day (minor units): a
 * network's or a set of shops' min/max is the min/max of these. Kept with price_network_days; a price taken away
 * recomputes its shop × section × day from the spans.
 */
export const priceDayExtremes = pgTable(
  'price_day_extremes',
  {
    day: date('day', { mode: 'string' }).notNull(),
    shopId: integer('shop_id').notNull(),
    sectionId: integer('section_id').notNull(),
    minPrice: integer('min_price').notNull(),
    maxPrice: integer('max_price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.shopId, t.sectionId] })],
);

/**
 * A shop's day over all its products (the sections of price_day_totals and price_day_extremes summed): the price
 * index's shop series without a section filter reads a row per shop × day instead of one per section (a year of
 * the bench catalogue: 109k rows instead of 1.15M twice). Kept with price_day_extremes at commit.
 */
export const priceShopDays = pgTable(
  'price_shop_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    shopId: integer('shop_id').notNull(),
    /** Products priced (product-days). */
    priced: integer('priced').notNull(),
    /** Σ shopper's price, minor units. */
    priceSum: bigint('price_sum', { mode: 'number' }).notNull(),
    minPrice: integer('min_price').notNull(),
    maxPrice: integer('max_price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.shopId] })],
);

/**
 * price_day_totals summed over a network's shops per day × section (migration 0022): the same columns, ~10× fewer
 * rows than per shop, so promo analysis's average depth over a year reads 120k rows instead of 1.15M. Recomputed
 * at commit from price_day_totals for the network × section × days the transaction's price index queue touched.
 */
export const priceNetworkDayTotals = pgTable(
  'price_network_day_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    networkId: integer('network_id').notNull(),
    /** products.section_id; 0 for products without a section. */
    sectionId: integer('section_id').notNull(),
    priced: integer('priced').notNull(),
    promo: integer('promo').notNull(),
    priceSum: bigint('price_sum', { mode: 'number' }).notNull(),
    depthSum: doublePrecision('depth_sum').notNull(),
    promoStarts: integer('promo_starts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.networkId, t.sectionId] })],
);

/**
 * One row per transaction that wrote prices since its last commit: its insert fires the deferred trigger that
 * applies the transaction's queued changes to the three tables above at commit (migration 0021).
 */
export const priceIndexPending = pgTable('price_index_pending', {
  txid: bigint('txid', { mode: 'number' }).primaryKey(),
});
