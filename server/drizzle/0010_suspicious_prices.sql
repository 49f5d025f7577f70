-- Sanity guard of parser prices (docs/parsers.md "Sanity guard"): an observation far from its reference
-- (the product's last price in the shop, or the median of the network's shops that day) is held here
-- instead of the price history until someone confirms or rejects it.
CREATE TABLE "suspicious_prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"run_id" bigint NOT NULL REFERENCES "parser_runs"("id") ON DELETE cascade,
	"parser_id" integer NOT NULL REFERENCES "parsers"("id") ON DELETE cascade,
	"item_seq" integer,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"shop_id" integer NOT NULL REFERENCES "shops"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"regular" integer NOT NULL,
	"promo" integer,
	"in_stock" boolean NOT NULL,
	"currency" text,
	"old_price" integer NOT NULL,
	"reference" text NOT NULL,
	"text" text,
	"url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"decided_at" timestamp with time zone,
	"decided_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"decision" text
);--> statement-breakpoint
CREATE UNIQUE INDEX "suspicious_prices_pending_idx" ON "suspicious_prices" USING btree ("product_id", "shop_id") WHERE "decision" IS NULL;--> statement-breakpoint
CREATE INDEX "suspicious_prices_queue_idx" ON "suspicious_prices" USING btree ("parser_id", "id") WHERE "decision" IS NULL;--> statement-breakpoint
CREATE INDEX "suspicious_prices_run_idx" ON "suspicious_prices" USING btree ("run_id");
