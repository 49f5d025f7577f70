-- Alarms (docs/alarms.md): price alarms (one product) and product alarms (a product list) share one
-- table; alarm_targets holds one row per watched (alarm, product, shop) with its last evaluated state,
-- so evaluation is one set-based join from the written prices; alarm_firings keeps every firing.
CREATE TABLE "alarms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"owner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL CHECK ("kind" IN ('price', 'product')),
	"name" text,
	"product_ids" integer[] NOT NULL,
	"shop_ids" integer[] NOT NULL,
	"rule" text NOT NULL,
	"value" double precision,
	"original_shop_id" integer REFERENCES "shops"("id") ON DELETE SET NULL,
	"start_day" date,
	"end_day" date,
	"promo_counts" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "alarms_owner_idx" ON "alarms" ("owner_id", "kind", "id");
--> statement-breakpoint
CREATE INDEX "alarms_own_shop_idx" ON "alarms" ("original_shop_id") WHERE "original_shop_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "alarm_targets" (
	"alarm_id" integer NOT NULL REFERENCES "alarms"("id") ON DELETE CASCADE,
	"product_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"holds" boolean,
	"last_price" integer,
	CONSTRAINT "alarm_targets_pk" PRIMARY KEY ("alarm_id", "product_id", "shop_id")
);
--> statement-breakpoint
CREATE INDEX "alarm_targets_pair_idx" ON "alarm_targets" ("product_id", "shop_id");
--> statement-breakpoint
CREATE TABLE "alarm_firings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"alarm_id" integer REFERENCES "alarms"("id") ON DELETE SET NULL,
	"owner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"alarm_name" text,
	"product_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"rule" text NOT NULL,
	"value" double precision,
	"old_price" integer,
	"new_price" integer,
	"own_price" integer,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "alarm_firings_owner_idx" ON "alarm_firings" ("owner_id", "id");
--> statement-breakpoint
CREATE INDEX "alarm_firings_unread_idx" ON "alarm_firings" ("owner_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "alarm_firings_unnotified_idx" ON "alarm_firings" ("owner_id") WHERE "notified_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "alarm_firings_alarm_idx" ON "alarm_firings" ("alarm_id");
--> statement-breakpoint
CREATE TABLE "alarm_settings" (
	"user_id" uuid PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
	"email" text,
	"notify" text DEFAULT 'off' NOT NULL CHECK ("notify" IN ('off', 'immediate', 'daily')),
	"last_digest_at" timestamp with time zone
);
