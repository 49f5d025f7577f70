// Networks, their shops and city codes: the directory every area filters by (docs/access.md).
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ExportDetails } from '@pricewatch/shared/contract';

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
