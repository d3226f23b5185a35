-- Live visit events from the database (decision 056): every committed change of a visit is announced
-- with NOTIFY, which PostgreSQL delivers at commit to every app node listening, whichever node (or job)
-- made it and even if that node dies a moment later. The payload is
-- "<entity_id> <visit id> <area id> <action>", the action read from what changed.
CREATE FUNCTION visits_live_notice() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  what text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('visits_changed', concat_ws(' ', OLD.entity_id, OLD.id, OLD.area_id, 'deleted'));
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    what := CASE
      WHEN NEW.state = 'checked_in' THEN 'checked_in'
      WHEN NEW.signed_out_at IS NOT NULL THEN 'signed_out'
      WHEN NEW.signed_in_at IS NOT NULL THEN 'signed_in'
      ELSE 'expected' END;
  ELSE
    what := CASE
      WHEN NEW.state = 'checked_in' AND OLD.state IS DISTINCT FROM 'checked_in' THEN 'checked_in'
      WHEN NEW.signed_out_at IS NOT NULL AND OLD.signed_out_at IS NULL THEN 'signed_out'
      WHEN NEW.signed_in_at IS NOT NULL AND OLD.signed_in_at IS NULL THEN 'signed_in'
      WHEN NEW.state = 'cancelled' AND OLD.state IS DISTINCT FROM 'cancelled' THEN 'deleted'
      WHEN NEW.stage IS DISTINCT FROM OLD.stage AND OLD.stage IN ('compliance_pending', 'compliance_failed')
        THEN 'compliance_answered'
      WHEN NEW.stage = 'rejected' AND OLD.stage IS DISTINCT FROM 'rejected' THEN 'rejected'
      WHEN NEW.stage IN ('approved', 'auto_approved') AND OLD.stage IS DISTINCT FROM NEW.stage THEN 'approved'
      WHEN NEW.confirmed_at IS NOT NULL AND OLD.confirmed_at IS NULL THEN 'confirmed'
      WHEN NEW.notes IS DISTINCT FROM OLD.notes THEN 'notes_changed'
      WHEN NEW.extra -> 'rating' IS DISTINCT FROM OLD.extra -> 'rating' THEN 'rated'
      ELSE 'expected_changed' END;
    -- Moved to another area: the old area's viewers are told too.
    IF OLD.area_id <> NEW.area_id THEN
      PERFORM pg_notify('visits_changed', concat_ws(' ', OLD.entity_id, OLD.id, OLD.area_id, what));
    END IF;
  END IF;
  PERFORM pg_notify('visits_changed', concat_ws(' ', NEW.entity_id, NEW.id, NEW.area_id, what));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER visits_live_notice AFTER INSERT OR DELETE ON visits
  FOR EACH ROW EXECUTE FUNCTION visits_live_notice();
--> statement-breakpoint
CREATE TRIGGER visits_live_notice_update AFTER UPDATE ON visits
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION visits_live_notice();
