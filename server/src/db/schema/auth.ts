// Accounts, sessions and login throttling (docs/access.md).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ExportDetails } from '@pricewatch/shared/contract';
import { networks } from './directory';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
