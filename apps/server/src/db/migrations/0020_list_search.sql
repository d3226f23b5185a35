-- Custom SQL migration file, put your code below! --
-- The logbook's index by activity, carrying when each visit stopped being current, so that a range
-- is checked and counted from the index alone (decision 022).
CREATE INDEX IF NOT EXISTS visits_entity_activity_at_idx ON visits (entity_id, activity_at, id) INCLUDE (active_until);
--> statement-breakpoint
-- Searching people by any part of their name or company, and — for those who may read them — their
-- email, id number, card or phone (decision 022). Trigram indexes find the matches; under row-level
-- security a LIKE is checked after the policy and cannot use them, so the look-up runs in a function
-- owned by the tables' owner that reads only the current company's rows (the setting the policies read).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS people_search_name_trgm_idx ON people USING gin (search_name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS people_search_text_trgm_idx ON people USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
-- pattern: a LIKE pattern in lower case; digits: a pattern of phone digits, or null; contacts: whether
-- email, id number, card and phone are searched too.
CREATE OR REPLACE FUNCTION app_people_matching(pattern text, digits text, contacts boolean)
RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
ROWS 500
AS $$
BEGIN
  -- Planned for the pattern itself (EXECUTE), so the trigram index is used: a plan made for an
  -- unknown pattern reads the whole table.
  IF contacts THEN
    RETURN QUERY EXECUTE format(
      'SELECT id FROM people WHERE entity_id = app_current_entity() AND (search_text LIKE %L%s)',
      pattern,
      CASE WHEN digits IS NULL THEN '' ELSE format(' OR search_text LIKE %L', digits) END
    );
  ELSE
    RETURN QUERY EXECUTE format(
      'SELECT id FROM people WHERE entity_id = app_current_entity() AND search_name LIKE %L',
      pattern
    );
  END IF;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_people_matching(text, text, boolean) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_people_matching(text, text, boolean) TO app_user;
--> statement-breakpoint
-- Access notices (migration 0018) for sites and user types concern only people who use the dashboard:
-- a visitor's sites change nobody's access, and an import of many visitors announces nothing.
CREATE OR REPLACE FUNCTION app_notice_member_scope() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF EXISTS (
    SELECT 1 FROM people p
    WHERE p.entity_id = changed.entity_id AND p.id = changed.person_id AND p.membership_id IS NOT NULL
  ) THEN
    PERFORM pg_notify('access_changed', 'e:' || changed.entity_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS person_sites_access_notice ON person_sites;
--> statement-breakpoint
CREATE TRIGGER person_sites_access_notice AFTER INSERT OR UPDATE OR DELETE ON person_sites
  FOR EACH ROW EXECUTE FUNCTION app_notice_member_scope();
--> statement-breakpoint
DROP TRIGGER IF EXISTS person_user_types_access_notice ON person_user_types;
--> statement-breakpoint
CREATE TRIGGER person_user_types_access_notice AFTER INSERT OR UPDATE OR DELETE ON person_user_types
  FOR EACH ROW EXECUTE FUNCTION app_notice_member_scope();
