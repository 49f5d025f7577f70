-- Writers of price_spans lock only the shops they write (docs/analytics.md "Locks"), instead of the one
-- global lock of 0017 that serialised every price write of every shop.
--
-- The totals rows a statement touches are keyed by its spans' shops, so two writers can only meet on rows
-- of a shop both write. recordObservations (src/areas/prices/record.ts) declares its shops before its
-- statement with price_spans_lock_shops(): the global key in shared mode, then one exclusive key per shop in
-- ascending order, so two writers of one shop queue and writers of different shops run side by side; a
-- fixed order means no two writers hold each other's shop (the crossing-sections deadlock stays impossible).
-- A statement that declared nothing (bulk loads, raw edits, deletions) still takes the global key
-- exclusively before it touches a row, as in 0017: it waits for the declared writers and they for it.
-- A section move (products_totals_move) rewrites a product's days in every shop: global key, exclusive.
CREATE FUNCTION price_spans_lock_shops(shops int[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s int;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7210919);
  FOR s IN SELECT DISTINCT x FROM unnest(shops) AS x WHERE x IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(7210919, s);
  END LOOP;
  PERFORM set_config('pricewatch.price_shops_locked', 'on', true);
END
$$;
--> statement-breakpoint
-- The writer switches the declaration off right after its statement (price_spans_unlock_shops), so a later
-- undeclared statement of the same transaction takes the global key again; the shop keys stay held to commit.
CREATE FUNCTION price_spans_unlock_shops() RETURNS void LANGUAGE sql AS $$
  SELECT set_config('pricewatch.price_shops_locked', 'off', true);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION price_day_totals_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('pricewatch.price_shops_locked', true), '') <> 'on' THEN
    PERFORM pg_advisory_xact_lock(7210919);
  END IF;
  RETURN NULL;
END
$$;
