// Parsers and scrapers (docs/parsers.md): definitions as data, runs as the work queue shared by every
// server process, per-page results, scraper requests, and the sanity guard's held prices.
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { products } from './catalogue';
import { networks, shops } from './directory';

export const parsers = pgTable(
  'parsers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    networkId: integer('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    definition: jsonb('definition').notNull(),
    schedule: text('schedule').notNull().default('0 6 * * *'),
    enabled: boolean('enabled').notNull().default(true),
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deleted from the app: gone from lists and schedules, its runs' history kept (runs cascade on a real delete). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('parsers_network_idx').on(t.networkId)],
);

export const scraperRequests = pgTable(
  'scraper_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    networkId: integer('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    country: text('country').notNull(),
    status: text('status').notNull().default('queued'),
    results: jsonb('results').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('scraper_requests_created_idx').on(t.createdAt)],
);

export const parserRuns = pgTable(
  'parser_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    parserId: integer('parser_id')
      .notNull()
      .references(() => parsers.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('queued'),
    trigger: text('trigger').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    scraperRequestId: bigint('scraper_request_id', { mode: 'number' }).references(() => scraperRequests.id, { onDelete: 'cascade' }),
    productIds: integer('product_ids').array(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    attempts: integer('attempts').notNull().default(0),
    pagesTotal: integer('pages_total').notNull().default(0),
    pagesDone: integer('pages_done').notNull().default(0),
    pricesFound: integer('prices_found').notNull().default(0),
    notFound: integer('not_found').notNull().default(0),
    errors: jsonb('errors').notNull().default({}),
    failure: text('failure'),
  },
  (t) => [
    // A scheduled slot is queued once, however many processes see it come due.
    uniqueIndex('parser_runs_schedule_once_idx')
      .on(t.parserId, t.scheduledFor)
      .where(sql`${t.scheduledFor} IS NOT NULL`),
    index('parser_runs_parser_idx').on(t.parserId, t.id),
    index('parser_runs_status_idx').on(t.status),
  ],
);

/** One page of a run and what was read from it. */
export const parserRunItems = pgTable(
  'parser_run_items',
  {
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => parserRuns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    url: text('url').notNull(),
    httpStatus: integer('http_status'),
    productId: integer('product_id'),
    name: text('name'),
    ean: text('ean'),
    price: integer('price'),
    oldPrice: integer('old_price'),
    promo: boolean('promo').notNull().default(false),
    currency: text('currency'),
    inStock: boolean('in_stock'),
    strategy: text('strategy'),
    notFound: boolean('not_found').notNull().default(false),
    problemKind: text('problem_kind'),
    problem: text('problem'),
  },
  (t) => [primaryKey({ name: 'parser_run_items_pk', columns: [t.runId, t.seq] })],
);

/** A parser observation held instead of written: too far from its reference price; waits for a decision. */
export const suspiciousPrices = pgTable(
  'suspicious_prices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => parserRuns.id, { onDelete: 'cascade' }),
    parserId: integer('parser_id')
      .notNull()
      .references(() => parsers.id, { onDelete: 'cascade' }),
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
