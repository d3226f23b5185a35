CREATE TABLE "watchlist_dismissals" (
	"entity_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_dismissals_entity_id_entry_id_person_id_pk" PRIMARY KEY("entity_id","entry_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "watchlist_entries" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"level" text NOT NULL,
	"full_name" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"email" text,
	"phone" text,
	"company_name" text,
	"date_of_birth" date,
	"reason" text NOT NULL,
	"image" text,
	"email_key" text,
	"phone_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sort_name" text GENERATED ALWAYS AS (lower("full_name")) STORED,
	CONSTRAINT "watchlist_entries_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "watchlist_entries_level_check" CHECK ("watchlist_entries"."level" in ('deny', 'review', 'notify'))
);
--> statement-breakpoint
CREATE TABLE "watchlist_keys" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"plain" text NOT NULL,
	"skeleton" text NOT NULL,
	"plain_words" text[] GENERATED ALWAYS AS (string_to_array("plain", ' ')) STORED,
	"skeleton_words" text[] GENERATED ALWAYS AS (string_to_array("skeleton", ' ')) STORED,
	CONSTRAINT "watchlist_keys_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "watchlist_screenings" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"way" text NOT NULL,
	"person_id" uuid,
	"subject" jsonb NOT NULL,
	"entry_id" uuid NOT NULL,
	"entry_name" text NOT NULL,
	"level" text NOT NULL,
	"score" integer NOT NULL,
	"reasons" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"expires_at" timestamp with time zone,
	CONSTRAINT "watchlist_screenings_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "watchlist_screenings_outcome_check" CHECK ("watchlist_screenings"."outcome" in ('refused', 'pending', 'approved', 'rejected', 'notified', 'not_a_match'))
);
--> statement-breakpoint
CREATE TABLE "watchlist_settings" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"name_threshold" integer DEFAULT 80 NOT NULL,
	"notify_person_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "watchlist_settings_threshold_check" CHECK ("watchlist_settings"."name_threshold" between 60 and 100)
);
--> statement-breakpoint
ALTER TABLE "watchlist_dismissals" ADD CONSTRAINT "watchlist_dismissals_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_dismissals" ADD CONSTRAINT "watchlist_dismissals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_dismissals" ADD CONSTRAINT "watchlist_dismissals_entity_id_entry_id_watchlist_entries_entity_id_id_fk" FOREIGN KEY ("entity_id","entry_id") REFERENCES "public"."watchlist_entries"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_dismissals" ADD CONSTRAINT "watchlist_dismissals_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_keys" ADD CONSTRAINT "watchlist_keys_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_keys" ADD CONSTRAINT "watchlist_keys_entity_id_entry_id_watchlist_entries_entity_id_id_fk" FOREIGN KEY ("entity_id","entry_id") REFERENCES "public"."watchlist_entries"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_screenings" ADD CONSTRAINT "watchlist_screenings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_screenings" ADD CONSTRAINT "watchlist_screenings_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_screenings" ADD CONSTRAINT "watchlist_screenings_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_settings" ADD CONSTRAINT "watchlist_settings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_settings" ADD CONSTRAINT "watchlist_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watchlist_entries_email_idx" ON "watchlist_entries" USING btree ("entity_id","email_key");--> statement-breakpoint
CREATE INDEX "watchlist_entries_phone_idx" ON "watchlist_entries" USING btree ("entity_id","phone_key");--> statement-breakpoint
CREATE INDEX "watchlist_entries_name_idx" ON "watchlist_entries" USING btree ("entity_id","sort_name","id");--> statement-breakpoint
CREATE INDEX "watchlist_entries_level_idx" ON "watchlist_entries" USING btree ("entity_id","level","sort_name","id");--> statement-breakpoint
CREATE INDEX "watchlist_keys_entry_idx" ON "watchlist_keys" USING btree ("entity_id","entry_id");--> statement-breakpoint
CREATE INDEX "watchlist_screenings_at_idx" ON "watchlist_screenings" USING btree ("entity_id","at","id");--> statement-breakpoint
CREATE INDEX "watchlist_screenings_outcome_idx" ON "watchlist_screenings" USING btree ("entity_id","outcome","at","id");--> statement-breakpoint
CREATE INDEX "watchlist_screenings_person_idx" ON "watchlist_screenings" USING btree ("entity_id","person_id","entry_id");--> statement-breakpoint
CREATE INDEX "watchlist_screenings_entry_idx" ON "watchlist_screenings" USING btree ("entity_id","entry_id","outcome");--> statement-breakpoint
SELECT app_enable_tenant_rls('watchlist_settings');
--> statement-breakpoint
SELECT app_enable_tenant_rls('watchlist_entries');
--> statement-breakpoint
SELECT app_enable_tenant_rls('watchlist_keys');
--> statement-breakpoint
SELECT app_enable_tenant_rls('watchlist_screenings');
--> statement-breakpoint
SELECT app_enable_tenant_rls('watchlist_dismissals');
--> statement-breakpoint
-- Names are found by a word in common, as written or as they sound (decision 051): both keys are plain
-- ASCII (name-keys.ts).
-- Without a pending list (fastupdate off): a list of entries just imported is searched at full speed at
-- once, not after the next vacuum (measured: 8 ms a look-up with 20,000 keys pending, 0.1 ms merged).
CREATE INDEX IF NOT EXISTS watchlist_keys_plain_words_idx ON watchlist_keys USING gin (plain_words) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS watchlist_keys_skeleton_words_idx ON watchlist_keys USING gin (skeleton_words) WITH (fastupdate = off);
--> statement-breakpoint
-- The entries whose names or aliases are alike enough to look at, for each of the names screened. Under
-- row-level security the `%` operator is checked after the policy and cannot use the trigram indexes,
-- so the look-up runs as the tables' owner and reads only the current company's rows (the setting the
-- policies read), like app_people_matching (migration 0020). The app decides and explains each one.
CREATE OR REPLACE FUNCTION app_watchlist_candidates(plains text[], skeletons text[], emails text[], phones text[])
RETURNS TABLE (entry_id uuid)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
-- The word indexes, whatever the planner guesses of a few thousand rows: reading every key to compare it
-- costs far more (measured: 38 ms for 20,000 keys).
SET enable_seqscan = off
ROWS 50
AS $$
DECLARE
  written text[];
  sounding text[];
BEGIN
  -- A word in common as written (two letters or more), or as it sounds (three consonants or more). A
  -- trigram look-up of whole names read every key sharing a common trigram (4 ms a name against 10,000
  -- entries; 20 ms for skeletons, a few letters from a small alphabet): words are as selective as names.
  SELECT array_agg(DISTINCT w) INTO written
    FROM unnest(plains) AS s(v), unnest(string_to_array(s.v, ' ')) AS x(w) WHERE length(w) >= 2;
  SELECT array_agg(DISTINCT w) INTO sounding
    FROM unnest(skeletons) AS s(v), unnest(string_to_array(s.v, ' ')) AS x(w) WHERE length(w) >= 3;
  RETURN QUERY
    (SELECT k.entry_id FROM watchlist_keys k
      WHERE k.entity_id = app_current_entity()
        AND (k.plain_words && coalesce(written, '{}') OR k.skeleton_words && coalesce(sounding, '{}'))
        -- Spelled alike (pg_trgm), or sounding alike: what the app's scoring can make a match of.
        AND (k.skeleton_words && coalesce(sounding, '{}')
             OR EXISTS (SELECT 1 FROM unnest(plains) AS p(v) WHERE similarity(k.plain, p.v) >= 0.3))
      LIMIT 500)
    UNION
    -- The same mailbox or line (the keys the app stores).
    (SELECT e.id FROM watchlist_entries e
      WHERE e.entity_id = app_current_entity()
        AND (e.email_key = ANY (coalesce(emails, '{}')) OR e.phone_key = ANY (coalesce(phones, '{}'))));
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_watchlist_candidates(text[], text[], text[], text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_watchlist_candidates(text[], text[], text[], text[]) TO app_user;
--> statement-breakpoint
-- The new permission "watchlist" (keep it, decide its matches): the admin roles every company starts
-- with hold every permission, so they hold this one too; other roles are given it by the company.
INSERT INTO role_permissions (entity_id, role_id, permission, allowed)
SELECT r.entity_id, r.id, 'watchlist', 1
  FROM roles r
 WHERE r.key IN ('admin', 'system_admin')
ON CONFLICT DO NOTHING;
