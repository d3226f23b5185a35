CREATE TABLE "face_consents" (
	"entity_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"recorded_by" uuid,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" uuid,
	"last_error" jsonb,
	"last_error_at" timestamp with time zone,
	CONSTRAINT "face_consents_entity_id_person_id_pk" PRIMARY KEY("entity_id","person_id"),
	CONSTRAINT "face_consents_source_check" CHECK ("face_consents"."source" in ('self', 'passport', 'paper'))
);
--> statement-breakpoint
CREATE TABLE "face_descriptors" (
	"entity_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"sealed" text NOT NULL,
	"photo_key" text NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "face_descriptors_entity_id_person_id_pk" PRIMARY KEY("entity_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "face_settings" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"match_threshold" double precision DEFAULT 0.45 NOT NULL,
	"min_gap" double precision DEFAULT 0.05 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "face_settings_threshold_check" CHECK ("face_settings"."match_threshold" > 0.2 and "face_settings"."match_threshold" <= 0.6),
	CONSTRAINT "face_settings_gap_check" CHECK ("face_settings"."min_gap" >= 0 and "face_settings"."min_gap" <= 0.3)
);
--> statement-breakpoint
ALTER TABLE "face_consents" ADD CONSTRAINT "face_consents_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_consents" ADD CONSTRAINT "face_consents_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_consents" ADD CONSTRAINT "face_consents_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_consents" ADD CONSTRAINT "face_consents_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_descriptors" ADD CONSTRAINT "face_descriptors_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_descriptors" ADD CONSTRAINT "face_descriptors_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_settings" ADD CONSTRAINT "face_settings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_settings" ADD CONSTRAINT "face_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
SELECT app_enable_tenant_rls('face_settings');
--> statement-breakpoint
SELECT app_enable_tenant_rls('face_consents');
--> statement-breakpoint
SELECT app_enable_tenant_rls('face_descriptors');
--> statement-breakpoint
-- A new photo (or none) makes the face ID of the old one stale: it goes at once, whatever wrote the photo
-- (the drawer, an import, the kiosk, a directory), and the last failure is forgotten so the new photo is tried.
CREATE FUNCTION app_face_photo_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM face_descriptors
   WHERE entity_id = NEW.entity_id AND person_id = NEW.id AND photo_key IS DISTINCT FROM NEW.image;
  UPDATE face_consents SET last_error = NULL, last_error_at = NULL
   WHERE entity_id = NEW.entity_id AND person_id = NEW.id AND last_error IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER people_face_photo_changed AFTER UPDATE OF image ON people
  FOR EACH ROW WHEN (OLD.image IS DISTINCT FROM NEW.image) EXECUTE FUNCTION app_face_photo_changed();
