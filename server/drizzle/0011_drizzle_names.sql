-- Re-baseline (issue 15): every table is described in src/db/schema/, and snapshot 0011 is the whole
-- schema. The tables of 0004-0007 and 0010 were written by hand with PostgreSQL's constraint names;
-- they take the names drizzle-kit gives, so the database is exactly what the descriptions generate.
ALTER TABLE "alarm_firings" RENAME CONSTRAINT "alarm_firings_alarm_id_fkey" TO "alarm_firings_alarm_id_alarms_id_fk";--> statement-breakpoint
ALTER TABLE "alarm_firings" RENAME CONSTRAINT "alarm_firings_owner_id_fkey" TO "alarm_firings_owner_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "alarm_settings" RENAME CONSTRAINT "alarm_settings_user_id_fkey" TO "alarm_settings_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "alarm_targets" RENAME CONSTRAINT "alarm_targets_alarm_id_fkey" TO "alarm_targets_alarm_id_alarms_id_fk";--> statement-breakpoint
ALTER TABLE "alarms" RENAME CONSTRAINT "alarms_original_shop_id_fkey" TO "alarms_original_shop_id_shops_id_fk";--> statement-breakpoint
ALTER TABLE "alarms" RENAME CONSTRAINT "alarms_owner_id_fkey" TO "alarms_owner_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "export_new_product_templates" RENAME CONSTRAINT "export_new_product_templates_network_id_fkey" TO "export_new_product_templates_network_id_networks_id_fk";--> statement-breakpoint
ALTER TABLE "export_new_product_templates" RENAME CONSTRAINT "export_new_product_templates_owner_id_fkey" TO "export_new_product_templates_owner_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "export_requests" RENAME CONSTRAINT "export_requests_network_id_fkey" TO "export_requests_network_id_networks_id_fk";--> statement-breakpoint
ALTER TABLE "export_requests" RENAME CONSTRAINT "export_requests_owner_id_fkey" TO "export_requests_owner_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "export_requests" RENAME CONSTRAINT "export_requests_schedule_id_fkey" TO "export_requests_schedule_id_export_schedules_id_fk";--> statement-breakpoint
ALTER TABLE "export_requests" RENAME CONSTRAINT "export_requests_template_id_fkey" TO "export_requests_template_id_export_templates_id_fk";--> statement-breakpoint
ALTER TABLE "export_schedules" RENAME CONSTRAINT "export_schedules_network_id_fkey" TO "export_schedules_network_id_networks_id_fk";--> statement-breakpoint
ALTER TABLE "export_schedules" RENAME CONSTRAINT "export_schedules_owner_id_fkey" TO "export_schedules_owner_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "export_schedules" RENAME CONSTRAINT "export_schedules_template_id_fkey" TO "export_schedules_template_id_export_templates_id_fk";--> statement-breakpoint
ALTER TABLE "export_templates" RENAME CONSTRAINT "export_templates_network_id_fkey" TO "export_templates_network_id_networks_id_fk";--> statement-breakpoint
ALTER TABLE "export_templates" RENAME CONSTRAINT "export_templates_owner_id_fkey" TO "export_templates_owner_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "leaflet_pages" RENAME CONSTRAINT "leaflet_pages_leaflet_id_fkey" TO "leaflet_pages_leaflet_id_leaflets_id_fk";--> statement-breakpoint
ALTER TABLE "leaflet_prices" RENAME CONSTRAINT "leaflet_prices_leaflet_id_fkey" TO "leaflet_prices_leaflet_id_leaflets_id_fk";--> statement-breakpoint
ALTER TABLE "leaflet_prices" RENAME CONSTRAINT "leaflet_prices_page_id_fkey" TO "leaflet_prices_page_id_leaflet_pages_id_fk";--> statement-breakpoint
ALTER TABLE "leaflet_prices" RENAME CONSTRAINT "leaflet_prices_product_id_fkey" TO "leaflet_prices_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "leaflet_recognitions" RENAME CONSTRAINT "leaflet_recognitions_page_id_fkey" TO "leaflet_recognitions_page_id_leaflet_pages_id_fk";--> statement-breakpoint
ALTER TABLE "leaflets" RENAME CONSTRAINT "leaflets_network_id_fkey" TO "leaflets_network_id_networks_id_fk";--> statement-breakpoint
ALTER TABLE "parser_run_items" RENAME CONSTRAINT "parser_run_items_run_id_fkey" TO "parser_run_items_run_id_parser_runs_id_fk";--> statement-breakpoint
ALTER TABLE "parser_runs" RENAME CONSTRAINT "parser_runs_parser_id_fkey" TO "parser_runs_parser_id_parsers_id_fk";--> statement-breakpoint
ALTER TABLE "parser_runs" RENAME CONSTRAINT "parser_runs_requested_by_fkey" TO "parser_runs_requested_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "parser_runs" RENAME CONSTRAINT "parser_runs_scraper_request_id_fkey" TO "parser_runs_scraper_request_id_scraper_requests_id_fk";--> statement-breakpoint
ALTER TABLE "parsers" RENAME CONSTRAINT "parsers_network_id_fkey" TO "parsers_network_id_networks_id_fk";--> statement-breakpoint
ALTER TABLE "parsers" RENAME CONSTRAINT "parsers_shop_id_fkey" TO "parsers_shop_id_shops_id_fk";--> statement-breakpoint
ALTER TABLE "parsers" RENAME CONSTRAINT "parsers_code_key" TO "parsers_code_unique";--> statement-breakpoint
ALTER TABLE "scraper_requests" RENAME CONSTRAINT "scraper_requests_network_id_fkey" TO "scraper_requests_network_id_networks_id_fk";--> statement-breakpoint
ALTER TABLE "scraper_requests" RENAME CONSTRAINT "scraper_requests_product_id_fkey" TO "scraper_requests_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "scraper_requests" RENAME CONSTRAINT "scraper_requests_user_id_fkey" TO "scraper_requests_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "suspicious_prices" RENAME CONSTRAINT "suspicious_prices_decided_by_fkey" TO "suspicious_prices_decided_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "suspicious_prices" RENAME CONSTRAINT "suspicious_prices_parser_id_fkey" TO "suspicious_prices_parser_id_parsers_id_fk";--> statement-breakpoint
ALTER TABLE "suspicious_prices" RENAME CONSTRAINT "suspicious_prices_product_id_fkey" TO "suspicious_prices_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "suspicious_prices" RENAME CONSTRAINT "suspicious_prices_run_id_fkey" TO "suspicious_prices_run_id_parser_runs_id_fk";--> statement-breakpoint
ALTER TABLE "suspicious_prices" RENAME CONSTRAINT "suspicious_prices_shop_id_fkey" TO "suspicious_prices_shop_id_shops_id_fk";
