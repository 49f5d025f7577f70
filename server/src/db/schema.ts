import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ExportDetails } from '@pricewatch/shared/contract';

// After changing this file: `pnpm run db:generate` (see docs/database.md).

/** Retail chains and online shops. `is_product` marks the provider's own network (spec "{product}"). */
export const networks = pgTable('networks', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  country: text('country').notNull(),
  isProduct: boolean('is_product').notNull().default(false),
  leaflet: boolean('leaflet').notNull().default(false),
  exportDetails: jsonb('export_details').$type<Partial<ExportDetails>>().notNull().default({}),
});

export const cityCodes = pgTable('city_codes', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  country: text('country').notNull(),
});

export const shops = pgTable(
  'shops',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    networkId: integer('network_id')
      .notNull()
      .references(() => networks.id),
    cityCode: text('city_code').references(() => cityCodes.code),
    address: text('address'),
    country: text('country').notNull(),
  },
  (t) => [index('shops_network_idx').on(t.networkId)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    isAdmin: boolean('is_admin').notNull().default(false),
    isGuest: boolean('is_guest').notNull().default(false),
    isOperatorAdmin: boolean('is_operator_admin').notNull().default(false),
    isMetro: boolean('is_metro').notNull().default(false),
    isAshan: boolean('is_ashan').notNull().default(false),
    networkId: integer('network_id').references(() => networks.id),
    blocked: boolean('blocked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Per-user rights (docs/access.md): null inherits the network's; set fields override them. */
    exportDetails: jsonb('export_details').$type<Partial<ExportDetails>>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Usernames are unique regardless of case: "Admin" and "admin" are one account.
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`), index('users_network_idx').on(t.networkId)],
);

/** Only the sha256 of a session token is stored: a leaked table does not give working tokens. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_last_seen_idx').on(t.lastSeenAt)],
);

/** Login throttling (src/areas/auth/throttle.ts): a counter per client address and per address + account. */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    /** Attempts counted in the current window (a successful one is taken back). */
    failures: integer('failures').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    /** Attempts of this key answer 429 until then. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('login_throttle_last_at_idx').on(t.lastAt)],
);

// ---------------------------------------------------------------------------------------------------
// Catalogue and prices (docs/catalogue.md)
// ---------------------------------------------------------------------------------------------------

/** The parser map (spec §3): code → display name of the shops and chains the parsers know. */
export const parserMap = pgTable(
  'parser_map',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    networkId: integer('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    /** null: the entry names the whole network. */
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
  },
  (t) => [index('parser_map_network_idx').on(t.networkId)],
);

export const brands = pgTable('brands', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
});

/** A shop section (Dairy, Beverages…); categories sit in one section. */
export const sections = pgTable('sections', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
});

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => sections.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('categories_section_name_idx').on(t.sectionId, t.name)],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** EAN-13 (or EAN-8) digits; not unique (a product catalogued in two countries). */
    ean: text('ean'),
    /** The provider's own article number (digits). */
    article: text('article'),
    name: text('name').notNull(),
    brandId: integer('brand_id').references(() => brands.id),
    sectionId: integer('section_id').references(() => sections.id),
    categoryId: integer('category_id').references(() => categories.id),
    weight: doublePrecision('weight'),
    unit: text('unit'),
    description: text('description'),
    image: text('image'),
    /** The market the product is catalogued for: its prices are in that country's currency. */
    country: text('country').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // text_pattern_ops serves both `=` and prefix LIKE 'digits%' whatever the database collation.
    index('products_ean_idx').on(t.ean.op('text_pattern_ops')),
    index('products_article_idx').on(t.article.op('text_pattern_ops')),
    // Longest (then greatest) numeric article first: GET /products/max-article reads one index entry.
    index('products_article_num_idx')
      .on(sql`length(${t.article})`, t.article)
      .where(sql`${t.article} ~ '^[0-9]+$'`),
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('products_name_idx').on(t.name, t.id),
    index('products_brand_idx').on(t.brandId),
    index('products_section_idx').on(t.sectionId),
    index('products_category_idx').on(t.categoryId),
  ],
);

/** Where a shop sells a product: the product page and the shop's own article. */
export const offers = pgTable(
  'offers',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    url: text('url'),
    shopArticle: text('shop_article'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.shopId] }), index('offers_shop_idx').on(t.shopId)],
);

/** prices.source: 0 parser, 1 manual, 2 retail (PRICE_SOURCES order). */
export const PRICE_SOURCE_CODES = { parser: 0, manual: 1, retail: 2 } as const;

/**
 * Price history as change points: one row per run of equal observations of a product in a shop, from
 * start_day to end_day (the last day observed at these figures). Money in minor units (cents).
 * No foreign keys on purpose: this is the big table (see docs/catalogue.md, "Growth").
 */
export const priceSpans = pgTable(
  'price_spans',
  {
    productId: integer('product_id').notNull(),
    shopId: integer('shop_id').notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    regular: integer('regular').notNull(),
    promo: integer('promo'),
    inStock: boolean('in_stock').notNull(),
    source: smallint('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.shopId, t.startDay] })],
);

/** The open span of every (product, shop): the current price, for cards and lists. */
export const currentPrices = pgTable(
  'current_prices',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    lastSeen: date('last_seen', { mode: 'string' }).notNull(),
    regular: integer('regular').notNull(),
    promo: integer('promo'),
    inStock: boolean('in_stock').notNull(),
    source: smallint('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.shopId] }), index('current_prices_shop_idx').on(t.shopId, t.productId)],
);

/** Files the server wrote for a user (exports, parser results), served by GET /data/{file}. */
export const files = pgTable(
  'files',
  {
    name: text('name').primaryKey(),
    kind: text('kind').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    networkId: integer('network_id').references(() => networks.id, { onDelete: 'set null' }),
    /** The provider's staff wrote it: every provider user may read it. */
    provider: boolean('provider').notNull().default(false),
    size: bigint('size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId), index('files_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------------
// Leaflets (docs/leaflets.md; migration 0006_leaflets.sql)
// ---------------------------------------------------------------------------------------------------

/** A promotional leaflet of one network over a period. */
export const leaflets = pgTable(
  'leaflets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    networkId: integer('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leaflets_name_lower_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('leaflets_period_idx').on(t.startDay, t.endDay),
    index('leaflets_network_idx').on(t.networkId, t.startDay),
  ],
);

/** One page picture of a leaflet: files DATA_DIR/leaflets/{file_name} and {thumb_name}. */
export const leafletPages = pgTable(
  'leaflet_pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    leafletId: integer('leaflet_id')
      .notNull()
      .references(() => leaflets.id, { onDelete: 'cascade' }),
    pageNo: integer('page_no').notNull(),
    fileName: text('file_name').notNull(),
    type: text('type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    thumbName: text('thumb_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leaflet_pages_no_unique').on(t.leafletId, t.pageNo),
    uniqueIndex('leaflet_pages_file_idx').on(t.fileName),
    uniqueIndex('leaflet_pages_thumb_idx').on(t.thumbName),
  ],
);

/** A price found in a leaflet; money in minor units. */
export const leafletPrices = pgTable(
  'leaflet_prices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    leafletId: integer('leaflet_id')
      .notNull()
      .references(() => leaflets.id, { onDelete: 'cascade' }),
    pageId: integer('page_id').references(() => leafletPages.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    price: integer('price').notNull(),
    oldPrice: integer('old_price'),
    discountPct: doublePrecision('discount_pct'),
    mechanics: text('mechanics').notNull().default('discount'),
    mechanicsText: text('mechanics_text'),
    box: jsonb('box').$type<{ x: number; y: number; w: number; h: number }>(),
    source: text('source').notNull().default('manual'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leaflet_prices_leaflet_idx').on(t.leafletId, t.id)],
);

/** Recognition (OCR) state and result of one page. */
export const leafletRecognitions = pgTable('leaflet_recognitions', {
  pageId: integer('page_id')
    .primaryKey()
    .references(() => leafletPages.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  progress: doublePrecision('progress').notNull().default(0),
  result: jsonb('result'),
  text: text('text'),
  seconds: doublePrecision('seconds'),
  error: text('error'),
  /** The pg-boss job that owns the row: a re-queued page ignores its older job. */
  jobId: text('job_id'),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

// ---------------------------------------------------------------------------------------------------
// Parsers' sanity guard (docs/parsers.md "Sanity guard"; migration 0010_suspicious_prices.sql). The
// parser tables themselves (0005_parsers.sql) are written in SQL only: run_id and parser_id reference
// parser_runs and parsers there (ON DELETE cascade).
// ---------------------------------------------------------------------------------------------------

/** A parser observation held instead of written: too far from its reference price; waits for a decision. */
export const suspiciousPrices = pgTable(
  'suspicious_prices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    parserId: integer('parser_id').notNull(),
    /** The run item (page) it came from: a rejection is recorded there as a problem. */
    itemSeq: integer('item_seq'),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** The observation, minor units, as recordObservations takes it. */
    regular: integer('regular').notNull(),
    promo: integer('promo'),
    inStock: boolean('in_stock').notNull(),
    currency: text('currency'),
    /** The reference it was compared with (minor units): the shop's last price or the network's median. */
    oldPrice: integer('old_price').notNull(),
    /** 'shop' | 'network'. */
    reference: text('reference').notNull(),
    /** The page text the price was read from, and the page. */
    text: text('text'),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** null = waiting; 'confirmed' | 'rejected'. */
    decision: text('decision'),
  },
  (t) => [
    uniqueIndex('suspicious_prices_pending_idx')
      .on(t.productId, t.shopId)
      .where(sql`${t.decision} IS NULL`),
    index('suspicious_prices_queue_idx')
      .on(t.parserId, t.id)
      .where(sql`${t.decision} IS NULL`),
    index('suspicious_prices_run_idx').on(t.runId),
  ],
);
