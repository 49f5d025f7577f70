CREATE TABLE "price_network_runs" (
	"network_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"promo" boolean NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"max_depth" double precision,
	"runs" integer NOT NULL,
	"run_days" integer NOT NULL,
	"prev_end" date,
	CONSTRAINT "price_network_runs_network_id_product_id_promo_start_day_pk" PRIMARY KEY("network_id","product_id","promo","start_day")
);
--> statement-breakpoint
-- Per network × product the pair runs starting on one day (docs/analytics.md "Network runs"), kept from
-- price_pair_runs by statement triggers on it, in the transaction that writes the spans. Keyed by network, which
-- the shop locks of 0018 do not cover: price_spans_lock_shops (below) also takes each network's key.
--
-- The groups given (network × product × promo) are rebuilt from their pair runs (the runs' primary key starts
-- with the product; a network's shops of one product are a few tens of runs).
CREATE FUNCTION price_network_runs_recompute(nets int[], products int[], promos boolean[]) RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM price_network_runs w USING unnest(nets, products, promos) AS g(network_id, product_id, promo)
  WHERE w.network_id = g.network_id AND w.product_id = g.product_id AND w.promo = g.promo;
  INSERT INTO price_network_runs (network_id, product_id, promo, start_day, end_day, max_depth, runs, run_days, prev_end)
  SELECT network_id, product_id, promo, start_day, end_day, max_depth, runs, run_days,
         max(end_day) OVER (PARTITION BY network_id, product_id, promo ORDER BY start_day ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
  FROM (
    SELECT sh.network_id, r.product_id, r.promo, r.start_day, max(r.end_day) AS end_day, max(r.max_depth) AS max_depth,
           count(*)::int AS runs, sum(r.end_day - r.start_day + 1)::int AS run_days
    FROM (SELECT DISTINCT network_id, product_id, promo FROM unnest(nets, products, promos) AS u(network_id, product_id, promo)) g
    JOIN price_pair_runs r ON r.product_id = g.product_id AND r.promo = g.promo
    JOIN shops sh ON sh.id = r.shop_id AND sh.network_id = g.network_id
    GROUP BY 1, 2, 3, 4
  ) x;
END
$$;
--> statement-breakpoint
-- New pair runs. The day's usual one starts on or after the group's latest row: it joins that row (same day:
-- longest end, deepest depth, one more run) or follows it (its prev_end from the row before). Anything else —
-- a run before the group's last row, several start days of one group in one statement — rebuilds the group.
-- Rows of a statement are aggregated per key first: an upsert may not touch one row twice.
CREATE FUNCTION price_network_runs_ins() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  n int[];
  p int[];
  k boolean[];
BEGIN
  IF coalesce(current_setting('pricewatch.network_runs_off', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  WITH a AS (
    SELECT sh.network_id, r.product_id, r.promo, r.start_day, max(r.end_day) AS end_day, max(r.max_depth) AS max_depth,
           count(*)::int AS runs, sum(r.end_day - r.start_day + 1)::int AS run_days,
           count(*) OVER (PARTITION BY sh.network_id, r.product_id, r.promo) AS keys
    FROM new_rows r JOIN shops sh ON sh.id = r.shop_id
    GROUP BY 1, 2, 3, 4
  ),
  fast AS MATERIALIZED (
    SELECT a.*, l.start_day AS last_start, greatest(l.end_day, l.prev_end) AS reach
    FROM a
    LEFT JOIN LATERAL (
      SELECT w.start_day, w.end_day, w.prev_end FROM price_network_runs w
      WHERE w.network_id = a.network_id AND w.product_id = a.product_id AND w.promo = a.promo
      ORDER BY w.start_day DESC LIMIT 1
    ) l ON true
    WHERE a.keys = 1 AND (l.start_day IS NULL OR l.start_day <= a.start_day)
  ),
  up AS (
    INSERT INTO price_network_runs AS w (network_id, product_id, promo, start_day, end_day, max_depth, runs, run_days, prev_end)
    SELECT f.network_id, f.product_id, f.promo, f.start_day, f.end_day, f.max_depth, f.runs, f.run_days,
           CASE WHEN f.last_start < f.start_day THEN f.reach END
    FROM fast f
    ON CONFLICT (network_id, product_id, promo, start_day) DO UPDATE
      SET end_day = greatest(w.end_day, excluded.end_day), max_depth = greatest(w.max_depth, excluded.max_depth),
          runs = w.runs + excluded.runs, run_days = w.run_days + excluded.run_days
  )
  SELECT array_agg(s.network_id), array_agg(s.product_id), array_agg(s.promo) INTO n, p, k
  FROM (SELECT DISTINCT a.network_id, a.product_id, a.promo FROM a LEFT JOIN fast f USING (network_id, product_id, promo)
        WHERE f.network_id IS NULL) s;
  IF n IS NOT NULL THEN
    PERFORM price_network_runs_recompute(n, p, k);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Pair runs changed. The day's usual change lengthens runs (and may deepen a promo run): the row of their start
-- day takes the longest end and deepest depth, and the group's later rows the new end as their prev_end. A run
-- shortened, made shallower or moved to another start rebuilds its group.
CREATE FUNCTION price_network_runs_upd() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  n int[];
  p int[];
  k boolean[];
BEGIN
  IF coalesce(current_setting('pricewatch.network_runs_off', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  -- The grown keys are read by three statements (a row may not be updated twice in one): a session's scratch table.
  IF to_regclass('pg_temp.network_runs_grown') IS NULL THEN
    CREATE TEMP TABLE network_runs_grown (
      network_id int, product_id int, promo boolean, start_day date, end_day date, max_depth float8, grown int, ok boolean
    ) ON COMMIT DELETE ROWS;
  END IF;
  DELETE FROM pg_temp.network_runs_grown;
  INSERT INTO pg_temp.network_runs_grown
  SELECT sh.network_id, c.product_id, c.promo, c.start_day, max(c.new_end), max(c.new_depth), sum(c.new_end - c.old_end)::int,
         bool_and(c.old_end IS NOT NULL AND c.new_end IS NOT NULL AND c.new_end >= c.old_end
                  AND (c.old_depth IS NULL OR c.new_depth >= c.old_depth))
  FROM (
    SELECT product_id, shop_id, promo, start_day, o.end_day AS old_end, n.end_day AS new_end, o.max_depth AS old_depth, n.max_depth AS new_depth
    FROM new_rows n FULL JOIN old_rows o USING (product_id, shop_id, promo, start_day)
  ) c
  JOIN shops sh ON sh.id = c.shop_id
  GROUP BY 1, 2, 3, 4;
  -- A group with any change other than growth is rebuilt whole.
  UPDATE pg_temp.network_runs_grown g SET ok = false
  WHERE g.ok AND EXISTS (SELECT 1 FROM pg_temp.network_runs_grown b
                         WHERE b.network_id = g.network_id AND b.product_id = g.product_id AND b.promo = g.promo AND NOT b.ok);
  WITH moved AS (
    UPDATE price_network_runs w
    SET end_day = greatest(w.end_day, g.end_day), max_depth = greatest(w.max_depth, g.max_depth), run_days = w.run_days + g.grown
    FROM pg_temp.network_runs_grown g
    WHERE g.ok AND w.network_id = g.network_id AND w.product_id = g.product_id AND w.promo = g.promo AND w.start_day = g.start_day
    RETURNING w.network_id, w.product_id, w.promo, w.start_day
  )
  UPDATE pg_temp.network_runs_grown g SET ok = false
  WHERE g.ok AND NOT EXISTS (SELECT 1 FROM moved m
                             WHERE m.network_id = g.network_id AND m.product_id = g.product_id AND m.promo = g.promo AND m.start_day = g.start_day);
  -- Later rows of a grown group: the new end may reach past their prev_end.
  UPDATE price_network_runs w SET prev_end = x.reach
  FROM (
    SELECT l.network_id, l.product_id, l.promo, l.start_day, max(g.end_day) AS reach
    FROM pg_temp.network_runs_grown g
    JOIN price_network_runs l ON l.network_id = g.network_id AND l.product_id = g.product_id AND l.promo = g.promo AND l.start_day > g.start_day
    WHERE g.ok
    GROUP BY 1, 2, 3, 4
  ) x
  WHERE w.network_id = x.network_id AND w.product_id = x.product_id AND w.promo = x.promo AND w.start_day = x.start_day
    AND (w.prev_end IS NULL OR w.prev_end < x.reach);
  SELECT array_agg(s.network_id), array_agg(s.product_id), array_agg(s.promo) INTO n, p, k
  FROM (SELECT DISTINCT network_id, product_id, promo FROM pg_temp.network_runs_grown WHERE NOT ok) s;
  IF n IS NOT NULL THEN
    PERFORM price_network_runs_recompute(n, p, k);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION price_network_runs_del() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  n int[];
  p int[];
  k boolean[];
BEGIN
  IF coalesce(current_setting('pricewatch.network_runs_off', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(s.network_id), array_agg(s.product_id), array_agg(s.promo) INTO n, p, k
  FROM (SELECT DISTINCT sh.network_id, o.product_id, o.promo FROM old_rows o JOIN shops sh ON sh.id = o.shop_id) s;
  IF n IS NOT NULL THEN
    PERFORM price_network_runs_recompute(n, p, k);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER price_pair_runs_network_ins AFTER INSERT ON price_pair_runs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION price_network_runs_ins();
--> statement-breakpoint
CREATE TRIGGER price_pair_runs_network_upd AFTER UPDATE ON price_pair_runs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION price_network_runs_upd();
--> statement-breakpoint
CREATE TRIGGER price_pair_runs_network_del AFTER DELETE ON price_pair_runs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION price_network_runs_del();
--> statement-breakpoint
-- Every row from the pair runs: here for the history already written, and after price_pair_runs_rebuild().
CREATE FUNCTION price_network_runs_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM price_network_runs;
  INSERT INTO price_network_runs (network_id, product_id, promo, start_day, end_day, max_depth, runs, run_days, prev_end)
  SELECT network_id, product_id, promo, start_day, end_day, max_depth, runs, run_days,
         max(end_day) OVER (PARTITION BY network_id, product_id, promo ORDER BY start_day ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
  FROM (
    SELECT sh.network_id, r.product_id, r.promo, r.start_day, max(r.end_day) AS end_day, max(r.max_depth) AS max_depth,
           count(*)::int AS runs, sum(r.end_day - r.start_day + 1)::int AS run_days
    FROM price_pair_runs r JOIN shops sh ON sh.id = r.shop_id
    GROUP BY 1, 2, 3, 4
  ) x;
END
$$;
--> statement-breakpoint
-- The pair runs' rebuild (bulk loads) rewrites every run: the network rows' triggers stand aside meanwhile and
-- the network rows are rebuilt once at the end, set-based.
CREATE OR REPLACE FUNCTION price_pair_runs_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM set_config('pricewatch.network_runs_off', 'on', true);
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
  PERFORM set_config('pricewatch.network_runs_off', 'off', true);
  PERFORM price_network_runs_rebuild();
END
$$;
--> statement-breakpoint
-- Writers declare their shops (0018); the network rows of those shops' networks are shared by a chain's shops,
-- so the networks' keys come first, in ascending order, then the shops' as before: two writers of one network
-- queue on it, and the fixed order keeps them from holding each other's key.
CREATE OR REPLACE FUNCTION price_spans_lock_shops(shops int[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s int;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7210919);
  FOR s IN SELECT DISTINCT sh.network_id FROM shops sh WHERE sh.id = ANY(shops) ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(7210920, s);
  END LOOP;
  FOR s IN SELECT DISTINCT x FROM unnest(shops) AS x WHERE x IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(7210919, s);
  END LOOP;
  PERFORM set_config('pricewatch.price_shops_locked', 'on', true);
END
$$;
--> statement-breakpoint
-- A shop moved to another network takes its runs along: both networks' groups of its products are rebuilt,
-- under the global key (as a section move, 0017), since the declared writers do not expect it.
CREATE FUNCTION price_network_runs_shop_moved() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  n int[];
  p int[];
  k boolean[];
BEGIN
  PERFORM pg_advisory_xact_lock(7210919);
  SELECT array_agg(s.network_id), array_agg(s.product_id), array_agg(s.promo) INTO n, p, k
  FROM (SELECT DISTINCT x.network_id, r.product_id, r.promo FROM price_pair_runs r
        CROSS JOIN (VALUES (OLD.network_id), (NEW.network_id)) AS x(network_id)
        WHERE r.shop_id = NEW.id) s;
  IF n IS NOT NULL THEN
    PERFORM price_network_runs_recompute(n, p, k);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shops_network_runs_move AFTER UPDATE OF network_id ON shops FOR EACH ROW
  WHEN (OLD.network_id IS DISTINCT FROM NEW.network_id) EXECUTE FUNCTION price_network_runs_shop_moved();
--> statement-breakpoint
-- A shop deleted (by hand: no route deletes shops) keeps its spans and pair runs (no key to it), which every analysis
-- joins to the shops and so leaves out; its network's groups of its products are rebuilt without it.
CREATE FUNCTION price_network_runs_shop_gone() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  n int[];
  p int[];
  k boolean[];
BEGIN
  PERFORM pg_advisory_xact_lock(7210919);
  SELECT array_agg(OLD.network_id), array_agg(s.product_id), array_agg(s.promo) INTO n, p, k
  FROM (SELECT DISTINCT r.product_id, r.promo FROM price_pair_runs r WHERE r.shop_id = OLD.id) s;
  IF p IS NOT NULL THEN
    PERFORM price_network_runs_recompute(n, p, k);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shops_network_runs_gone AFTER DELETE ON shops FOR EACH ROW EXECUTE FUNCTION price_network_runs_shop_gone();
--> statement-breakpoint
SELECT price_network_runs_rebuild();
