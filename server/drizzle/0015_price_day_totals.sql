CREATE TABLE "price_day_totals" (
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"priced" integer NOT NULL,
	"promo" integer NOT NULL,
	"price_sum" bigint NOT NULL,
	"depth_sum" double precision NOT NULL,
	"promo_starts" integer NOT NULL,
	CONSTRAINT "price_day_totals_day_shop_id_section_id_pk" PRIMARY KEY("day","shop_id","section_id")
);
--> statement-breakpoint
-- Kept up to date by statement triggers on price_spans (one per event: a trigger with transition tables
-- takes one event), in the transaction that writes the spans, by increments under ON CONFLICT so that
-- concurrent writers of one day x shop x section add up. A span counts on each of its days; a promo span
-- opens a promo run when its pair has no promo span ending the day before (the history only moves forward:
-- src/areas/prices/record.ts). JIT off: the planner guesses 1000 days per generate_series, the guessed cost crosses
-- the JIT threshold and compiling took seconds for a statement that runs in milliseconds.
CREATE FUNCTION price_day_totals_ins() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  WITH parts AS (
    SELECT n.product_id, n.shop_id, n.start_day, n.regular, n.promo, n.start_day AS f, n.end_day AS t, 1 AS sign,
           (n.promo IS NOT NULL AND NOT EXISTS (
             SELECT 1 FROM price_spans pv WHERE pv.product_id = n.product_id AND pv.shop_id = n.shop_id
               AND pv.end_day = n.start_day - 1 AND pv.promo IS NOT NULL)) AS opens
    FROM new_rows n
  )
  INSERT INTO price_day_totals AS t (day, shop_id, section_id, priced, promo, price_sum, depth_sum, promo_starts)
  SELECT g.day::date, x.shop_id, coalesce(p.section_id, 0),
         sum(x.sign),
         coalesce(sum(x.sign) FILTER (WHERE x.promo IS NOT NULL), 0),
         sum(x.sign * coalesce(x.promo, x.regular)::bigint),
         coalesce(sum(x.sign * (x.regular - x.promo)::float8 / nullif(x.regular, 0) * 100) FILTER (WHERE x.promo IS NOT NULL), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.opens AND g.day::date = x.start_day), 0)
  FROM parts x
  LEFT JOIN products p ON p.id = x.product_id
  CROSS JOIN LATERAL generate_series(x.f, x.t, interval '1 day') AS g(day)
  WHERE x.sign <> 0
  GROUP BY 1, 2, 3
  ON CONFLICT (day, shop_id, section_id) DO UPDATE SET
    priced = t.priced + excluded.priced,
    promo = t.promo + excluded.promo,
    price_sum = t.price_sum + excluded.price_sum,
    depth_sum = t.depth_sum + excluded.depth_sum,
    promo_starts = t.promo_starts + excluded.promo_starts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION price_day_totals_upd() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  WITH parts AS (
    -- A span extended (or shortened) at the same figures changes only the days between its two ends.
    SELECT n.product_id, n.shop_id, n.start_day, n.regular, n.promo,
           least(o.end_day, n.end_day) + 1 AS f, greatest(o.end_day, n.end_day) AS t, sign(n.end_day - o.end_day)::int AS sign, false AS opens
    FROM new_rows n JOIN old_rows o USING (product_id, shop_id, start_day)
    WHERE o.regular = n.regular AND o.promo IS NOT DISTINCT FROM n.promo AND o.end_day <> n.end_day
    UNION ALL
    -- Any other change: the old span out, the new one in.
    SELECT o.product_id, o.shop_id, o.start_day, o.regular, o.promo, o.start_day, o.end_day, -1,
           (o.promo IS NOT NULL AND NOT EXISTS (
             SELECT 1 FROM price_spans pv WHERE pv.product_id = o.product_id AND pv.shop_id = o.shop_id
               AND pv.end_day = o.start_day - 1 AND pv.promo IS NOT NULL)
           AND NOT EXISTS (
             SELECT 1 FROM old_rows pv WHERE pv.product_id = o.product_id AND pv.shop_id = o.shop_id
               AND pv.end_day = o.start_day - 1 AND pv.promo IS NOT NULL))
    FROM old_rows o LEFT JOIN new_rows n USING (product_id, shop_id, start_day)
    WHERE n.product_id IS NULL OR o.regular <> n.regular OR o.promo IS DISTINCT FROM n.promo
    UNION ALL
    SELECT n.product_id, n.shop_id, n.start_day, n.regular, n.promo, n.start_day, n.end_day, 1,
           (n.promo IS NOT NULL AND NOT EXISTS (
             SELECT 1 FROM price_spans pv WHERE pv.product_id = n.product_id AND pv.shop_id = n.shop_id
               AND pv.end_day = n.start_day - 1 AND pv.promo IS NOT NULL))
    FROM new_rows n LEFT JOIN old_rows o USING (product_id, shop_id, start_day)
    WHERE o.product_id IS NULL OR o.regular <> n.regular OR o.promo IS DISTINCT FROM n.promo
  )
  INSERT INTO price_day_totals AS t (day, shop_id, section_id, priced, promo, price_sum, depth_sum, promo_starts)
  SELECT g.day::date, x.shop_id, coalesce(p.section_id, 0),
         sum(x.sign),
         coalesce(sum(x.sign) FILTER (WHERE x.promo IS NOT NULL), 0),
         sum(x.sign * coalesce(x.promo, x.regular)::bigint),
         coalesce(sum(x.sign * (x.regular - x.promo)::float8 / nullif(x.regular, 0) * 100) FILTER (WHERE x.promo IS NOT NULL), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.opens AND g.day::date = x.start_day), 0)
  FROM parts x
  LEFT JOIN products p ON p.id = x.product_id
  CROSS JOIN LATERAL generate_series(x.f, x.t, interval '1 day') AS g(day)
  WHERE x.sign <> 0
  GROUP BY 1, 2, 3
  ON CONFLICT (day, shop_id, section_id) DO UPDATE SET
    priced = t.priced + excluded.priced,
    promo = t.promo + excluded.promo,
    price_sum = t.price_sum + excluded.price_sum,
    depth_sum = t.depth_sum + excluded.depth_sum,
    promo_starts = t.promo_starts + excluded.promo_starts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION price_day_totals_del() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  WITH parts AS (
    SELECT o.product_id, o.shop_id, o.start_day, o.regular, o.promo, o.start_day AS f, o.end_day AS t, -1 AS sign,
           (o.promo IS NOT NULL AND NOT EXISTS (
             SELECT 1 FROM price_spans pv WHERE pv.product_id = o.product_id AND pv.shop_id = o.shop_id
               AND pv.end_day = o.start_day - 1 AND pv.promo IS NOT NULL)
           AND NOT EXISTS (
             SELECT 1 FROM old_rows pv WHERE pv.product_id = o.product_id AND pv.shop_id = o.shop_id
               AND pv.end_day = o.start_day - 1 AND pv.promo IS NOT NULL)) AS opens
    FROM old_rows o
  )
  INSERT INTO price_day_totals AS t (day, shop_id, section_id, priced, promo, price_sum, depth_sum, promo_starts)
  SELECT g.day::date, x.shop_id, coalesce(p.section_id, 0),
         sum(x.sign),
         coalesce(sum(x.sign) FILTER (WHERE x.promo IS NOT NULL), 0),
         sum(x.sign * coalesce(x.promo, x.regular)::bigint),
         coalesce(sum(x.sign * (x.regular - x.promo)::float8 / nullif(x.regular, 0) * 100) FILTER (WHERE x.promo IS NOT NULL), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.opens AND g.day::date = x.start_day), 0)
  FROM parts x
  LEFT JOIN products p ON p.id = x.product_id
  CROSS JOIN LATERAL generate_series(x.f, x.t, interval '1 day') AS g(day)
  WHERE x.sign <> 0
  GROUP BY 1, 2, 3
  ON CONFLICT (day, shop_id, section_id) DO UPDATE SET
    priced = t.priced + excluded.priced,
    promo = t.promo + excluded.promo,
    price_sum = t.price_sum + excluded.price_sum,
    depth_sum = t.depth_sum + excluded.depth_sum,
    promo_starts = t.promo_starts + excluded.promo_starts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER price_spans_totals_ins AFTER INSERT ON price_spans REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION price_day_totals_ins();
--> statement-breakpoint
CREATE TRIGGER price_spans_totals_upd AFTER UPDATE ON price_spans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION price_day_totals_upd();
--> statement-breakpoint
CREATE TRIGGER price_spans_totals_del AFTER DELETE ON price_spans REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION price_day_totals_del();
--> statement-breakpoint
-- Rebuilds every total from the history: after this migration, and after bulk loads (demo catalogue, bench),
-- which switch the insert trigger off (per-batch increments of the same rows made a 10M-span load crawl).
-- Set-based: each span adds its figures on its first day and takes them back the day after its last, and a
-- running sum per shop x section over the days gives each day's totals (no per-day expansion of the spans).
CREATE FUNCTION price_day_totals_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM price_day_totals;
  WITH s AS (
    SELECT ps.shop_id, coalesce(p.section_id, 0) AS section_id, ps.start_day, ps.end_day,
           coalesce(ps.promo, ps.regular)::bigint AS price,
           (ps.promo IS NOT NULL)::int AS on_promo,
           coalesce((ps.regular - ps.promo)::float8 / nullif(ps.regular, 0) * 100, 0) AS depth,
           (ps.promo IS NOT NULL AND NOT (coalesce(lag(ps.promo IS NOT NULL) OVER w, false)
                                         AND lag(ps.end_day) OVER w = ps.start_day - 1))::int AS opens
    FROM price_spans ps LEFT JOIN products p ON p.id = ps.product_id
    WINDOW w AS (PARTITION BY ps.product_id, ps.shop_id ORDER BY ps.start_day)
  ),
  deltas AS (
    SELECT shop_id, section_id, day, sum(dp) AS dp, sum(dpromo) AS dpromo, sum(dprice) AS dprice, sum(ddepth) AS ddepth, sum(starts) AS starts
    FROM (
      SELECT shop_id, section_id, start_day AS day, 1 AS dp, on_promo AS dpromo, price AS dprice, depth AS ddepth, opens AS starts FROM s
      UNION ALL
      SELECT shop_id, section_id, end_day + 1, -1, -on_promo, -price, -depth, 0 FROM s
    ) x
    GROUP BY 1, 2, 3
  ),
  bounds AS (SELECT shop_id, section_id, min(day) AS first, max(day) AS last FROM deltas GROUP BY 1, 2),
  running AS (
    SELECT g.day::date AS day, b.shop_id, b.section_id,
           sum(coalesce(d.dp, 0)) OVER w AS priced,
           sum(coalesce(d.dpromo, 0)) OVER w AS promo,
           sum(coalesce(d.dprice, 0)) OVER w AS price_sum,
           sum(coalesce(d.ddepth, 0)) OVER w AS depth_sum,
           coalesce(d.starts, 0) AS promo_starts
    FROM bounds b
    CROSS JOIN LATERAL generate_series(b.first, b.last, interval '1 day') AS g(day)
    LEFT JOIN deltas d ON d.shop_id = b.shop_id AND d.section_id = b.section_id AND d.day = g.day::date
    WINDOW w AS (PARTITION BY b.shop_id, b.section_id ORDER BY g.day)
  )
  INSERT INTO price_day_totals (day, shop_id, section_id, priced, promo, price_sum, depth_sum, promo_starts)
  SELECT day, shop_id, section_id, priced, promo, price_sum, depth_sum, promo_starts FROM running WHERE priced > 0;
END
$$;
--> statement-breakpoint
SELECT price_day_totals_rebuild();
