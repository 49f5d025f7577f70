-- Ids that grow with the data are bigint (issue 13: an int4 run id runs out in months with ~300 parsers).
ALTER TABLE "parser_runs" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER SEQUENCE "parser_runs_id_seq" AS bigint MAXVALUE 9223372036854775807;--> statement-breakpoint
ALTER TABLE "parser_run_items" ALTER COLUMN "run_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "scraper_requests" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER SEQUENCE "scraper_requests_id_seq" AS bigint MAXVALUE 9223372036854775807;--> statement-breakpoint
ALTER TABLE "parser_runs" ALTER COLUMN "scraper_request_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "export_requests" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER SEQUENCE "export_requests_id_seq" AS bigint MAXVALUE 9223372036854775807;--> statement-breakpoint
ALTER TABLE "export_schedules" ALTER COLUMN "last_request_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "leaflet_prices" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER SEQUENCE "leaflet_prices_id_seq" AS bigint MAXVALUE 9223372036854775807;
