/**
 * Promo analysis SQL (docs/promo-analysis.md): two set-based statements over the whole catalogue —
 * the groups and the weekly trend from the network runs and day totals in one (docs/analytics.md), the
 * leaflets' mechanics in the other. Days
 * travel as 'YYYY-MM-DD' text; money stays in minor units (depth is a ratio, so currencies mix safely).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Language, PromoGroup } from '@pricewatch/shared/contract';
import { queryRows, type Db } from '../../db/client';
import { shopCondition } from '../../core/shop-visibility';
import { translated } from '../../core/translations';

/** Every figure is cast in SQL (::int, ::float8, week ::text), so both drivers answer numbers and text. */
type PromoFigureRow = {
  kind: 'g' | 'w';
  /** Group id (network, brand or section id; 0 = no brand / section) or, for 'w', the network id. */
  gk: number;
  label: string | null;
  /** 'w': the week's Monday, 'YYYY-MM-DD'. */
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

/** The group of a network run: its network, or its product's brand / section (0 when it has none). */
const GROUP_KEY: Record<PromoGroup, SQL> = {
  network: sql`w.network_id`,
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

/** The Monday of a day's week, in day arithmetic (date_trunc goes through a timestamp per row); 2000-01-03 was a Monday. */
const monday = (day: SQL) => sql`(${day} - ((${day} - DATE '2000-01-03') % 7 + 7) % 7)`;

/**
 * The statement of figures(): from the network runs (products, products on promo, promos, lengths, largest depth,
 * weeks), the network day totals (average depth by network and section) and, by brand, which the totals do not key, the
 * period's promo spans (docs/promo-analysis.md "How it is computed"). A network run is the pair runs of a product in
 * one network's shops starting on one day: a promo row is one promo, a priced row one stretch. Each row carries the
 * latest end of the group's earlier rows (prev_end), so the first row of a network × product in the period, and the
 * weeks a row adds to the ones before it, are known row by row: no grouping or sorting of a year of rows. Weekly
 * rows ('w') carry changes, not counts: per network and week, products whose presence starts (+) or ends (−) that
 * week; the service sums them week by week, so a product priced all year is two rows instead of 53. By network the
 * groups and the weeks come from one pass over the rows (`c` below).
 */
function figuresSql(groupBy: PromoGroup, shops: number[] | null, networks: number[] | null, start: string, end: string, lang: Language | null = null): SQL {
  const byNetwork = groupBy === 'network';
  const s = sql`${start}::date`;
  const e = sql`${end}::date`;
  const netCond = networks === null ? sql`TRUE` : sql`w.network_id = ANY(${sql.param(networks)}::int[])`;
  const runsIn = sql`price_network_runs w WHERE ${netCond} AND w.start_day <= ${e} AND w.end_day >= ${s}`;
  // The row that opens its network × product's presence in the period: no earlier row reaches into it.
  const first = sql`(w.prev_end IS NULL OR w.prev_end < ${s})`;
  const days = sql`(least(w.end_day, ${e}) - greatest(w.start_day, ${s}) + 1)`;
  // Products and the promos' additive figures (largest depth, promos starting in the period and their days in it):
  // per network from the weekly pass `c`; by section / brand a product counts once across networks.
  const groups = byNetwork
    ? sql`SELECT c.network_id AS gk, sum(c.firsts) FILTER (WHERE NOT c.promo)::int AS products,
                 sum(c.firsts) FILTER (WHERE c.promo)::int AS promo_products, max(c.max_depth) AS max_depth,
                 sum(c.started) FILTER (WHERE c.promo) AS started, sum(c.started_days) FILTER (WHERE c.promo) AS started_days
          FROM c GROUP BY 1`
    : groupBy === 'section' && networks === null
      ? // Every network: a section's distinct products are the product runs (0024) opening a product's presence in the
        // period, counted without a per-product pass; the promos' additive figures from the network runs' promo rows
        // joined to their products' sections (a parallel hash join, no grouping per product).
        sql`SELECT r.gk, r.products, r.promo_products, f.max_depth, f.started, f.started_days
            FROM (SELECT u.section_id AS gk, count(*) FILTER (WHERE NOT u.promo)::int AS products,
                         count(*) FILTER (WHERE u.promo)::int AS promo_products
                  FROM price_product_runs u
                  WHERE u.start_day <= ${e} AND u.end_day >= ${s} AND (u.prev_end IS NULL OR u.prev_end < ${s})
                  GROUP BY 1) r
            LEFT JOIN (SELECT coalesce(p.section_id, 0) AS gk, max(w.max_depth) AS max_depth,
                              count(*) FILTER (WHERE w.start_day >= ${s}) AS started,
                              sum(${days}) FILTER (WHERE w.start_day >= ${s}) AS started_days
                       FROM price_network_runs w JOIN products p ON p.id = w.product_id
                       WHERE w.promo AND w.start_day <= ${e} AND w.end_day >= ${s}
                       GROUP BY 1) f ON f.gk = r.gk`
      : // One pass, one row per product (a product counts once across networks; a hash over 100k products): whether it
        // was priced and on promo in the period, and its promos' figures, then per group. A network filter (or a
        // network user's view) and brands: the product runs are over every shop and keyed by section.
        sql`SELECT ${GROUP_KEY[groupBy]} AS gk, count(*) FILTER (WHERE x.priced)::int AS products,
                 count(*) FILTER (WHERE x.on_promo)::int AS promo_products, max(x.max_depth) AS max_depth,
                 sum(x.started) AS started, sum(x.started_days) AS started_days
          FROM (SELECT w.product_id, bool_or(NOT w.promo AND ${first}) AS priced, bool_or(w.promo AND ${first}) AS on_promo,
                       max(w.max_depth) AS max_depth, count(*) FILTER (WHERE w.promo AND w.start_day >= ${s}) AS started,
                       sum(${days}) FILTER (WHERE w.promo AND w.start_day >= ${s}) AS started_days
                FROM ${runsIn} GROUP BY 1) x
          JOIN products p ON p.id = x.product_id
          GROUP BY 1`;
  const promoGroups = sql`SELECT g.gk, g.max_depth, g.started, g.started_days FROM g`;
  // Promos started before the period: one per network × product (their real starts are not compared, so a
  // chain-wide promo split differently in two shops is one), its length the longest one's days in the period.
  const before = sql`SELECT ${byNetwork ? sql`x.network_id` : GROUP_KEY[groupBy]} AS gk, count(*) AS n, sum(x.last_day - ${s} + 1) AS days
                     FROM (SELECT w.network_id, w.product_id, max(least(w.end_day, ${e})) AS last_day
                           FROM ${runsIn} AND w.promo AND w.start_day < ${s} GROUP BY 1, 2) x
                     ${byNetwork ? sql`` : sql`JOIN products p ON p.id = x.product_id`}
                     GROUP BY 1`;
  // The network day totals (0022): the day totals summed per network × section × day at commit, ~10× fewer rows
  // than per shop (a year of them was a third of the statement by section). Visibility is by whole networks, so the
  // network filter selects the same shops as the shop filter.
  const totalsIn = sql`price_network_day_totals t WHERE t.day BETWEEN ${s} AND ${e}
                       AND ${networks === null ? sql`TRUE` : sql`t.network_id = ANY(${sql.param(networks)}::int[])`}`;
  const depth = {
    network: sql`SELECT t.network_id AS gk, (sum(t.depth_sum) / nullif(sum(t.promo), 0))::float8 AS avg_depth FROM ${totalsIn} GROUP BY 1`,
    section: sql`SELECT t.section_id AS gk, (sum(t.depth_sum) / nullif(sum(t.promo), 0))::float8 AS avg_depth FROM ${totalsIn} GROUP BY 1`,
    brand: sql`SELECT coalesce(p.brand_id, 0) AS gk,
                      (sum((ps.regular - ps.promo)::float8 / nullif(ps.regular, 0) * 100 * d.days) / sum(d.days))::float8 AS avg_depth
               FROM price_spans ps JOIN products p ON p.id = ps.product_id
               CROSS JOIN LATERAL (SELECT least(ps.end_day, ${e}) - greatest(ps.start_day, ${s}) + 1 AS days) d
               WHERE ps.promo IS NOT NULL AND ${shopCondition(sql`ps.shop_id`, shops)}
                 AND ps.start_day <= ${e} AND ps.end_day >= ${s}
               GROUP BY 1`,
  }[groupBy];
  // Week numbers counted from the Monday of the period's first week (m0 ≤ every clipped day, so the division floors).
  const m0 = monday(s);
  const week = (day: SQL) => sql`((${day} - ${m0}) / 7)`;
  // One pass over the period's rows, aggregated per network × promo × (first week added, week after the last): the
  // weekly changes, and by network the groups' figures too. The rows' weeks inside the period; prev_end gives the last
  // week the earlier rows of its network × product reach (rows are ordered by start, so their weeks too): a row adds
  // the weeks past it (none: sw and ew null). Grouped here rather than per event, PostgreSQL aggregates in its parallel
  // workers (a grouping-sets pass over 795k rows could not, and sent every row through the Gather); week numbers
  // instead of Mondays per row.
  const c = sql`SELECT x.network_id, x.promo, CASE WHEN x.prev IS NULL OR x.wb > x.prev THEN greatest(x.wa, x.prev + 1) END AS sw,
                       CASE WHEN x.prev IS NULL OR x.wb > x.prev THEN x.wb + 1 END AS ew, count(*) AS n
                       ${
                         byNetwork
                           ? sql`, count(*) FILTER (WHERE x.first) AS firsts, max(x.max_depth) AS max_depth,
                                 count(*) FILTER (WHERE x.started_in) AS started, sum(x.days) FILTER (WHERE x.started_in) AS started_days`
                           : sql``
                       }
                FROM (SELECT w.network_id, w.promo, ${first} AS first, w.max_depth, w.start_day >= ${s} AS started_in, ${days} AS days,
                             ${week(sql`greatest(w.start_day, ${s})`)} AS wa, ${week(sql`least(w.end_day, ${e})`)} AS wb,
                             CASE WHEN w.prev_end >= ${s} THEN ${week(sql`least(w.prev_end, ${e})`)} END AS prev
                      FROM ${runsIn}) x
                GROUP BY 1, 2, 3, 4`;
  return sql`WITH c AS (${c}),
            g AS (${groups}),
            pg AS (${promoGroups}),
            b AS (${before}),
            d AS (${depth}),
            ev AS (
              SELECT network_id, promo, sw AS week, sum(n) AS delta FROM c WHERE sw IS NOT NULL GROUP BY 1, 2, 3
              UNION ALL
              SELECT network_id, promo, ew, -sum(n) FROM c WHERE sw IS NOT NULL GROUP BY 1, 2, 3
            )
            SELECT 'g' AS kind, g.gk, ${groupLabel(groupBy, lang)} AS label, NULL::text AS week, g.products,
                   g.promo_products, d.avg_depth, pg.max_depth::float8 AS max_depth, coalesce(pg.started, 0)::int AS promo_count,
                   ((coalesce(pg.started_days, 0) + coalesce(b.days, 0))::float8 / nullif(coalesce(pg.started, 0) + coalesce(b.n, 0), 0))::float8
                     AS avg_duration
            FROM g LEFT JOIN pg ON pg.gk = g.gk LEFT JOIN b ON b.gk = g.gk LEFT JOIN d ON d.gk = g.gk
            UNION ALL
            SELECT 'w', network_id, NULL, (${m0} + 7 * week)::text, coalesce(sum(delta) FILTER (WHERE NOT promo), 0)::int,
                   coalesce(sum(delta) FILTER (WHERE promo), 0)::int, NULL, NULL, 0, NULL
            FROM ev WHERE week <= ${week(e)} GROUP BY network_id, week`;
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
    // Raw sql: analytics (one set-based statement over the period's runs and totals).
    figures(groupBy: PromoGroup, shops: number[] | null, networks: number[] | null, start: string, end: string, lang: Language | null = null) {
      // A year of runs puts the estimated cost past the JIT threshold (PostgreSQL compiled for seconds), and
      // the weekly sort and the hash aggregates want more than the default 4 MB work_mem. Both settings last for
      // this transaction only.
      return db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL jit = off`);
        await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
        return queryRows<PromoFigureRow>(tx, figuresSql(groupBy, shops, networks, start, end, lang));
      });
    },

    /** Leaflet prices of leaflets running on at least one day of the period, by mechanics. */
    // Raw sql: analytics (counts and an average per mechanics, cast to int / float8 in SQL).
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
