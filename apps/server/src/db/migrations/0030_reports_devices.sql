CREATE TABLE "kiosk_events" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kiosk_id" uuid NOT NULL,
	"kiosk_name" text NOT NULL,
	"area_id" uuid,
	"site_id" uuid,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"person_id" uuid,
	"visit_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiosk_events_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
ALTER TABLE "badge_prints" ADD COLUMN "reprint_of" uuid;--> statement-breakpoint
ALTER TABLE "badge_prints" ADD COLUMN "printed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kiosk_events" ADD CONSTRAINT "kiosk_events_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kiosk_events_entity_at_idx" ON "kiosk_events" USING btree ("entity_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "kiosk_events_entity_kiosk_at_idx" ON "kiosk_events" USING btree ("entity_id","kiosk_id","at");--> statement-breakpoint
ALTER TABLE "badge_prints" ADD CONSTRAINT "badge_prints_entity_id_reprint_of_badge_prints_entity_id_id_fk" FOREIGN KEY ("entity_id","reprint_of") REFERENCES "public"."badge_prints"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_prints_entity_created_id_idx" ON "badge_prints" USING btree ("entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
SELECT app_enable_tenant_rls('kiosk_events');
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON kiosk_events TO app_user;
