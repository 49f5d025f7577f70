/**
 * Promo analysis SQL (docs/promo-analysis.md): two set-based statements over the whole catalogue —
 * the groups and the weekly trend from price_spans in one, the leaflets' mechanics in the other. Days
 * travel as 'YYYY-MM-DD' text; money stays in minor units (depth is a ratio, so currencies mix safely).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Language, PromoGroup } from '@pricewatch/shared/contract';
import { queryRows, type Db } from '../../db/client';
import { shopCondition } from '../../core/shop-visibility';
import { translated } from '../../core/translations';

type PromoFigureRow = {
  kind: 'g' | 'w';
  /** Group id (network, brand or section id; 0 = no brand / section) or, for 'w', the network id. */
  gk: number;
  label: string | null;
  week: string | null;
  products: number;
  promo_products: number;
  avg_depth: number | null;
  max_depth: number | null;
  promo_count: number;
  avg_duration: number | null;
};

type MechanicsRow = { mechanics: string; count: number; avg_discount: number | null };

/** The group of a span: its shop's network, or its product's brand / section (0 when it has none). */
const GROUP_KEY: Record<PromoGroup, SQL> = {
  network: sql`sh.network_id`,
  brand: sql`coalesce(p.brand_id, 0)`,
  section: sql`coalesce(p.section_id, 0)`,
};
/** A group's name; a section's in `lang` where translated (docs/translations.md). */
const groupLabel = (groupBy: PromoGroup, lang: Language | null): SQL =>
  ({
    network: sql`(SELECT n.name FROM networks n WHERE n.id = g.gk)`,
    brand: sql`(SELECT b.name FROM brands b WHERE b.id = g.gk)`,
    section: translated('section', sql`g.gk`, sql`(SELECT x.name FROM sections x WHERE x.id = g.gk)`, lang),
  })[groupBy];

/** The statement of figures() (exported for EXPLAIN in the timing notes of docs/promo-analysis.md). */
function figuresSql(groupBy: PromoGroup, shops: number[] | null, start: string, end: string, lang: Language | null = null): SQL {
  const needsProduct = groupBy !== 'network';
  return sql`WITH s AS (
              SELECT ps.product_id, ps.shop_id, sh.network_id, ${GROUP_KEY[groupBy]} AS gk, ps.start_day, ps.end_day,
                     ps.regular, ps.promo,
                     least(ps.end_day, ${end}::date) - greatest(ps.start_day, ${start}::date) + 1 AS days,
                     CASE WHEN ps.promo IS NOT NULL
                           AND NOT (lag(ps.promo) OVER w IS NOT NULL AND lag(ps.end_day) OVER w = ps.start_day - 1)
                          THEN 1 ELSE 0 END AS opens
              FROM price_spans ps
              JOIN shops sh ON sh.id = ps.shop_id
              ${needsProduct ? sql`JOIN products p ON p.id = ps.product_id` : sql``}
              WHERE ${shopCondition(sql`ps.shop_id`, shops)}
                AND ps.start_day <= ${end}::date AND ps.end_day >= ${start}::date - 1
              WINDOW w AS (PARTITION BY ps.product_id, ps.shop_id ORDER BY ps.start_day)
            ),
            r AS (
              SELECT s.*, sum(opens) OVER (PARTITION BY product_id, shop_id ORDER BY start_day) AS run FROM s
            ),
            inside AS MATERIALIZED (
              SELECT gk, network_id, product_id, start_day, end_day, days, promo IS NOT NULL AS on_promo,
                     CASE WHEN promo IS NOT NULL THEN (regular - promo)::float8 / nullif(regular, 0) * 100 END AS depth
              FROM r WHERE days > 0
            ),
            g AS (
              SELECT gk, count(DISTINCT product_id)::int AS products,
                     count(DISTINCT product_id) FILTER (WHERE on_promo)::int AS promo_products,
                     (sum(depth * days) FILTER (WHERE on_promo) / nullif(sum(days) FILTER (WHERE on_promo), 0))::float8 AS avg_depth,
                     max(depth)::float8 AS max_depth
              FROM inside GROUP BY gk
            ),
            -- A run seen from before the period (its spans are read from start − 1 only) has no known
            -- start: such runs count as starting on start − 1, so a chain-wide promo split into spans
            -- differently in two shops is one promo here too (docs/promo-analysis.md).
            runs AS (
              SELECT gk, network_id, product_id, greatest(min(start_day), ${start}::date - 1) AS first_day, sum(days) AS days
              FROM r WHERE promo IS NOT NULL
              GROUP BY gk, network_id, product_id, shop_id, run
              HAVING sum(days) > 0
            ),
            promos AS (
              SELECT gk, first_day, max(days) AS days FROM runs GROUP BY gk, network_id, product_id, first_day
            ),
            pg AS (
              SELECT gk, count(*) FILTER (WHERE first_day >= ${start}::date)::int AS promo_count, avg(days)::float8 AS avg_duration
              FROM promos GROUP BY gk
            ),
            wk AS (
              SELECT i.network_id, i.product_id, wd.week::date AS week, bool_or(i.on_promo) AS on_promo
              FROM inside i
              CROSS JOIN LATERAL generate_series(date_trunc('week', greatest(i.start_day, ${start}::date)::timestamp),
                                                 least(i.end_day, ${end}::date)::timestamp, interval '1 week') AS wd(week)
              GROUP BY i.network_id, i.product_id, wd.week
            )
            SELECT 'g' AS kind, g.gk, ${groupLabel(groupBy, lang)} AS label, NULL::text AS week, g.products, g.promo_products,
                   g.avg_depth, g.max_depth, coalesce(pg.promo_count, 0) AS promo_count, pg.avg_duration
            FROM g LEFT JOIN pg ON pg.gk = g.gk
            UNION ALL
            SELECT 'w', network_id, NULL, week::text, count(*)::int, count(*) FILTER (WHERE on_promo)::int,
                   NULL, NULL, 0, NULL
            FROM wk GROUP BY network_id, week`;
}

export function createPromoQueries(db: Db) {
  return {
    /**
     * Per group: products priced in the period, products on promo, day-weighted average and largest
     * depth, promos (runs of adjacent promo spans of a product in a shop; the same product's runs in
     * one network starting on the same day are one promo) started in the period and their average
     * length clipped to the period. Per network and week (Monday): products priced that week and
     * products on promo on at least one day of it. The span ending the day before the period is read
     * only to tell whether a promo continues from before the period.
     */
    figures(groupBy: PromoGroup, shops: number[] | null, start: string, end: string, lang: Language | null = null) {
      // The planner guesses 1000 rows per generate_series call, so the estimated cost crosses the JIT
      // threshold and PostgreSQL spends ~2 s compiling a query that runs in ~0.3 s; the sorts of a year
      // of spans also spill past the default 4 MB work_mem. Both settings last for this transaction only.
      return db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL jit = off`);
        await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
        return queryRows<PromoFigureRow>(tx, figuresSql(groupBy, shops, start, end, lang));
      });
    },

    /** Leaflet prices of leaflets running on at least one day of the period, by mechanics. */
    mechanics(networkIds: number[] | null, start: string, end: string) {
      const cond = networkIds === null ? sql`TRUE` : sql`l.network_id = ANY(${sql.param(networkIds)}::int[])`;
      return queryRows<MechanicsRow>(
        db,
        sql`SELECT lp.mechanics, count(*)::int AS count,
                   avg(coalesce(lp.discount_pct,
                                CASE WHEN lp.old_price > lp.price THEN (lp.old_price - lp.price)::float8 / lp.old_price * 100 END))::float8
                     AS avg_discount
            FROM leaflet_prices lp JOIN leaflets l ON l.id = lp.leaflet_id
            WHERE ${cond} AND l.start_day <= ${end}::date AND l.end_day >= ${start}::date
            GROUP BY lp.mechanics`,
      );
    },
  };
}
