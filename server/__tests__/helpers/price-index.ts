/**
 * The price index's kept rows (migration 0021: price_network_days, price_network_pair_days, price_day_extremes,
 * price_shop_days)
 * checked against figures computed here from price_spans, one row per span-day, independently of the triggers:
 * the rows that differ (at most ten), none when the kept rows are right (docs/analytics.md "Price index").
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client';

export async function indexDiffFromSpans(db: Db): Promise<string[]> {
  const diff = await db.transaction(async (tx) => {
    // JIT off: PostgreSQL compiled this check for seconds on the guessed cost of generate_series.
    await tx.execute(sql`SET LOCAL jit = off`);
    return queryRows<{ k: string }>(
      tx,
      sql`WITH d AS MATERIALIZED (
            SELECT ps.product_id, ps.shop_id, sh.network_id, n.country, coalesce(p.section_id, 0) AS section_id, g.day::date AS day,
                   coalesce(ps.promo, ps.regular) AS price
            FROM price_spans ps
            JOIN shops sh ON sh.id = ps.shop_id
            JOIN networks n ON n.id = sh.network_id
            LEFT JOIN products p ON p.id = ps.product_id
            CROSS JOIN LATERAL generate_series(ps.start_day, ps.end_day, interval '1 day') AS g(day)
          ),
          -- A product's network average on a day, as kept: to 6 decimals of a minor unit.
          np AS MATERIALIZED (
            SELECT product_id, network_id, country, section_id, day, round(sum(price)::numeric / count(*), 6) AS v
            FROM d GROUP BY 1, 2, 3, 4, 5
          ),
          want AS (
            SELECT concat_ws('|', 'days', day, network_id, section_id) AS k, concat_ws('|', count(*), sum(v)::numeric(24, 6)) AS v
            FROM np GROUP BY day, network_id, section_id
            UNION ALL
            SELECT concat_ws('|', 'pairs', x.day, x.network_id, y.network_id, x.section_id),
                   concat_ws('|', count(*), sum(x.v)::numeric(24, 6), sum(y.v)::numeric(24, 6))
            FROM np x JOIN np y ON y.product_id = x.product_id AND y.day = x.day AND y.country = x.country AND y.network_id <> x.network_id
            GROUP BY x.day, x.network_id, y.network_id, x.section_id
            UNION ALL
            SELECT concat_ws('|', 'extremes', day, shop_id, section_id), concat_ws('|', min(price), max(price))
            FROM d GROUP BY day, shop_id, section_id
            UNION ALL
            SELECT concat_ws('|', 'shop', day, shop_id), concat_ws('|', count(*), sum(price), min(price), max(price))
            FROM d GROUP BY day, shop_id
          ),
          have AS (
            SELECT concat_ws('|', 'days', day, network_id, section_id) AS k, concat_ws('|', products, avg_sum) AS v FROM price_network_days
            UNION ALL
            SELECT concat_ws('|', 'pairs', day, network_id, base_network_id, section_id), concat_ws('|', products, num, den)
            FROM price_network_pair_days
            UNION ALL
            SELECT concat_ws('|', 'extremes', day, shop_id, section_id), concat_ws('|', min_price, max_price)
            FROM price_day_extremes
            UNION ALL
            SELECT concat_ws('|', 'shop', day, shop_id), concat_ws('|', priced, price_sum, min_price, max_price) FROM price_shop_days
          )
          SELECT concat_ws(' ', coalesce(w.k, h.k), 'want', w.v, 'have', h.v) AS k
          FROM want w FULL JOIN have h ON h.k = w.k
          WHERE w.v IS DISTINCT FROM h.v
          ORDER BY 1 LIMIT 10`,
    );
  });
  return diff.map((d) => d.k);
}
