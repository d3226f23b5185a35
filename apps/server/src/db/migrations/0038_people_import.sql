CREATE TABLE "import_rows" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"has_errors" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"action" text,
	"person_id" uuid,
	"reason" jsonb,
	"email_key" text,
	"phone_key" text,
	"id_number_key" text,
	"photo_key" text,
	"photo_name" text,
	"photo_error" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_rows_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "import_tasks" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"file_name" text NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unknown_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"dropped_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_rows" integer DEFAULT 0 NOT NULL,
	"updated_rows" integer DEFAULT 0 NOT NULL,
	"skipped_rows" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"photos" integer DEFAULT 0 NOT NULL,
	"unmatched_photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_by_user_id" uuid,
	"requested_by_person_id" uuid,
	"requested_by_name" text,
	"runner" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"validated_at" timestamp with time zone,
	"queued_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_tasks_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_entity_id_task_id_import_tasks_entity_id_id_fk" FOREIGN KEY ("entity_id","task_id") REFERENCES "public"."import_tasks"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_tasks" ADD CONSTRAINT "import_tasks_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_tasks" ADD CONSTRAINT "import_tasks_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_rows_task_row_key" ON "import_rows" USING btree ("entity_id","task_id","row_number");--> statement-breakpoint
CREATE INDEX "import_rows_task_status_idx" ON "import_rows" USING btree ("entity_id","task_id","status","row_number");--> statement-breakpoint
CREATE INDEX "import_tasks_created_idx" ON "import_tasks" USING btree ("entity_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "import_tasks_requester_idx" ON "import_tasks" USING btree ("entity_id","requested_by_user_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
SELECT app_enable_tenant_rls('import_tasks');--> statement-breakpoint
SELECT app_enable_tenant_rls('import_rows');--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON import_tasks, import_rows TO app_user;
