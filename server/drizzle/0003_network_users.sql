-- Per-user rights (issue 8, docs/access.md): NULL = the user inherits the network's export details;
-- otherwise a partial exportDetails object whose fields override the network's.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "export_details" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
