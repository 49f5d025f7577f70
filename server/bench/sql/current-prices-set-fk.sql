-- Tried by bench/ingest-batch.ts (BENCH_INGEST_PREPARE, rolled back): current_prices' two foreign keys replaced by one
-- set-based check per statement (docs/database.md "Ingest of one day").
ALTER TABLE current_prices DROP CONSTRAINT current_prices_product_id_products_id_fk;
ALTER TABLE current_prices DROP CONSTRAINT current_prices_shop_id_shops_id_fk;
CREATE FUNCTION current_prices_keys_check() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  -- The rows' products and shops locked as a foreign key's check locks them (KEY SHARE: a concurrent delete waits for
  -- this transaction and then removes its rows), all at once instead of a query per row.
  PERFORM 1 FROM products p WHERE p.id IN (SELECT DISTINCT product_id FROM new_rows) ORDER BY p.id FOR KEY SHARE;
  PERFORM 1 FROM shops s WHERE s.id IN (SELECT DISTINCT shop_id FROM new_rows) ORDER BY s.id FOR KEY SHARE;
  IF EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.id = n.product_id)
                                          OR NOT EXISTS (SELECT 1 FROM shops s WHERE s.id = n.shop_id)) THEN
    RAISE EXCEPTION 'current prices: a product or shop that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER current_prices_keys_ins AFTER INSERT ON current_prices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION current_prices_keys_check();
