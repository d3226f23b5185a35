CREATE TABLE "kiosk_request_files" (
	"entity_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"sequence" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiosk_request_files_entity_id_request_id_kind_pk" PRIMARY KEY("entity_id","request_id","kind")
);
--> statement-breakpoint
CREATE TABLE "kiosk_requests" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kiosk_id" uuid NOT NULL,
	"action" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_code" text,
	"detail" text,
	"requested_by_id" uuid,
	"requested_by_name" text,
	"watched_until" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "kiosk_requests_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
ALTER TABLE "kiosks" ADD COLUMN "logging" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kiosk_request_files" ADD CONSTRAINT "kiosk_request_files_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_request_files" ADD CONSTRAINT "kiosk_request_files_entity_id_request_id_kiosk_requests_entity_id_id_fk" FOREIGN KEY ("entity_id","request_id") REFERENCES "public"."kiosk_requests"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_requests" ADD CONSTRAINT "kiosk_requests_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_requests" ADD CONSTRAINT "kiosk_requests_entity_id_kiosk_id_kiosks_entity_id_id_fk" FOREIGN KEY ("entity_id","kiosk_id") REFERENCES "public"."kiosks"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kiosk_requests_entity_created_idx" ON "kiosk_requests" USING btree ("entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "kiosk_requests_entity_kiosk_created_idx" ON "kiosk_requests" USING btree ("entity_id","kiosk_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "kiosk_requests_open_deadline_idx" ON "kiosk_requests" USING btree ("deadline_at") WHERE "kiosk_requests"."finished_at" is null;--> statement-breakpoint
SELECT app_enable_tenant_rls('kiosk_requests');--> statement-breakpoint
SELECT app_enable_tenant_rls('kiosk_request_files');--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON kiosk_requests, kiosk_request_files TO app_user;
