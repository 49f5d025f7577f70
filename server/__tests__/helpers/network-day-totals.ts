/**
 * price_network_day_totals (migration 0022) checked against the spans, one row per span-day, independently of the
 * triggers: per network (the shops' current networks) × section × day the product-days, promo product-days, price
 * sum and promo depth sum; promo run starts against price_day_totals (checked against the spans by their own tests).
 * The rows that differ (at most ten), none when the kept rows are right.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client';

export async function networkDayTotalsDiff(db: Db): Promise<string[]> {
  const diff = await db.transaction(async (tx) => {
    // JIT off: PostgreSQL compiled this check for seconds on the guessed cost of generate_series.
    await tx.execute(sql`SET LOCAL jit = off`);
    return queryRows<{ k: string }>(
      tx,
      sql`WITH spans AS (
            SELECT g.day::date AS day, sh.network_id, coalesce(p.section_id, 0) AS section_id, count(*)::int AS priced,
                   count(*) FILTER (WHERE ps.promo IS NOT NULL)::int AS promo, sum(coalesce(ps.promo, ps.regular))::bigint AS price_sum,
                   coalesce(sum((ps.regular - ps.promo)::float8 / ps.regular * 100) FILTER (WHERE ps.promo IS NOT NULL), 0) AS depth_sum
            FROM price_spans ps JOIN shops sh ON sh.id = ps.shop_id LEFT JOIN products p ON p.id = ps.product_id
            CROSS JOIN LATERAL generate_series(ps.start_day, ps.end_day, interval '1 day') AS g(day)
            GROUP BY 1, 2, 3
          ),
          starts AS (
            SELECT t.day, sh.network_id, t.section_id, sum(t.promo_starts)::int AS promo_starts
            FROM price_day_totals t JOIN shops sh ON sh.id = t.shop_id
            GROUP BY 1, 2, 3 HAVING sum(t.promo_starts) <> 0
          ),
          want AS (
            SELECT coalesce(s.day, r.day) AS day, coalesce(s.network_id, r.network_id) AS network_id, coalesce(s.section_id, r.section_id) AS section_id,
                   coalesce(s.priced, 0) AS priced, coalesce(s.promo, 0) AS promo, coalesce(s.price_sum, 0) AS price_sum,
                   coalesce(s.depth_sum, 0) AS depth_sum, coalesce(r.promo_starts, 0) AS promo_starts
            FROM spans s FULL JOIN starts r ON r.day = s.day AND r.network_id = s.network_id AND r.section_id = s.section_id
          )
          SELECT concat_ws('|', coalesce(w.day, h.day), coalesce(w.network_id, h.network_id), coalesce(w.section_id, h.section_id),
                           'want', w.priced, w.promo, w.price_sum, round(w.depth_sum::numeric, 6), w.promo_starts,
                           'have', h.priced, h.promo, h.price_sum, round(h.depth_sum::numeric, 6), h.promo_starts) AS k
          FROM want w FULL JOIN price_network_day_totals h ON h.day = w.day AND h.network_id = w.network_id AND h.section_id = w.section_id
          WHERE w.priced IS DISTINCT FROM h.priced OR w.promo IS DISTINCT FROM h.promo OR w.price_sum IS DISTINCT FROM h.price_sum
             OR w.promo_starts IS DISTINCT FROM h.promo_starts
             -- Float sums in another order: equal to a millionth of a percentage point per row.
             OR abs(w.depth_sum - h.depth_sum) > 1e-6 * greatest(1, abs(w.depth_sum))
          ORDER BY 1 LIMIT 10`,
    );
  });
  return diff.map((d) => d.k);
}
