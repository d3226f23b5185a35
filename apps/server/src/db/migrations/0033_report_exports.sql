CREATE TABLE "report_exports" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"requested_by_user_id" uuid NOT NULL,
	"requested_by_membership_id" uuid NOT NULL,
	"requested_by_person_id" uuid,
	"requested_by_name" text DEFAULT '' NOT NULL,
	"report" text NOT NULL,
	"format" text NOT NULL,
	"filters" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"total_rows" integer,
	"bytes" bigint,
	"progress" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"link_token_hash" text,
	"link_expires_at" timestamp with time zone,
	CONSTRAINT "report_exports_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_exports_entity_created_idx" ON "report_exports" USING btree ("entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "report_exports_requester_created_idx" ON "report_exports" USING btree ("entity_id","requested_by_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "report_exports_expires_idx" ON "report_exports" USING btree ("expires_at");--> statement-breakpoint
SELECT app_enable_tenant_rls('report_exports');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON report_exports TO app_user;
