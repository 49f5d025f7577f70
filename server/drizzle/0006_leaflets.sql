-- Leaflets (docs/leaflets.md): a leaflet of one network over a period; its pages are pictures stored
-- under DATA_DIR/leaflets (generated names); leaflet_prices are the prices found in it (money in minor
-- units like the catalogue); leaflet_recognitions holds the OCR state and result of one page.
CREATE TABLE "leaflets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"network_id" integer NOT NULL REFERENCES "networks"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaflets_period_check" CHECK ("end_day" >= "start_day")
);
--> statement-breakpoint
CREATE INDEX "leaflets_name_lower_idx" ON "leaflets" (lower("name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "leaflets_name_trgm_idx" ON "leaflets" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "leaflets_period_idx" ON "leaflets" ("start_day", "end_day");
--> statement-breakpoint
CREATE INDEX "leaflets_network_idx" ON "leaflets" ("network_id", "start_day");
--> statement-breakpoint
CREATE TABLE "leaflet_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"leaflet_id" integer NOT NULL REFERENCES "leaflets"("id") ON DELETE CASCADE,
	"page_no" integer NOT NULL,
	"file_name" text NOT NULL,
	"type" text NOT NULL CHECK ("type" IN ('png', 'jpeg', 'webp')),
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"thumb_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaflet_pages_no_unique" UNIQUE ("leaflet_id", "page_no")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "leaflet_pages_file_idx" ON "leaflet_pages" ("file_name");
--> statement-breakpoint
CREATE UNIQUE INDEX "leaflet_pages_thumb_idx" ON "leaflet_pages" ("thumb_name");
--> statement-breakpoint
CREATE TABLE "leaflet_prices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"leaflet_id" integer NOT NULL REFERENCES "leaflets"("id") ON DELETE CASCADE,
	"page_id" integer REFERENCES "leaflet_pages"("id") ON DELETE SET NULL,
	"product_id" integer REFERENCES "products"("id") ON DELETE SET NULL,
	"product_name" text NOT NULL,
	"price" integer NOT NULL,
	"old_price" integer,
	"discount_pct" double precision,
	"mechanics" text NOT NULL DEFAULT 'discount',
	"mechanics_text" text,
	"box" jsonb,
	"source" text NOT NULL DEFAULT 'manual' CHECK ("source" IN ('manual', 'recognised')),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "leaflet_prices_leaflet_idx" ON "leaflet_prices" ("leaflet_id", "id");
--> statement-breakpoint
CREATE INDEX "leaflet_prices_page_idx" ON "leaflet_prices" ("page_id") WHERE "page_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "leaflet_prices_product_idx" ON "leaflet_prices" ("product_id") WHERE "product_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "leaflet_recognitions" (
	"page_id" integer PRIMARY KEY REFERENCES "leaflet_pages"("id") ON DELETE CASCADE,
	"status" text NOT NULL CHECK ("status" IN ('queued', 'running', 'done', 'failed')),
	"progress" double precision DEFAULT 0 NOT NULL,
	"result" jsonb,
	"text" text,
	"seconds" double precision,
	"error" text,
	"job_id" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
