-- Issue 19 item 2: on PostgreSQL price_spans is hash-partitioned by product_id (docs/database.md
-- "Partitioned price history"); PGlite, a single-user embedded database, keeps the one table. The columns
-- and the primary key (which already starts with the key) are unchanged, so the Drizzle description and
-- every ON CONFLICT target stay as they are.
-- Rewriting a large history outlasts the server's statement timeout; this transaction only.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
DO $$
DECLARE
  i int;
BEGIN
  IF version() LIKE '%PGlite%' OR EXISTS (SELECT 1 FROM pg_partitioned_table WHERE partrelid = to_regclass('price_spans')) THEN
    RETURN;
  END IF;
  ALTER TABLE price_spans RENAME TO price_spans_unpartitioned;
  ALTER TABLE price_spans_unpartitioned RENAME CONSTRAINT price_spans_product_id_shop_id_start_day_pk TO price_spans_unpartitioned_pk;
  CREATE TABLE price_spans (LIKE price_spans_unpartitioned INCLUDING DEFAULTS) PARTITION BY HASH (product_id);
  -- 32 partitions: ~3 GB each at a billion spans, vacuumed and re-indexed one at a time. fillfactor 90
  -- keeps extending the open span (end_day, not indexed) a HOT update on the same page.
  FOR i IN 0..31 LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF price_spans FOR VALUES WITH (MODULUS 32, REMAINDER %s) WITH (fillfactor = 90)',
                   'price_spans_p' || lpad(i::text, 2, '0'), i);
  END LOOP;
  INSERT INTO price_spans SELECT * FROM price_spans_unpartitioned;
  -- Built after the rows are in: one sorted build per partition instead of a row-by-row index.
  ALTER TABLE price_spans ADD CONSTRAINT price_spans_product_id_shop_id_start_day_pk PRIMARY KEY (product_id, shop_id, start_day);
  DROP TABLE price_spans_unpartitioned;
END $$;
