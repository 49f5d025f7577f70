import type { ProductSort } from '@pricewatch/shared/contract';

// The contract's limits these screens need, as plain values: importing them from
// @pricewatch/shared/contract at run time would fetch the whole contract and zod (~37 kB gzip) with
// the first catalogue screen. __tests__/lib.test.ts checks they equal the contract's.

/** CATALOGUE_LIMITS.pageMax: most rows of one call (the article/EAN lookup asks for that many). */
export const PAGE_MAX = 500;
/** CATALOGUE_LIMITS.historyMaxDays: longest price history period. */
export const HISTORY_MAX_DAYS = 1096;
/** CATALOGUE_LIMITS.analyticsMaxDays: longest analytics period. */
export const ANALYTICS_MAX_DAYS = 366;
/** PRODUCT_SORTS: the columns GET /products/list sorts by. */
export const PRODUCT_SORTS: readonly ProductSort[] = ['name', 'ean', 'article', 'brand', 'weight', 'createdAt', 'price', 'shops'];
