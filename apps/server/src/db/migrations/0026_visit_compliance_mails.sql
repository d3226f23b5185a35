CREATE TABLE "visit_compliance_mails" (
	"entity_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"expected_at" timestamp with time zone,
	"link_sent_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminder_at" timestamp with time zone,
	"next_due_at" timestamp with time zone,
	"pending_mail" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_compliance_mails_entity_id_visit_id_pk" PRIMARY KEY("entity_id","visit_id")
);
--> statement-breakpoint
ALTER TABLE "visit_compliance_mails" ADD CONSTRAINT "visit_compliance_mails_entity_id_visit_id_visits_entity_id_id_fk" FOREIGN KEY ("entity_id","visit_id") REFERENCES "public"."visits"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_compliance_mails_due_idx" ON "visit_compliance_mails" USING btree ("next_due_at") WHERE "visit_compliance_mails"."next_due_at" is not null;--> statement-breakpoint
CREATE INDEX "visit_compliance_mails_pending_idx" ON "visit_compliance_mails" USING btree ("updated_at") WHERE "visit_compliance_mails"."pending_mail" is not null;--> statement-breakpoint
SELECT app_enable_tenant_rls('visit_compliance_mails');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON visit_compliance_mails TO app_user;
