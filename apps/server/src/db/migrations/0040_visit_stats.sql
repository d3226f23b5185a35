CREATE TABLE "visit_day_people" (
	"entity_id" uuid NOT NULL,
	"day" date NOT NULL,
	"person_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	"user_type_id" uuid,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visit_day_people_key" UNIQUE NULLS NOT DISTINCT("entity_id","day","person_id","site_id","area_id","user_type_id")
);
--> statement-breakpoint
CREATE TABLE "visit_day_stats" (
	"entity_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"site_id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	"user_type_id" uuid,
	"late_reason_id" uuid,
	"early_reason_id" uuid,
	"visits" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"stay_micros" bigint DEFAULT 0 NOT NULL,
	"expected" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visit_day_stats_key" UNIQUE NULLS NOT DISTINCT("entity_id","day","hour","site_id","area_id","user_type_id","late_reason_id","early_reason_id")
);
--> statement-breakpoint
CREATE TABLE "visit_day_stays" (
	"entity_id" uuid NOT NULL,
	"day" date NOT NULL,
	"site_id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	"user_type_id" uuid,
	"minutes" integer NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visit_day_stays_key" UNIQUE NULLS NOT DISTINCT("entity_id","day","site_id","area_id","user_type_id","minutes")
);
--> statement-breakpoint
CREATE TABLE "visit_stats_zones" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"timezone" text NOT NULL
);
--> statement-breakpoint
-- Hand-written (decision 038): the aggregates are kept by triggers on visits in the writing transaction,
-- whatever writes (sign-in, sign-out, edits, deletions, merges, privacy erasure, jobs), and rebuilt for
-- a company when its time zone changes. The functions run as their owner; the app's role only reads.
SELECT app_enable_tenant_rls('visit_day_stats');--> statement-breakpoint
SELECT app_enable_tenant_rls('visit_day_people');--> statement-breakpoint
SELECT app_enable_tenant_rls('visit_day_stays');--> statement-breakpoint
SELECT app_enable_tenant_rls('visit_stats_zones');--> statement-breakpoint
GRANT SELECT ON visit_day_stats, visit_day_people, visit_day_stays, visit_stats_zones TO app_user;--> statement-breakpoint
CREATE OR REPLACE FUNCTION visit_stats_valid_zone(z text) RETURNS text
LANGUAGE plpgsql STABLE SET search_path = public, pg_temp AS $$
BEGIN
  IF z IS NULL OR z = '' THEN RETURN 'UTC'; END IF;
  PERFORM now() AT TIME ZONE z;
  RETURN z;
EXCEPTION WHEN others THEN
  RETURN 'UTC';
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION visit_stats_zone(e uuid) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  z text;
BEGIN
  SELECT timezone INTO z FROM visit_stats_zones WHERE entity_id = e;
  IF z IS NOT NULL THEN RETURN z; END IF;
  SELECT visit_stats_valid_zone(timezone) INTO z FROM entities WHERE id = e;
  IF z IS NULL THEN RETURN NULL; END IF;
  INSERT INTO visit_stats_zones (entity_id, timezone) VALUES (e, z) ON CONFLICT (entity_id) DO NOTHING;
  SELECT timezone INTO z FROM visit_stats_zones WHERE entity_id = e;
  RETURN z;
END $$;
--> statement-breakpoint
-- One visit's part in the aggregates, added (sgn 1) or taken away (sgn -1). Rows that reach zero go.
CREATE OR REPLACE FUNCTION visit_stats_add(v visits, sgn integer) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  z text;
  local_at timestamp;
  done boolean;
  secs numeric;
  c tid;
  n1 integer;
  n2 integer;
BEGIN
  IF v.state IN ('on_site', 'left', 'checked_in') AND v.signed_in_at IS NOT NULL THEN
    z := visit_stats_zone(v.entity_id);
    IF z IS NULL THEN RETURN; END IF;
    local_at := v.signed_in_at AT TIME ZONE z;
    done := v.state = 'left' AND v.signed_out_at IS NOT NULL;
    secs := CASE WHEN done THEN extract(epoch FROM v.signed_out_at - v.signed_in_at) END;
    INSERT INTO visit_day_stats AS t (entity_id, day, hour, site_id, area_id, user_type_id, late_reason_id,
      early_reason_id, visits, completed, stay_micros, expected)
    VALUES (v.entity_id, local_at::date, extract(hour FROM local_at)::smallint, v.site_id, v.area_id,
      v.user_type_id, v.late_reason_id, v.early_reason_id, sgn, CASE WHEN done THEN sgn ELSE 0 END,
      sgn * coalesce((secs * 1000000)::bigint, 0), 0)
    ON CONFLICT ON CONSTRAINT visit_day_stats_key DO UPDATE
      SET visits = t.visits + excluded.visits, completed = t.completed + excluded.completed,
          stay_micros = t.stay_micros + excluded.stay_micros
    RETURNING t.ctid, t.visits, t.expected INTO c, n1, n2;
    IF n1 <= 0 AND n2 <= 0 THEN DELETE FROM visit_day_stats WHERE ctid = c; END IF;

    INSERT INTO visit_day_people AS t (entity_id, day, person_id, site_id, area_id, user_type_id, visits)
    VALUES (v.entity_id, local_at::date, v.person_id, v.site_id, v.area_id, v.user_type_id, sgn)
    ON CONFLICT ON CONSTRAINT visit_day_people_key DO UPDATE SET visits = t.visits + excluded.visits
    RETURNING t.ctid, t.visits INTO c, n1;
    IF n1 <= 0 THEN DELETE FROM visit_day_people WHERE ctid = c; END IF;

    IF done THEN
      INSERT INTO visit_day_stays AS t (entity_id, day, site_id, area_id, user_type_id, minutes, visits)
      VALUES (v.entity_id, local_at::date, v.site_id, v.area_id, v.user_type_id, round(secs / 60)::integer, sgn)
      ON CONFLICT ON CONSTRAINT visit_day_stays_key DO UPDATE SET visits = t.visits + excluded.visits
      RETURNING t.ctid, t.visits INTO c, n1;
      IF n1 <= 0 THEN DELETE FROM visit_day_stays WHERE ctid = c; END IF;
    END IF;
  ELSIF v.state = 'expected' AND v.expected_at IS NOT NULL THEN
    z := visit_stats_zone(v.entity_id);
    IF z IS NULL THEN RETURN; END IF;
    local_at := v.expected_at AT TIME ZONE z;
    INSERT INTO visit_day_stats AS t (entity_id, day, hour, site_id, area_id, user_type_id, late_reason_id,
      early_reason_id, visits, completed, stay_micros, expected)
    VALUES (v.entity_id, local_at::date, extract(hour FROM local_at)::smallint, v.site_id, v.area_id,
      v.user_type_id, NULL, NULL, 0, 0, 0, sgn)
    ON CONFLICT ON CONSTRAINT visit_day_stats_key DO UPDATE SET expected = t.expected + excluded.expected
    RETURNING t.ctid, t.visits, t.expected INTO c, n1, n2;
    IF n1 <= 0 AND n2 <= 0 THEN DELETE FROM visit_day_stats WHERE ctid = c; END IF;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION visit_stats_on_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM visit_stats_add(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM visit_stats_add(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER visit_stats_written AFTER INSERT OR DELETE ON visits
  FOR EACH ROW EXECUTE FUNCTION visit_stats_on_change();--> statement-breakpoint
CREATE TRIGGER visit_stats_changed AFTER UPDATE ON visits
  FOR EACH ROW WHEN (
    OLD.state IS DISTINCT FROM NEW.state OR OLD.signed_in_at IS DISTINCT FROM NEW.signed_in_at
    OR OLD.signed_out_at IS DISTINCT FROM NEW.signed_out_at OR OLD.expected_at IS DISTINCT FROM NEW.expected_at
    OR OLD.person_id IS DISTINCT FROM NEW.person_id OR OLD.site_id IS DISTINCT FROM NEW.site_id
    OR OLD.area_id IS DISTINCT FROM NEW.area_id OR OLD.user_type_id IS DISTINCT FROM NEW.user_type_id
    OR OLD.late_reason_id IS DISTINCT FROM NEW.late_reason_id
    OR OLD.early_reason_id IS DISTINCT FROM NEW.early_reason_id OR OLD.entity_id IS DISTINCT FROM NEW.entity_id
  ) EXECUTE FUNCTION visit_stats_on_change();--> statement-breakpoint
-- A company's aggregates from its visits, on its clock now: after a change of time zone, after a bulk load.
CREATE OR REPLACE FUNCTION visit_stats_rebuild(e uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  z text;
BEGIN
  DELETE FROM visit_day_stats WHERE entity_id = e;
  DELETE FROM visit_day_people WHERE entity_id = e;
  DELETE FROM visit_day_stays WHERE entity_id = e;
  DELETE FROM visit_stats_zones WHERE entity_id = e;
  SELECT visit_stats_valid_zone(timezone) INTO z FROM entities WHERE id = e;
  IF z IS NULL THEN RETURN; END IF;
  INSERT INTO visit_stats_zones (entity_id, timezone) VALUES (e, z);
  CREATE TEMP TABLE IF NOT EXISTS visit_stats_work (
    site_id uuid, area_id uuid, user_type_id uuid, late_reason_id uuid, early_reason_id uuid, person_id uuid,
    local_at timestamp, arrived boolean, done boolean, secs numeric
  ) ON COMMIT DROP;
  TRUNCATE visit_stats_work;
  INSERT INTO visit_stats_work
  SELECT site_id, area_id, user_type_id, late_reason_id, early_reason_id, person_id,
    CASE WHEN state = 'expected' THEN expected_at ELSE signed_in_at END AT TIME ZONE z,
    state <> 'expected', state = 'left' AND signed_out_at IS NOT NULL,
    CASE WHEN state = 'left' AND signed_out_at IS NOT NULL THEN extract(epoch FROM signed_out_at - signed_in_at) END
  FROM visits
  WHERE entity_id = e
    AND ((state IN ('on_site', 'left', 'checked_in') AND signed_in_at IS NOT NULL)
      OR (state = 'expected' AND expected_at IS NOT NULL));
  INSERT INTO visit_day_stats (entity_id, day, hour, site_id, area_id, user_type_id, late_reason_id,
    early_reason_id, visits, completed, stay_micros, expected)
  SELECT e, local_at::date, extract(hour FROM local_at)::smallint, site_id, area_id, user_type_id,
    CASE WHEN arrived THEN late_reason_id END, CASE WHEN arrived THEN early_reason_id END,
    count(*) FILTER (WHERE arrived), count(*) FILTER (WHERE done),
    coalesce(sum((secs * 1000000)::bigint), 0), count(*) FILTER (WHERE NOT arrived)
  FROM visit_stats_work
  GROUP BY 2, 3, 4, 5, 6, 7, 8;
  INSERT INTO visit_day_people (entity_id, day, person_id, site_id, area_id, user_type_id, visits)
  SELECT e, local_at::date, person_id, site_id, area_id, user_type_id, count(*)
  FROM visit_stats_work WHERE arrived
  GROUP BY 2, 3, 4, 5, 6;
  INSERT INTO visit_day_stays (entity_id, day, site_id, area_id, user_type_id, minutes, visits)
  SELECT e, local_at::date, site_id, area_id, user_type_id, round(secs / 60)::integer, count(*)
  FROM visit_stats_work WHERE done
  GROUP BY 2, 3, 4, 5, 6;
  TRUNCATE visit_stats_work;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION visit_stats_zone_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM visit_stats_rebuild(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER visit_stats_zone_changed AFTER UPDATE OF timezone ON entities
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION visit_stats_zone_changed();--> statement-breakpoint
REVOKE ALL ON FUNCTION visit_stats_zone(uuid), visit_stats_add(visits, integer), visit_stats_rebuild(uuid) FROM PUBLIC;--> statement-breakpoint
SELECT visit_stats_rebuild(id) FROM entities;
