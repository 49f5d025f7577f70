// Exports (docs/exports.md): templates, schedules, export requests and new-product lists. pg-boss keeps
// its own tables in its own schema (docs/jobs.md).
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, real, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { networks } from './directory';

const owner = {
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
  networkId: integer('network_id').references(() => networks.id, { onDelete: 'cascade' }),
  provider: boolean('provider').notNull().default(false),
};

export const exportTemplates = pgTable(
  'export_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    autoGeneration: boolean('auto_generation').notNull().default(false),
    date: date('date', { mode: 'string' }).notNull(),
    ...owner,
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('export_templates_network_idx').on(t.networkId, t.createdAt)],
);

export const exportSchedules = pgTable(
  'export_schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    // restrict: a template that a schedule runs cannot be deleted (DELETE /export/delete-template → 409).
    templateId: integer('template_id')
      .notNull()
      .references(() => exportTemplates.id, { onDelete: 'restrict' }),
    frequency: text('frequency').notNull(),
    time: text('time').notNull(),
    dayOfWeek: smallint('day_of_week'),
    dayOfMonth: smallint('day_of_month'),
    timeZone: text('time_zone').notNull(),
    cron: text('cron').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...owner,
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastRequestId: bigint('last_request_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('export_schedules_template_idx').on(t.templateId)],
);

export const exportRequests = pgTable(
  'export_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    /** queued → running → done | failed */
    state: text('state').notNull().default('queued'),
    params: jsonb('params').notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    productsCount: integer('products_count').notNull().default(0),
    shopsCount: integer('shops_count').notNull().default(0),
    progress: real('progress').notNull().default(0),
    rowsWritten: integer('rows_written').notNull().default(0),
    rowsExpected: integer('rows_expected').notNull().default(0),
    error: text('error'),
    errorMessage: text('error_message'),
    file: text('file'),
    extension: text('extension'),
    size: bigint('size', { mode: 'number' }),
    templateId: integer('template_id').references(() => exportTemplates.id, { onDelete: 'set null' }),
    templateName: text('template_name'),
    scheduleId: integer('schedule_id').references(() => exportSchedules.id, { onDelete: 'set null' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    networkId: integer('network_id').references(() => networks.id, { onDelete: 'set null' }),
    provider: boolean('provider').notNull().default(false),
    /** The pg-boss job that may run it; a job whose id is not this one finds nothing to do. */
    jobId: text('job_id'),
    attempts: smallint('attempts').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('export_requests_network_created_idx').on(t.networkId, t.createdAt),
    index('export_requests_created_idx').on(t.createdAt),
    index('export_requests_template_idx').on(t.templateId),
    // Only active requests: the recovery at start and the queue look for these.
    index('export_requests_active_idx')
      .on(t.state)
      .where(sql`${t.state} IN ('queued', 'running')`),
  ],
);

export const exportNewProductTemplates = pgTable(
  'export_new_product_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    items: jsonb('items').$type<{ ean: string | null; article: string | null; name: string | null }[]>().notNull(),
    ...owner,
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('export_new_product_templates_network_idx').on(t.networkId, t.createdAt)],
);
