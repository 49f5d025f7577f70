-- Deleting a parser from the app keeps its runs' history (parser_runs cascade on a real delete): a tombstone.
ALTER TABLE "parsers" ADD COLUMN "deleted_at" timestamp with time zone;
