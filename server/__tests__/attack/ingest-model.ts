/**
 * What recordObservations must store, computed in plain TypeScript from the rules in its header (docs/catalogue.md
 * "Price history"), and the comparison with the database: the spans and current prices of the given products, and
 * every kept table against its independent check. Used by the attack files on the price write path (issue 19 item 2):
 * a faster path must store exactly this.
 */
import { sql } from 'drizzle-orm';
import { PRICE_SOURCES } from '@pricewatch/shared/contract';
import { queryRows, type Db } from '../../src/db/client';
import type { Observation } from '../../src/areas/prices/record';
import { networkDayTotalsDiff } from '../helpers/network-day-totals';
import { indexDiffFromSpans } from '../helpers/price-index';
import { productRunsDiff } from '../helpers/product-runs';
import { networkRunsDiffFromPairRuns, runsDiffFromSpans, totalsDiffFromSpans } from '../helpers/price-totals';

type Span = { start: string; end: string; regular: number; promo: number | null; inStock: boolean; source: string };
type Cur = Span & { last: string };

/** The change-point history of a set of pairs, batch by batch, in commit order. */
export class HistoryModel {
  readonly spans = new Map<string, Span[]>();
  readonly current = new Map<string, Cur>();

  record(batch: Observation[]): void {
    // One observation per pair and batch: the latest day wins (the first of equal days).
    const latest = new Map<string, Observation>();
    for (const o of batch) {
      const key = `${o.productId}:${o.shopId}`;
      const prev = latest.get(key);
      if (!prev || o.day > prev.day) latest.set(key, o);
    }
    for (const [key, o] of latest) {
      const c = this.current.get(key);
      if (c && o.day <= c.last) continue; // the history only moves forward
      const same = c !== undefined && c.regular === o.regular && c.promo === o.promo && c.inStock === o.inStock;
      const list = this.spans.get(key) ?? [];
      if (same) {
        list[list.length - 1]!.end = o.day;
        c.last = o.day;
        c.end = o.day;
      } else {
        const span = { start: o.day, end: o.day, regular: o.regular, promo: o.promo, inStock: o.inStock, source: o.source };
        list.push(span);
        this.current.set(key, { ...span, last: o.day });
      }
      this.spans.set(key, list);
    }
  }

  spanRows(): string[] {
    return [...this.spans.entries()]
      .flatMap(([k, list]) => list.map((s) => `${k.replace(':', '|')}|${s.start}|${s.end}|${s.regular}|${s.promo ?? ''}|${s.inStock}|${s.source}`))
      .sort();
  }

  currentRows(): string[] {
    return [...this.current.entries()]
      .map(([k, c]) => `${k.replace(':', '|')}|${c.start}|${c.last}|${c.regular}|${c.promo ?? ''}|${c.inStock}|${c.source}`)
      .sort();
  }
}

const sourceSql = sql.raw(`(ARRAY[${PRICE_SOURCES.map((s) => `'${s}'`).join(',')}])[source + 1]`);

export async function storedSpans(db: Db, products: number[]): Promise<string[]> {
  const rows = await queryRows<{ k: string }>(
    db,
    sql`SELECT concat_ws('|', product_id, shop_id, start_day::text, end_day::text, regular, coalesce(promo::text, ''), in_stock::text, ${sourceSql}) AS k
        FROM price_spans WHERE product_id = ANY(${sql.param(products)}::int[])`,
  );
  return rows.map((r) => r.k).sort();
}

export async function storedCurrent(db: Db, products: number[]): Promise<string[]> {
  const rows = await queryRows<{ k: string }>(
    db,
    sql`SELECT concat_ws('|', product_id, shop_id, start_day::text, last_seen::text, regular, coalesce(promo::text, ''), in_stock::text, ${sourceSql}) AS k
        FROM current_prices WHERE product_id = ANY(${sql.param(products)}::int[])`,
  );
  return rows.map((r) => r.k).sort();
}

/** Every kept table against its check over the spans (or, for the network runs, the pair runs): the first differences. */
export async function keptDiffs(db: Db): Promise<Record<string, string[]>> {
  return {
    totals: await totalsDiffFromSpans(db),
    pairRuns: await runsDiffFromSpans(db),
    networkRuns: await networkRunsDiffFromPairRuns(db),
    index: await indexDiffFromSpans(db),
    networkDayTotals: await networkDayTotalsDiff(db),
    productRuns: await productRunsDiff(db),
  };
}

export const NO_DIFFS = { totals: [], pairRuns: [], networkRuns: [], index: [], networkDayTotals: [], productRuns: [] };
