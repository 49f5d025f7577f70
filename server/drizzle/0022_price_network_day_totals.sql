CREATE TABLE "price_network_day_totals" (
	"day" date NOT NULL,
	"network_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"priced" integer NOT NULL,
	"promo" integer NOT NULL,
	"price_sum" bigint NOT NULL,
	"depth_sum" double precision NOT NULL,
	"promo_starts" integer NOT NULL,
	CONSTRAINT "price_network_day_totals_day_network_id_section_id_pk" PRIMARY KEY("day","network_id","section_id")
);
--> statement-breakpoint
-- The day totals per network (docs/analytics.md "Promo analysis by section"): promo analysis's average depth over a
-- year read 1.15M per-shop rows. Kept by 0021's machinery: at commit, the network × section × days of the
-- transaction's price index queue are recomputed from price_day_totals (kept in the statements, so final at commit)
-- over the network's current shops. A recompute, not increments: a moved shop leaves its old network's days by
-- not being among its shops any more, and float depth sums stay what the rebuild sums. Writers of one network hold
-- its key to commit (0020), so no other writer changes those shops' totals meanwhile.
CREATE FUNCTION price_network_day_totals_apply() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF to_regclass('pg_temp.price_network_day_keys') IS NULL THEN
    CREATE TEMP TABLE price_network_day_keys (network_id int, section_id int, day date) ON COMMIT DELETE ROWS;
  END IF;
  DELETE FROM pg_temp.price_network_day_keys;
  -- The day totals' statement triggers change only the days of the spans they are given, which the queue holds
  -- (ranges first made distinct: a parser's 10k extensions are a few ranges per network × section).
  INSERT INTO pg_temp.price_network_day_keys
  SELECT DISTINCT q.network_id, q.section_id, g.day::date
  FROM (SELECT DISTINCT network_id, section_id, f, t FROM pg_temp.price_index_queue) q
  CROSS JOIN LATERAL generate_series(q.f, q.t, interval '1 day') AS g(day);
  DELETE FROM price_network_day_totals t USING pg_temp.price_network_day_keys k
  WHERE t.day = k.day AND t.network_id = k.network_id AND t.section_id = k.section_id;
  INSERT INTO price_network_day_totals (day, network_id, section_id, priced, promo, price_sum, depth_sum, promo_starts)
  SELECT k.day, k.network_id, k.section_id, sum(t.priced), sum(t.promo), sum(t.price_sum), sum(t.depth_sum), sum(t.promo_starts)
  FROM pg_temp.price_network_day_keys k
  JOIN shops sh ON sh.network_id = k.network_id
  JOIN price_day_totals t ON t.day = k.day AND t.shop_id = sh.id AND t.section_id = k.section_id
  GROUP BY 1, 2, 3
  HAVING sum(t.priced) > 0 OR sum(t.promo_starts) > 0
  ORDER BY 1, 2, 3;
END
$$;
--> statement-breakpoint
-- 0021's queue trigger for updates, plus the figures changed at the same price (sign 0: nothing for the index).
CREATE OR REPLACE FUNCTION price_index_spans_upd() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM price_index_queue_table();
  INSERT INTO pg_temp.price_index_queue
  SELECT x.product_id, x.shop_id, sh.network_id, coalesce(p.section_id, 0), x.f, x.t, x.price, x.sign, x.sign <> 0
  FROM (
    -- A span extended (or shortened) at the same price changes only the days between its two ends.
    SELECT n.product_id, n.shop_id, least(o.end_day, n.end_day) + 1 AS f, greatest(o.end_day, n.end_day) AS t,
           coalesce(n.promo, n.regular) AS price, sign(n.end_day - o.end_day)::int AS sign
    FROM new_rows n JOIN old_rows o USING (product_id, shop_id, start_day)
    WHERE coalesce(o.promo, o.regular) = coalesce(n.promo, n.regular) AND o.end_day <> n.end_day
    UNION ALL
    SELECT o.product_id, o.shop_id, o.start_day, o.end_day, coalesce(o.promo, o.regular), -1
    FROM old_rows o LEFT JOIN new_rows n USING (product_id, shop_id, start_day)
    WHERE n.product_id IS NULL OR coalesce(o.promo, o.regular) <> coalesce(n.promo, n.regular)
    UNION ALL
    SELECT n.product_id, n.shop_id, n.start_day, n.end_day, coalesce(n.promo, n.regular), 1
    FROM new_rows n LEFT JOIN old_rows o USING (product_id, shop_id, start_day)
    WHERE o.product_id IS NULL OR coalesce(o.promo, o.regular) <> coalesce(n.promo, n.regular)
    UNION ALL
    -- Figures changed at the same shopper's price (a promo's regular price, a promo turned regular at its price): no
    -- change to the index (sign 0 adds nothing), but the days' day totals changed (promo, depth), so 0022's network
    -- totals recompute them.
    SELECT n.product_id, n.shop_id, n.start_day, n.end_day, coalesce(n.promo, n.regular), 0
    FROM new_rows n JOIN old_rows o USING (product_id, shop_id, start_day)
    WHERE coalesce(o.promo, o.regular) = coalesce(n.promo, n.regular)
      AND (o.regular IS DISTINCT FROM n.regular OR o.promo IS DISTINCT FROM n.promo)
  ) x
  JOIN shops sh ON sh.id = x.shop_id LEFT JOIN products p ON p.id = x.product_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- 0021's commit step, plus the network day totals of the queued days (before the queue is emptied).
CREATE OR REPLACE FUNCTION price_index_commit() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  c text;
BEGIN
  DELETE FROM price_index_pending WHERE txid = NEW.txid;
  PERFORM set_config('pricewatch.price_index_pending', 'off', true);
  IF to_regclass('pg_temp.price_index_queue') IS NULL THEN
    RETURN NULL;
  END IF;
  FOR c IN SELECT DISTINCT n.country FROM (SELECT DISTINCT network_id FROM pg_temp.price_index_queue) q
           JOIN networks n ON n.id = q.network_id ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(7210921, hashtext(c));
  END LOOP;
  PERFORM price_index_apply();
  PERFORM price_network_day_totals_apply();
  DELETE FROM pg_temp.price_index_queue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every network day total from the day totals: the fill below, and with the index's rebuild (catalogue loads after
-- price_day_totals_rebuild(), the demo shops' alignment).
CREATE FUNCTION price_network_day_totals_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM price_network_day_totals;
  INSERT INTO price_network_day_totals (day, network_id, section_id, priced, promo, price_sum, depth_sum, promo_starts)
  SELECT t.day, sh.network_id, t.section_id, sum(t.priced), sum(t.promo), sum(t.price_sum), sum(t.depth_sum), sum(t.promo_starts)
  FROM price_day_totals t JOIN shops sh ON sh.id = t.shop_id
  GROUP BY 1, 2, 3
  HAVING sum(t.priced) > 0 OR sum(t.promo_starts) > 0;
END
$$;
--> statement-breakpoint
-- 0021's rebuild, plus the network day totals.
CREATE OR REPLACE FUNCTION price_index_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM price_network_days;
  DELETE FROM price_network_pair_days;
  DELETE FROM price_day_extremes;
  DELETE FROM price_shop_days;
  IF to_regclass('pg_temp.price_index_queue') IS NOT NULL THEN
    DELETE FROM pg_temp.price_index_queue;
  END IF;
  DROP TABLE IF EXISTS pg_temp.price_index_runs;
  CREATE TEMP TABLE price_index_runs AS
  SELECT product_id, network_id, day, lead(day) OVER w AS next_day, lag(v) OVER w AS prev_v, v
  FROM (
    SELECT product_id, network_id, day,
           CASE WHEN sum(dc) OVER w0 > 0 THEN round((sum(ds) OVER w0)::numeric / (sum(dc) OVER w0), 6) END AS v
    FROM (
      SELECT product_id, network_id, day, sum(ds) AS ds, sum(dc) AS dc
      FROM (
        SELECT ps.product_id, sh.network_id, ps.start_day AS day, coalesce(ps.promo, ps.regular)::bigint AS ds, 1 AS dc
        FROM price_spans ps JOIN shops sh ON sh.id = ps.shop_id
        UNION ALL
        SELECT ps.product_id, sh.network_id, ps.end_day + 1, -coalesce(ps.promo, ps.regular)::bigint, -1
        FROM price_spans ps JOIN shops sh ON sh.id = ps.shop_id
      ) e
      GROUP BY 1, 2, 3
    ) pt
    WINDOW w0 AS (PARTITION BY product_id, network_id ORDER BY day)
  ) st
  WINDOW w AS (PARTITION BY product_id, network_id ORDER BY day);
  INSERT INTO price_network_days (day, network_id, section_id, products, avg_sum)
  WITH d AS (
    SELECT r.network_id, coalesce(p.section_id, 0) AS section_id, r.day,
           sum(coalesce(r.v, 0) - coalesce(r.prev_v, 0)) AS dv, sum((r.v IS NOT NULL)::int - (r.prev_v IS NOT NULL)::int) AS dk
    FROM pg_temp.price_index_runs r LEFT JOIN products p ON p.id = r.product_id
    GROUP BY 1, 2, 3
  ),
  b AS (SELECT network_id, section_id, min(day) AS first, max(day) AS last FROM d GROUP BY 1, 2),
  running AS (
    SELECT g.day::date AS day, b.network_id, b.section_id,
           sum(coalesce(d.dk, 0)) OVER w AS products, sum(coalesce(d.dv, 0)) OVER w AS avg_sum
    FROM b
    CROSS JOIN LATERAL generate_series(b.first, b.last, interval '1 day') AS g(day)
    LEFT JOIN d ON d.network_id = b.network_id AND d.section_id = b.section_id AND d.day = g.day::date
    WINDOW w AS (PARTITION BY b.network_id, b.section_id ORDER BY g.day)
  )
  SELECT day, network_id, section_id, products, avg_sum FROM running WHERE products > 0;
  INSERT INTO price_network_pair_days (day, network_id, base_network_id, section_id, products, num, den)
  WITH multi AS (
    SELECT r.product_id, n.country
    FROM (SELECT DISTINCT product_id, network_id FROM pg_temp.price_index_runs) r JOIN networks n ON n.id = r.network_id
    GROUP BY 1, 2 HAVING count(*) > 1
  ),
  pd AS (
    SELECT r.product_id, r.network_id, n.country, coalesce(p.section_id, 0) AS section_id, g.day::date AS day, r.v
    FROM pg_temp.price_index_runs r
    JOIN networks n ON n.id = r.network_id
    JOIN multi m ON m.product_id = r.product_id AND m.country = n.country
    LEFT JOIN products p ON p.id = r.product_id
    CROSS JOIN LATERAL generate_series(r.day, r.next_day - 1, interval '1 day') AS g(day)
    WHERE r.v IS NOT NULL
  )
  SELECT x.day, x.network_id, y.network_id, x.section_id, count(*), sum(x.v), sum(y.v)
  FROM pd x JOIN pd y ON y.product_id = x.product_id AND y.day = x.day AND y.country = x.country AND y.network_id <> x.network_id
  GROUP BY 1, 2, 3, 4;
  DROP TABLE pg_temp.price_index_runs;
  INSERT INTO price_day_extremes (day, shop_id, section_id, min_price, max_price)
  SELECT g.day::date, ps.shop_id, coalesce(p.section_id, 0), min(coalesce(ps.promo, ps.regular)), max(coalesce(ps.promo, ps.regular))
  FROM price_spans ps
  JOIN shops sh ON sh.id = ps.shop_id
  LEFT JOIN products p ON p.id = ps.product_id
  CROSS JOIN LATERAL generate_series(ps.start_day, ps.end_day, interval '1 day') AS g(day)
  GROUP BY 1, 2, 3;
  INSERT INTO price_shop_days (day, shop_id, priced, price_sum, min_price, max_price)
  SELECT t.day, t.shop_id, t.priced, t.price_sum, e.mn, e.mx
  FROM (SELECT day, shop_id, sum(priced)::int AS priced, sum(price_sum)::bigint AS price_sum FROM price_day_totals GROUP BY 1, 2) t
  JOIN (SELECT day, shop_id, min(min_price) AS mn, max(max_price) AS mx FROM price_day_extremes GROUP BY 1, 2) e
    ON e.day = t.day AND e.shop_id = t.shop_id
  WHERE t.priced > 0;
  PERFORM price_network_day_totals_rebuild();
END
$$;
--> statement-breakpoint
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
SELECT price_network_day_totals_rebuild();
