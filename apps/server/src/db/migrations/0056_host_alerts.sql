CREATE TABLE "host_approval_links" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"decision" text,
	CONSTRAINT "host_approval_links_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "host_approval_links_decision_check" CHECK ("host_approval_links"."decision" is null or "host_approval_links"."decision" in ('approve', 'reject'))
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "kind" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "host_approval_links" ADD CONSTRAINT "host_approval_links_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_approval_links" ADD CONSTRAINT "host_approval_links_entity_id_visit_id_visits_entity_id_id_fk" FOREIGN KEY ("entity_id","visit_id") REFERENCES "public"."visits"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_approval_links" ADD CONSTRAINT "host_approval_links_entity_id_host_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","host_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "host_approval_links_visit_idx" ON "host_approval_links" USING btree ("entity_id","visit_id","created_at");--> statement-breakpoint
CREATE INDEX "host_approval_links_id_idx" ON "host_approval_links" USING btree ("id");--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_kind_check" CHECK ("webhook_endpoints"."kind" in ('standard', 'slack', 'teams'));--> statement-breakpoint
SELECT app_enable_tenant_rls('host_approval_links');
