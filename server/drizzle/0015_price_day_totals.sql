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
-- src/areas/prices/record.ts).
CREATE FUNCTION price_day_totals_ins() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE FUNCTION price_day_totals_upd() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE FUNCTION price_day_totals_del() RETURNS trigger LANGUAGE plpgsql AS $$
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
-- The history written before this migration.
INSERT INTO price_day_totals (day, shop_id, section_id, priced, promo, price_sum, depth_sum, promo_starts)
SELECT g.day::date, s.shop_id, coalesce(p.section_id, 0),
       count(*),
       count(*) FILTER (WHERE s.promo IS NOT NULL),
       sum(coalesce(s.promo, s.regular)::bigint),
       coalesce(sum((s.regular - s.promo)::float8 / nullif(s.regular, 0) * 100) FILTER (WHERE s.promo IS NOT NULL), 0),
       count(*) FILTER (WHERE g.day::date = s.start_day AND s.opens)
FROM (
  SELECT ps.*, ps.promo IS NOT NULL AND NOT (
           coalesce(lag(ps.promo IS NOT NULL) OVER w, false) AND lag(ps.end_day) OVER w = ps.start_day - 1
         ) AS opens
  FROM price_spans ps
  WINDOW w AS (PARTITION BY ps.product_id, ps.shop_id ORDER BY ps.start_day)
) s
LEFT JOIN products p ON p.id = s.product_id
CROSS JOIN LATERAL generate_series(s.start_day, s.end_day, interval '1 day') AS g(day)
GROUP BY 1, 2, 3;
