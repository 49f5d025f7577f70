/**
 * Price SQL over current_prices (one row per product × shop) and price_spans (change points). Days
 * travel as 'YYYY-MM-DD' text; money as integer minor units. A span's days inside a period
 * [start, end] are least(end_day, end) − greatest(start_day, start) + 1.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { shopCondition } from '../../core/shop-visibility';

export type CurrentRow = {
  product_id: number;
  shop_id: number;
  start_day: string;
  last_seen: string;
  regular: number;
  promo: number | null;
  in_stock: boolean;
  source: number;
};

export type SpanRow = {
  shop_id: number;
  start_day: string;
  end_day: string;
  regular: number;
  promo: number | null;
  in_stock: boolean;
  source: number;
};

/** Day-weighted figures of one product in one shop over a period. */
export type PairStatsRow = {
  product_id: number;
  shop_id: number;
  min: number;
  max: number;
  /** Σ price × days. */
  price_days: number;
  days: number;
  promo_days: number;
};

/**
 * A day of the price index: a shop's ('s') or a network's ('n'). `avg` is rounded to whole minor units and `index`
 * (against the base network) to 0.1 in SQL, on exact numerics: a float's error must not move a figure ending in .5.
 * `networkIndex`: the network's index over the whole period (Σ over its days of the index sums). `compared`: the
 * products both the network and the base priced that day (null on shop rows).
 */
export type DailyRow = {
  kind: 's' | 'n';
  id: number;
  day: string;
  min: number | null;
  avg: number;
  max: number | null;
  products: number;
  index: number | null;
  network_index: number | null;
  compared: number | null;
};

const spansIn = (start: string, end: string) => sql`ps.start_day <= ${end}::date AND ps.end_day >= ${start}::date`;
/** Products of an analytics call: the ids given, of the sections, of the brands (none: every product). */
export type ProductFilter = { products?: number[]; sections?: number[]; brands?: number[] };

/** `<alias>.product_id` of the filter's products (`ps`: spans, `r`: pair runs). */
function productCondition(f: ProductFilter, alias: 'ps' | 'r' | 'w' = 'ps'): SQL {
  const col = sql.raw(`${alias}.product_id`);
  const conds: SQL[] = [];
  if (f.products?.length) conds.push(sql`${col} = ANY(${sql.param(f.products)}::int[])`);
  if (f.sections?.length || f.brands?.length) {
    const p: SQL[] = [];
    if (f.sections?.length) p.push(sql`p.section_id = ANY(${sql.param(f.sections)}::int[])`);
    if (f.brands?.length) p.push(sql`p.brand_id = ANY(${sql.param(f.brands)}::int[])`);
    conds.push(sql`${col} IN (SELECT p.id FROM products p WHERE ${sql.join(p, sql` AND `)})`);
  }
  return conds.length ? sql.join(conds, sql` AND `) : sql`true`;
}

/** `p` (products) is one of the filter's. */
function productFilterConditions(f: ProductFilter): SQL[] {
  const conds: SQL[] = [];
  if (f.products?.length) conds.push(sql`p.id = ANY(${sql.param(f.products)}::int[])`);
  if (f.sections?.length) conds.push(sql`p.section_id = ANY(${sql.param(f.sections)}::int[])`);
  if (f.brands?.length) conds.push(sql`p.brand_id = ANY(${sql.param(f.brands)}::int[])`);
  return conds;
}

/** `p` (products) is of the filter and priced in the shops on a day of [start, end] (a priced pair run overlaps it). */
function selectionCondition(f: ProductFilter, shops: number[] | null, start: string, end: string): SQL {
  // By the runs' primary key (product first): one probe per product, and a page by id stops after its rows.
  const priced = sql`EXISTS (SELECT 1 FROM price_pair_runs r WHERE r.product_id = p.id AND NOT r.promo AND ${shopCondition(sql`r.shop_id`, shops)}
                       AND r.start_day <= ${end}::date AND r.end_day >= ${start}::date)`;
  return sql.join([...productFilterConditions(f), priced], sql` AND `);
}

const daysIn = (start: string, end: string) => sql`(least(ps.end_day, ${end}::date) - greatest(ps.start_day, ${start}::date) + 1)`;

export function createPricesQueries(db: Db) {
  return {
    /** Current prices of one product in the shops (null: all), with the offer's URL. */
    current(productId: number, shops: number[] | null) {
      return queryRows<CurrentRow & { url: string | null }>(
        db,
        sql`SELECT cp.product_id, cp.shop_id, cp.start_day::text AS start_day, cp.last_seen::text AS last_seen,
                   cp.regular, cp.promo, cp.in_stock, cp.source, o.url
            FROM current_prices cp
            LEFT JOIN offers o ON o.product_id = cp.product_id AND o.shop_id = cp.shop_id
            WHERE cp.product_id = ${productId} AND ${shopCondition(sql`cp.shop_id`, shops)}`,
      );
    },

    /**
     * Offers whose shopper's price changed on `day` (the current span starts that day and its price
     * differs from the span before it), biggest relative change first, with the counts of all such
     * offers up and down (home page, issue 18).
     */
    changedOn(day: string, shops: number[] | null, limit: number) {
      return queryRows<{
        product_id: number;
        product_name: string;
        shop_id: number;
        old_price: number;
        new_price: number;
        total: number;
        up: number;
        down: number;
      }>(
        db,
        sql`WITH c AS (
              SELECT cp.product_id, cp.shop_id, prev.price AS old_price, coalesce(cp.promo, cp.regular) AS new_price
              FROM current_prices cp
              CROSS JOIN LATERAL (
                SELECT coalesce(ps.promo, ps.regular) AS price FROM price_spans ps
                WHERE ps.product_id = cp.product_id AND ps.shop_id = cp.shop_id AND ps.start_day < cp.start_day
                ORDER BY ps.start_day DESC LIMIT 1
              ) prev
              WHERE cp.start_day = ${day}::date AND ${shopCondition(sql`cp.shop_id`, shops)}
                AND prev.price <> coalesce(cp.promo, cp.regular)
            )
            SELECT c.product_id, p.name AS product_name, c.shop_id, c.old_price, c.new_price,
                   count(*) OVER ()::int AS total,
                   count(*) FILTER (WHERE c.new_price > c.old_price) OVER ()::int AS up,
                   count(*) FILTER (WHERE c.new_price < c.old_price) OVER ()::int AS down
            FROM c JOIN products p ON p.id = c.product_id
            ORDER BY abs(c.new_price - c.old_price)::float8 / c.old_price DESC, c.product_id, c.shop_id
            LIMIT ${limit}`,
      );
    },

    /** Spans of one product touching [start, end], per shop oldest first. */
    history(productId: number, shops: number[] | null, start: string, end: string) {
      return queryRows<SpanRow>(
        db,
        sql`SELECT ps.shop_id, ps.start_day::text AS start_day, ps.end_day::text AS end_day, ps.regular, ps.promo,
                   ps.in_stock, ps.source
            FROM price_spans ps
            WHERE ps.product_id = ${productId} AND ${shopCondition(sql`ps.shop_id`, shops)} AND ${spansIn(start, end)}
            ORDER BY ps.shop_id, ps.start_day`,
      );
    },

    /** Current prices of many products (POST /prices/all-prices without a date). */
    currentMany(productIds: number[], shops: number[] | null) {
      return queryRows<CurrentRow>(
        db,
        sql`SELECT cp.product_id, cp.shop_id, cp.start_day::text AS start_day, cp.last_seen::text AS last_seen,
                   cp.regular, cp.promo, cp.in_stock, cp.source
            FROM current_prices cp
            WHERE cp.product_id = ANY(${sql.param(productIds)}::int[]) AND ${shopCondition(sql`cp.shop_id`, shops)}
            ORDER BY cp.product_id, cp.shop_id`,
      );
    },

    /** The spans covering one day (POST /prices/all-prices with a date). */
    onDay(productIds: number[], shops: number[] | null, day: string) {
      return queryRows<CurrentRow>(
        db,
        sql`SELECT ps.product_id, ps.shop_id, ps.start_day::text AS start_day, ps.end_day::text AS last_seen,
                   ps.regular, ps.promo, ps.in_stock, ps.source
            FROM price_spans ps
            WHERE ps.product_id = ANY(${sql.param(productIds)}::int[]) AND ${shopCondition(sql`ps.shop_id`, shops)}
              AND ${spansIn(day, day)}
            ORDER BY ps.product_id, ps.shop_id`,
      );
    },

    /**
     * Products of an analytics call, a page by id: the given ids, or those of the sections/brands (none:
     * every product), priced in the shops on a day of the period (a priced run of price_pair_runs overlaps
     * it: the runs are the spans' days, kept with them). `limit` + 1 asked tells a caller who samples that
     * there were more.
     */
    async analyticsProducts(f: ProductFilter, shops: number[] | null, start: string, end: string, limit: number, skip = 0): Promise<number[]> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`SELECT p.id FROM products p WHERE ${selectionCondition(f, shops, start, end)} ORDER BY p.id LIMIT ${limit} OFFSET ${skip}`,
      );
      return rows.map((r) => r.id);
    },

    /**
     * How many products analyticsProducts pages through. When the shops are whole networks (every shop: all),
     * the network runs (price_network_runs, a row per network × product × start day) say which products were
     * priced — a hash of ~100k rows on the bench catalogue instead of 100k probes of the pair runs (0.36–0.54 s
     * against 1.27 s on PostgreSQL at load 21).
     */
    async analyticsProductCount(f: ProductFilter, shops: number[] | null, start: string, end: string): Promise<number> {
      const networks = await wholeNetworks(db, shops);
      const where =
        networks === undefined
          ? selectionCondition(f, shops, start, end)
          : sql.join(
              [
                ...productFilterConditions(f),
                sql`p.id IN (SELECT w.product_id FROM price_network_runs w
                             WHERE NOT w.promo AND ${networks === null ? sql`true` : sql`w.network_id = ANY(${sql.param(networks)}::int[])`}
                               AND w.start_day <= ${end}::date AND w.end_day >= ${start}::date)`,
              ],
              sql` AND `,
            );
      const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM products p WHERE ${where}`);
      return Number(row?.n ?? 0);
    },

    /** Day-weighted min/max/sum per product × shop over the period. */
    pairStats(productIds: number[], shops: number[] | null, start: string, end: string) {
      return queryRows<PairStatsRow>(
        db,
        sql`SELECT ps.product_id, ps.shop_id,
                   min(coalesce(ps.promo, ps.regular)) AS min, max(coalesce(ps.promo, ps.regular)) AS max,
                   sum(coalesce(ps.promo, ps.regular)::bigint * ${daysIn(start, end)})::float8 AS price_days,
                   sum(${daysIn(start, end)})::int AS days,
                   coalesce(sum(${daysIn(start, end)}) FILTER (WHERE ps.promo IS NOT NULL), 0)::int AS promo_days
            FROM price_spans ps
            WHERE ps.product_id = ANY(${sql.param(productIds)}::int[]) AND ${shopCondition(sql`ps.shop_id`, shops)}
              AND ${spansIn(start, end)}
            GROUP BY ps.product_id, ps.shop_id`,
      );
    },

    /**
     * Day by day over spans (the price index when the kept rows cannot answer: products or brands chosen, part of a
     * network): per shop (kind 's') min/avg/max over the products priced that day; per network (kind 'n') min/avg/max
     * of the products' network averages, and the sums of network and base averages over the products both priced
     * (for the index). Every product of the filter, no sample. The shop rows only `withShops` (the caller named shops).
     */
    daily(f: ProductFilter, shops: number[] | null, start: string, end: string, baseNetworkId: number | null, withShops: boolean) {
      return withoutJit(db, (tx) =>
        queryRows<DailyRow>(
          tx,
          sql`WITH d AS MATERIALIZED (
                SELECT ps.product_id, ps.shop_id, sh.network_id, g.day::date AS day, coalesce(ps.promo, ps.regular) AS price
                FROM price_spans ps
                JOIN shops sh ON sh.id = ps.shop_id
                CROSS JOIN LATERAL generate_series(greatest(ps.start_day, ${start}::date), least(ps.end_day, ${end}::date), interval '1 day') AS g(day)
                WHERE ${productCondition(f)} AND ${shopCondition(sql`ps.shop_id`, shops)} AND ${spansIn(start, end)}
              ),
              -- A product's network average, to 6 decimals of a minor unit (as the kept rows, 0021).
              np AS (
                SELECT network_id, product_id, day, round(avg(price), 6) AS p, min(price) AS mn, max(price) AS mx
                FROM d GROUP BY network_id, product_id, day
              ),
              base AS (SELECT product_id, day, p FROM np WHERE network_id = ${baseNetworkId ?? -1}),
              nd AS (
                SELECT np.network_id, np.day, min(np.mn) AS mn, max(np.mx) AS mx, sum(np.p) AS psum, count(*) AS n,
                       sum(np.p) FILTER (WHERE base.p IS NOT NULL) AS num, sum(base.p) AS den, count(base.p) AS cmp
                FROM np LEFT JOIN base ON base.product_id = np.product_id AND base.day = np.day
                GROUP BY np.network_id, np.day
              )
              ${
                withShops
                  ? sql`SELECT 's' AS kind, shop_id AS id, day::text AS day, min(price)::float8 AS min, round(avg(price))::float8 AS avg,
                               max(price)::float8 AS max, count(*)::int AS products, NULL::float8 AS index, NULL::float8 AS network_index,
                               NULL::int AS compared
                        FROM d GROUP BY shop_id, day
                        UNION ALL`
                  : sql``
              }
              ${networkDays(sql`SELECT network_id, day, mn, mx, psum, n, num, den, cmp FROM nd`)}`,
        ),
      );
    },

    /**
     * The same figures from the kept rows (migration 0021, docs/analytics.md "Price index") when the shops are whole
     * networks (`networks`, null: all) and only sections narrow the products: per network its products and Σ of their
     * averages, against the base network (when it is one of them) the index sums and the products compared, and its
     * min/max (its shops' lowest minimum and highest maximum, folded here). Per shop the day totals and min/max only
     * `withShops` (the caller named shops): over a whole catalogue that series is ~100k points nobody draws.
     */
    dailyKept(networks: number[] | null, sections: number[] | undefined, start: string, end: string, baseNetworkId: number | null, withShops: boolean) {
      const bySection = (alias: string) => (sections?.length ? sql`AND ${sql.raw(alias)}.section_id = ANY(${sql.param(sections)}::int[])` : sql``);
      const inNetworks = (col: SQL) => (networks === null ? sql`true` : sql`${col} = ANY(${sql.param(networks)}::int[])`);
      const period = (alias: string) => sql`${sql.raw(alias)}.day BETWEEN ${start}::date AND ${end}::date`;
      return withoutJit(db, async (tx) => {
        const inShops = sql`t.shop_id IN (SELECT sh.id FROM shops sh WHERE ${inNetworks(sql`sh.network_id`)})`;
        // All sections: a row per shop × day (price_shop_days); some: their day totals and min/max rows.
        const shopDays = sections?.length
          ? sql`SELECT t.shop_id, t.day, min(e.min_price) AS min_price, sum(t.price_sum) AS price_sum, max(e.max_price) AS max_price,
                       sum(t.priced) AS priced
                FROM price_day_totals t
                JOIN price_day_extremes e ON e.day = t.day AND e.shop_id = t.shop_id AND e.section_id = t.section_id
                WHERE ${period('t')} AND t.priced > 0 ${bySection('t')} AND ${inShops}
                GROUP BY t.shop_id, t.day`
          : sql`SELECT t.shop_id, t.day, t.min_price, t.price_sum, t.max_price, t.priced FROM price_shop_days t
                WHERE ${period('t')} AND ${inShops}`;
        const shopRows = withShops
          ? await queryRows<DailyRow>(
              tx,
              sql`SELECT 's' AS kind, s.shop_id AS id, s.day::text AS day, s.min_price::float8 AS min,
                         round(s.price_sum::numeric / s.priced)::float8 AS avg, s.max_price::float8 AS max, s.priced::int AS products,
                         NULL::float8 AS index, NULL::float8 AS network_index, NULL::int AS compared
                  FROM (${shopDays}) s`,
            )
          : [];
        // The base network's own index sums are its average sums (num = den); the others' come from the pair rows.
        const pairs =
          baseNetworkId === null
            ? sql`SELECT NULL::int AS network_id, NULL::date AS day, NULL::numeric AS num, NULL::numeric AS den, NULL::bigint AS cmp WHERE false`
            : sql`SELECT x.network_id, x.day, sum(x.num) AS num, sum(x.den) AS den, sum(x.products) AS cmp FROM price_network_pair_days x
                  WHERE x.base_network_id = ${baseNetworkId} AND ${period('x')} ${bySection('x')} GROUP BY 1, 2`;
        // Without shop rows, the networks' min/max are folded from the same shop days in SQL.
        const extremes = withShops
          ? sql`SELECT NULL::int AS network_id, NULL::date AS day, NULL::int AS mn, NULL::int AS mx WHERE false`
          : sql`SELECT sh.network_id, s.day, min(s.min_price) AS mn, max(s.max_price) AS mx
                FROM (${shopDays}) s JOIN shops sh ON sh.id = s.shop_id GROUP BY 1, 2`;
        const networkRows = await queryRows<DailyRow>(
          tx,
          networkDays(sql`
            SELECT w.network_id, w.day, x.mn, x.mx, w.psum, w.n,
                   CASE WHEN w.network_id = ${baseNetworkId ?? -1} THEN w.psum ELSE pr.num END AS num,
                   CASE WHEN w.network_id = ${baseNetworkId ?? -1} THEN w.psum ELSE pr.den END AS den,
                   CASE WHEN w.network_id = ${baseNetworkId ?? -1} THEN w.n ELSE coalesce(pr.cmp, 0) END AS cmp
            FROM (SELECT w.network_id, w.day, sum(w.avg_sum) AS psum, sum(w.products) AS n FROM price_network_days w
                  WHERE ${period('w')} AND ${inNetworks(sql`w.network_id`)} ${bySection('w')}
                  GROUP BY 1, 2 HAVING sum(w.products) > 0) w
            LEFT JOIN (${pairs}) pr ON pr.network_id = w.network_id AND pr.day = w.day
            LEFT JOIN (${extremes}) x ON x.network_id = w.network_id AND x.day = w.day`),
        );
        return { shopRows, networkRows };
      });
    },

    /** The networks whose shops are exactly these (null: every network), or undefined when a network is only partly chosen. */
    wholeNetworks(shops: number[] | null) {
      return wholeNetworks(db, shops);
    },

    /**
     * Additive promo figures per network from the per day × shop × section totals (price_day_totals):
     * observed and promo product-days, Σ depth × days and promo runs starting in the period, over every
     * product of the sections (all without `sections`).
     */
    discountTotals(shops: number[] | null, sections: number[] | undefined, start: string, end: string) {
      return withoutJit(db, (tx) => discountTotalRows(tx, shops, sections, start, end));
    },

    /**
     * Promo figures per network over every matching product (no sample), from the network runs
     * (price_network_runs; the pair runs when the shops are part of a network): distinct products and products
     * on promo, the largest depth of the promos running in the period, promo runs (adjacent promo spans of a
     * product in a shop) starting in the period with their average length. With `additive`, also the figures
     * discountTotals gives, summed over the spans (for filters the totals do not key: products, brands).
     */
    discounts(f: ProductFilter, shops: number[] | null, start: string, end: string, additive: boolean) {
      return withoutJit(db, async (tx) => discountRows(tx, f, shops, await wholeNetworks(tx, shops), start, end, additive));
    },
  };
}

/**
 * Network rows of the price index from per network × day sums (`nd`: network_id, day, mn, mx, psum — Σ the products'
 * network averages —, n products, num/den the index sums, cmp the products both it and the base priced): the average and index rounded on exact numerics.
 */
function networkDays(nd: SQL): SQL {
  return sql`SELECT 'n' AS kind, nd.network_id AS id, nd.day::text AS day, nd.mn::float8 AS min, round(nd.psum / nd.n)::float8 AS avg,
                    nd.mx::float8 AS max, nd.n::int AS products, round(nd.num * 100 / nullif(nd.den, 0), 1)::float8 AS index,
                    round(sum(nd.num) OVER w * 100 / nullif(sum(nd.den) OVER w, 0), 1)::float8 AS network_index,
                    coalesce(nd.cmp, 0)::int AS compared
             FROM (${nd}) nd
             WINDOW w AS (PARTITION BY nd.network_id)`;
}

/**
 * The networks whose shops are exactly the given ones (null: every network), or undefined when some network is
 * only partly chosen: the network runs then cannot answer and the pair runs do.
 */
async function wholeNetworks(db: Db, shops: number[] | null): Promise<number[] | null | undefined> {
  if (shops === null) return null;
  const rows = await queryRows<{ network_id: number; whole: boolean }>(
    db,
    sql`SELECT network_id, bool_and(id = ANY(${sql.param(shops)}::int[])) AS whole FROM shops
        GROUP BY network_id HAVING bool_or(id = ANY(${sql.param(shops)}::int[]))`,
  );
  return rows.every((r) => r.whole) ? rows.map((r) => Number(r.network_id)) : undefined;
}

function discountRows(db: Db, f: ProductFilter, shops: number[] | null, networks: number[] | null | undefined, start: string, end: string, additive: boolean) {
  const s = sql`${start}::date`;
  const e = sql`${end}::date`;
  // Per network × product rows (docs/analytics.md "Network runs"): the first row of a network × product in the
  // period (no earlier row reaches into it) counts the product, so no grouping per product; promo rows carry
  // their shops' run count and days for the runs starting in the period.
  const fromNetworkRuns = sql`
    SELECT w.network_id, count(*) FILTER (WHERE NOT w.promo AND (w.prev_end IS NULL OR w.prev_end < ${s}))::int AS products,
           count(*) FILTER (WHERE w.promo AND (w.prev_end IS NULL OR w.prev_end < ${s}))::int AS products_on_promo,
           max(w.max_depth) AS max_depth,
           coalesce(sum(w.runs) FILTER (WHERE w.promo AND w.start_day >= ${s}), 0)::int AS promo_starts,
           (sum(w.run_days) FILTER (WHERE w.promo AND w.start_day >= ${s})::float8
              / nullif(sum(w.runs) FILTER (WHERE w.promo AND w.start_day >= ${s}), 0))::float8 AS avg_duration
    FROM price_network_runs w
    WHERE ${networks ? sql`w.network_id = ANY(${sql.param(networks)}::int[])` : sql`TRUE`} AND ${productCondition(f, 'w')}
      AND w.start_day <= ${e} AND w.end_day >= ${s}
    GROUP BY w.network_id`;
  // Grouped by network x product first (a hash aggregate), then counted: count(DISTINCT) per network sorted a
  // year of rows. The runs starting in the period are counted in the same pass.
  const fromPairRuns = sql`
    SELECT network_id, count(*)::int AS products, count(*) FILTER (WHERE on_promo)::int AS products_on_promo,
           max(max_depth) AS max_depth, coalesce(sum(starts), 0)::int AS promo_starts,
           (sum(start_days) / nullif(sum(starts), 0))::float8 AS avg_duration
    FROM (
      SELECT sh.network_id, r.product_id, bool_or(r.promo) AS on_promo, max(r.max_depth) AS max_depth,
             count(*) FILTER (WHERE r.promo AND r.start_day >= ${s}) AS starts,
             sum(r.end_day - r.start_day + 1) FILTER (WHERE r.promo AND r.start_day >= ${s}) AS start_days
      FROM price_pair_runs r JOIN shops sh ON sh.id = r.shop_id
      WHERE ${productCondition(f, 'r')} AND ${shopCondition(sql`r.shop_id`, shops)} AND r.start_day <= ${e} AND r.end_day >= ${s}
      GROUP BY sh.network_id, r.product_id
    ) per_product
    GROUP BY network_id`;
  return queryRows<{
    network_id: number;
    products: number;
    products_on_promo: number;
    product_days: number | null;
    promo_days: number | null;
    depth_days: number | null;
    max_depth: number | null;
    promo_starts: number;
    avg_duration: number | null;
  }>(
    db,
    sql`WITH per_network AS (${networks === undefined ? fromPairRuns : fromNetworkRuns}),
            sums AS (
              ${
                additive
                  ? sql`SELECT sh.network_id, sum(${daysIn(start, end)})::float8 AS product_days,
                               coalesce(sum(${daysIn(start, end)}) FILTER (WHERE ps.promo IS NOT NULL), 0)::float8 AS promo_days,
                               sum((ps.regular - ps.promo)::float8 / ps.regular * 100 * ${daysIn(start, end)}) FILTER (WHERE ps.promo IS NOT NULL) AS depth_days
                        FROM price_spans ps JOIN shops sh ON sh.id = ps.shop_id
                        WHERE ${productCondition(f)} AND ${shopCondition(sql`ps.shop_id`, shops)} AND ${spansIn(start, end)}
                        GROUP BY sh.network_id`
                  : sql`SELECT NULL::int AS network_id, NULL::float8 AS product_days, NULL::float8 AS promo_days, NULL::float8 AS depth_days WHERE false`
              }
            )
            SELECT pn.*, su.product_days, su.promo_days, su.depth_days
            FROM per_network pn LEFT JOIN sums su ON su.network_id = pn.network_id`,
  );
}

function discountTotalRows(db: Db, shops: number[] | null, sections: number[] | undefined, start: string, end: string) {
  return queryRows<{ network_id: number; product_days: number; promo_days: number; depth_days: number; promo_starts: number }>(
    db,
    // Summed per shop first, then per network: a join per day-total row took half of the time on PGlite.
    sql`SELECT sh.network_id, sum(t.priced)::float8 AS product_days, sum(t.promo)::float8 AS promo_days,
                   sum(t.depth_sum)::float8 AS depth_days, sum(t.promo_starts)::float8 AS promo_starts
            FROM (SELECT t.shop_id, sum(t.priced) AS priced, sum(t.promo) AS promo, sum(t.depth_sum) AS depth_sum,
                         sum(t.promo_starts) AS promo_starts
                  FROM price_day_totals t
                  WHERE t.day BETWEEN ${start}::date AND ${end}::date AND ${shopCondition(sql`t.shop_id`, shops)}
                    ${sections?.length ? sql`AND t.section_id = ANY(${sql.param(sections)}::int[])` : sql``}
                  GROUP BY 1) t
            JOIN shops sh ON sh.id = t.shop_id
            GROUP BY sh.network_id
            HAVING sum(t.priced) > 0`,
  );
}

/**
 * As promo analysis (src/areas/promo/queries.ts): no JIT (the planner's guessed cost of a year of rows made
 * PostgreSQL compile for ~3 s) and room for the sorts, for this transaction only.
 */
function withoutJit<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    return run(tx);
  });
}

export type PricesQueries = ReturnType<typeof createPricesQueries>;
