import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
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

/** Failed logins by key (`user:<name>` or `ip:<address>`), in the database so every process sees them. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);
