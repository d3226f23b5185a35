-- Custom SQL migration file, put your code below! --
-- The audit log is written and read by requests, never rewritten: app_user keeps INSERT and SELECT
-- only. The one change the product makes to past entries, redacting the copies of people who were
-- erased (decision 033), goes through the function below, bound to the current company and to
-- people who are no longer in it, so it cannot be used to rewrite the entries of anyone still there.
REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_log FROM app_user;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_audit_redact_erased(person_ids uuid[])
RETURNS integer
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH redacted AS (
    UPDATE audit_log a
    SET before = NULL, after = '{"erased": true}'::jsonb
    WHERE a.entity_id = app_current_entity()
      AND a.target_type = 'person'
      AND a.target_id = ANY (SELECT x::text FROM unnest(person_ids) AS x)
      AND NOT EXISTS (SELECT 1 FROM people p WHERE p.entity_id = a.entity_id AND p.id::text = a.target_id)
    RETURNING 1
  )
  SELECT count(*)::int FROM redacted
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_audit_redact_erased(uuid[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_audit_redact_erased(uuid[]) TO app_user;
