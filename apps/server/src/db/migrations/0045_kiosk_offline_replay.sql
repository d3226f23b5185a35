CREATE TABLE "kiosk_offline_actions" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kiosk_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"person_id" uuid NOT NULL,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"site_id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	"visit_id" uuid,
	"review_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiosk_offline_actions_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "kiosk_offline_reviews" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kiosk_id" uuid NOT NULL,
	"kiosk_name" text NOT NULL,
	"site_id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	"person_id" uuid,
	"person_name" text NOT NULL,
	"visit_id" uuid,
	"action" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text,
	"resolved_by_id" uuid,
	"resolved_by_name" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiosk_offline_reviews_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
ALTER TABLE "kiosk_offline_actions" ADD CONSTRAINT "kiosk_offline_actions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_offline_reviews" ADD CONSTRAINT "kiosk_offline_reviews_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_offline_actions_key" ON "kiosk_offline_actions" USING btree ("entity_id","idempotency_key","person_id");--> statement-breakpoint
CREATE INDEX "kiosk_offline_actions_person_idx" ON "kiosk_offline_actions" USING btree ("entity_id","person_id","site_id","occurred_at");--> statement-breakpoint
CREATE INDEX "kiosk_offline_reviews_status_idx" ON "kiosk_offline_reviews" USING btree ("entity_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
SELECT app_enable_tenant_rls('kiosk_offline_actions');--> statement-breakpoint
SELECT app_enable_tenant_rls('kiosk_offline_reviews');--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON kiosk_offline_actions, kiosk_offline_reviews TO app_user;
