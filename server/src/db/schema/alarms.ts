// Alarms (docs/alarms.md): price alarms (one product) and product alarms (a product list) share one
// table; alarm_targets holds one row per watched (alarm, product, shop) with its last evaluated state,
// so evaluation is one set-based join from the written prices; alarm_firings keeps every firing.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { shops } from './directory';

export const alarms = pgTable(
  'alarms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name'),
    productIds: integer('product_ids').array().notNull(),
    shopIds: integer('shop_ids').array().notNull(),
    rule: text('rule').notNull(),
    value: doublePrecision('value'),
    originalShopId: integer('original_shop_id').references(() => shops.id, { onDelete: 'set null' }),
    startDay: date('start_day', { mode: 'string' }),
    endDay: date('end_day', { mode: 'string' }),
    promoCounts: boolean('promo_counts').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alarms_owner_idx').on(t.ownerId, t.kind, t.id),
    index('alarms_own_shop_idx')
      .on(t.originalShopId)
      .where(sql`${t.originalShopId} IS NOT NULL`),
    check('alarms_kind_check', sql`${t.kind} IN ('price', 'product')`),
  ],
);

/** No foreign keys to products and shops: rows follow the alarm's lists, rewritten with it. */
export const alarmTargets = pgTable(
  'alarm_targets',
  {
    alarmId: integer('alarm_id')
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    shopId: integer('shop_id').notNull(),
    holds: boolean('holds'),
    lastPrice: integer('last_price'),
  },
  (t) => [primaryKey({ name: 'alarm_targets_pk', columns: [t.alarmId, t.productId, t.shopId] }), index('alarm_targets_pair_idx').on(t.productId, t.shopId)],
);

/** Every firing, kept after its alarm is deleted (alarm_id then null). */
export const alarmFirings = pgTable(
  'alarm_firings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    alarmId: integer('alarm_id').references(() => alarms.id, { onDelete: 'set null' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    alarmName: text('alarm_name'),
    productId: integer('product_id').notNull(),
    shopId: integer('shop_id').notNull(),
    rule: text('rule').notNull(),
    value: doublePrecision('value'),
    oldPrice: integer('old_price'),
    newPrice: integer('new_price'),
    ownPrice: integer('own_price'),
    firedAt: timestamp('fired_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    index('alarm_firings_owner_idx').on(t.ownerId, t.id),
    index('alarm_firings_unread_idx')
      .on(t.ownerId)
      .where(sql`${t.readAt} IS NULL`),
    index('alarm_firings_unnotified_idx')
      .on(t.ownerId)
      .where(sql`${t.notifiedAt} IS NULL`),
    index('alarm_firings_alarm_idx').on(t.alarmId),
  ],
);

export const alarmSettings = pgTable(
  'alarm_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    notify: text('notify').notNull().default('off'),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  },
  (t) => [check('alarm_settings_notify_check', sql`${t.notify} IN ('off', 'immediate', 'daily')`)],
);
