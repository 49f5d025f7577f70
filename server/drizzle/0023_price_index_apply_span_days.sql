-- The price index's commit step (0021) with the same results and a cheaper plan for its product-days' state after
-- the write: see the comment at span_days. Nothing else changes.
CREATE OR REPLACE FUNCTION price_index_apply() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
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
  -- Expanded to days first, then matched to the touched days by hash: with the match inside the expansion the planner
  -- joined the touched days by product alone and expanded every span once per touched day of its product (a 100k
  -- batch: 21M rows thrown away, 27 s of its 31 s at commit; docs/database.md "At scale").
  span_days AS MATERIALIZED (
    SELECT ps.product_id, ps.shop_id, g.day::date AS day, coalesce(ps.promo, ps.regular) AS price
    FROM ranges r
    JOIN price_spans ps ON ps.product_id = r.product_id AND ps.start_day <= r.t AND ps.end_day >= r.f
    CROSS JOIN LATERAL generate_series(greatest(ps.start_day, r.f), least(ps.end_day, r.t), interval '1 day') AS g(day)
  ),
  after AS (
    SELECT a.product_id, sh.network_id, coalesce(p.section_id, 0) AS section_id, a.day,
           sum(a.price)::bigint AS s, count(*)::int AS c
    FROM span_days a
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
