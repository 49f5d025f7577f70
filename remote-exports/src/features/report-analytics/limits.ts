import type { ExportRequestType, ExportState, ExportType, ScheduleFrequency } from '@pricewatch/shared/contract';

// The contract's export limits as plain values: importing @pricewatch/shared/contract at run time would
// load the whole contract and zod with the screen. __tests__/report-analytics.test.tsx checks they
// equal the contract's.

/** EXPORT_LIMITS.maxDays: longest period of one export. */
export const EXPORT_MAX_DAYS = 366;
/** EXPORT_LIMITS.pageDefault: the requests list's page (spec §9 default limit 30). */
export const EXPORT_PAGE_SIZE = 30;
/** EXPORT_LIMITS.pollMs: how often a queued or running request is asked for again. */
export const EXPORT_POLL_MS = 1000;
/** EXPORT_LIMITS.maxProducts: most products (or pasted codes) in one selection. */
export const EXPORT_MAX_PRODUCTS = 10_000;
export const EXPORT_TYPES: readonly ExportType[] = ['inline', 'ashan', 'atb'];
export const EXPORT_REQUEST_TYPES: readonly ExportRequestType[] = ['inline', 'ashan', 'atb', 'group'];
export const EXPORT_STATES: readonly ExportState[] = ['queued', 'running', 'done', 'failed'];
export const SCHEDULE_FREQUENCIES: readonly ScheduleFrequency[] = ['daily', 'weekly', 'monthly'];
