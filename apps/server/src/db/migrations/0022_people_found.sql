-- Custom SQL migration file, put your code below! --
-- The people a search finds, with the keys the list sorts them by (decision 022). The trigram index
-- finds them and their rows are read once here, for the match check; returning the sort keys lets
-- the list count the matches and cut its page from this one result, instead of reading every match
-- again for the page and once more for the count. Reads only the current company's rows, as
-- app_people_matching (migration 0020) does.
CREATE OR REPLACE FUNCTION app_people_found(pattern text, digits text, contacts boolean)
RETURNS TABLE (
  id uuid,
  last_name text,
  first_name text,
  email_missing boolean,
  email_key text,
  status text,
  created_at timestamptz
)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
ROWS 500
AS $$
BEGIN
  -- Planned for the pattern itself (EXECUTE), so the trigram index is used.
  RETURN QUERY EXECUTE format(
    'SELECT id, last_name, first_name, email_missing, email_key, status, created_at FROM people'
    ' WHERE entity_id = app_current_entity() AND (%I LIKE %L%s)',
    CASE WHEN contacts THEN 'search_text' ELSE 'search_name' END,
    pattern,
    CASE WHEN digits IS NULL OR NOT contacts THEN '' ELSE format(' OR search_text LIKE %L', digits) END
  );
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_people_found(text, text, boolean) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_people_found(text, text, boolean) TO app_user;
