// Leaflets (docs/leaflets.md): a leaflet of one network over a period; its pages are pictures stored
// under DATA_DIR/leaflets (generated names); leaflet_prices are the prices found in it (minor units).
import { sql } from 'drizzle-orm';
import { bigint, check, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { networks } from './directory';

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
    index('leaflets_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('leaflets_period_idx').on(t.startDay, t.endDay),
    index('leaflets_network_idx').on(t.networkId, t.startDay),
    check('leaflets_period_check', sql`${t.endDay} >= ${t.startDay}`),
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
    unique('leaflet_pages_no_unique').on(t.leafletId, t.pageNo),
    uniqueIndex('leaflet_pages_file_idx').on(t.fileName),
    uniqueIndex('leaflet_pages_thumb_idx').on(t.thumbName),
    check('leaflet_pages_type_check', sql`${t.type} IN ('png', 'jpeg', 'webp')`),
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
  (t) => [
    index('leaflet_prices_leaflet_idx').on(t.leafletId, t.id),
    index('leaflet_prices_page_idx')
      .on(t.pageId)
      .where(sql`${t.pageId} IS NOT NULL`),
    index('leaflet_prices_product_idx')
      .on(t.productId)
      .where(sql`${t.productId} IS NOT NULL`),
    check('leaflet_prices_source_check', sql`${t.source} IN ('manual', 'recognised')`),
  ],
);

/** Recognition (OCR) state and result of one page. */
export const leafletRecognitions = pgTable(
  'leaflet_recognitions',
  {
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
  },
  (t) => [check('leaflet_recognitions_status_check', sql`${t.status} IN ('queued', 'running', 'done', 'failed')`)],
);
