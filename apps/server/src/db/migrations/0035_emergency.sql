CREATE TABLE "emergency_marks" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"roll_id" uuid NOT NULL,
	"client_id" uuid,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"by_user_id" uuid,
	"by_name" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_marks_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "emergency_roll" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"person_id" uuid,
	"visit_id" uuid,
	"full_name" text NOT NULL,
	"company_name" text,
	"phone" text,
	"email" text,
	"user_type_id" uuid,
	"user_type_name" text,
	"site_id" uuid,
	"area_id" uuid,
	"signed_in_at" timestamp with time zone,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"marked_by_user_id" uuid,
	"marked_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"safe_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_roll_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "emergency_session_areas" (
	"entity_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	"area_name" text NOT NULL,
	"site_id" uuid NOT NULL,
	"site_name" text NOT NULL,
	CONSTRAINT "emergency_session_areas_entity_id_session_id_area_id_pk" PRIMARY KEY("entity_id","session_id","area_id")
);
--> statement-breakpoint
CREATE TABLE "emergency_sessions" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_drill" boolean DEFAULT false NOT NULL,
	"origin" text NOT NULL,
	"kiosk_id" uuid,
	"kiosk_name" text,
	"started_by_user_id" uuid,
	"started_by_name" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by_user_id" uuid,
	"ended_by_name" text,
	"highlight_after_minutes" integer NOT NULL,
	CONSTRAINT "emergency_sessions_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
ALTER TABLE "emergency_marks" ADD CONSTRAINT "emergency_marks_entity_id_session_id_emergency_sessions_entity_id_id_fk" FOREIGN KEY ("entity_id","session_id") REFERENCES "public"."emergency_sessions"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_roll" ADD CONSTRAINT "emergency_roll_entity_id_session_id_emergency_sessions_entity_id_id_fk" FOREIGN KEY ("entity_id","session_id") REFERENCES "public"."emergency_sessions"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_session_areas" ADD CONSTRAINT "emergency_session_areas_entity_id_session_id_emergency_sessions_entity_id_id_fk" FOREIGN KEY ("entity_id","session_id") REFERENCES "public"."emergency_sessions"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_sessions" ADD CONSTRAINT "emergency_sessions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emergency_marks_session_idx" ON "emergency_marks" USING btree ("entity_id","session_id","marked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "emergency_marks_client_key" ON "emergency_marks" USING btree ("entity_id","session_id","client_id") WHERE "emergency_marks"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "emergency_roll_session_idx" ON "emergency_roll" USING btree ("entity_id","session_id","full_name","id");--> statement-breakpoint
CREATE INDEX "emergency_roll_visit_idx" ON "emergency_roll" USING btree ("entity_id","visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "emergency_roll_person_key" ON "emergency_roll" USING btree ("entity_id","session_id","person_id") WHERE "emergency_roll"."person_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "emergency_roll_safe_token_key" ON "emergency_roll" USING btree ("safe_token_hash");--> statement-breakpoint
CREATE INDEX "emergency_session_areas_area_idx" ON "emergency_session_areas" USING btree ("entity_id","area_id");--> statement-breakpoint
CREATE INDEX "emergency_sessions_entity_started_idx" ON "emergency_sessions" USING btree ("entity_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "emergency_sessions_active_idx" ON "emergency_sessions" USING btree ("entity_id") WHERE "emergency_sessions"."ended_at" is null;--> statement-breakpoint
SELECT app_enable_tenant_rls('emergency_sessions');
--> statement-breakpoint
SELECT app_enable_tenant_rls('emergency_session_areas');
--> statement-breakpoint
SELECT app_enable_tenant_rls('emergency_roll');
--> statement-breakpoint
SELECT app_enable_tenant_rls('emergency_marks');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON emergency_sessions, emergency_session_areas, emergency_roll, emergency_marks TO app_user;
--> statement-breakpoint
-- Whoever signs out during a running session (at a kiosk, on the dashboard, by the API, by an automatic
-- sign-out) is "out" on its roll at once, in the same transaction, with the mark kept in its history.
-- One probe of a partial index when the company has no running session.
CREATE FUNCTION emergency_roll_signed_out() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM emergency_sessions s WHERE s.entity_id = NEW.entity_id AND s.ended_at IS NULL) THEN
    RETURN NULL;
  END IF;
  WITH changed AS (
    UPDATE emergency_roll e
       SET status = 'out', source = 'sign_out', marked_at = coalesce(NEW.signed_out_at, now()),
           marked_by_user_id = NULL, marked_by_name = NULL, version = e.version + 1
      FROM emergency_sessions s
     WHERE e.entity_id = NEW.entity_id AND e.visit_id = NEW.id AND e.status <> 'out'
       AND s.entity_id = e.entity_id AND s.id = e.session_id AND s.ended_at IS NULL
    RETURNING e.id, e.session_id, e.marked_at
  )
  INSERT INTO emergency_marks (entity_id, id, session_id, roll_id, status, source, marked_at)
  SELECT NEW.entity_id, gen_random_uuid(), c.session_id, c.id, 'out', 'sign_out', c.marked_at FROM changed c;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER visits_emergency_signed_out AFTER UPDATE OF state ON visits
  FOR EACH ROW WHEN (OLD.state = 'on_site' AND NEW.state IS DISTINCT FROM 'on_site')
  EXECUTE FUNCTION emergency_roll_signed_out();
