CREATE INDEX "audit_log_entity_actor_created_idx" ON "audit_log" USING btree ("entity_id","actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_target_created_idx" ON "audit_log" USING btree ("entity_id","target_type","target_id","created_at");--> statement-breakpoint
-- The audit log follows the company's data retention (issue 29): entries older than the company's
-- `data_retention_days` go with the nightly retention. app_user may not delete from the log (migration
-- 0039); this function may, for the current company only, and only what that company's retention has
-- made due by the database's own clock: no caller can shorten the log's history.
CREATE OR REPLACE FUNCTION app_audit_expire()
RETURNS integer
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH expired AS (
    DELETE FROM audit_log a
    USING privacy_settings s
    WHERE s.entity_id = app_current_entity()
      AND s.data_retention_days IS NOT NULL
      AND a.entity_id = s.entity_id
      AND a.created_at < now() - make_interval(days => s.data_retention_days)
    RETURNING 1
  )
  SELECT count(*)::int FROM expired
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_audit_expire() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_audit_expire() TO app_user;
