/**
 * The home page's tiles (issue 18 item 6, docs/home.md): one GET per tile under /home/, each answering
 * only what the screen it links to would show the caller (same route rule, same visibility). Items reuse
 * the schemas of those screens so a tile and its screen cannot disagree.
 */
import { z } from 'zod';
import { alarmEventSchema } from './alarms';
import { CURRENCIES, isoDaySchema } from './catalogue';
import { okSchema } from './envelope';
import { exportRequestSchema } from './exports';
import { parserListItemSchema, suspiciousPriceSchema } from './parsers';

/** How many items a tile lists; its count says how many there are in all. */
export const HOME_TILE_ITEMS = 5;
/** The days the alarms chart covers, today included. */
export const HOME_PERIOD_DAYS = 14;
/** The days the price index covers, today included: a week keeps the call under 100 ms (docs/home.md). */
export const HOME_INDEX_DAYS = 7;

/**
 * GET /home/price-index: the caller's network (the provider's staff: the deployment country's first
 * network) against the other networks of its country over the last HOME_INDEX_DAYS — the analytics
 * screen's period index (100 = the base network's prices). `baseNetwork` null: no network to compare.
 */
export const homePriceIndexSchema = z.object({
  start: isoDaySchema,
  end: isoDaySchema,
  baseNetwork: z.string().nullable(),
  products: z.number(),
  networks: z.array(z.object({ network: z.string(), networkName: z.string(), currency: z.enum(CURRENCIES), index: z.number().nullable() })),
});
export type HomePriceIndex = z.infer<typeof homePriceIndexSchema>;
export const homePriceIndexResponseSchema = okSchema(homePriceIndexSchema);

/** GET /home/price-changes: visible offers whose price changed today (a new price since yesterday's), newest products first. */
export const homePriceChangeSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  network: z.string(),
  currency: z.enum(CURRENCIES),
  oldPrice: z.number(),
  newPrice: z.number(),
  /** (new − old) / old × 100, one decimal. */
  changePct: z.number(),
});
export type HomePriceChange = z.infer<typeof homePriceChangeSchema>;
export const homePriceChangesSchema = z.object({
  day: isoDaySchema,
  total: z.number(),
  /** Offers that went up and down today. */
  up: z.number(),
  down: z.number(),
  items: z.array(homePriceChangeSchema),
});
export type HomePriceChanges = z.infer<typeof homePriceChangesSchema>;
export const homePriceChangesResponseSchema = okSchema(homePriceChangesSchema);

/** GET /home/alarms: the caller's alarm firings — today's count, the latest, firings per day of the period. */
export const homeAlarmsSchema = z.object({
  day: isoDaySchema,
  today: z.number(),
  unread: z.number(),
  items: z.array(alarmEventSchema),
  perDay: z.array(z.object({ day: isoDaySchema, count: z.number() })),
});
export type HomeAlarms = z.infer<typeof homeAlarmsSchema>;
export const homeAlarmsResponseSchema = okSchema(homeAlarmsSchema);

/** GET /home/exports: the latest export requests the caller sees (as GET /export/list). */
export const homeExportsSchema = z.object({ total: z.number(), items: z.array(exportRequestSchema) });
export type HomeExports = z.infer<typeof homeExportsSchema>;
export const homeExportsResponseSchema = okSchema(homeExportsSchema);

/** GET /home/parsers: visible parsers whose last run had problems (`failing`), of which `flagged` (3+ failed runs in a row); flagged first. */
export const homeParsersSchema = z.object({
  total: z.number(),
  failing: z.number(),
  flagged: z.number(),
  items: z.array(parserListItemSchema),
});
export type HomeParsers = z.infer<typeof homeParsersSchema>;
export const homeParsersResponseSchema = okSchema(homeParsersSchema);

/** GET /home/suspicious: held prices waiting for a decision (as GET /parsers/suspicious), newest first. */
export const homeSuspiciousSchema = z.object({ total: z.number(), items: z.array(suspiciousPriceSchema) });
export type HomeSuspicious = z.infer<typeof homeSuspiciousSchema>;
export const homeSuspiciousResponseSchema = okSchema(homeSuspiciousSchema);
