CREATE TABLE "price_pair_runs" (
	"product_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"promo" boolean NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"max_depth" double precision,
	CONSTRAINT "price_pair_runs_product_id_shop_id_promo_start_day_pk" PRIMARY KEY("product_id","shop_id","promo","start_day")
);
--> statement-breakpoint
-- Runs of a product in a shop (docs/analytics.md "Runs"): adjacent spans (promo = false: days priced) and
-- adjacent promo spans (promo = true: promo runs, with their largest depth). Kept in the transaction that
-- writes the spans by statement triggers, like price_day_totals; keyed by shop, so the shop locks of 0018
-- cover them.
--
-- The pairs given are rebuilt from their spans (a pair has tens of spans; the primary key reads them).
CREATE FUNCTION price_pair_runs_recompute(products int[], shops int[]) RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM price_pair_runs r USING unnest(products, shops) AS a(product_id, shop_id)
  WHERE r.product_id = a.product_id AND r.shop_id = a.shop_id;
  INSERT INTO price_pair_runs (product_id, shop_id, promo, start_day, end_day, max_depth)
  SELECT product_id, shop_id, promo, min(start_day), max(end_day), max(depth)
  FROM (
    SELECT x.*, sum(brk) OVER (PARTITION BY product_id, shop_id, promo ORDER BY start_day) AS grp
    FROM (
      SELECT ps.product_id, ps.shop_id, k.promo, ps.start_day, ps.end_day,
             CASE WHEN k.promo THEN (ps.regular - ps.promo)::float8 / nullif(ps.regular, 0) * 100 END AS depth,
             CASE WHEN lag(ps.end_day) OVER w = ps.start_day - 1 THEN 0 ELSE 1 END AS brk
      FROM (SELECT DISTINCT product_id, shop_id FROM unnest(products, shops) AS u(product_id, shop_id)) a
      JOIN price_spans ps ON ps.product_id = a.product_id AND ps.shop_id = a.shop_id
      CROSS JOIN (VALUES (false), (true)) AS k(promo)
      WHERE NOT k.promo OR ps.promo IS NOT NULL
      WINDOW w AS (PARTITION BY ps.product_id, ps.shop_id, k.promo ORDER BY ps.start_day)
    ) x
  ) g
  GROUP BY product_id, shop_id, promo, grp;
END
$$;
--> statement-breakpoint
-- A parser's new span usually follows the pair's history: it continues the runs ending the day before or opens
-- new ones. A span before or inside the history, or several of a pair in one statement, rebuilds its pairs.
CREATE FUNCTION price_pair_runs_ins() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  p int[];
  s int[];
BEGIN
  WITH n AS (
    SELECT n.product_id, n.shop_id, n.start_day, n.end_day, n.promo IS NOT NULL AS on_promo,
           CASE WHEN n.promo IS NOT NULL THEN (n.regular - n.promo)::float8 / nullif(n.regular, 0) * 100 END AS depth,
           count(*) OVER (PARTITION BY n.product_id, n.shop_id) AS per_pair
    FROM new_rows n
  ),
  fast AS (
    SELECT * FROM n
    WHERE n.per_pair = 1
      AND NOT EXISTS (SELECT 1 FROM price_pair_runs q WHERE q.product_id = n.product_id AND q.shop_id = n.shop_id AND q.end_day >= n.start_day)
  ),
  k AS (SELECT f.*, kk.promo FROM fast f CROSS JOIN (VALUES (false), (true)) AS kk(promo) WHERE NOT kk.promo OR f.on_promo),
  continued AS (
    UPDATE price_pair_runs r SET end_day = k.end_day, max_depth = CASE WHEN r.promo THEN greatest(r.max_depth, k.depth) END
    FROM k
    WHERE r.product_id = k.product_id AND r.shop_id = k.shop_id AND r.promo = k.promo AND r.end_day = k.start_day - 1
    RETURNING r.product_id, r.shop_id, r.promo
  ),
  opened AS (
    INSERT INTO price_pair_runs (product_id, shop_id, promo, start_day, end_day, max_depth)
    SELECT k.product_id, k.shop_id, k.promo, k.start_day, k.end_day, CASE WHEN k.promo THEN k.depth END
    FROM k LEFT JOIN continued c ON c.product_id = k.product_id AND c.shop_id = k.shop_id AND c.promo = k.promo
    WHERE c.product_id IS NULL
  ),
  slow AS (
    SELECT DISTINCT n.product_id, n.shop_id FROM n LEFT JOIN fast f USING (product_id, shop_id) WHERE f.product_id IS NULL
  )
  SELECT array_agg(product_id), array_agg(shop_id) INTO p, s FROM slow;
  IF p IS NOT NULL THEN
    PERFORM price_pair_runs_recompute(p, s);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The day's usual write extends spans at the same figures: the pair's runs ending on the old end move to the
-- new one (unless another run of the pair begins within reach: then they merge, and the pair is rebuilt).
-- Any other change rebuilds its pairs.
CREATE FUNCTION price_pair_runs_upd() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  p int[];
  s int[];
BEGIN
  WITH changed AS (
    SELECT n.product_id, n.shop_id, n.promo IS NOT NULL AS on_promo, o.end_day AS old_end, n.end_day AS new_end,
           (o.regular = n.regular AND o.promo IS NOT DISTINCT FROM n.promo AND n.end_day > o.end_day) AS extends,
           count(*) OVER (PARTITION BY n.product_id, n.shop_id) AS per_pair
    FROM new_rows n FULL JOIN old_rows o USING (product_id, shop_id, start_day)
  ),
  fast AS (
    SELECT * FROM changed c
    WHERE c.extends AND c.per_pair = 1
      AND NOT EXISTS (SELECT 1 FROM price_pair_runs q WHERE q.product_id = c.product_id AND q.shop_id = c.shop_id
                        AND q.start_day > c.old_end AND q.start_day <= c.new_end + 1)
  ),
  moved AS (
    UPDATE price_pair_runs r SET end_day = f.new_end FROM fast f
    WHERE r.product_id = f.product_id AND r.shop_id = f.shop_id AND r.end_day = f.old_end AND (NOT r.promo OR f.on_promo)
    RETURNING r.product_id, r.shop_id
  ),
  -- Joins, not correlated subqueries: the CTEs have no index and a parser's batch has thousands of rows.
  slow AS (
    SELECT c.product_id, c.shop_id FROM changed c LEFT JOIN fast f USING (product_id, shop_id)
    WHERE f.product_id IS NULL
    UNION
    SELECT f.product_id, f.shop_id
    FROM fast f LEFT JOIN (SELECT product_id, shop_id, count(*) AS n FROM moved GROUP BY 1, 2) m USING (product_id, shop_id)
    WHERE coalesce(m.n, 0) <> CASE WHEN f.on_promo THEN 2 ELSE 1 END
  )
  SELECT array_agg(product_id), array_agg(shop_id) INTO p, s FROM slow;
  IF p IS NOT NULL THEN
    PERFORM price_pair_runs_recompute(p, s);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION price_pair_runs_del() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  p int[];
  s int[];
BEGIN
  SELECT array_agg(product_id), array_agg(shop_id) INTO p, s FROM (SELECT DISTINCT product_id, shop_id FROM old_rows) o;
  IF p IS NOT NULL THEN
    PERFORM price_pair_runs_recompute(p, s);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER price_spans_runs_ins AFTER INSERT ON price_spans REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION price_pair_runs_ins();
--> statement-breakpoint
CREATE TRIGGER price_spans_runs_upd AFTER UPDATE ON price_spans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION price_pair_runs_upd();
--> statement-breakpoint
CREATE TRIGGER price_spans_runs_del AFTER DELETE ON price_spans REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION price_pair_runs_del();
--> statement-breakpoint
-- Every run from the history: here for the history already written, and after bulk loads, which switch the
-- insert trigger off (src/demo/catalogue/load.ts).
CREATE FUNCTION price_pair_runs_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM price_pair_runs;
  INSERT INTO price_pair_runs (product_id, shop_id, promo, start_day, end_day, max_depth)
  SELECT product_id, shop_id, promo, min(start_day), max(end_day), max(depth)
  FROM (
    SELECT x.*, sum(brk) OVER (PARTITION BY product_id, shop_id, promo ORDER BY start_day) AS grp
    FROM (
      SELECT ps.product_id, ps.shop_id, k.promo, ps.start_day, ps.end_day,
             CASE WHEN k.promo THEN (ps.regular - ps.promo)::float8 / nullif(ps.regular, 0) * 100 END AS depth,
             CASE WHEN lag(ps.end_day) OVER w = ps.start_day - 1 THEN 0 ELSE 1 END AS brk
      FROM price_spans ps
      CROSS JOIN (VALUES (false), (true)) AS k(promo)
      WHERE NOT k.promo OR ps.promo IS NOT NULL
      WINDOW w AS (PARTITION BY ps.product_id, ps.shop_id, k.promo ORDER BY ps.start_day)
    ) x
  ) g
  GROUP BY product_id, shop_id, promo, grp;
END
$$;
--> statement-breakpoint
SELECT price_pair_runs_rebuild();
