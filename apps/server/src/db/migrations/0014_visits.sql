CREATE TABLE "badge_prints" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"kiosk_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"badge" jsonb NOT NULL,
	"requested_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_prints_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "person_documents" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"compliance_id" uuid,
	"visit_id" uuid,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"file" text,
	"file_name" text,
	"start_date" date,
	"expiry_date" date,
	"notes" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_documents_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "visit_hosts" (
	"entity_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "visit_hosts_entity_id_visit_id_person_id_pk" PRIMARY KEY("entity_id","visit_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"user_type_id" uuid,
	"site_id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	"journey_id" uuid,
	"journey_flow_id" uuid,
	"login_mode" text NOT NULL,
	"state" text NOT NULL,
	"stage" text,
	"expected_at" timestamp with time zone,
	"signed_in_at" timestamp with time zone,
	"signed_out_at" timestamp with time zone,
	"sign_in_source" text,
	"sign_out_source" text,
	"kiosk_id" uuid,
	"notes" text,
	"temperature_c" numeric(4, 1),
	"mask" boolean,
	"override_reason" text,
	"late_reason_id" uuid,
	"early_reason_id" uuid,
	"host_message" text,
	"created_by_person_id" uuid,
	"decided_by_person_id" uuid,
	"decided_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"link_token" text,
	"link_code" text,
	"idempotency_key" text,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "auto_sign_out" text DEFAULT 'after_24h' NOT NULL;--> statement-breakpoint
ALTER TABLE "badge_prints" ADD CONSTRAINT "badge_prints_entity_id_visit_id_visits_entity_id_id_fk" FOREIGN KEY ("entity_id","visit_id") REFERENCES "public"."visits"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_documents" ADD CONSTRAINT "person_documents_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_documents" ADD CONSTRAINT "person_documents_entity_id_compliance_id_compliances_entity_id_id_fk" FOREIGN KEY ("entity_id","compliance_id") REFERENCES "public"."compliances"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_hosts" ADD CONSTRAINT "visit_hosts_entity_id_visit_id_visits_entity_id_id_fk" FOREIGN KEY ("entity_id","visit_id") REFERENCES "public"."visits"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_hosts" ADD CONSTRAINT "visit_hosts_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_entity_id_site_id_sites_entity_id_id_fk" FOREIGN KEY ("entity_id","site_id") REFERENCES "public"."sites"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_entity_id_area_id_areas_entity_id_id_fk" FOREIGN KEY ("entity_id","area_id") REFERENCES "public"."areas"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_prints_entity_created_idx" ON "badge_prints" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE INDEX "person_documents_person_idx" ON "person_documents" USING btree ("entity_id","person_id","created_at");--> statement-breakpoint
CREATE INDEX "visit_hosts_person_idx" ON "visit_hosts" USING btree ("entity_id","person_id");--> statement-breakpoint
CREATE INDEX "visits_entity_activity_idx" ON "visits" USING btree ("entity_id","signed_in_at");--> statement-breakpoint
CREATE INDEX "visits_entity_expected_idx" ON "visits" USING btree ("entity_id","expected_at");--> statement-breakpoint
CREATE INDEX "visits_person_idx" ON "visits" USING btree ("entity_id","person_id","created_at");--> statement-breakpoint
CREATE INDEX "visits_on_site_idx" ON "visits" USING btree ("entity_id","area_id") WHERE "visits"."state" = 'on_site';--> statement-breakpoint
CREATE UNIQUE INDEX "visits_link_token_key" ON "visits" USING btree ("link_token");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_idempotency_key" ON "visits" USING btree ("entity_id","idempotency_key");