-- Login throttling (docs/access.md "Login throttling"): one counter per key — a client address
-- (`ip:<address>`) or an address with an account (`pair:<address> <name>`) — moved by one atomic upsert
-- per attempt, so attempts arriving together are all counted. Replaces login_failures' row per failure.
DROP TABLE "login_failures";--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "login_throttle_last_at_idx" ON "login_throttle" USING btree ("last_at");
