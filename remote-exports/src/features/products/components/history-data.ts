import type { PriceHistory, ShopHistory } from '@pricewatch/shared/contract';
import { eachDay } from '../../../lib/period';

export const priceKey = (shopId: string) => `price_${shopId}`;
export const promoKey = (shopId: string) => `promo_${shopId}`;

/**
 * One chart row per day of the period: each shop's price that day (null without an observation) and
 * whether it was a promo price. Spans are inclusive day ranges and never overlap within a shop.
 */
export function historyChartRows(history: PriceHistory, shops: ShopHistory[]): Record<string, unknown>[] {
  const days = eachDay(history.start, history.end);
  const index = new Map(days.map((d, i) => [d, i]));
  const rows: Record<string, unknown>[] = days.map((day) => ({ day }));
  for (const shop of shops) {
    for (const row of rows) row[priceKey(shop.shopId)] = null;
    for (const span of shop.spans) {
      const from = index.get(span.start < history.start ? history.start : span.start) ?? 0;
      const to = index.get(span.end > history.end ? history.end : span.end) ?? days.length - 1;
      for (let i = from; i <= to; i++) {
        rows[i]![priceKey(shop.shopId)] = span.price;
        rows[i]![promoKey(shop.shopId)] = span.isPromo;
      }
    }
  }
  return rows;
}

export type SpanRow = {
  id: string;
  shopId: string;
  shopName: string;
  networkName: string;
  currency: ShopHistory['currency'];
  start: string;
  end: string;
  days: number;
  regular: number;
  promo: number | null;
  price: number;
  isPromo: boolean;
  inStock: boolean;
};

/** The chart's data as table rows: one per price span, newest first. */
export function historyTableRows(shops: ShopHistory[]): SpanRow[] {
  const rows: SpanRow[] = [];
  for (const shop of shops) {
    for (const span of shop.spans) {
      rows.push({
        id: `${shop.shopId}-${span.start}`,
        shopId: shop.shopId,
        shopName: shop.shopName,
        networkName: shop.networkName,
        currency: shop.currency,
        start: span.start,
        end: span.end,
        days: eachDay(span.start, span.end).length,
        regular: span.regular,
        promo: span.promo,
        price: span.price,
        isPromo: span.isPromo,
        inStock: span.inStock,
      });
    }
  }
  return rows.sort((a, b) => (a.start === b.start ? a.shopName.localeCompare(b.shopName) : a.start < b.start ? 1 : -1));
}
