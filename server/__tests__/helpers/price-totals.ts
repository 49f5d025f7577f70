/**
 * price_day_totals checked against a count over price_spans written independently of the triggers (one row
 * per span-day): the rows that differ, none when the totals are right (docs/analytics.md).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client';

export async function totalsDiffFromSpans(db: Db): Promise<string[]> {
  // JIT off: PostgreSQL compiled this check for seconds on the guessed cost of generate_series.
  const diff = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return queryRows<{ k: string }>(
      tx,
      sql`WITH want AS (
          SELECT g.day::date AS day, ps.shop_id, coalesce(p.section_id, 0) AS section_id, count(*)::int AS priced,
                 count(*) FILTER (WHERE ps.promo IS NOT NULL)::int AS promo, sum(coalesce(ps.promo, ps.regular))::bigint AS price_sum
          FROM price_spans ps LEFT JOIN products p ON p.id = ps.product_id
          CROSS JOIN LATERAL generate_series(ps.start_day, ps.end_day, interval '1 day') AS g(day)
          GROUP BY 1, 2, 3
        ),
        have AS (SELECT day, shop_id, section_id, priced, promo, price_sum FROM price_day_totals WHERE priced <> 0 OR promo <> 0 OR price_sum <> 0)
        SELECT concat_ws('|', coalesce(w.day, h.day), coalesce(w.shop_id, h.shop_id), coalesce(w.section_id, h.section_id),
                         'want', w.priced, w.promo, w.price_sum, 'have', h.priced, h.promo, h.price_sum) AS k
        FROM want w FULL JOIN have h ON h.day = w.day AND h.shop_id = w.shop_id AND h.section_id = w.section_id
        WHERE w.priced IS DISTINCT FROM h.priced OR w.promo IS DISTINCT FROM h.promo OR w.price_sum IS DISTINCT FROM h.price_sum
        ORDER BY 1 LIMIT 10`,
    );
  });
  return diff.map((d) => d.k);
}
