DROP INDEX "people_entity_email_key";--> statement-breakpoint
DROP INDEX "people_entity_id_number_key";--> statement-breakpoint
DROP INDEX "people_entity_name_idx";--> statement-breakpoint
DROP INDEX "people_entity_status_idx";--> statement-breakpoint
DROP INDEX "visits_person_idx";--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "email_lower" text GENERATED ALWAYS AS (lower("email")) STORED;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "id_number_lower" text GENERATED ALWAYS AS (lower("id_number")) STORED;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "email_missing" boolean GENERATED ALWAYS AS ("email" is null) STORED;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "email_key" text GENERATED ALWAYS AS (coalesce("email", '')) STORED;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower("first_name" || ' ' || "last_name" || ' ' || coalesce("company_name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("first_name" || ' ' || "last_name" || ' ' || coalesce("company_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("id_number", '') || ' ' || coalesce("rfid", '')) || ' ' || coalesce("phone_code", '') || coalesce("phone", '')) STORED;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "activity_at" timestamp with time zone GENERATED ALWAYS AS (coalesce("signed_in_at", "expected_at", "created_at")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "active_until" timestamp with time zone GENERATED ALWAYS AS (coalesce("signed_out_at", case when "state" = 'on_site' then 'infinity'::timestamptz else coalesce("signed_in_at", "expected_at", "created_at") end)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "long_visit" boolean GENERATED ALWAYS AS (case when "signed_out_at" is null then "state" = 'on_site' else "signed_out_at" - coalesce("signed_in_at", "expected_at", "created_at") > interval '1 day' end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "people_entity_email_sort_idx" ON "people" USING btree ("entity_id","email_missing","email_key","id");--> statement-breakpoint
CREATE INDEX "people_entity_created_idx" ON "people" USING btree ("entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "people_entity_role_idx" ON "people" USING btree ("entity_id","role_id","id");--> statement-breakpoint
CREATE INDEX "visits_entity_long_idx" ON "visits" USING btree ("entity_id","activity_at","id") WHERE "visits"."long_visit";--> statement-breakpoint
CREATE UNIQUE INDEX "people_entity_email_key" ON "people" USING btree ("entity_id","email_lower");--> statement-breakpoint
CREATE UNIQUE INDEX "people_entity_id_number_key" ON "people" USING btree ("entity_id","id_number_lower");--> statement-breakpoint
CREATE INDEX "people_entity_name_idx" ON "people" USING btree ("entity_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "people_entity_status_idx" ON "people" USING btree ("entity_id","status","id");--> statement-breakpoint
CREATE INDEX "visits_person_idx" ON "visits" USING btree ("entity_id","person_id","activity_at");