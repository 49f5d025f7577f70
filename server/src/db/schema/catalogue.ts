// Catalogue and prices (docs/catalogue.md).
import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { networks, shops } from './directory';

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
