-- Tried by bench/ingest-batch.ts (BENCH_INGEST_PREPARE, rolled back): what the two foreign-key checks of current_prices
-- cost the write (docs/database.md "Ingest of one day").
ALTER TABLE current_prices DROP CONSTRAINT current_prices_product_id_products_id_fk;
ALTER TABLE current_prices DROP CONSTRAINT current_prices_shop_id_shops_id_fk;
