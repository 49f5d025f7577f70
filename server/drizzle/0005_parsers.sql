-- Parsers and scrapers (server/docs/parsers.md): definitions as data, runs as the work queue shared by
-- every server process, per-page results, scraper requests.
CREATE TABLE "parsers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"code" text NOT NULL UNIQUE,
	"name" text NOT NULL,
	"network_id" integer NOT NULL REFERENCES "networks"("id") ON DELETE cascade,
	"shop_id" integer REFERENCES "shops"("id") ON DELETE cascade,
	"country" text NOT NULL,
	"definition" jsonb NOT NULL,
	"schedule" text NOT NULL DEFAULT '0 6 * * *',
	"enabled" boolean NOT NULL DEFAULT true,
	"demo" boolean NOT NULL DEFAULT false,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "parsers_network_idx" ON "parsers" ("network_id");
--> statement-breakpoint
CREATE TABLE "scraper_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"type" text NOT NULL,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"network_id" integer NOT NULL REFERENCES "networks"("id") ON DELETE cascade,
	"user_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"country" text NOT NULL,
	"status" text NOT NULL DEFAULT 'queued',
	"results" jsonb NOT NULL DEFAULT '[]'::jsonb,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "scraper_requests_created_idx" ON "scraper_requests" ("created_at");
--> statement-breakpoint
CREATE TABLE "parser_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"parser_id" integer NOT NULL REFERENCES "parsers"("id") ON DELETE cascade,
	"status" text NOT NULL DEFAULT 'queued',
	"trigger" text NOT NULL,
	"requested_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"scraper_request_id" integer REFERENCES "scraper_requests"("id") ON DELETE cascade,
	"product_ids" integer[],
	"scheduled_for" timestamp with time zone,
	"queued_at" timestamp with time zone NOT NULL DEFAULT now(),
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"claimed_by" text,
	"attempts" integer NOT NULL DEFAULT 0,
	"pages_total" integer NOT NULL DEFAULT 0,
	"pages_done" integer NOT NULL DEFAULT 0,
	"prices_found" integer NOT NULL DEFAULT 0,
	"not_found" integer NOT NULL DEFAULT 0,
	"errors" jsonb NOT NULL DEFAULT '{}'::jsonb,
	"failure" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "parser_runs_schedule_once_idx" ON "parser_runs" ("parser_id", "scheduled_for") WHERE "scheduled_for" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "parser_runs_parser_idx" ON "parser_runs" ("parser_id", "id");
--> statement-breakpoint
CREATE INDEX "parser_runs_status_idx" ON "parser_runs" ("status");
--> statement-breakpoint
CREATE TABLE "parser_run_items" (
	"run_id" integer NOT NULL REFERENCES "parser_runs"("id") ON DELETE cascade,
	"seq" integer NOT NULL,
	"url" text NOT NULL,
	"http_status" integer,
	"product_id" integer,
	"name" text,
	"ean" text,
	"price" integer,
	"old_price" integer,
	"promo" boolean NOT NULL DEFAULT false,
	"currency" text,
	"in_stock" boolean,
	"strategy" text,
	"not_found" boolean NOT NULL DEFAULT false,
	"problem_kind" text,
	"problem" text,
	CONSTRAINT "parser_run_items_pk" PRIMARY KEY ("run_id", "seq")
);
