/**
 * price_product_runs (migration 0024) checked against the spans, one row per span-day, independently of the
 * triggers and the commit step: per product × promo the days priced (promo: on promo) in any existing shop, cut into
 * runs of consecutive days, each with the end of the run before and the product's current section. The rows that
 * differ (at most ten), none when the kept rows are right.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client';

export async function productRunsDiff(db: Db): Promise<string[]> {
  const diff = await db.transaction(async (tx) => {
    // JIT off: PostgreSQL compiled this check for seconds on the guessed cost of generate_series.
    await tx.execute(sql`SET LOCAL jit = off`);
    return queryRows<{ k: string }>(
      tx,
      sql`WITH d AS (
            SELECT DISTINCT ps.product_id, k.promo, g.day::date AS day
            FROM price_spans ps JOIN shops sh ON sh.id = ps.shop_id
            CROSS JOIN (VALUES (false), (true)) AS k(promo)
            CROSS JOIN LATERAL generate_series(ps.start_day, ps.end_day, interval '1 day') AS g(day)
            WHERE NOT k.promo OR ps.promo IS NOT NULL
          ),
          islands AS (
            SELECT product_id, promo, day, day - (row_number() OVER (PARTITION BY product_id, promo ORDER BY day))::int AS grp FROM d
          ),
          runs AS (SELECT product_id, promo, min(day) AS start_day, max(day) AS end_day FROM islands GROUP BY 1, 2, grp),
          want AS (
            SELECT r.*, lag(r.end_day) OVER (PARTITION BY r.product_id, r.promo ORDER BY r.start_day) AS prev_end,
                   coalesce(p.section_id, 0) AS section_id
            FROM runs r LEFT JOIN products p ON p.id = r.product_id
          )
          SELECT concat_ws('|', coalesce(w.product_id, h.product_id), coalesce(w.promo, h.promo), coalesce(w.start_day, h.start_day),
                           'want', w.end_day, w.prev_end, w.section_id, 'have', h.end_day, h.prev_end, h.section_id) AS k
          FROM want w FULL JOIN price_product_runs h ON h.product_id = w.product_id AND h.promo = w.promo AND h.start_day = w.start_day
          WHERE w.end_day IS DISTINCT FROM h.end_day OR w.prev_end IS DISTINCT FROM h.prev_end OR w.section_id IS DISTINCT FROM h.section_id
          ORDER BY 1 LIMIT 10`,
    );
  });
  return diff.map((d) => d.k);
}
