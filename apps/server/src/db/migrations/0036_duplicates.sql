CREATE TABLE "duplicate_dismissals" (
	"entity_id" uuid NOT NULL,
	"person_a_id" uuid NOT NULL,
	"person_b_id" uuid NOT NULL,
	"dismissed_by_person_id" uuid,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_dismissals_entity_id_person_a_id_person_b_id_pk" PRIMARY KEY("entity_id","person_a_id","person_b_id")
);
--> statement-breakpoint
CREATE TABLE "duplicate_pairs" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"person_a_id" uuid NOT NULL,
	"person_b_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"reasons" text[] NOT NULL,
	"name_similarity" real NOT NULL,
	"search_text" text NOT NULL,
	"scan_id" uuid NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_pairs_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "duplicate_scans" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by_person_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"people" integer,
	"pairs" integer,
	"duration_ms" integer,
	CONSTRAINT "duplicate_scans_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "person_merges" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kept_person_id" uuid NOT NULL,
	"kept_name" text NOT NULL,
	"removed_person_id" uuid NOT NULL,
	"removed" jsonb NOT NULL,
	"moved" jsonb NOT NULL,
	"filled" text[] DEFAULT '{}'::text[] NOT NULL,
	"dropped" text[] DEFAULT '{}'::text[] NOT NULL,
	"score" integer,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"merged_by_person_id" uuid,
	"merged_by_name" text,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_merges_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "email_match" text GENERATED ALWAYS AS (case when "email" is null then null when split_part(lower("email"), '@', 2) in ('gmail.com', 'googlemail.com') then replace(split_part(split_part(lower("email"), '@', 1), '+', 1), '.', '') || '@gmail.com' else split_part(split_part(lower("email"), '@', 1), '+', 1) || '@' || split_part(lower("email"), '@', 2) end) STORED;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "phone_match" text GENERATED ALWAYS AS (case when length(ltrim("phone", '0')) >= 7 then right(ltrim("phone", '0'), 9) end) STORED;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "id_number_match" text GENERATED ALWAYS AS (case when length(regexp_replace(lower("id_number"), '[^[:alnum:]]', '', 'g')) >= 4 then regexp_replace(lower("id_number"), '[^[:alnum:]]', '', 'g') end) STORED;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "name_key" text GENERATED ALWAYS AS (btrim(regexp_replace(lower("first_name" || ' ' || "last_name"), '[[:space:]]+', ' ', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "company_key" text GENERATED ALWAYS AS (nullif(btrim(regexp_replace(lower(coalesce("company_name", '')), '[[:space:]]+', ' ', 'g')), '')) STORED;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_entity_id_person_a_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_a_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_entity_id_person_b_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_b_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_entity_id_person_a_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_a_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_entity_id_person_b_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_b_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_scans" ADD CONSTRAINT "duplicate_scans_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_merges" ADD CONSTRAINT "person_merges_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_merges" ADD CONSTRAINT "person_merges_entity_id_kept_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","kept_person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_pairs_people_key" ON "duplicate_pairs" USING btree ("entity_id","person_a_id","person_b_id");--> statement-breakpoint
CREATE INDEX "duplicate_pairs_person_b_idx" ON "duplicate_pairs" USING btree ("entity_id","person_b_id");--> statement-breakpoint
CREATE INDEX "duplicate_pairs_score_idx" ON "duplicate_pairs" USING btree ("entity_id","score" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "duplicate_scans_requested_idx" ON "duplicate_scans" USING btree ("entity_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "person_merges_merged_idx" ON "person_merges" USING btree ("entity_id","merged_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "person_merges_kept_idx" ON "person_merges" USING btree ("entity_id","kept_person_id");--> statement-breakpoint
CREATE INDEX "people_entity_email_match_idx" ON "people" USING btree ("entity_id","email_match");--> statement-breakpoint
CREATE INDEX "people_entity_phone_match_idx" ON "people" USING btree ("entity_id","phone_match");--> statement-breakpoint
CREATE INDEX "people_entity_id_number_match_idx" ON "people" USING btree ("entity_id","id_number_match");--> statement-breakpoint
SELECT app_enable_tenant_rls('duplicate_pairs');--> statement-breakpoint
SELECT app_enable_tenant_rls('duplicate_scans');--> statement-breakpoint
SELECT app_enable_tenant_rls('duplicate_dismissals');--> statement-breakpoint
SELECT app_enable_tenant_rls('person_merges');--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON duplicate_pairs, duplicate_scans, duplicate_dismissals, person_merges TO app_user;
