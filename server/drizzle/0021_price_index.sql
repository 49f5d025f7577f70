CREATE TABLE "price_day_extremes" (
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"min_price" integer NOT NULL,
	"max_price" integer NOT NULL,
	CONSTRAINT "price_day_extremes_day_shop_id_section_id_pk" PRIMARY KEY("day","shop_id","section_id")
);
--> statement-breakpoint
CREATE TABLE "price_index_pending" (
	"txid" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_network_days" (
	"day" date NOT NULL,
	"network_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"products" integer NOT NULL,
	"avg_sum" numeric(24, 6) NOT NULL,
	CONSTRAINT "price_network_days_day_network_id_section_id_pk" PRIMARY KEY("day","network_id","section_id")
);
--> statement-breakpoint
CREATE TABLE "price_network_pair_days" (
	"day" date NOT NULL,
	"network_id" integer NOT NULL,
	"base_network_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"products" integer NOT NULL,
	"num" numeric(24, 6) NOT NULL,
	"den" numeric(24, 6) NOT NULL,
	CONSTRAINT "price_network_pair_days_day_network_id_base_network_id_section_id_pk" PRIMARY KEY("day","network_id","base_network_id","section_id")
);
--> statement-breakpoint
CREATE TABLE "price_shop_days" (
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"priced" integer NOT NULL,
	"price_sum" bigint NOT NULL,
	"min_price" integer NOT NULL,
	"max_price" integer NOT NULL,
	CONSTRAINT "price_shop_days_day_shop_id_pk" PRIMARY KEY("day","shop_id")
);
--> statement-breakpoint
-- The price index over every product (docs/analytics.md "Price index"); price_shop_days sums a shop's sections. A network's figure for a product on a day
-- is its average over the network's shops that priced it — not a sum over shops, so a change in one shop needs the
-- product's other shops (and, for the index, the other networks) on that day. Statement triggers on price_spans
-- queue each statement's span changes (per product × shop × day range, ± price) in a transaction-local table; a
-- deferred trigger applies the queue at commit: the product-days' state after is read from the spans, the state
-- before is that minus the queue (linear in the sums and counts), and the difference of their contributions is
-- added. At commit because a statement that both extends and opens spans (recordObservations) fires two triggers
-- that each see the other's rows. The pair rows (network × base network) are shared by two networks' writers, which
-- lock only their own network (0020): the commit step takes one key per country of its networks, so two writers of
-- one country apply one after the other, each seeing what the other committed (READ COMMITTED: a new snapshot per
-- statement). Writers still run side by side up to their commit.
CREATE FUNCTION price_index_queue_table() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('pg_temp.price_index_queue') IS NULL THEN
    CREATE TEMP TABLE price_index_queue (
      product_id int, shop_id int, network_id int, section_id int, f date, t date, price int, sign int, extremes boolean
    ) ON COMMIT DELETE ROWS;
  END IF;
  IF coalesce(current_setting('pricewatch.price_index_pending', true), '') <> 'on' THEN
    INSERT INTO price_index_pending (txid) VALUES (txid_current()) ON CONFLICT DO NOTHING;
    PERFORM set_config('pricewatch.price_index_pending', 'on', true);
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION price_index_spans_ins() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM price_index_queue_table();
  INSERT INTO pg_temp.price_index_queue
  SELECT n.product_id, n.shop_id, sh.network_id, coalesce(p.section_id, 0), n.start_day, n.end_day, coalesce(n.promo, n.regular), 1, true
  FROM new_rows n JOIN shops sh ON sh.id = n.shop_id LEFT JOIN products p ON p.id = n.product_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION price_index_spans_upd() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM price_index_queue_table();
  INSERT INTO pg_temp.price_index_queue
  SELECT x.product_id, x.shop_id, sh.network_id, coalesce(p.section_id, 0), x.f, x.t, x.price, x.sign, true
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
  ) x
  JOIN shops sh ON sh.id = x.shop_id LEFT JOIN products p ON p.id = x.product_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION price_index_spans_del() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM price_index_queue_table();
  INSERT INTO pg_temp.price_index_queue
  SELECT o.product_id, o.shop_id, sh.network_id, coalesce(p.section_id, 0), o.start_day, o.end_day, coalesce(o.promo, o.regular), -1, true
  FROM old_rows o JOIN shops sh ON sh.id = o.shop_id LEFT JOIN products p ON p.id = o.product_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER price_spans_index_ins AFTER INSERT ON price_spans REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION price_index_spans_ins();
--> statement-breakpoint
CREATE TRIGGER price_spans_index_upd AFTER UPDATE ON price_spans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION price_index_spans_upd();
--> statement-breakpoint
CREATE TRIGGER price_spans_index_del AFTER DELETE ON price_spans REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION price_index_spans_del();
--> statement-breakpoint
-- The queue applied (called at commit, under the countries' keys).
CREATE FUNCTION price_index_apply() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF to_regclass('pg_temp.price_index_changed') IS NULL THEN
    -- Per product × network × section × day: the queue's change of the price sum and the shops count.
    CREATE TEMP TABLE price_index_changed (product_id int, network_id int, section_id int, day date, ds bigint, dc int) ON COMMIT DELETE ROWS;
    -- The same keys' (and the product-days' other networks') state after (ca, va: shops, average) and before.
    CREATE TEMP TABLE price_index_state (
      product_id int, network_id int, section_id int, day date, changed boolean, ca int, va numeric, cb int, vb numeric
    ) ON COMMIT DELETE ROWS;
    -- Per shop × section × day × price: how many product-days at that price came (> 0) or went (< 0).
    CREATE TEMP TABLE price_index_prices (shop_id int, section_id int, day date, price int, n int) ON COMMIT DELETE ROWS;
  END IF;
  DELETE FROM pg_temp.price_index_changed;
  DELETE FROM pg_temp.price_index_state;
  DELETE FROM pg_temp.price_index_prices;
  INSERT INTO pg_temp.price_index_changed
  SELECT q.product_id, q.network_id, q.section_id, g.day::date, sum(q.sign::bigint * q.price), sum(q.sign)
  FROM pg_temp.price_index_queue q CROSS JOIN LATERAL generate_series(q.f, q.t, interval '1 day') AS g(day)
  GROUP BY 1, 2, 3, 4
  HAVING sum(q.sign::bigint * q.price) <> 0 OR sum(q.sign) <> 0;
  INSERT INTO pg_temp.price_index_state
  -- Each product's spans are read once over the range of its changed days (the spans' primary key starts with the
  -- product), not once per day: a year of a product rewritten is its shops' span-days, not 365 probes.
  WITH touched AS (SELECT DISTINCT product_id, day FROM pg_temp.price_index_changed),
  ranges AS (SELECT product_id, min(day) AS f, max(day) AS t FROM touched GROUP BY 1),
  after AS (
    SELECT a.product_id, sh.network_id, coalesce(p.section_id, 0) AS section_id, a.day,
           sum(a.price)::bigint AS s, count(*)::int AS c
    FROM (
      SELECT ps.product_id, ps.shop_id, g.day::date AS day, coalesce(ps.promo, ps.regular) AS price
      FROM ranges r
      JOIN price_spans ps ON ps.product_id = r.product_id AND ps.start_day <= r.t AND ps.end_day >= r.f
      CROSS JOIN LATERAL generate_series(greatest(ps.start_day, r.f), least(ps.end_day, r.t), interval '1 day') AS g(day)
    ) a
    JOIN touched t ON t.product_id = a.product_id AND t.day = a.day
    JOIN shops sh ON sh.id = a.shop_id
    LEFT JOIN products p ON p.id = a.product_id
    GROUP BY 1, 2, 3, 4
  ),
  both_states AS (
    SELECT coalesce(a.product_id, d.product_id) AS product_id, coalesce(a.network_id, d.network_id) AS network_id,
           coalesce(a.section_id, d.section_id) AS section_id, coalesce(a.day, d.day) AS day, d.product_id IS NOT NULL AS changed,
           coalesce(a.s, 0) AS sa, coalesce(a.c, 0) AS ca, coalesce(a.s, 0) - coalesce(d.ds, 0) AS sb, coalesce(a.c, 0) - coalesce(d.dc, 0) AS cb
    FROM after a
    FULL JOIN pg_temp.price_index_changed d
      ON d.product_id = a.product_id AND d.network_id = a.network_id AND d.section_id = a.section_id AND d.day = a.day
  )
  SELECT product_id, network_id, section_id, day, changed,
         ca, CASE WHEN ca > 0 THEN round(sa::numeric / ca, 6) END,
         cb, CASE WHEN cb > 0 THEN round(sb::numeric / cb, 6) END
  FROM both_states;
  -- A negative count means the queue and the spans disagree (a write the triggers missed): stop rather than keep a wrong figure.
  IF EXISTS (SELECT 1 FROM pg_temp.price_index_state WHERE cb < 0) THEN
    RAISE EXCEPTION 'price index: the queued changes do not match the price history';
  END IF;
  INSERT INTO price_network_days AS t (day, network_id, section_id, products, avg_sum)
  SELECT day, network_id, section_id, sum((ca > 0)::int - (cb > 0)::int), sum(coalesce(va, 0) - coalesce(vb, 0))
  FROM pg_temp.price_index_state WHERE changed
  GROUP BY 1, 2, 3
  HAVING sum((ca > 0)::int - (cb > 0)::int) <> 0 OR sum(coalesce(va, 0) - coalesce(vb, 0)) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (day, network_id, section_id) DO UPDATE SET products = t.products + excluded.products, avg_sum = t.avg_sum + excluded.avg_sum;
  DELETE FROM price_network_days t
  USING (SELECT DISTINCT day, network_id, section_id FROM pg_temp.price_index_state WHERE changed) k
  WHERE t.day = k.day AND t.network_id = k.network_id AND t.section_id = k.section_id AND t.products = 0;
  -- Pairs of networks of one country (one currency) where either side changed.
  INSERT INTO price_network_pair_days AS t (day, network_id, base_network_id, section_id, products, num, den)
  SELECT x.day, x.network_id, y.network_id, x.section_id,
         sum((x.ca > 0 AND y.ca > 0)::int - (x.cb > 0 AND y.cb > 0)::int),
         sum(CASE WHEN x.ca > 0 AND y.ca > 0 THEN x.va ELSE 0 END - CASE WHEN x.cb > 0 AND y.cb > 0 THEN x.vb ELSE 0 END),
         sum(CASE WHEN x.ca > 0 AND y.ca > 0 THEN y.va ELSE 0 END - CASE WHEN x.cb > 0 AND y.cb > 0 THEN y.vb ELSE 0 END)
  FROM pg_temp.price_index_state x
  JOIN pg_temp.price_index_state y ON y.product_id = x.product_id AND y.day = x.day AND y.section_id = x.section_id AND y.network_id <> x.network_id
  JOIN networks nx ON nx.id = x.network_id
  JOIN networks ny ON ny.id = y.network_id AND ny.country = nx.country
  WHERE x.changed OR y.changed
  GROUP BY 1, 2, 3, 4
  HAVING sum((x.ca > 0 AND y.ca > 0)::int - (x.cb > 0 AND y.cb > 0)::int) <> 0
      OR sum(CASE WHEN x.ca > 0 AND y.ca > 0 THEN x.va ELSE 0 END - CASE WHEN x.cb > 0 AND y.cb > 0 THEN x.vb ELSE 0 END) <> 0
      OR sum(CASE WHEN x.ca > 0 AND y.ca > 0 THEN y.va ELSE 0 END - CASE WHEN x.cb > 0 AND y.cb > 0 THEN y.vb ELSE 0 END) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, network_id, base_network_id, section_id) DO UPDATE
    SET products = t.products + excluded.products, num = t.num + excluded.num, den = t.den + excluded.den;
  DELETE FROM price_network_pair_days t
  USING (SELECT DISTINCT day, network_id, section_id FROM pg_temp.price_index_state WHERE changed) k
  WHERE t.day = k.day AND (t.network_id = k.network_id OR t.base_network_id = k.network_id) AND t.section_id = k.section_id AND t.products = 0;
  -- Min/max per shop × section × day: a price that came lowers/raises them; one that went recomputes the day.
  INSERT INTO pg_temp.price_index_prices
  SELECT q.shop_id, q.section_id, g.day::date, q.price, sum(q.sign)
  FROM pg_temp.price_index_queue q CROSS JOIN LATERAL generate_series(q.f, q.t, interval '1 day') AS g(day)
  WHERE q.extremes
  GROUP BY 1, 2, 3, 4
  HAVING sum(q.sign) <> 0;
  INSERT INTO price_day_extremes AS t (day, shop_id, section_id, min_price, max_price)
  SELECT c.day, c.shop_id, c.section_id, min(c.price), max(c.price)
  FROM pg_temp.price_index_prices c
  WHERE NOT EXISTS (SELECT 1 FROM pg_temp.price_index_prices g
                    WHERE g.n < 0 AND g.shop_id = c.shop_id AND g.section_id = c.section_id AND g.day = c.day)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (day, shop_id, section_id) DO UPDATE
    SET min_price = least(t.min_price, excluded.min_price), max_price = greatest(t.max_price, excluded.max_price);
  PERFORM price_day_extremes_recompute();
  -- The touched shops' days over all sections, from the day totals (kept in the statements) and the min/max above.
  DELETE FROM price_shop_days t USING (SELECT DISTINCT shop_id, day FROM pg_temp.price_index_prices) k
  WHERE t.shop_id = k.shop_id AND t.day = k.day;
  INSERT INTO price_shop_days (day, shop_id, priced, price_sum, min_price, max_price)
  SELECT k.day, k.shop_id, t.priced, t.price_sum, e.mn, e.mx
  FROM (SELECT DISTINCT shop_id, day FROM pg_temp.price_index_prices) k
  JOIN LATERAL (SELECT sum(t.priced)::int AS priced, sum(t.price_sum)::bigint AS price_sum FROM price_day_totals t
                WHERE t.day = k.day AND t.shop_id = k.shop_id) t ON t.priced > 0
  JOIN LATERAL (SELECT min(e.min_price) AS mn, max(e.max_price) AS mx FROM price_day_extremes e
                WHERE e.day = k.day AND e.shop_id = k.shop_id) e ON e.mn IS NOT NULL
  WHERE EXISTS (SELECT 1 FROM shops sh WHERE sh.id = k.shop_id)
  ORDER BY 1, 2;
END
$$;
--> statement-breakpoint
-- The shop × section × days that lost a price, from the spans of the section's products in the shop (the spans'
-- primary key starts with the product, so one probe per product of the section).
CREATE FUNCTION price_day_extremes_recompute() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM price_day_extremes t
  USING (SELECT DISTINCT shop_id, section_id, day FROM pg_temp.price_index_prices WHERE n < 0) k
  WHERE t.day = k.day AND t.shop_id = k.shop_id AND t.section_id = k.section_id;
  INSERT INTO price_day_extremes (day, shop_id, section_id, min_price, max_price)
  WITH k AS (SELECT DISTINCT shop_id, section_id, day FROM pg_temp.price_index_prices WHERE n < 0),
  r AS (SELECT shop_id, section_id, min(day) AS f, max(day) AS t FROM k GROUP BY 1, 2)
  SELECT g.day::date, r.shop_id, r.section_id, min(coalesce(ps.promo, ps.regular)), max(coalesce(ps.promo, ps.regular))
  FROM r
  CROSS JOIN LATERAL (SELECT id FROM products WHERE section_id = r.section_id
                      UNION ALL SELECT id FROM products WHERE r.section_id = 0 AND section_id IS NULL) p
  JOIN price_spans ps ON ps.product_id = p.id AND ps.shop_id = r.shop_id AND ps.start_day <= r.t AND ps.end_day >= r.f
  CROSS JOIN LATERAL generate_series(greatest(ps.start_day, r.f), least(ps.end_day, r.t), interval '1 day') AS g(day)
  WHERE EXISTS (SELECT 1 FROM shops sh WHERE sh.id = r.shop_id)
    AND EXISTS (SELECT 1 FROM k WHERE k.shop_id = r.shop_id AND k.section_id = r.section_id AND k.day = g.day::date)
  GROUP BY 1, 2, 3;
END
$$;
--> statement-breakpoint
-- At commit: one key per country of the queued networks (ascending), then the queue applied and emptied.
CREATE FUNCTION price_index_commit() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
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
  DELETE FROM pg_temp.price_index_queue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER price_index_pending_commit AFTER INSERT ON price_index_pending DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION price_index_commit();
--> statement-breakpoint
-- A shop moved to another network takes its spans along: out of the old network's figures, into the new one's
-- (its min/max rows are the shop's and stay). Under the global key, as the network runs' move (0020).
CREATE FUNCTION price_index_shop_moved() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7210919);
  PERFORM price_index_queue_table();
  INSERT INTO pg_temp.price_index_queue
  SELECT ps.product_id, ps.shop_id, x.network_id, coalesce(p.section_id, 0), ps.start_day, ps.end_day, coalesce(ps.promo, ps.regular), x.sign, false
  FROM price_spans ps LEFT JOIN products p ON p.id = ps.product_id
  CROSS JOIN (VALUES (OLD.network_id, -1), (NEW.network_id, 1)) AS x(network_id, sign)
  WHERE ps.shop_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shops_index_move AFTER UPDATE OF network_id ON shops FOR EACH ROW
  WHEN (OLD.network_id IS DISTINCT FROM NEW.network_id) EXECUTE FUNCTION price_index_shop_moved();
--> statement-breakpoint
-- A shop deleted by hand (its spans stay, and every analysis joins them to the shops): out of its network's figures.
CREATE FUNCTION price_index_shop_gone() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7210919);
  PERFORM price_index_queue_table();
  INSERT INTO pg_temp.price_index_queue
  SELECT ps.product_id, ps.shop_id, OLD.network_id, coalesce(p.section_id, 0), ps.start_day, ps.end_day, coalesce(ps.promo, ps.regular), -1, false
  FROM price_spans ps LEFT JOIN products p ON p.id = ps.product_id
  WHERE ps.shop_id = OLD.id;
  DELETE FROM price_day_extremes WHERE shop_id = OLD.id;
  DELETE FROM price_shop_days WHERE shop_id = OLD.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shops_index_gone AFTER DELETE ON shops FOR EACH ROW EXECUTE FUNCTION price_index_shop_gone();
--> statement-breakpoint
-- A product moved to another section takes its history along (as products_totals_move, 0017), under the global key.
CREATE FUNCTION price_index_product_moved() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7210919);
  PERFORM price_index_queue_table();
  INSERT INTO pg_temp.price_index_queue
  SELECT ps.product_id, ps.shop_id, sh.network_id, x.section_id, ps.start_day, ps.end_day, coalesce(ps.promo, ps.regular), x.sign, true
  FROM price_spans ps JOIN shops sh ON sh.id = ps.shop_id
  CROSS JOIN (VALUES (coalesce(OLD.section_id, 0), -1), (coalesce(NEW.section_id, 0), 1)) AS x(section_id, sign)
  WHERE ps.product_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_index_move AFTER UPDATE OF section_id ON products FOR EACH ROW
  WHEN (OLD.section_id IS DISTINCT FROM NEW.section_id) EXECUTE FUNCTION price_index_product_moved();
--> statement-breakpoint
-- Every row from the history: here for the history already written, and after catalogue loads (which switch the
-- insert trigger off). Set-based: per product × network the state from each change day on (price sums and shop
-- counts as running sums of +price at a span's start and −price the day after its end); a network × section's
-- figures as running sums of those states' changes; the pairs day by day, only for products priced in two networks
-- of a country; the min/max day by day (not additive: one pass over the span-days).
CREATE FUNCTION price_index_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
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
END
$$;
--> statement-breakpoint
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
SELECT price_index_rebuild();
