CREATE TABLE "directory_links" (
	"entity_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"person_id" uuid NOT NULL,
	"source_hash" text NOT NULL,
	"archived_by_sync" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_links_entity_id_integration_id_external_id_pk" PRIMARY KEY("entity_id","integration_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "integration_attendance_codes" (
	"entity_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"reason_id" uuid NOT NULL,
	"code_id" text NOT NULL,
	"code_label" text NOT NULL,
	CONSTRAINT "integration_attendance_codes_entity_id_integration_id_reason_id_pk" PRIMARY KEY("entity_id","integration_id","reason_id")
);
--> statement-breakpoint
CREATE TABLE "integration_authorizations" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"state_hash" text NOT NULL,
	"code_verifier" text NOT NULL,
	"integration_id" uuid,
	"requested_by_person_id" uuid,
	"secrets" text,
	"account" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_authorizations_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "integration_runs" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status_code" integer DEFAULT 0 NOT NULL,
	"message" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"archived" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requested_by_person_id" uuid,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "integration_runs_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "integration_scans" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"happened_at" timestamp with time zone NOT NULL,
	"reason_id" uuid,
	"code_id" text,
	"code_label" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_scans_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "integration_sites" (
	"entity_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	CONSTRAINT "integration_sites_entity_id_integration_id_site_id_pk" PRIMARY KEY("entity_id","integration_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "integration_temp_users" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"state" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone_code" text,
	"phone" text,
	"id_number" text,
	"department" text,
	"user_type_id" uuid,
	"group_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"problems" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"duplicate_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"duplicate_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"source_hash" text NOT NULL,
	"last_name_lower" text GENERATED ALWAYS AS (lower(coalesce("last_name", ''))) STORED,
	"run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_temp_users_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_lower" text GENERATED ALWAYS AS (lower(btrim("name"))) STORED,
	"dir_code" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" text,
	"token_refreshed_at" timestamp with time zone,
	"mapping" jsonb DEFAULT '{"groups":[],"fields":[]}'::jsonb NOT NULL,
	"sync_frequency" text DEFAULT 'daily' NOT NULL,
	"cursor" jsonb,
	"migrated_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"scim_token_hash" text,
	"scans_collected_until" timestamp with time zone,
	"created_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integrations_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "scim_group_members" (
	"entity_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "scim_group_members_entity_id_group_id_user_id_pk" PRIMARY KEY("entity_id","group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "scim_groups" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"display_name" text NOT NULL,
	"external_id" text,
	"user_type_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scim_groups_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "scim_users" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"user_name" text NOT NULL,
	"user_name_lower" text GENERATED ALWAYS AS (lower("user_name")) STORED,
	"external_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"resource" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scim_users_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
ALTER TABLE "directory_links" ADD CONSTRAINT "directory_links_entity_id_integration_id_integrations_entity_id_id_fk" FOREIGN KEY ("entity_id","integration_id") REFERENCES "public"."integrations"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_links" ADD CONSTRAINT "directory_links_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_attendance_codes" ADD CONSTRAINT "integration_attendance_codes_entity_id_integration_id_integrations_entity_id_id_fk" FOREIGN KEY ("entity_id","integration_id") REFERENCES "public"."integrations"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_attendance_codes" ADD CONSTRAINT "integration_attendance_codes_entity_id_reason_id_attendance_reasons_entity_id_id_fk" FOREIGN KEY ("entity_id","reason_id") REFERENCES "public"."attendance_reasons"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_authorizations" ADD CONSTRAINT "integration_authorizations_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_runs" ADD CONSTRAINT "integration_runs_entity_id_integration_id_integrations_entity_id_id_fk" FOREIGN KEY ("entity_id","integration_id") REFERENCES "public"."integrations"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_scans" ADD CONSTRAINT "integration_scans_entity_id_integration_id_integrations_entity_id_id_fk" FOREIGN KEY ("entity_id","integration_id") REFERENCES "public"."integrations"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sites" ADD CONSTRAINT "integration_sites_entity_id_integration_id_integrations_entity_id_id_fk" FOREIGN KEY ("entity_id","integration_id") REFERENCES "public"."integrations"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sites" ADD CONSTRAINT "integration_sites_entity_id_site_id_sites_entity_id_id_fk" FOREIGN KEY ("entity_id","site_id") REFERENCES "public"."sites"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_temp_users" ADD CONSTRAINT "integration_temp_users_entity_id_integration_id_integrations_entity_id_id_fk" FOREIGN KEY ("entity_id","integration_id") REFERENCES "public"."integrations"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_entity_id_group_id_scim_groups_entity_id_id_fk" FOREIGN KEY ("entity_id","group_id") REFERENCES "public"."scim_groups"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_entity_id_user_id_scim_users_entity_id_id_fk" FOREIGN KEY ("entity_id","user_id") REFERENCES "public"."scim_users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_groups" ADD CONSTRAINT "scim_groups_entity_id_integration_id_integrations_entity_id_id_fk" FOREIGN KEY ("entity_id","integration_id") REFERENCES "public"."integrations"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_groups" ADD CONSTRAINT "scim_groups_entity_id_user_type_id_user_types_entity_id_id_fk" FOREIGN KEY ("entity_id","user_type_id") REFERENCES "public"."user_types"("entity_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_entity_id_integration_id_integrations_entity_id_id_fk" FOREIGN KEY ("entity_id","integration_id") REFERENCES "public"."integrations"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_entity_id_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "directory_links_person_key" ON "directory_links" USING btree ("entity_id","integration_id","person_id");--> statement-breakpoint
CREATE INDEX "directory_links_person_idx" ON "directory_links" USING btree ("entity_id","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_authorizations_state_key" ON "integration_authorizations" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "integration_runs_integration_idx" ON "integration_runs" USING btree ("entity_id","integration_id","started_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_scans_visit_key" ON "integration_scans" USING btree ("entity_id","integration_id","visit_id","kind");--> statement-breakpoint
CREATE INDEX "integration_scans_list_idx" ON "integration_scans" USING btree ("entity_id","integration_id","happened_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "integration_scans_status_idx" ON "integration_scans" USING btree ("entity_id","integration_id","status","happened_at");--> statement-breakpoint
CREATE INDEX "integration_sites_site_idx" ON "integration_sites" USING btree ("entity_id","site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_temp_users_record_key" ON "integration_temp_users" USING btree ("entity_id","integration_id","external_id");--> statement-breakpoint
CREATE INDEX "integration_temp_users_state_idx" ON "integration_temp_users" USING btree ("entity_id","integration_id","state","last_name_lower","id");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_entity_name_key" ON "integrations" USING btree ("entity_id","name_lower");--> statement-breakpoint
CREATE INDEX "integrations_entity_created_idx" ON "integrations" USING btree ("entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "integrations_next_sync_idx" ON "integrations" USING btree ("next_sync_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_scim_token_key" ON "integrations" USING btree ("scim_token_hash");--> statement-breakpoint
CREATE INDEX "scim_group_members_user_idx" ON "scim_group_members" USING btree ("entity_id","user_id");--> statement-breakpoint
CREATE INDEX "scim_groups_integration_idx" ON "scim_groups" USING btree ("entity_id","integration_id","display_name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "scim_users_user_name_key" ON "scim_users" USING btree ("entity_id","integration_id","user_name_lower");--> statement-breakpoint
CREATE INDEX "scim_users_external_idx" ON "scim_users" USING btree ("entity_id","integration_id","external_id");--> statement-breakpoint
CREATE INDEX "scim_users_list_idx" ON "scim_users" USING btree ("entity_id","integration_id","created_at","id");--> statement-breakpoint
SELECT app_enable_tenant_rls('integrations');
--> statement-breakpoint
SELECT app_enable_tenant_rls('integration_sites');
--> statement-breakpoint
SELECT app_enable_tenant_rls('integration_runs');
--> statement-breakpoint
SELECT app_enable_tenant_rls('integration_temp_users');
--> statement-breakpoint
SELECT app_enable_tenant_rls('directory_links');
--> statement-breakpoint
SELECT app_enable_tenant_rls('integration_authorizations');
--> statement-breakpoint
SELECT app_enable_tenant_rls('integration_attendance_codes');
--> statement-breakpoint
SELECT app_enable_tenant_rls('integration_scans');
--> statement-breakpoint
SELECT app_enable_tenant_rls('scim_groups');
--> statement-breakpoint
SELECT app_enable_tenant_rls('scim_users');
--> statement-breakpoint
SELECT app_enable_tenant_rls('scim_group_members');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON integrations, integration_sites, integration_runs, integration_temp_users, directory_links, integration_authorizations, integration_attendance_codes, integration_scans, scim_groups, scim_users, scim_group_members TO app_user;
