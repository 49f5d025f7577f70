CREATE TABLE "brands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "brands_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"section_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "current_prices" (
	"product_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"start_day" date NOT NULL,
	"last_seen" date NOT NULL,
	"regular" integer NOT NULL,
	"promo" integer,
	"in_stock" boolean NOT NULL,
	"source" smallint NOT NULL,
	CONSTRAINT "current_prices_product_id_shop_id_pk" PRIMARY KEY("product_id","shop_id")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"name" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_id" uuid,
	"network_id" integer,
	"provider" boolean DEFAULT false NOT NULL,
	"size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"product_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"url" text,
	"shop_article" text,
	CONSTRAINT "offers_product_id_shop_id_pk" PRIMARY KEY("product_id","shop_id")
);
--> statement-breakpoint
CREATE TABLE "parser_map" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"network_id" integer NOT NULL,
	"shop_id" integer
);
--> statement-breakpoint
CREATE TABLE "price_spans" (
	"product_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"regular" integer NOT NULL,
	"promo" integer,
	"in_stock" boolean NOT NULL,
	"source" smallint NOT NULL,
	CONSTRAINT "price_spans_product_id_shop_id_start_day_pk" PRIMARY KEY("product_id","shop_id","start_day")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ean" text,
	"article" text,
	"name" text NOT NULL,
	"brand_id" integer,
	"section_id" integer,
	"category_id" integer,
	"weight" double precision,
	"unit" text,
	"description" text,
	"image" text,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "sections_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "current_prices" ADD CONSTRAINT "current_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "current_prices" ADD CONSTRAINT "current_prices_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "networks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parser_map" ADD CONSTRAINT "parser_map_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parser_map" ADD CONSTRAINT "parser_map_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_section_name_idx" ON "categories" USING btree ("section_id","name");--> statement-breakpoint
CREATE INDEX "current_prices_shop_idx" ON "current_prices" USING btree ("shop_id","product_id");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "files_created_idx" ON "files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "offers_shop_idx" ON "offers" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "parser_map_network_idx" ON "parser_map" USING btree ("network_id");--> statement-breakpoint
CREATE INDEX "products_ean_idx" ON "products" USING btree ("ean" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_article_idx" ON "products" USING btree ("article" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_article_num_idx" ON "products" USING btree (length("article"),"article") WHERE "products"."article" ~ '^[0-9]+$';--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_section_idx" ON "products" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");