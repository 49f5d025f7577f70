-- Tried by bench/ingest-batch.ts (BENCH_INGEST_PREPARE, rolled back): the price index's read of a touched product's
-- spans bounded by their end (docs/database.md "Ingest of one day").
CREATE INDEX price_spans_product_end_idx ON price_spans (product_id, end_day);
