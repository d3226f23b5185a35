CREATE TABLE "capacity_approvals" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	"day" date NOT NULL,
	"full_place" text NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"asked_way" text NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	CONSTRAINT "capacity_approvals_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "capacity_approvals_state_check" CHECK ("capacity_approvals"."state" in ('waiting', 'approved', 'rejected', 'used')),
	CONSTRAINT "capacity_approvals_place_check" CHECK ("capacity_approvals"."full_place" in ('site', 'area')),
	CONSTRAINT "capacity_approvals_reason_check" CHECK ("capacity_approvals"."reason" in ('capacity', 'daily_limit'))
);
--> statement-breakpoint
CREATE TABLE "capacity_settings" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"over_capacity" text DEFAULT 'refuse' NOT NULL,
	"nearing_percent" integer DEFAULT 80 NOT NULL,
	"visitor_user_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "capacity_settings_mode_check" CHECK ("capacity_settings"."over_capacity" in ('refuse', 'approval')),
	CONSTRAINT "capacity_settings_nearing_check" CHECK ("capacity_settings"."nearing_percent" between 50 and 99)
);
--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "daily_visitor_limit" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "daily_visitor_limit" integer;--> statement-breakpoint
ALTER TABLE "capacity_approvals" ADD CONSTRAINT "capacity_approvals_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_approvals" ADD CONSTRAINT "capacity_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_approvals" ADD CONSTRAINT "capacity_approvals_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_approvals" ADD CONSTRAINT "capacity_approvals_entity_id_site_id_sites_entity_id_id_fk" FOREIGN KEY ("entity_id","site_id") REFERENCES "public"."sites"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_approvals" ADD CONSTRAINT "capacity_approvals_entity_id_area_id_areas_entity_id_id_fk" FOREIGN KEY ("entity_id","area_id") REFERENCES "public"."areas"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_settings" ADD CONSTRAINT "capacity_settings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_settings" ADD CONSTRAINT "capacity_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "capacity_approvals_open_key" ON "capacity_approvals" USING btree ("entity_id","person_id","area_id","day") WHERE "capacity_approvals"."state" in ('waiting', 'approved');--> statement-breakpoint
CREATE INDEX "capacity_approvals_state_idx" ON "capacity_approvals" USING btree ("entity_id","state","asked_at");--> statement-breakpoint
CREATE INDEX "capacity_approvals_person_idx" ON "capacity_approvals" USING btree ("entity_id","person_id","area_id","day");--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_limits_check" CHECK ("areas"."capacity" > 0 and "areas"."daily_visitor_limit" > 0);--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_limits_check" CHECK ("sites"."capacity" > 0 and "sites"."daily_visitor_limit" > 0);--> statement-breakpoint
SELECT app_enable_tenant_rls('capacity_settings');--> statement-breakpoint
SELECT app_enable_tenant_rls('capacity_approvals');