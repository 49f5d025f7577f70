-- Matching pages to products (docs/parsers.md "Matching pages to products"): pages of a parser whose product
-- matched nothing, kept with what was read until a person accepts a catalogue product for them or rejects them.
CREATE TABLE "unmatched_pages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unmatched_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parser_id" integer NOT NULL,
	"url" text NOT NULL,
	"name" text,
	"ean" text,
	"article" text,
	"price" integer,
	"old_price" integer,
	"promo" boolean DEFAULT false NOT NULL,
	"currency" text,
	"in_stock" boolean,
	"price_text" text,
	"day" date,
	"run_id" bigint,
	"item_seq" integer,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	"product_id" integer,
	"decided_at" timestamp with time zone,
	"decided_by" uuid
);
--> statement-breakpoint
ALTER TABLE "unmatched_pages" ADD CONSTRAINT "unmatched_pages_parser_id_parsers_id_fk" FOREIGN KEY ("parser_id") REFERENCES "parsers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_pages" ADD CONSTRAINT "unmatched_pages_run_id_parser_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "parser_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_pages" ADD CONSTRAINT "unmatched_pages_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_pages" ADD CONSTRAINT "unmatched_pages_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_pages_page_idx" ON "unmatched_pages" USING btree ("parser_id","url");--> statement-breakpoint
CREATE INDEX "unmatched_pages_waiting_idx" ON "unmatched_pages" USING btree ("parser_id","id") WHERE "unmatched_pages"."decision" IS NULL;