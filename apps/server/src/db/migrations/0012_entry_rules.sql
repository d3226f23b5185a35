CREATE TABLE "compliance_responses" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"compliance_id" uuid NOT NULL,
	"compliance_version" integer NOT NULL,
	"visit_id" uuid,
	"area_id" uuid,
	"user_type_id" uuid,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"status" text NOT NULL,
	"is_completed" boolean NOT NULL,
	"is_wrong" boolean NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" timestamp with time zone,
	CONSTRAINT "compliance_responses_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "compliance_versions" (
	"entity_id" uuid NOT NULL,
	"compliance_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"frequency" text NOT NULL,
	"validity_days" integer,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_versions_entity_id_compliance_id_version_pk" PRIMARY KEY("entity_id","compliance_id","version")
);
--> statement-breakpoint
CREATE TABLE "compliances" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"frequency" text NOT NULL,
	"validity_days" integer,
	"content" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliances_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "attendance_mode_sites" (
	"entity_id" uuid NOT NULL,
	"attendance_mode_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	CONSTRAINT "attendance_mode_sites_entity_id_attendance_mode_id_site_id_pk" PRIMARY KEY("entity_id","attendance_mode_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "attendance_modes" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"days" jsonb NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"late_sign_in_minutes" integer DEFAULT 0 NOT NULL,
	"early_sign_out_minutes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_modes_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "attendance_reasons" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"attendance_mode_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"start_time" time NOT NULL,
	"duration_minutes" integer NOT NULL,
	"attendance_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_reasons_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "journey_flow_attendance_modes" (
	"entity_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"attendance_mode_id" uuid NOT NULL,
	CONSTRAINT "journey_flow_attendance_modes_entity_id_flow_id_attendance_mode_id_pk" PRIMARY KEY("entity_id","flow_id","attendance_mode_id")
);
--> statement-breakpoint
CREATE TABLE "journey_flow_compliances" (
	"entity_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"compliance_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	CONSTRAINT "journey_flow_compliances_entity_id_flow_id_compliance_id_pk" PRIMARY KEY("entity_id","flow_id","compliance_id")
);
--> statement-breakpoint
CREATE TABLE "journey_flow_hosts" (
	"entity_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	CONSTRAINT "journey_flow_hosts_entity_id_flow_id_person_id_pk" PRIMARY KEY("entity_id","flow_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "journey_flows" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"journey_id" uuid NOT NULL,
	"user_type_id" uuid NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journey_flows_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "journey_sites" (
	"entity_id" uuid NOT NULL,
	"journey_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	CONSTRAINT "journey_sites_entity_id_journey_id_site_id_pk" PRIMARY KEY("entity_id","journey_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "journeys" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo" text,
	"remote" boolean DEFAULT false NOT NULL,
	"touch_mode" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journeys_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "person_visit_permits" (
	"entity_id" uuid NOT NULL,
	"permit_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_visit_permits_entity_id_permit_id_person_id_pk" PRIMARY KEY("entity_id","permit_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "user_type_visit_permits" (
	"entity_id" uuid NOT NULL,
	"permit_id" uuid NOT NULL,
	"user_type_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_type_visit_permits_entity_id_permit_id_user_type_id_pk" PRIMARY KEY("entity_id","permit_id","user_type_id")
);
--> statement-breakpoint
CREATE TABLE "visit_permits" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"recurrence" text NOT NULL,
	"weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_permits_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "announcement_user_types" (
	"entity_id" uuid NOT NULL,
	"announcement_id" uuid NOT NULL,
	"user_type_id" uuid NOT NULL,
	CONSTRAINT "announcement_user_types_entity_id_announcement_id_user_type_id_pk" PRIMARY KEY("entity_id","announcement_id","user_type_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"text" text NOT NULL,
	"url" text,
	"urgent" boolean DEFAULT false NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"verbal" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
ALTER TABLE "compliance_responses" ADD CONSTRAINT "compliance_responses_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_responses" ADD CONSTRAINT "compliance_responses_entity_id_compliance_id_compliance_version_compliance_versions_entity_id_compliance_id_version_fk" FOREIGN KEY ("entity_id","compliance_id","compliance_version") REFERENCES "public"."compliance_versions"("entity_id","compliance_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_versions" ADD CONSTRAINT "compliance_versions_entity_id_compliance_id_compliances_entity_id_id_fk" FOREIGN KEY ("entity_id","compliance_id") REFERENCES "public"."compliances"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliances" ADD CONSTRAINT "compliances_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_mode_sites" ADD CONSTRAINT "attendance_mode_sites_entity_id_attendance_mode_id_attendance_modes_entity_id_id_fk" FOREIGN KEY ("entity_id","attendance_mode_id") REFERENCES "public"."attendance_modes"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_mode_sites" ADD CONSTRAINT "attendance_mode_sites_entity_id_site_id_sites_entity_id_id_fk" FOREIGN KEY ("entity_id","site_id") REFERENCES "public"."sites"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_modes" ADD CONSTRAINT "attendance_modes_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_reasons" ADD CONSTRAINT "attendance_reasons_entity_id_attendance_mode_id_attendance_modes_entity_id_id_fk" FOREIGN KEY ("entity_id","attendance_mode_id") REFERENCES "public"."attendance_modes"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_flow_attendance_modes" ADD CONSTRAINT "journey_flow_attendance_modes_entity_id_flow_id_journey_flows_entity_id_id_fk" FOREIGN KEY ("entity_id","flow_id") REFERENCES "public"."journey_flows"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_flow_attendance_modes" ADD CONSTRAINT "journey_flow_attendance_modes_entity_id_attendance_mode_id_attendance_modes_entity_id_id_fk" FOREIGN KEY ("entity_id","attendance_mode_id") REFERENCES "public"."attendance_modes"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_flow_compliances" ADD CONSTRAINT "journey_flow_compliances_entity_id_flow_id_journey_flows_entity_id_id_fk" FOREIGN KEY ("entity_id","flow_id") REFERENCES "public"."journey_flows"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_flow_compliances" ADD CONSTRAINT "journey_flow_compliances_entity_id_compliance_id_compliances_entity_id_id_fk" FOREIGN KEY ("entity_id","compliance_id") REFERENCES "public"."compliances"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_flow_hosts" ADD CONSTRAINT "journey_flow_hosts_entity_id_flow_id_journey_flows_entity_id_id_fk" FOREIGN KEY ("entity_id","flow_id") REFERENCES "public"."journey_flows"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_flow_hosts" ADD CONSTRAINT "journey_flow_hosts_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD CONSTRAINT "journey_flows_entity_id_journey_id_journeys_entity_id_id_fk" FOREIGN KEY ("entity_id","journey_id") REFERENCES "public"."journeys"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD CONSTRAINT "journey_flows_entity_id_user_type_id_user_types_entity_id_id_fk" FOREIGN KEY ("entity_id","user_type_id") REFERENCES "public"."user_types"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_sites" ADD CONSTRAINT "journey_sites_entity_id_journey_id_journeys_entity_id_id_fk" FOREIGN KEY ("entity_id","journey_id") REFERENCES "public"."journeys"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_sites" ADD CONSTRAINT "journey_sites_entity_id_site_id_sites_entity_id_id_fk" FOREIGN KEY ("entity_id","site_id") REFERENCES "public"."sites"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journeys" ADD CONSTRAINT "journeys_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_visit_permits" ADD CONSTRAINT "person_visit_permits_entity_id_permit_id_visit_permits_entity_id_id_fk" FOREIGN KEY ("entity_id","permit_id") REFERENCES "public"."visit_permits"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_visit_permits" ADD CONSTRAINT "person_visit_permits_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_type_visit_permits" ADD CONSTRAINT "user_type_visit_permits_entity_id_permit_id_visit_permits_entity_id_id_fk" FOREIGN KEY ("entity_id","permit_id") REFERENCES "public"."visit_permits"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_type_visit_permits" ADD CONSTRAINT "user_type_visit_permits_entity_id_user_type_id_user_types_entity_id_id_fk" FOREIGN KEY ("entity_id","user_type_id") REFERENCES "public"."user_types"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_permits" ADD CONSTRAINT "visit_permits_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_user_types" ADD CONSTRAINT "announcement_user_types_entity_id_announcement_id_announcements_entity_id_id_fk" FOREIGN KEY ("entity_id","announcement_id") REFERENCES "public"."announcements"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_user_types" ADD CONSTRAINT "announcement_user_types_entity_id_user_type_id_user_types_entity_id_id_fk" FOREIGN KEY ("entity_id","user_type_id") REFERENCES "public"."user_types"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_responses_person_idx" ON "compliance_responses" USING btree ("entity_id","person_id","compliance_id","answered_at");--> statement-breakpoint
CREATE INDEX "compliance_responses_compliance_idx" ON "compliance_responses" USING btree ("entity_id","compliance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "compliances_entity_name_key" ON "compliances" USING btree ("entity_id",lower("name")) WHERE "compliances"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "attendance_mode_sites_site_idx" ON "attendance_mode_sites" USING btree ("entity_id","site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_modes_entity_name_key" ON "attendance_modes" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_reasons_mode_name_key" ON "attendance_reasons" USING btree ("entity_id","attendance_mode_id",lower("name"));--> statement-breakpoint
CREATE INDEX "journey_flow_attendance_modes_mode_idx" ON "journey_flow_attendance_modes" USING btree ("entity_id","attendance_mode_id");--> statement-breakpoint
CREATE INDEX "journey_flow_compliances_compliance_idx" ON "journey_flow_compliances" USING btree ("entity_id","compliance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journey_flows_journey_user_type_key" ON "journey_flows" USING btree ("entity_id","journey_id","user_type_id");--> statement-breakpoint
CREATE INDEX "journey_flows_user_type_idx" ON "journey_flows" USING btree ("entity_id","user_type_id");--> statement-breakpoint
CREATE INDEX "journey_sites_site_idx" ON "journey_sites" USING btree ("entity_id","site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journeys_entity_name_key" ON "journeys" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE INDEX "person_visit_permits_person_idx" ON "person_visit_permits" USING btree ("entity_id","person_id");--> statement-breakpoint
CREATE INDEX "user_type_visit_permits_type_idx" ON "user_type_visit_permits" USING btree ("entity_id","user_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_permits_entity_name_key" ON "visit_permits" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE INDEX "announcements_entity_status_idx" ON "announcements" USING btree ("entity_id","status","publish_at");