CREATE TABLE "timesheet_corrections" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"day" date NOT NULL,
	"first_in_at" timestamp with time zone NOT NULL,
	"last_out_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"reason" text NOT NULL,
	"corrected_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheet_corrections_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
ALTER TABLE "timesheet_corrections" ADD CONSTRAINT "timesheet_corrections_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timesheet_corrections_person_day_idx" ON "timesheet_corrections" USING btree ("entity_id","person_id","day","created_at");--> statement-breakpoint
ALTER TABLE "timesheet_corrections" ADD CONSTRAINT "timesheet_corrections_corrected_by_fk" FOREIGN KEY ("entity_id","corrected_by_person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE SET NULL ("corrected_by_person_id");--> statement-breakpoint
ALTER TABLE "timesheet_corrections" ADD CONSTRAINT "timesheet_corrections_times_check" CHECK ("last_out_at" > "first_in_at" AND "minutes" >= 0);--> statement-breakpoint
SELECT app_enable_tenant_rls('timesheet_corrections');
--> statement-breakpoint
GRANT SELECT, INSERT ON timesheet_corrections TO app_user;
