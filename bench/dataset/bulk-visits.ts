// A company's visits in bulk, as the database owner: set-based statements over generate_series, in
// chunks. Each visit is one active person at their home site, on a weekday of the range, at the hours
// their kind keeps on the company's clock (staff 7–9:30 for a working day, visitors 8–17 for up to three
// hours, couriers for minutes, contractors for a shift or a check-in at the loading dock), with the
// journey and flow that apply to their user type there and a host for most visitors. What happened
// before now is `left` (or `checked_in`, or `on_site` when it is still going on: one visit per person
// at most); what is later than now is `expected`, for visitors, contractors and couriers.
import { literal, uuid7, type SqlSession } from './sql-text';

/** Which kinds of people the visits are of, in percent (staff come every day, couriers for minutes). */
const VISIT_MIX = [
  { kind: 'Staff', percent: 50 },
  { kind: 'Interns', percent: 5 },
  { kind: 'Visitors', percent: 28 },
  { kind: 'Contractors', percent: 9 },
  { kind: 'Delivery', percent: 8 },
] as const;

/** Arrival (minutes after midnight, from and span) and stay (minutes, from and span) per kind. */
const HOURS: Record<string, { from: number; span: number; stay: number; staySpan: number }> = {
  Staff: { from: 7 * 60, span: 150, stay: 7 * 60, staySpan: 180 },
  Interns: { from: 7 * 60 + 30, span: 120, stay: 6 * 60, staySpan: 180 },
  Visitors: { from: 8 * 60, span: 9 * 60, stay: 20, staySpan: 160 },
  Contractors: { from: 7 * 60, span: 4 * 60, stay: 2 * 60, staySpan: 6 * 60 },
  Delivery: { from: 7 * 60, span: 11 * 60, stay: 5, staySpan: 20 },
};

const CHUNK = 100_000;

export type VisitsInput = {
  entityId: string;
  timezone: string;
  /** First and last local day (YYYY-MM-DD), both included; only weekdays get visits. */
  from: string;
  to: string;
  count: number;
  /** Who added the expected visits. */
  ownerPersonId: string;
  /**
   * People to put on site now whatever the hour (staff on a late shift, contractors, visitors): signed
   * in during the last eight hours, at their home site.
   */
  onSiteNow?: number;
  onProgress?: (done: number) => void;
};

const byKind = (f: (h: (typeof HOURS)[string]) => number) =>
  `case kind ${Object.entries(HOURS)
    .map(([kind, h]) => `when ${literal(kind)} then ${f(h)}`)
    .join(' ')} end`;

/** The company's pick lists: people by kind, areas by site, the flow per user type and site, hosts. */
/** The temporary tables the generation works in, dropped before and after. */
const WORK_TABLES = [
  'bench_pick',
  'bench_kinds',
  'bench_areas',
  'bench_docks',
  'bench_flows',
  'bench_hosts',
  'bench_days',
  'bench_visits',
];

async function dropWorkTables(db: SqlSession) {
  for (const t of WORK_TABLES) await db.query(`drop table if exists ${t}`);
}

async function prepare(db: SqlSession, entityId: string, from: string, to: string) {
  const e = `${literal(entityId)}::uuid`;
  await dropWorkTables(db);
  await db.query(`
    create temp table bench_pick as
    select t.name as kind, row_number() over (partition by t.name order by p.id) as k,
      p.id as person_id, t.id as user_type_id,
      (select ps.site_id from person_sites ps where ps.entity_id = p.entity_id and ps.person_id = p.id
       order by ps.site_id limit 1) as site_id
    from people p
    join person_user_types put on put.entity_id = p.entity_id and put.person_id = p.id
    join user_types t on t.entity_id = put.entity_id and t.id = put.user_type_id
    where p.entity_id = ${e} and p.status = 'active' and p.dashboard_access = 'none'`);
  await db.query('create index on bench_pick (kind, k)');
  let low = 0;
  const mix = VISIT_MIX.map((m) => {
    const row = `(${literal(m.kind)}, ${low / 100}, ${(low + m.percent) / 100})`;
    low += m.percent;
    return row;
  }).join(', ');
  await db.query(`
    create temp table bench_kinds as
    select m.kind, m.lo, m.hi, count(p.*) as cnt
    from (values ${mix}) as m(kind, lo, hi) join bench_pick p on p.kind = m.kind
    group by m.kind, m.lo, m.hi`);
  await db.query(`
    create temp table bench_areas as
    select site_id, row_number() over (partition by site_id order by id) as k, id as area_id,
      count(*) over (partition by site_id) as cnt
    from areas where entity_id = ${e} and active and login_mode = 'signIn_signOut'`);
  await db.query(`
    create temp table bench_docks as
    select distinct on (site_id) site_id, id as area_id from areas
    where entity_id = ${e} and active and login_mode = 'checkIn_only' order by site_id, id`);
  // The flow that applies (the first journey by name covering the site with a flow for the type).
  await db.query(`
    create temp table bench_flows as
    select distinct on (f.user_type_id, js.site_id) f.user_type_id, js.site_id, j.id as journey_id, f.id as flow_id
    from journey_flows f
    join journeys j on j.entity_id = f.entity_id and j.id = f.journey_id
    join journey_sites js on js.entity_id = f.entity_id and js.journey_id = f.journey_id
    where f.entity_id = ${e} order by f.user_type_id, js.site_id, j.name, j.id`);
  await db.query(`
    create temp table bench_hosts as
    select flow_id, row_number() over (partition by flow_id order by person_id) as k,
      count(*) over (partition by flow_id) as cnt, person_id
    from journey_flow_hosts where entity_id = ${e}`);
  await db.query(`
    create temp table bench_days as
    select row_number() over (order by d) as i, d::date as day
    from generate_series(${literal(from)}::date, ${literal(to)}::date, interval '1 day') d
    where extract(isodow from d) < 6`);
}

/** Loads `count` visits; returns how many were written (later-than-now staff visits are left out). */
/**
 * The company's visits in bulk with the visit summary's per-visit triggers off, then its aggregates
 * made again from all its visits in one pass (decision 038): a million rows one trigger call at a time
 * would take minutes.
 */
export async function loadVisits(db: SqlSession, input: VisitsInput): Promise<number> {
  await db.query('alter table visits disable trigger visit_stats_written, disable trigger visit_stats_changed');
  try {
    return await loadVisitRows(db, input);
  } finally {
    await db.query('alter table visits enable trigger visit_stats_written, enable trigger visit_stats_changed');
    await db.query(`select visit_stats_rebuild(${literal(input.entityId)}::uuid)`);
  }
}

async function loadVisitRows(db: SqlSession, input: VisitsInput): Promise<number> {
  const e = `${literal(input.entityId)}::uuid`;
  const tz = literal(input.timezone);
  await prepare(db, input.entityId, input.from, input.to);
  const [days] = (await db.query('select count(*)::int as n from bench_days')).rows;
  if (!days || Number(days.n) === 0) return 0;
  let written = 0;
  for (let done = 0; done < input.count; done += CHUNK) {
    const size = Math.min(CHUNK, input.count - done);
    await db.query('drop table if exists bench_visits');
    // One row per visit with everything decided; the inserts below only copy it.
    await db.query(`
      create temp table bench_visits as
      with s as (
        select g, random() as rk, random() as rp, random() as rd, random() as rt, random() as rs,
          random() as ra, random() as rh, random() as rx
        from generate_series(1, ${size}) g
      ), who as (
        select s.*, p.kind, p.person_id, p.user_type_id, p.site_id, d.day
        from s
        join bench_kinds bk on s.rk >= bk.lo and s.rk < bk.hi
        join bench_pick p on p.kind = bk.kind and p.k = 1 + floor(s.rp * bk.cnt)::int
        join bench_days d on d.i = 1 + floor(s.rd * ${Number(days.n)})::int
      ), timed as (
        select who.*,
          (who.day + interval '1 minute' * (${byKind((h) => h.from)} + floor(rt * ${byKind((h) => h.span)})))::timestamp
            at time zone ${tz} as arrive,
          interval '1 minute' * (${byKind((h) => h.stay)} + floor(power(rs, 2) * ${byKind((h) => h.staySpan)})) as stay,
          kind = 'Contractors' and ra < 0.4 and exists (select 1 from bench_docks k where k.site_id = who.site_id) as dock
        from who
      ), placed as (
        select timed.*,
          case when dock then (select k.area_id from bench_docks k where k.site_id = timed.site_id)
               else (select a.area_id from bench_areas a where a.site_id = timed.site_id
                     and a.k = 1 + floor(timed.ra * a.cnt)::int) end as area_id,
          case when arrive > now() then 'expected'
               when dock then 'checked_in'
               when arrive + stay > now() then 'on_site'
               else 'left' end as state
        from timed
      )
      select ${uuid7('arrive')} as id, placed.*, f.journey_id, f.flow_id,
        case when kind in ('Visitors', 'Contractors') or (kind = 'Delivery' and rh < 0.3) then
          (select h.person_id from bench_hosts h where h.flow_id = f.flow_id and h.k = 1 + floor(rh * h.cnt)::int)
        end as host_id
      from placed left join bench_flows f on f.user_type_id = placed.user_type_id and f.site_id = placed.site_id
      where area_id is not null and not (state = 'expected' and (kind in ('Staff', 'Interns') or dock))`);
    await db.query(`
      insert into visits (entity_id, id, person_id, user_type_id, site_id, area_id, journey_id, journey_flow_id,
        login_mode, state, stage, expected_at, signed_in_at, signed_out_at, sign_in_source, sign_out_source,
        temperature_c, mask, created_by_person_id, link_token, link_code, extra, created_at, updated_at)
      select ${e}, id, person_id, user_type_id, site_id, area_id, journey_id, flow_id,
        case when dock then 'checkIn_only' else 'signIn_signOut' end,
        state,
        case when state = 'expected' then case when kind = 'Visitors' and rx < 0.5 then 'compliance_pending' else 'ready_to_sign_in' end end,
        case when state = 'expected' then arrive end,
        case when state <> 'expected' then arrive end,
        case when state = 'left' then arrive + stay end,
        case when state = 'expected' then null when rx < 0.6 then 'kiosk' when rx < 0.9 then 'dashboard' else 'api' end,
        case when state = 'left' then case when rs < 0.5 then 'kiosk' when rs < 0.85 then 'dashboard' when rs < 0.95 then 'api' else 'auto_midnight' end end,
        case when state <> 'expected' and kind in ('Visitors', 'Contractors') then round((36 + rt * 1.2)::numeric, 1) end,
        case when state <> 'expected' and kind = 'Contractors' then true end,
        case when state = 'expected' then ${literal(input.ownerPersonId)}::uuid end,
        case when state = 'expected' then replace(gen_random_uuid()::text, '-', '') end,
        case when state = 'expected' then upper(substr(md5(id::text), 1, 6)) end,
        case when state = 'expected' then '{"origin":"admin"}'::jsonb else '{}'::jsonb end,
        case when state = 'expected' then arrive - interval '1 hour' * (2 + floor(rx * 200)) else arrive end,
        case when state = 'left' then arrive + stay when state = 'expected' then arrive - interval '1 hour' else arrive end
      from bench_visits`);
    await db.query(`
      insert into visit_hosts (entity_id, visit_id, person_id, notified_at)
      select ${e}, id, host_id, case when state <> 'expected' then arrive end
      from bench_visits where host_id is not null and host_id <> person_id`);
    const [n] = (await db.query('select count(*)::int as n from bench_visits')).rows;
    written += Number(n?.n ?? 0);
    input.onProgress?.(written);
  }
  if (input.onSiteNow) {
    const added = await db.query(`
      with added as (
      insert into visits (entity_id, id, person_id, user_type_id, site_id, area_id, journey_id, journey_flow_id,
        login_mode, state, signed_in_at, sign_in_source, created_at, updated_at)
      select ${e}, ${uuid7('arrive')}, w.person_id, w.user_type_id, w.site_id, a.area_id, f.journey_id, f.flow_id,
        'signIn_signOut', 'on_site', arrive, case when random() < 0.7 then 'kiosk' else 'dashboard' end, arrive, arrive
      from (
        select p.*, now() - interval '1 minute' * floor(random() * 480) as arrive, random() as ra
        from bench_pick p
        where p.kind <> 'Delivery' and not exists (
          select 1 from visits v where v.entity_id = ${e} and v.person_id = p.person_id and v.state = 'on_site')
        order by random() limit ${input.onSiteNow}
      ) w
      join bench_areas a on a.site_id = w.site_id and a.k = 1 + floor(w.ra * a.cnt)::int
      left join bench_flows f on f.user_type_id = w.user_type_id and f.site_id = w.site_id
      returning 1)
      select count(*)::int as n from added`);
    written += Number(added.rows[0]?.n ?? 0);
  }
  // A person is on site once at most: earlier visits still "going on" ended when they left for the day.
  await db.query(`
    update visits v set state = 'left', signed_out_at = least(v.signed_in_at + interval '30 minutes', now()),
      sign_out_source = 'dashboard', updated_at = now()
    from (
      select id, row_number() over (partition by person_id order by signed_in_at desc, id desc) as nth
      from visits where entity_id = ${e} and state = 'on_site'
    ) dup
    where v.entity_id = ${e} and v.id = dup.id and dup.nth > 1`);
  await dropWorkTables(db);
  return written;
}
