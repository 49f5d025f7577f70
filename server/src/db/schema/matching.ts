// Matching pages to products (docs/parsers.md "Matching pages to products"): the pages of a parser
// whose product matched nothing (no catalogue EAN, no known offer URL), kept with what was read until
// someone accepts a catalogue product for them (the URL becomes the shop's offer) or rejects them.
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { products } from './catalogue';
import { parserRuns, parsers } from './parsers';

export const unmatchedPages = pgTable(
  'unmatched_pages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    parserId: integer('parser_id')
      .notNull()
      .references(() => parsers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** What the last run that saw the page read there; money in minor units. */
    name: text('name'),
    ean: text('ean'),
    article: text('article'),
    price: integer('price'),
    oldPrice: integer('old_price'),
    promo: boolean('promo').notNull().default(false),
    currency: text('currency'),
    inStock: boolean('in_stock'),
    priceText: text('price_text'),
    /** The day the page was read: an accepted price is written for it. */
    day: date('day', { mode: 'string' }),
    /** That run and its page (a suspicious price held on acceptance belongs to it). */
    runId: bigint('run_id', { mode: 'number' }).references(() => parserRuns.id, { onDelete: 'set null' }),
    itemSeq: integer('item_seq'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** null = waiting; 'accepted' | 'rejected'. */
    decision: text('decision'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One row per page of a parser: a later run updates what was read.
    uniqueIndex('unmatched_pages_page_idx').on(t.parserId, t.url),
    index('unmatched_pages_waiting_idx')
      .on(t.parserId, t.id)
      .where(sql`${t.decision} IS NULL`),
  ],
);
