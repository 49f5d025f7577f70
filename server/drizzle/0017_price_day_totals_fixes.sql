-- price_day_totals (0015) under concurrent writers and section moves (docs/analytics.md).
--
-- Writers of price_spans take one lock before the statement touches a row: recordObservations' one
-- statement fires the update trigger (spans extended) and then the insert trigger (spans opened), each
-- locking its day x shop x section rows, so two writers of one shop and day, one extending section X and
-- opening Y, the other the reverse, deadlocked on PostgreSQL (a parser run's prices lost). Held to commit;
-- the totals rows were already a point every writer of a shop and day went through one after the other.
CREATE FUNCTION price_day_totals_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7210919);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER price_spans_totals_lock BEFORE INSERT OR UPDATE OR DELETE ON price_spans FOR EACH STATEMENT EXECUTE FUNCTION price_day_totals_lock();
--> statement-breakpoint
-- A product moved to another section takes its whole history along, as the rebuild and the analytics'
-- section filter over the spans (the product's current section) do: otherwise a section's discount
-- analysis counted the product from the spans but none of its days from the totals.
CREATE FUNCTION price_day_totals_move() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7210919);
  WITH s AS (
    SELECT ps.shop_id, ps.start_day, ps.end_day, ps.regular, ps.promo,
           (ps.promo IS NOT NULL AND NOT (coalesce(lag(ps.promo IS NOT NULL) OVER w, false)
                                         AND lag(ps.end_day) OVER w = ps.start_day - 1)) AS opens
    FROM price_spans ps WHERE ps.product_id = NEW.id
    WINDOW w AS (PARTITION BY ps.shop_id ORDER BY ps.start_day)
  )
  INSERT INTO price_day_totals AS t (day, shop_id, section_id, priced, promo, price_sum, depth_sum, promo_starts)
  SELECT g.day::date, s.shop_id, m.section_id,
         sum(m.sign),
         coalesce(sum(m.sign) FILTER (WHERE s.promo IS NOT NULL), 0),
         sum(m.sign * coalesce(s.promo, s.regular)::bigint),
         coalesce(sum(m.sign * (s.regular - s.promo)::float8 / nullif(s.regular, 0) * 100) FILTER (WHERE s.promo IS NOT NULL), 0),
         coalesce(sum(m.sign) FILTER (WHERE s.opens AND g.day::date = s.start_day), 0)
  FROM s
  CROSS JOIN (VALUES (coalesce(OLD.section_id, 0), -1), (coalesce(NEW.section_id, 0), 1)) AS m(section_id, sign)
  CROSS JOIN LATERAL generate_series(s.start_day, s.end_day, interval '1 day') AS g(day)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
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
CREATE TRIGGER products_totals_move AFTER UPDATE OF section_id ON products FOR EACH ROW
  WHEN (OLD.section_id IS DISTINCT FROM NEW.section_id) EXECUTE FUNCTION price_day_totals_move();
