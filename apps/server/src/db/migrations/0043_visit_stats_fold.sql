-- Custom SQL migration file, put your code below! --
-- Past days' slots folded into one row (decision 038). The eight slots of a day, site, area and user type
-- keep concurrent sign-ins apart, but the summary of a year then reads up to eight rows where one would
-- do. Once a day is over on the company's clock a job folds its slot rows into one row (slot -1), and
-- the rebuild makes folded rows for past days. A key (company, day, site, area, user type) then has
-- either slot rows or one folded row, never both: the triggers take a day's lock shared and write to the
-- folded row when there is one; the fold takes the day's lock alone (trying, never waiting, so it never
-- makes a writer wait on it in a cycle) and skips a day a writer holds, to fold it on its next run.
-- The summary reads every row of a key whatever its slot, so it is unchanged.
CREATE OR REPLACE FUNCTION visit_stats_day_lock(e uuid, d date) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$ SELECT hashtextextended('visit_stats.day:' || e::text || ':' || d::text, 0) $$;
--> statement-breakpoint
-- The slot a visit's part is added to or taken from: the key's folded row when it has one, else the
-- visit's own slot. Takes the day's lock shared to the end of the transaction, so no fold of that day
-- runs between this choice and the write.
CREATE OR REPLACE FUNCTION visit_stats_place(e uuid, d date, site uuid, area uuid, utype uuid, id uuid) RETURNS smallint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(visit_stats_day_lock(e, d));
  IF EXISTS (SELECT 1 FROM visit_day_arrivals WHERE entity_id = e AND day = d AND site_id = site AND area_id = area
      AND user_type_id IS NOT DISTINCT FROM utype AND slot = -1) THEN
    RETURN -1;
  END IF;
  RETURN visit_stats_slot(id);
END $$;
--> statement-breakpoint
-- The 24 hourly counts of two rows added up.
CREATE OR REPLACE FUNCTION visit_stats_hours_plus(a integer[], b integer[]) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$ SELECT array_agg(x + y ORDER BY i) FROM unnest(a, b) WITH ORDINALITY u(x, y, i) $$;
--> statement-breakpoint
CREATE AGGREGATE visit_stats_hours_sum(integer[]) (
  SFUNC = visit_stats_hours_plus, STYPE = integer[], INITCOND = '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}'
);
--> statement-breakpoint
-- The arrays of the rows, one after the other.
CREATE AGGREGATE visit_stats_cat(anycompatiblearray) (SFUNC = array_cat, STYPE = anycompatiblearray);
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
  s smallint;
BEGIN
  IF v.state IN ('on_site', 'left', 'checked_in') AND v.signed_in_at IS NOT NULL THEN
    z := visit_stats_zone(v.entity_id);
    IF z IS NULL THEN RETURN; END IF;
    local_at := v.signed_in_at AT TIME ZONE z;
    s := visit_stats_place(v.entity_id, local_at::date, v.site_id, v.area_id, v.user_type_id, v.id);
    h := extract(hour FROM local_at)::integer + 1;
    done := v.state = 'left' AND v.signed_out_at IS NOT NULL;
    secs := CASE WHEN done THEN extract(epoch FROM v.signed_out_at - v.signed_in_at) END;
    micros := coalesce((secs * 1000000)::bigint, 0);
    mins := round(secs / 60)::integer;
    o := visit_stats_ord(v.entity_id, v.person_id);
    IF sgn > 0 THEN
      INSERT INTO visit_day_arrivals AS t (entity_id, day, site_id, area_id, user_type_id, slot, visits, completed,
        stay_micros, people, stays, hours, late_reasons, early_reasons)
      VALUES (v.entity_id, local_at::date, v.site_id, v.area_id, v.user_type_id, s, 1, CASE WHEN done THEN 1 ELSE 0 END,
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
        AND t.user_type_id IS NOT DISTINCT FROM v.user_type_id AND t.slot = s
      RETURNING t.ctid, t.visits, t.expected INTO c, n1, n2;
      IF n1 <= 0 AND n2 <= 0 THEN DELETE FROM visit_day_arrivals WHERE ctid = c; END IF;
    END IF;
  ELSIF v.state = 'expected' AND v.expected_at IS NOT NULL THEN
    z := visit_stats_zone(v.entity_id);
    IF z IS NULL THEN RETURN; END IF;
    local_at := v.expected_at AT TIME ZONE z;
    s := visit_stats_place(v.entity_id, local_at::date, v.site_id, v.area_id, v.user_type_id, v.id);
    INSERT INTO visit_day_arrivals AS t (entity_id, day, site_id, area_id, user_type_id, slot, expected)
    VALUES (v.entity_id, local_at::date, v.site_id, v.area_id, v.user_type_id, s, sgn)
    ON CONFLICT ON CONSTRAINT visit_day_arrivals_key DO UPDATE SET expected = t.expected + excluded.expected
    RETURNING t.ctid, t.visits, t.expected INTO c, n1, n2;
    IF n1 <= 0 AND n2 <= 0 THEN DELETE FROM visit_day_arrivals WHERE ctid = c; END IF;
  END IF;
END $$;
--> statement-breakpoint
-- Folds the slot rows of a company's past days (before today on its clock), up to `max_days` days, the
-- earliest first, each day's rows into one row per site, area and user type. A day a writer holds is
-- skipped. Answers the number of days folded.
CREATE OR REPLACE FUNCTION visit_stats_fold(e uuid, max_days integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  z text;
  d date;
  folded integer := 0;
BEGIN
  SELECT timezone INTO z FROM visit_stats_zones WHERE entity_id = e;
  IF z IS NULL THEN RETURN 0; END IF;
  FOR d IN
    SELECT DISTINCT a.day FROM visit_day_arrivals a
    WHERE a.entity_id = e AND a.slot >= 0 AND a.day < (now() AT TIME ZONE z)::date
    ORDER BY a.day LIMIT max_days
  LOOP
    CONTINUE WHEN NOT pg_try_advisory_xact_lock(visit_stats_day_lock(e, d));
    WITH gone AS (
      DELETE FROM visit_day_arrivals WHERE entity_id = e AND day = d AND slot >= 0 RETURNING *
    )
    INSERT INTO visit_day_arrivals AS t (entity_id, day, site_id, area_id, user_type_id, slot, visits, completed,
      stay_micros, expected, people, stays, hours, late_reasons, early_reasons)
    SELECT e, d, g.site_id, g.area_id, g.user_type_id, -1, sum(g.visits), sum(g.completed), sum(g.stay_micros),
      sum(g.expected), visit_stats_cat(g.people), visit_stats_cat(g.stays), visit_stats_hours_sum(g.hours),
      visit_stats_cat(g.late_reasons), visit_stats_cat(g.early_reasons)
    FROM gone g
    GROUP BY g.site_id, g.area_id, g.user_type_id
    -- A key never has slot rows and a folded row at once; were it to, they add up.
    ON CONFLICT ON CONSTRAINT visit_day_arrivals_key DO UPDATE
      SET visits = t.visits + excluded.visits, completed = t.completed + excluded.completed,
          stay_micros = t.stay_micros + excluded.stay_micros, expected = t.expected + excluded.expected,
          people = t.people || excluded.people, stays = t.stays || excluded.stays,
          hours = visit_stats_hours_plus(t.hours, excluded.hours), late_reasons = t.late_reasons || excluded.late_reasons,
          early_reasons = t.early_reasons || excluded.early_reasons;
    folded := folded + 1;
  END LOOP;
  RETURN folded;
END $$;
--> statement-breakpoint
-- A company's aggregates from its visits, on its clock now: after a change of time zone, after a bulk load.
-- Days before today on that clock come folded (slot -1), today and later in the visits' slots.
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
  CREATE TEMP TABLE IF NOT EXISTS visit_stats_slot_work (
    site_id uuid, area_id uuid, user_type_id uuid, slot smallint, late_reason_id uuid, early_reason_id uuid, ord integer,
    day date, hour integer, arrived boolean, done boolean, secs numeric
  ) ON COMMIT DROP;
  TRUNCATE visit_stats_slot_work;
  INSERT INTO visit_stats_slot_work
  SELECT w.site_id, w.area_id, w.user_type_id,
    CASE WHEN w.local_at::date < (now() AT TIME ZONE z)::date THEN -1 ELSE visit_stats_slot(w.id) END,
    w.late_reason_id, w.early_reason_id, sp.ord, w.local_at::date,
    extract(hour FROM w.local_at)::integer, w.arrived, w.done, w.secs
  FROM (
    SELECT v.id, v.site_id, v.area_id, v.user_type_id, v.late_reason_id, v.early_reason_id, v.person_id,
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
  INSERT INTO visit_day_arrivals (entity_id, day, site_id, area_id, user_type_id, slot, visits, completed, stay_micros,
    expected, people, stays, hours, late_reasons, early_reasons)
  SELECT e, day, site_id, area_id, user_type_id, slot,
    count(*) FILTER (WHERE arrived), count(*) FILTER (WHERE done), coalesce(sum((secs * 1000000)::bigint), 0),
    count(*) FILTER (WHERE NOT arrived),
    coalesce(array_agg(ord) FILTER (WHERE arrived), '{}'),
    coalesce(array_agg(round(secs / 60)::integer) FILTER (WHERE done), '{}'),
    ARRAY[count(*) FILTER (WHERE arrived AND hour = 0), count(*) FILTER (WHERE arrived AND hour = 1), count(*) FILTER (WHERE arrived AND hour = 2), count(*) FILTER (WHERE arrived AND hour = 3), count(*) FILTER (WHERE arrived AND hour = 4), count(*) FILTER (WHERE arrived AND hour = 5), count(*) FILTER (WHERE arrived AND hour = 6), count(*) FILTER (WHERE arrived AND hour = 7), count(*) FILTER (WHERE arrived AND hour = 8), count(*) FILTER (WHERE arrived AND hour = 9), count(*) FILTER (WHERE arrived AND hour = 10), count(*) FILTER (WHERE arrived AND hour = 11), count(*) FILTER (WHERE arrived AND hour = 12), count(*) FILTER (WHERE arrived AND hour = 13), count(*) FILTER (WHERE arrived AND hour = 14), count(*) FILTER (WHERE arrived AND hour = 15), count(*) FILTER (WHERE arrived AND hour = 16), count(*) FILTER (WHERE arrived AND hour = 17), count(*) FILTER (WHERE arrived AND hour = 18), count(*) FILTER (WHERE arrived AND hour = 19), count(*) FILTER (WHERE arrived AND hour = 20), count(*) FILTER (WHERE arrived AND hour = 21), count(*) FILTER (WHERE arrived AND hour = 22), count(*) FILTER (WHERE arrived AND hour = 23)],
    coalesce(array_agg(late_reason_id) FILTER (WHERE arrived AND late_reason_id IS NOT NULL), '{}'),
    coalesce(array_agg(early_reason_id) FILTER (WHERE arrived AND early_reason_id IS NOT NULL), '{}')
  FROM visit_stats_slot_work
  GROUP BY day, site_id, area_id, user_type_id, slot;
  TRUNCATE visit_stats_slot_work;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION visit_stats_place(uuid, date, uuid, uuid, uuid, uuid), visit_stats_add(visits, integer),
  visit_stats_fold(uuid, integer), visit_stats_rebuild(uuid) FROM PUBLIC;--> statement-breakpoint
SELECT visit_stats_rebuild(id) FROM entities;
