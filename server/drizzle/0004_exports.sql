-- Exports (docs/exports.md): templates, schedules, export requests and new-product lists. Hand-written
-- (not drizzle-kit): the tables are described for drizzle in src/areas/exports/schema.ts, outside
-- src/db/schema.ts. pg-boss keeps its own tables in its own schema (docs/jobs.md).
CREATE TABLE IF NOT EXISTS "export_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"auto_generation" boolean DEFAULT false NOT NULL,
	"date" date NOT NULL,
	"owner_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"network_id" integer REFERENCES "networks"("id") ON DELETE CASCADE,
	"provider" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "export_templates_network_idx" ON "export_templates" ("network_id", "created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "export_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"name" text NOT NULL,
	-- RESTRICT: a template that a schedule runs cannot be deleted (DELETE /export/delete-template → 409).
	"template_id" integer NOT NULL REFERENCES "export_templates"("id") ON DELETE RESTRICT,
	"frequency" text NOT NULL,
	"time" text NOT NULL,
	"day_of_week" smallint,
	"day_of_month" smallint,
	"time_zone" text NOT NULL,
	"cron" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"owner_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"network_id" integer REFERENCES "networks"("id") ON DELETE CASCADE,
	"provider" boolean DEFAULT false NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "export_schedules_template_idx" ON "export_schedules" ("template_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "export_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"name" text NOT NULL,
	"type" text NOT NULL,
	-- queued → running → done | failed
	"state" text DEFAULT 'queued' NOT NULL,
	-- the resolved selection (contract exportParamsSchema, ids as numbers)
	"params" jsonb NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"products_count" integer DEFAULT 0 NOT NULL,
	"shops_count" integer DEFAULT 0 NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"rows_expected" integer DEFAULT 0 NOT NULL,
	"error" text,
	"error_message" text,
	-- the written file (files.name), set only once it is complete
	"file" text,
	"extension" text,
	"size" bigint,
	"template_id" integer REFERENCES "export_templates"("id") ON DELETE SET NULL,
	"template_name" text,
	"schedule_id" integer REFERENCES "export_schedules"("id") ON DELETE SET NULL,
	"owner_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"network_id" integer REFERENCES "networks"("id") ON DELETE SET NULL,
	"provider" boolean DEFAULT false NOT NULL,
	-- the pg-boss job that may run it; a job whose id is not this one finds nothing to do
	"job_id" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	-- refreshed while running; a running request whose heartbeat is old was left by a dead process
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "export_requests_network_created_idx" ON "export_requests" ("network_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "export_requests_created_idx" ON "export_requests" ("created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "export_requests_template_idx" ON "export_requests" ("template_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "export_requests_active_idx" ON "export_requests" ("state") WHERE "state" IN ('queued', 'running');
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "export_new_product_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"name" text NOT NULL,
	-- [{ ean, article, name }]
	"items" jsonb NOT NULL,
	"owner_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"network_id" integer REFERENCES "networks"("id") ON DELETE CASCADE,
	"provider" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "export_new_product_templates_network_idx" ON "export_new_product_templates" ("network_id", "created_at");
