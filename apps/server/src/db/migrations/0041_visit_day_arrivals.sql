CREATE TABLE "visit_day_arrivals" (
	"entity_id" uuid NOT NULL,
	"day" date NOT NULL,
	"site_id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	"user_type_id" uuid,
	"visits" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"stay_micros" bigint DEFAULT 0 NOT NULL,
	"expected" integer DEFAULT 0 NOT NULL,
	"people" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"stays" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"hours" integer[] DEFAULT array_fill(0, array[24]) NOT NULL,
	"late_reasons" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"early_reasons" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	CONSTRAINT "visit_day_arrivals_key" UNIQUE NULLS NOT DISTINCT("entity_id","day","site_id","area_id","user_type_id")
);
--> statement-breakpoint
CREATE TABLE "visit_stats_people" (
	"entity_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"ord" integer NOT NULL,
	CONSTRAINT "visit_stats_people_entity_id_person_id_pk" PRIMARY KEY("entity_id","person_id")
);
--> statement-breakpoint
DROP TABLE "visit_day_people" CASCADE;--> statement-breakpoint
DROP TABLE "visit_day_stats" CASCADE;--> statement-breakpoint
DROP TABLE "visit_day_stays" CASCADE;--> statement-breakpoint
ALTER TABLE "visit_stats_people" ADD CONSTRAINT "visit_stats_people_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Hand-written (decision 038): the summary's aggregates become one row per company, day, site, area and
-- user type, whose arrays hold who arrived (people as small numbers), the stays in whole minutes, the
-- arrivals per hour and the reasons given: a year of the bench's big company is some 15,000 rows instead
-- of 77,000 + 500,000 + 370,000, and a visit's change is one upsert instead of three. Kept by the same
-- triggers on visits; the app's role only reads.
CREATE SEQUENCE visit_stats_person_ord AS integer;--> statement-breakpoint
SELECT app_enable_tenant_rls('visit_day_arrivals');--> statement-breakpoint
SELECT app_enable_tenant_rls('visit_stats_people');--> statement-breakpoint
GRANT SELECT ON visit_day_arrivals TO app_user;--> statement-breakpoint
-- The person's number in the aggregates, given on their first arrival.
CREATE OR REPLACE FUNCTION visit_stats_ord(e uuid, p uuid) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  o integer;
BEGIN
  SELECT ord INTO o FROM visit_stats_people WHERE entity_id = e AND person_id = p;
  IF o IS NOT NULL THEN RETURN o; END IF;
  INSERT INTO visit_stats_people (entity_id, person_id, ord) VALUES (e, p, nextval('visit_stats_person_ord'))
  ON CONFLICT (entity_id, person_id) DO NOTHING RETURNING ord INTO o;
  IF o IS NULL THEN SELECT ord INTO o FROM visit_stats_people WHERE entity_id = e AND person_id = p; END IF;
  RETURN o;
END $$;
--> statement-breakpoint
-- The array without one occurrence of x (the first), or unchanged when x is not in it.
CREATE OR REPLACE FUNCTION visit_stats_drop(a anyarray, x anyelement) RETURNS anyarray
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN i IS NULL THEN a ELSE a[:i - 1] || a[i + 1:] END FROM (SELECT array_position(a, x) AS i) p
$$;
--> statement-breakpoint
-- 24 counts: 1 at the hour h (0-23), 0 elsewhere.
CREATE OR REPLACE FUNCTION visit_stats_hour(h integer) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg((i = h)::integer ORDER BY i) FROM generate_series(0, 23) i
$$;
--> statement-breakpoint
-- One visit's part in the aggregates, added (sgn 1) or taken away (sgn -1). Rows that reach zero go.
CREATE OR REPLACE FUNCTION visit_stats_add(v visits, sgn integer) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  z text;
  local_at timestamp;
  done boolean;
  secs numeric;
  micros bigint;
  mins integer;
  o integer;
  h integer;
  c tid;
  n1 integer;
  n2 integer;
BEGIN
  IF v.state IN ('on_site', 'left', 'checked_in') AND v.signed_in_at IS NOT NULL THEN
    z := visit_stats_zone(v.entity_id);
    IF z IS NULL THEN RETURN; END IF;
    local_at := v.signed_in_at AT TIME ZONE z;
    h := extract(hour FROM local_at)::integer + 1;
    done := v.state = 'left' AND v.signed_out_at IS NOT NULL;
    secs := CASE WHEN done THEN extract(epoch FROM v.signed_out_at - v.signed_in_at) END;
    micros := coalesce((secs * 1000000)::bigint, 0);
    mins := round(secs / 60)::integer;
    o := visit_stats_ord(v.entity_id, v.person_id);
    IF sgn > 0 THEN
      INSERT INTO visit_day_arrivals AS t (entity_id, day, site_id, area_id, user_type_id, visits, completed,
        stay_micros, people, stays, hours, late_reasons, early_reasons)
      VALUES (v.entity_id, local_at::date, v.site_id, v.area_id, v.user_type_id, 1, CASE WHEN done THEN 1 ELSE 0 END,
        micros, ARRAY[o], CASE WHEN done THEN ARRAY[mins] ELSE '{}'::integer[] END, visit_stats_hour(h - 1),
        CASE WHEN v.late_reason_id IS NULL THEN '{}'::uuid[] ELSE ARRAY[v.late_reason_id] END,
        CASE WHEN v.early_reason_id IS NULL THEN '{}'::uuid[] ELSE ARRAY[v.early_reason_id] END)
      ON CONFLICT ON CONSTRAINT visit_day_arrivals_key DO UPDATE
        SET visits = t.visits + 1, completed = t.completed + excluded.completed,
            stay_micros = t.stay_micros + excluded.stay_micros, people = t.people || excluded.people,
            stays = t.stays || excluded.stays, hours[h] = t.hours[h] + 1,
            late_reasons = t.late_reasons || excluded.late_reasons,
            early_reasons = t.early_reasons || excluded.early_reasons;
    ELSE
      UPDATE visit_day_arrivals AS t
        SET visits = t.visits - 1, completed = t.completed - CASE WHEN done THEN 1 ELSE 0 END,
            stay_micros = t.stay_micros - micros, people = visit_stats_drop(t.people, o),
            stays = CASE WHEN done THEN visit_stats_drop(t.stays, mins) ELSE t.stays END, hours[h] = t.hours[h] - 1,
            late_reasons = CASE WHEN v.late_reason_id IS NULL THEN t.late_reasons
              ELSE visit_stats_drop(t.late_reasons, v.late_reason_id) END,
            early_reasons = CASE WHEN v.early_reason_id IS NULL THEN t.early_reasons
              ELSE visit_stats_drop(t.early_reasons, v.early_reason_id) END
      WHERE t.entity_id = v.entity_id AND t.day = local_at::date AND t.site_id = v.site_id AND t.area_id = v.area_id
        AND t.user_type_id IS NOT DISTINCT FROM v.user_type_id
      RETURNING t.ctid, t.visits, t.expected INTO c, n1, n2;
      IF n1 <= 0 AND n2 <= 0 THEN DELETE FROM visit_day_arrivals WHERE ctid = c; END IF;
    END IF;
  ELSIF v.state = 'expected' AND v.expected_at IS NOT NULL THEN
    z := visit_stats_zone(v.entity_id);
    IF z IS NULL THEN RETURN; END IF;
    local_at := v.expected_at AT TIME ZONE z;
    INSERT INTO visit_day_arrivals AS t (entity_id, day, site_id, area_id, user_type_id, expected)
    VALUES (v.entity_id, local_at::date, v.site_id, v.area_id, v.user_type_id, sgn)
    ON CONFLICT ON CONSTRAINT visit_day_arrivals_key DO UPDATE SET expected = t.expected + excluded.expected
    RETURNING t.ctid, t.visits, t.expected INTO c, n1, n2;
    IF n1 <= 0 AND n2 <= 0 THEN DELETE FROM visit_day_arrivals WHERE ctid = c; END IF;
  END IF;
END $$;
--> statement-breakpoint
-- A company's aggregates from its visits, on its clock now: after a change of time zone, after a bulk load.
CREATE OR REPLACE FUNCTION visit_stats_rebuild(e uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  z text;
BEGIN
  DELETE FROM visit_day_arrivals WHERE entity_id = e;
  DELETE FROM visit_stats_zones WHERE entity_id = e;
  SELECT visit_stats_valid_zone(timezone) INTO z FROM entities WHERE id = e;
  IF z IS NULL THEN RETURN; END IF;
  INSERT INTO visit_stats_zones (entity_id, timezone) VALUES (e, z);
  INSERT INTO visit_stats_people (entity_id, person_id, ord)
  SELECT e, x.person_id, nextval('visit_stats_person_ord')
  FROM (
    SELECT DISTINCT v.person_id FROM visits v
    WHERE v.entity_id = e AND v.state IN ('on_site', 'left', 'checked_in') AND v.signed_in_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM visit_stats_people sp WHERE sp.entity_id = e AND sp.person_id = v.person_id)
  ) x
  ON CONFLICT (entity_id, person_id) DO NOTHING;
  CREATE TEMP TABLE IF NOT EXISTS visit_stats_work (
    site_id uuid, area_id uuid, user_type_id uuid, late_reason_id uuid, early_reason_id uuid, ord integer,
    day date, hour integer, arrived boolean, done boolean, secs numeric
  ) ON COMMIT DROP;
  TRUNCATE visit_stats_work;
  INSERT INTO visit_stats_work
  SELECT w.site_id, w.area_id, w.user_type_id, w.late_reason_id, w.early_reason_id, sp.ord, w.local_at::date,
    extract(hour FROM w.local_at)::integer, w.arrived, w.done, w.secs
  FROM (
    SELECT v.site_id, v.area_id, v.user_type_id, v.late_reason_id, v.early_reason_id, v.person_id,
      CASE WHEN v.state = 'expected' THEN v.expected_at ELSE v.signed_in_at END AT TIME ZONE z AS local_at,
      v.state <> 'expected' AS arrived, v.state = 'left' AND v.signed_out_at IS NOT NULL AS done,
      CASE WHEN v.state = 'left' AND v.signed_out_at IS NOT NULL
        THEN extract(epoch FROM v.signed_out_at - v.signed_in_at) END AS secs
    FROM visits v
    WHERE v.entity_id = e
      AND ((v.state IN ('on_site', 'left', 'checked_in') AND v.signed_in_at IS NOT NULL)
        OR (v.state = 'expected' AND v.expected_at IS NOT NULL))
  ) w
  LEFT JOIN visit_stats_people sp ON w.arrived AND sp.entity_id = e AND sp.person_id = w.person_id;
  INSERT INTO visit_day_arrivals (entity_id, day, site_id, area_id, user_type_id, visits, completed, stay_micros,
    expected, people, stays, hours, late_reasons, early_reasons)
  SELECT e, day, site_id, area_id, user_type_id,
    count(*) FILTER (WHERE arrived), count(*) FILTER (WHERE done), coalesce(sum((secs * 1000000)::bigint), 0),
    count(*) FILTER (WHERE NOT arrived),
    coalesce(array_agg(ord) FILTER (WHERE arrived), '{}'),
    coalesce(array_agg(round(secs / 60)::integer) FILTER (WHERE done), '{}'),
    ARRAY[count(*) FILTER (WHERE arrived AND hour = 0), count(*) FILTER (WHERE arrived AND hour = 1), count(*) FILTER (WHERE arrived AND hour = 2), count(*) FILTER (WHERE arrived AND hour = 3), count(*) FILTER (WHERE arrived AND hour = 4), count(*) FILTER (WHERE arrived AND hour = 5), count(*) FILTER (WHERE arrived AND hour = 6), count(*) FILTER (WHERE arrived AND hour = 7), count(*) FILTER (WHERE arrived AND hour = 8), count(*) FILTER (WHERE arrived AND hour = 9), count(*) FILTER (WHERE arrived AND hour = 10), count(*) FILTER (WHERE arrived AND hour = 11), count(*) FILTER (WHERE arrived AND hour = 12), count(*) FILTER (WHERE arrived AND hour = 13), count(*) FILTER (WHERE arrived AND hour = 14), count(*) FILTER (WHERE arrived AND hour = 15), count(*) FILTER (WHERE arrived AND hour = 16), count(*) FILTER (WHERE arrived AND hour = 17), count(*) FILTER (WHERE arrived AND hour = 18), count(*) FILTER (WHERE arrived AND hour = 19), count(*) FILTER (WHERE arrived AND hour = 20), count(*) FILTER (WHERE arrived AND hour = 21), count(*) FILTER (WHERE arrived AND hour = 22), count(*) FILTER (WHERE arrived AND hour = 23)],
    coalesce(array_agg(late_reason_id) FILTER (WHERE arrived AND late_reason_id IS NOT NULL), '{}'),
    coalesce(array_agg(early_reason_id) FILTER (WHERE arrived AND early_reason_id IS NOT NULL), '{}')
  FROM visit_stats_work
  GROUP BY day, site_id, area_id, user_type_id;
  TRUNCATE visit_stats_work;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION visit_stats_ord(uuid, uuid), visit_stats_add(visits, integer), visit_stats_rebuild(uuid) FROM PUBLIC;--> statement-breakpoint
SELECT visit_stats_rebuild(id) FROM entities;
