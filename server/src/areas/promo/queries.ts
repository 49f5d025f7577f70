/**
 * Promo analysis SQL (docs/promo-analysis.md): two set-based statements over the whole catalogue —
 * the groups and the weekly trend from the pair runs and day totals in one (docs/analytics.md), the
 * leaflets' mechanics in the other. Days
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
  /** 'g': products of the group; 'w': change that week in the network's products priced (see figuresSql). */
  products: number;
  /** 'g': of them on promo; 'w': change in the products on promo. */
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

/**
 * The statement of figures(): from the pair runs (products, promos, lengths, largest depth, weeks) and the day
 * totals (average depth; by brand, which the totals do not key, a sum over the period's promo spans) instead
 * of the spans (docs/promo-analysis.md "How it is computed"). Weekly rows ('w') carry changes, not counts: per
 * network and week, products whose presence starts (+) or ends (−) that week; the service sums them week by
 * week, so a product priced all year is two rows instead of 53.
 */
function figuresSql(groupBy: PromoGroup, shops: number[] | null, start: string, end: string, lang: Language | null = null): SQL {
  const byNetwork = groupBy === 'network';
  const s = sql`${start}::date`;
  const e = sql`${end}::date`;
  const runsIn = sql`price_pair_runs r JOIN shops sh ON sh.id = r.shop_id
                     WHERE ${shopCondition(sql`r.shop_id`, shops)} AND r.start_day <= ${e} AND r.end_day >= ${s}`;
  // Per network × product first; by section / brand a product counts once across networks.
  const groups = byNetwork
    ? sql`SELECT network_id AS gk, count(*)::int AS products FROM (SELECT DISTINCT network_id, product_id FROM priced) x GROUP BY 1`
    : sql`SELECT ${GROUP_KEY[groupBy]} AS gk, count(*)::int AS products
          FROM (SELECT DISTINCT product_id FROM priced) x JOIN products p ON p.id = x.product_id GROUP BY 1`;
  // Per network × product first (hash aggregates: count(DISTINCT) sorted the year's promos), then per group; by
  // section / brand per product across networks.
  const figures = sql`max(max_depth)::float8 AS max_depth, sum(started)::int AS promo_count, (sum(days) / sum(n))::float8 AS avg_duration`;
  const promoGroups = byNetwork
    ? sql`SELECT network_id AS gk, count(*)::int AS promo_products, ${figures} FROM promo_products GROUP BY 1`
    : sql`SELECT ${GROUP_KEY[groupBy]} AS gk, count(*)::int AS promo_products, ${figures}
          FROM (SELECT product_id, max(max_depth) AS max_depth, sum(started) AS started, sum(days) AS days, sum(n) AS n
                FROM promo_products GROUP BY product_id) x
          JOIN products p ON p.id = x.product_id
          GROUP BY 1`;
  const depth = {
    network: sql`SELECT sh.network_id AS gk, (sum(t.depth_sum) / nullif(sum(t.promo), 0))::float8 AS avg_depth
                 FROM price_day_totals t JOIN shops sh ON sh.id = t.shop_id
                 WHERE t.day BETWEEN ${s} AND ${e} AND ${shopCondition(sql`t.shop_id`, shops)}
                 GROUP BY 1`,
    section: sql`SELECT t.section_id AS gk, (sum(t.depth_sum) / nullif(sum(t.promo), 0))::float8 AS avg_depth
                 FROM price_day_totals t
                 WHERE t.day BETWEEN ${s} AND ${e} AND ${shopCondition(sql`t.shop_id`, shops)}
                 GROUP BY 1`,
    brand: sql`SELECT coalesce(p.brand_id, 0) AS gk,
                      (sum((ps.regular - ps.promo)::float8 / nullif(ps.regular, 0) * 100 * d.days) / sum(d.days))::float8 AS avg_depth
               FROM price_spans ps JOIN products p ON p.id = ps.product_id
               CROSS JOIN LATERAL (SELECT least(ps.end_day, ${e}) - greatest(ps.start_day, ${s}) + 1 AS days) d
               WHERE ps.promo IS NOT NULL AND ${shopCondition(sql`ps.shop_id`, shops)}
                 AND ps.start_day <= ${e} AND ps.end_day >= ${s}
               GROUP BY 1`,
  }[groupBy];
  return sql`WITH priced AS (
              -- The priced runs of a product in a network's shops starting on one day, as one stretch clipped to the period.
              SELECT sh.network_id, r.product_id, greatest(r.start_day, ${s}) AS first_day, max(least(r.end_day, ${e})) AS last_day
              FROM ${runsIn} AND NOT r.promo
              GROUP BY 1, 2, 3
            ),
            -- A promo: the promo runs of a product in one network starting on the same day, its length the longest
            -- of them in the period. Runs started before the period count as starting on start − 1: their real
            -- start is not compared, so a chain-wide promo split into spans differently in two shops is one
            -- promo (docs/promo-analysis.md).
            promos AS (
              SELECT sh.network_id, r.product_id, greatest(r.start_day, ${s} - 1) AS first_day, max(least(r.end_day, ${e})) AS last_day,
                     max(r.max_depth) AS max_depth
              FROM ${runsIn} AND r.promo
              GROUP BY 1, 2, 3
            ),
            promo_products AS (
              SELECT network_id, product_id, max(max_depth) AS max_depth, count(*) FILTER (WHERE first_day >= ${s}) AS started,
                     sum(last_day - greatest(first_day, ${s}) + 1)::float8 AS days, count(*) AS n
              FROM promos GROUP BY 1, 2
            ),
            g AS (${groups}),
            pg AS (${promoGroups}),
            d AS (${depth}),
            -- Weeks (Mondays) of each stretch inside the period; per network × product the union of its ranges, as
            -- the part of each range past the ranges before it (sorted by first week).
            wr AS (
              SELECT network_id, product_id, false AS promo, date_trunc('week', first_day)::date AS wa, date_trunc('week', last_day)::date AS wb
              FROM priced
              UNION ALL
              SELECT network_id, product_id, true, date_trunc('week', greatest(first_day, ${s}))::date, date_trunc('week', last_day)::date
              FROM promos
            ),
            sw AS (
              SELECT network_id, promo, wa, wb,
                     max(wb) OVER (PARTITION BY network_id, product_id, promo ORDER BY wa ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev
              FROM wr
            ),
            ev AS (
              SELECT network_id, promo, CASE WHEN prev >= wa THEN prev + 7 ELSE wa END AS week, 1 AS delta
              FROM sw WHERE prev IS NULL OR wb > prev
              UNION ALL
              SELECT network_id, promo, wb + 7, -1 FROM sw WHERE prev IS NULL OR wb > prev
            )
            SELECT 'g' AS kind, g.gk, ${groupLabel(groupBy, lang)} AS label, NULL::text AS week, g.products,
                   coalesce(pg.promo_products, 0) AS promo_products, d.avg_depth, pg.max_depth, coalesce(pg.promo_count, 0) AS promo_count,
                   pg.avg_duration
            FROM g LEFT JOIN pg ON pg.gk = g.gk LEFT JOIN d ON d.gk = g.gk
            UNION ALL
            SELECT 'w', network_id, NULL, week::text, coalesce(sum(delta) FILTER (WHERE NOT promo), 0)::int,
                   coalesce(sum(delta) FILTER (WHERE promo), 0)::int, NULL, NULL, 0, NULL
            FROM ev WHERE week <= ${e} GROUP BY network_id, week`;
}

export function createPromoQueries(db: Db) {
  return {
    /**
     * Per group: products priced in the period, products on promo, day-weighted average and largest
     * depth, promos (runs of adjacent promo spans of a product in a shop; the same product's runs in
     * one network starting on the same day are one promo) started in the period and their average
     * length clipped to the period. Per network and week (Monday): changes in the products priced that
     * week and in the products on promo on at least one day of it (summed by the service).
     */
    figures(groupBy: PromoGroup, shops: number[] | null, start: string, end: string, lang: Language | null = null) {
      // A year of runs puts the estimated cost past the JIT threshold (PostgreSQL compiled for seconds), and
      // the weekly sort and the hash aggregates want more than the default 4 MB work_mem. Both settings last for
      // this transaction only.
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
