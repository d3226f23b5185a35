ALTER TABLE "webhook_endpoints" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "last_response_status" integer;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "last_duration_ms" integer;