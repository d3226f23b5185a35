// The session page's hand-written SQL (bench/cases/emergency.ts), PostgreSQL only: what someone would
// write by hand to answer GET /api/v1/emergency/sessions/:id for a warden limited to some sites — the
// session with its areas (names as they are now, or as kept) and the counts of the roll they may see,
// then that roll with each person's photo, user type, site and area, by name. Timed as
// bench/load/report-sql.ts times the reports' SQL: one connection per loop, each run a transaction as
// the app's role with the company set (as `withTenant` opens it), at the same concurrency as the HTTP
// case.
//   node --import tsx bench/load/emergency-sql.ts <settings.json>
import pg from 'pg';
import { latency, type Latency } from '../lib/stats';
import { readSettings, writeResult } from './child-io';

export type EmergencySqlSettings = {
  location: string;
  entityId: string;
  sessionId: string;
  /** The reader's sites (null: every site). */
  siteIds: string[] | null;
  concurrency: number;
  seconds: number;
  warmupSeconds: number;
  out: string;
};

export type EmergencySqlResult = {
  latency: Latency;
  runs: number;
  statements: number;
  rows: number;
  error: string | null;
};

const settings = readSettings<EmergencySqlSettings>();
const BEGIN = `begin; select set_config('app.entity_id', '${settings.entityId.replace(/[^0-9a-f-]/gi, '')}', true), set_config('role', 'app_user', true)`;
const visible = `(e.site_id is null or $3::uuid[] is null or e.site_id = any($3::uuid[]))`;
const values = [settings.entityId, settings.sessionId, settings.siteIds];

const STATEMENTS = [
  `select s.id, s.name, s.is_drill, s.origin, s.kiosk_id, s.kiosk_name, s.started_at, s.started_by_name, s.ended_at,
      s.ended_by_name, s.highlight_after_minutes,
      (select json_agg(json_build_array(a.area_id, coalesce(ar.name, a.area_name), a.site_id, coalesce(st.name, a.site_name))
              order by coalesce(st.name, a.site_name), coalesce(ar.name, a.area_name))
         from emergency_session_areas a
         left join areas ar on ar.entity_id = a.entity_id and ar.id = a.area_id
         left join sites st on st.entity_id = a.entity_id and st.id = a.site_id
        where a.entity_id = s.entity_id and a.session_id = s.id) as areas,
      (select json_object_agg(c.status, c.n) from (
         select e.status, count(*)::int as n from emergency_roll e
          where e.entity_id = s.entity_id and e.session_id = s.id and ${visible} group by e.status) c) as counts
    from emergency_sessions s where s.entity_id = $1 and s.id = $2`,
  `select e.id, e.person_id, e.full_name, e.company_name, e.phone, e.user_type_id, coalesce(ut.name, e.user_type_name),
      e.site_id, coalesce(st.name, sa.site_name), e.area_id, coalesce(ar.name, sa.area_name), e.signed_in_at, e.status,
      e.source, e.marked_at, e.marked_by_name, e.version, p.image
    from emergency_roll e
    left join people p on p.entity_id = e.entity_id and p.id = e.person_id
    left join user_types ut on ut.entity_id = e.entity_id and ut.id = e.user_type_id
    left join emergency_session_areas sa on sa.entity_id = e.entity_id and sa.session_id = e.session_id and sa.area_id = e.area_id
    left join areas ar on ar.entity_id = e.entity_id and ar.id = e.area_id
    left join sites st on st.entity_id = e.entity_id and st.id = e.site_id
   where e.entity_id = $1 and e.session_id = $2 and ${visible}
   order by e.full_name, e.id`,
];

const clients = await Promise.all(
  Array.from({ length: settings.concurrency }, async () => {
    const client = new pg.Client({ connectionString: settings.location });
    await client.connect();
    return client;
  }),
);
let rows = 0;
const run = async (client: pg.Client) => {
  const start = performance.now();
  await client.query(BEGIN);
  try {
    for (const text of STATEMENTS) {
      const res = await client.query({ text, values, rowMode: 'array' });
      rows = res.rowCount ?? 0;
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  return performance.now() - start;
};
const measure = async (seconds: number) => {
  const samples: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) samples.push(await run(client));
    }),
  );
  return samples;
};
let result: EmergencySqlResult;
try {
  await measure(settings.warmupSeconds);
  const samples = await measure(settings.seconds);
  result = { latency: latency(samples), runs: samples.length, statements: STATEMENTS.length, rows, error: null };
} catch (error) {
  result = {
    latency: latency([]),
    runs: 0,
    statements: STATEMENTS.length,
    rows,
    error: error instanceof Error ? error.message : String(error),
  };
} finally {
  await Promise.all(clients.map((c) => c.end()));
}
writeResult(settings.out, result);
