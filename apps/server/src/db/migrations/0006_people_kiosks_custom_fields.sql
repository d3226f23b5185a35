CREATE TABLE "departments" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departments_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT 'blue' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labels_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "people" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone_code" text,
	"phone" text,
	"id_number" text,
	"role_id" uuid NOT NULL,
	"department_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"image" text,
	"rfid" text,
	"qr_code" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"dashboard_access" text DEFAULT 'none' NOT NULL,
	"membership_id" uuid,
	"user_id" uuid,
	"invited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "people_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "person_labels" (
	"entity_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"label_id" uuid NOT NULL,
	CONSTRAINT "person_labels_entity_id_person_id_label_id_pk" PRIMARY KEY("entity_id","person_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "person_sites" (
	"entity_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	CONSTRAINT "person_sites_entity_id_person_id_site_id_pk" PRIMARY KEY("entity_id","person_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "person_user_types" (
	"entity_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"user_type_id" uuid NOT NULL,
	CONSTRAINT "person_user_types_entity_id_person_id_user_type_id_pk" PRIMARY KEY("entity_id","person_id","user_type_id")
);
--> statement-breakpoint
CREATE TABLE "quick_passes" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"printed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quick_passes_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "rfid_enrolments" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"kiosk_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfid_enrolments_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "table_preferences" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"page_url" text NOT NULL,
	"table_head" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"url" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_preferences_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_type_hosts" (
	"entity_id" uuid NOT NULL,
	"user_type_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	CONSTRAINT "user_type_hosts_entity_id_user_type_id_person_id_pk" PRIMARY KEY("entity_id","user_type_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "kiosk_pairings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"secret_hash" text NOT NULL,
	"mac_address" text NOT NULL,
	"app_version" text,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_entity_id" uuid,
	"claimed_kiosk_id" uuid,
	"pending_device_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosks" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	"journey_id" uuid,
	"name" text NOT NULL,
	"mac_address" text NOT NULL,
	"app_version" text,
	"settings" jsonb NOT NULL,
	"device_token_hash" text,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiosks_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "custom_field_sections" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_field_sections_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"binding" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"print_on_badge" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_fields_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "person_field_values" (
	"entity_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_field_values_entity_id_person_id_field_id_pk" PRIMARY KEY("entity_id","person_id","field_id")
);
--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_entity_id_role_id_roles_entity_id_id_fk" FOREIGN KEY ("entity_id","role_id") REFERENCES "public"."roles"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_entity_id_department_id_departments_entity_id_id_fk" FOREIGN KEY ("entity_id","department_id") REFERENCES "public"."departments"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_entity_id_membership_id_memberships_entity_id_id_fk" FOREIGN KEY ("entity_id","membership_id") REFERENCES "public"."memberships"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_labels" ADD CONSTRAINT "person_labels_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_labels" ADD CONSTRAINT "person_labels_entity_id_label_id_labels_entity_id_id_fk" FOREIGN KEY ("entity_id","label_id") REFERENCES "public"."labels"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_sites" ADD CONSTRAINT "person_sites_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_sites" ADD CONSTRAINT "person_sites_entity_id_site_id_sites_entity_id_id_fk" FOREIGN KEY ("entity_id","site_id") REFERENCES "public"."sites"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_user_types" ADD CONSTRAINT "person_user_types_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_user_types" ADD CONSTRAINT "person_user_types_entity_id_user_type_id_user_types_entity_id_id_fk" FOREIGN KEY ("entity_id","user_type_id") REFERENCES "public"."user_types"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_passes" ADD CONSTRAINT "quick_passes_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfid_enrolments" ADD CONSTRAINT "rfid_enrolments_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_preferences" ADD CONSTRAINT "table_preferences_entity_id_membership_id_memberships_entity_id_id_fk" FOREIGN KEY ("entity_id","membership_id") REFERENCES "public"."memberships"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_type_hosts" ADD CONSTRAINT "user_type_hosts_entity_id_user_type_id_user_types_entity_id_id_fk" FOREIGN KEY ("entity_id","user_type_id") REFERENCES "public"."user_types"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_type_hosts" ADD CONSTRAINT "user_type_hosts_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_pairings" ADD CONSTRAINT "kiosk_pairings_claimed_entity_id_entities_id_fk" FOREIGN KEY ("claimed_entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_entity_id_area_id_areas_entity_id_id_fk" FOREIGN KEY ("entity_id","area_id") REFERENCES "public"."areas"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_sections" ADD CONSTRAINT "custom_field_sections_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_entity_id_section_id_custom_field_sections_entity_id_id_fk" FOREIGN KEY ("entity_id","section_id") REFERENCES "public"."custom_field_sections"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_field_values" ADD CONSTRAINT "person_field_values_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_field_values" ADD CONSTRAINT "person_field_values_entity_id_field_id_custom_fields_entity_id_id_fk" FOREIGN KEY ("entity_id","field_id") REFERENCES "public"."custom_fields"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "departments_entity_name_key" ON "departments" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "labels_entity_name_key" ON "labels" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "people_entity_email_key" ON "people" USING btree ("entity_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "people_entity_phone_key" ON "people" USING btree ("entity_id","phone_code","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "people_entity_id_number_key" ON "people" USING btree ("entity_id",lower("id_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "people_entity_rfid_key" ON "people" USING btree ("entity_id","rfid");--> statement-breakpoint
CREATE UNIQUE INDEX "people_entity_membership_key" ON "people" USING btree ("entity_id","membership_id");--> statement-breakpoint
CREATE UNIQUE INDEX "people_qr_code_key" ON "people" USING btree ("qr_code");--> statement-breakpoint
CREATE INDEX "people_entity_name_idx" ON "people" USING btree ("entity_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "people_entity_status_idx" ON "people" USING btree ("entity_id","status");--> statement-breakpoint
CREATE INDEX "person_labels_label_idx" ON "person_labels" USING btree ("entity_id","label_id");--> statement-breakpoint
CREATE INDEX "person_sites_site_idx" ON "person_sites" USING btree ("entity_id","site_id");--> statement-breakpoint
CREATE INDEX "person_user_types_type_idx" ON "person_user_types" USING btree ("entity_id","user_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rfid_enrolments_code_key" ON "rfid_enrolments" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "table_preferences_member_page_key" ON "table_preferences" USING btree ("entity_id","membership_id","page_url");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_pairings_code_key" ON "kiosk_pairings" USING btree ("code");--> statement-breakpoint
CREATE INDEX "kiosk_pairings_expires_idx" ON "kiosk_pairings" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_mac_key" ON "kiosks" USING btree (lower("mac_address"));--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_device_token_key" ON "kiosks" USING btree ("device_token_hash");--> statement-breakpoint
CREATE INDEX "kiosks_entity_area_idx" ON "kiosks" USING btree ("entity_id","area_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_field_sections_entity_name_key" ON "custom_field_sections" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_section_name_key" ON "custom_fields" USING btree ("entity_id","section_id",lower("name"));--> statement-breakpoint
CREATE INDEX "custom_fields_entity_badge_idx" ON "custom_fields" USING btree ("entity_id","print_on_badge");