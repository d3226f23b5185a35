CREATE TABLE "privacy_runs" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"scope" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"user_type_id" uuid,
	"user_type_name" text,
	"local_date" date,
	"people_erased" integer DEFAULT 0 NOT NULL,
	"visits_anonymised" integer DEFAULT 0 NOT NULL,
	"requested_by_person_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "privacy_runs_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "privacy_settings" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"data_retention_days" integer,
	"scans_retention_days" integer,
	"anonymous_person_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_settings_days_check" CHECK (("privacy_settings"."data_retention_days" is null) = ("privacy_settings"."scans_retention_days" is null) and coalesce("privacy_settings"."data_retention_days", 1) > 0 and coalesce("privacy_settings"."scans_retention_days", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "retained_visit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_types" ADD COLUMN "data_retention_days" integer;--> statement-breakpoint
ALTER TABLE "user_types" ADD COLUMN "scans_retention_days" integer;--> statement-breakpoint
ALTER TABLE "privacy_runs" ADD CONSTRAINT "privacy_runs_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_settings" ADD CONSTRAINT "privacy_settings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_settings" ADD CONSTRAINT "privacy_settings_entity_id_anonymous_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","anonymous_person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_runs_started_idx" ON "privacy_runs" USING btree ("entity_id","started_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_runs_schedule_day_key" ON "privacy_runs" USING btree ("entity_id","local_date") WHERE "privacy_runs"."trigger" = 'schedule';--> statement-breakpoint
ALTER TABLE "user_types" ADD CONSTRAINT "user_types_retention_check" CHECK (("user_types"."data_retention_days" is null) = ("user_types"."scans_retention_days" is null) and coalesce("user_types"."data_retention_days", 1) > 0 and coalesce("user_types"."scans_retention_days", 1) > 0);--> statement-breakpoint
SELECT app_enable_tenant_rls('privacy_settings');--> statement-breakpoint
SELECT app_enable_tenant_rls('privacy_runs');--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON privacy_settings, privacy_runs TO app_user;