CREATE TABLE "price_product_runs" (
	"product_id" integer NOT NULL,
	"promo" boolean NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"prev_end" date,
	"section_id" integer NOT NULL,
	CONSTRAINT "price_product_runs_product_id_promo_start_day_pk" PRIMARY KEY("product_id","promo","start_day")
);
--> statement-breakpoint
-- Per product × promo the maximal runs of days priced / on promo in any existing shop (docs/analytics.md "Product
-- runs"): promo analysis by section counts a section's distinct products as the rows opening a product's presence in
-- the period (prev_end before it), without grouping a year of network runs per product.
--
-- Kept by 0021's machinery, not a twin: a product's rows are shared by the writers of every network that prices it,
-- which hold only their own network's key (0020) until commit; so they are applied at commit from the price index's
-- queue (every span write queues its product), under the country keys the commit step takes — now also the
-- countries of the queued products, so two writers of one product (whatever their networks) apply one after the
-- other, each seeing what the other committed (READ COMMITTED).
--
-- The day's writes only add days (spans opened or extended: sign +1 in the queue, whose ranges are the days added).
-- Such a product's runs change only from the day before its first added day on: its kept runs reaching that far are
-- merged with the added days (priced: the queue's ranges; on promo: those ranges' parts in promo pair runs, read by
-- primary key) — usually one run per kind, the last, grows by a day. A product with anything else queued (days taken
-- away, figures changed at the same shopper's price — a promo may have ended —, a section move, a shop moved or
-- deleted) is rebuilt from its pair runs in existing shops. Only rows that differ are written.
CREATE FUNCTION price_product_runs_apply() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF to_regclass('pg_temp.price_product_runs_keys') IS NULL THEN
    -- lo: the product's first added day (short path); its kept runs ending before lo - 1 stay as they are.
    CREATE TEMP TABLE price_product_runs_keys (product_id int, rebuild boolean, lo date) ON COMMIT DELETE ROWS;
    CREATE TEMP TABLE price_product_runs_new (
      product_id int, promo boolean, start_day date, end_day date, prev_end date, section_id int
    ) ON COMMIT DELETE ROWS;
  END IF;
  DELETE FROM pg_temp.price_product_runs_keys;
  DELETE FROM pg_temp.price_product_runs_new;
  INSERT INTO pg_temp.price_product_runs_keys
  SELECT product_id, bool_or(sign <> 1), min(f) FROM pg_temp.price_index_queue GROUP BY 1;
  INSERT INTO pg_temp.price_product_runs_new
  WITH iv AS (
    SELECT r.product_id, r.promo, r.start_day, r.end_day
    FROM pg_temp.price_product_runs_keys k JOIN price_pair_runs r ON r.product_id = k.product_id
    WHERE k.rebuild AND EXISTS (SELECT 1 FROM shops sh WHERE sh.id = r.shop_id)
    UNION ALL
    SELECT r.product_id, r.promo, r.start_day, r.end_day
    FROM pg_temp.price_product_runs_keys k JOIN price_product_runs r ON r.product_id = k.product_id
    WHERE NOT k.rebuild AND r.end_day >= k.lo - 1
    UNION ALL
    SELECT q.product_id, false, q.f, q.t
    FROM pg_temp.price_index_queue q JOIN pg_temp.price_product_runs_keys k ON k.product_id = q.product_id AND NOT k.rebuild
    UNION ALL
    SELECT q.product_id, true, greatest(r.start_day, q.f), least(r.end_day, q.t)
    FROM (SELECT DISTINCT product_id, shop_id, f, t FROM pg_temp.price_index_queue) q
    JOIN pg_temp.price_product_runs_keys k ON k.product_id = q.product_id AND NOT k.rebuild
    JOIN price_pair_runs r ON r.product_id = q.product_id AND r.shop_id = q.shop_id AND r.promo
                          AND r.start_day <= q.t AND r.end_day >= q.f
  ),
  -- Islands: a run starts where no earlier interval of its product × promo reaches the day before.
  reach AS (
    SELECT iv.*, max(end_day) OVER (PARTITION BY product_id, promo ORDER BY start_day, end_day
                                    ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS reach
    FROM iv
  ),
  grp AS (
    SELECT reach.*, count(*) FILTER (WHERE reach IS NULL OR start_day > reach + 1)
                      OVER (PARTITION BY product_id, promo ORDER BY start_day, end_day) AS g
    FROM reach
  ),
  runs AS (SELECT product_id, promo, min(start_day) AS start_day, max(end_day) AS end_day FROM grp GROUP BY 1, 2, g)
  -- The first new run's prev_end: the last kept run left as it is (short path), if any.
  SELECT r.product_id, r.promo, r.start_day, r.end_day,
         coalesce(lag(r.end_day) OVER (PARTITION BY r.product_id, r.promo ORDER BY r.start_day),
                  (SELECT max(o.end_day) FROM price_product_runs o
                   WHERE NOT k.rebuild AND o.product_id = r.product_id AND o.promo = r.promo AND o.end_day < k.lo - 1)),
         coalesce(p.section_id, 0)
  FROM runs r JOIN pg_temp.price_product_runs_keys k ON k.product_id = r.product_id LEFT JOIN products p ON p.id = r.product_id;
  DELETE FROM price_product_runs r USING pg_temp.price_product_runs_keys k
  WHERE r.product_id = k.product_id AND (k.rebuild OR r.end_day >= k.lo - 1)
    AND NOT EXISTS (SELECT 1 FROM pg_temp.price_product_runs_new n
                    WHERE n.product_id = r.product_id AND n.promo = r.promo AND n.start_day = r.start_day);
  INSERT INTO price_product_runs AS r (product_id, promo, start_day, end_day, prev_end, section_id)
  SELECT n.product_id, n.promo, n.start_day, n.end_day, n.prev_end, n.section_id
  FROM pg_temp.price_product_runs_new n
  ORDER BY 1, 2, 3
  ON CONFLICT (product_id, promo, start_day) DO UPDATE
    SET end_day = excluded.end_day, prev_end = excluded.prev_end, section_id = excluded.section_id
    WHERE (r.end_day, r.prev_end, r.section_id) IS DISTINCT FROM (excluded.end_day, excluded.prev_end, excluded.section_id);
END
$$;
--> statement-breakpoint
-- Every row from the pair runs in existing shops: the fill below, and with the index's rebuild (catalogue loads,
-- the demo shops' alignment with the index triggers off).
CREATE FUNCTION price_product_runs_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM price_product_runs;
  INSERT INTO price_product_runs (product_id, promo, start_day, end_day, prev_end, section_id)
  WITH reach AS (
    SELECT r.product_id, r.promo, r.start_day, r.end_day,
           max(r.end_day) OVER (PARTITION BY r.product_id, r.promo ORDER BY r.start_day, r.end_day
                                ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS reach
    FROM price_pair_runs r JOIN shops sh ON sh.id = r.shop_id
  ),
  grp AS (
    SELECT reach.*, count(*) FILTER (WHERE reach IS NULL OR start_day > reach + 1)
                      OVER (PARTITION BY product_id, promo ORDER BY start_day, end_day) AS g
    FROM reach
  ),
  runs AS (SELECT product_id, promo, min(start_day) AS start_day, max(end_day) AS end_day FROM grp GROUP BY 1, 2, g)
  SELECT r.product_id, r.promo, r.start_day, r.end_day,
         lag(r.end_day) OVER (PARTITION BY r.product_id, r.promo ORDER BY r.start_day), coalesce(p.section_id, 0)
  FROM runs r LEFT JOIN products p ON p.id = r.product_id;
END
$$;
--> statement-breakpoint
-- 0022's commit step, plus the product runs: the keys of the queued products' countries join those of the queued
-- networks (one ascending pass, so two commit steps never hold each other's key), and the product runs are applied
-- before the queue is emptied.
CREATE OR REPLACE FUNCTION price_index_commit() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  c text;
BEGIN
  DELETE FROM price_index_pending WHERE txid = NEW.txid;
  PERFORM set_config('pricewatch.price_index_pending', 'off', true);
  IF to_regclass('pg_temp.price_index_queue') IS NULL THEN
    RETURN NULL;
  END IF;
  FOR c IN SELECT n.country FROM (SELECT DISTINCT network_id FROM pg_temp.price_index_queue) q JOIN networks n ON n.id = q.network_id
           UNION
           SELECT p.country FROM (SELECT DISTINCT product_id FROM pg_temp.price_index_queue) q JOIN products p ON p.id = q.product_id
           ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(7210921, hashtext(c));
  END LOOP;
  PERFORM price_index_apply();
  PERFORM price_network_day_totals_apply();
  PERFORM price_product_runs_apply();
  DELETE FROM pg_temp.price_index_queue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- 0022's rebuild (0021's and the network day totals), plus the product runs.
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
  PERFORM price_product_runs_rebuild();
END
$$;
--> statement-breakpoint
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
SELECT price_product_runs_rebuild();
