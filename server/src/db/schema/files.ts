// Files the server wrote (src/core/file-store.ts).
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { networks } from './directory';

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
