// The reports' hand-written SQL (bench/cases/reports.ts), PostgreSQL only: what someone would write by
// hand to answer the same requests as GET /reports/history and GET /reports/visit-summary, timed the
// way bench/load/raw-sql.ts times the lists' SQL — one connection per loop, each run a transaction as
// the app's role with the company set (as `withTenant` opens it), at the same concurrency as the HTTP
// case. It also finds the keyset positions of the deep pages (not timed), so the HTTP case and this one
// read the same rows.
//   node --import tsx bench/load/report-sql.ts <settings.json>
import pg from 'pg';
import { latency, type Latency } from '../lib/stats';
import { readSettings, writeResult } from './child-io';

export type ReportSqlSettings = {
  /** The working copy's database URL. */
  location: string;
  entityId: string;
  /** The range of the history and of the summary, as instants ([start, end)) and the company's zone. */
  start: string;
  end: string;
  timezone: string;
  /** The start of today on the company's clock: expected visits before it are no-shows. */
  todayStart: string;
  pageSize: number;
  /** Rows before the deep pages: page 50's, and the middle of the range's (a share of its rows). */
  deepRow: number;
  midShare: number;
  concurrency: number;
  seconds: number;
  warmupSeconds: number;
  out: string;
};

export type KeysetPosition = { row: number; activity: string; id: string };

export type ReportSqlResult = {
  /** Rows of the range (the whole range, uncapped). */
  rangeRows: number;
  positions: { deep: KeysetPosition | null; mid: KeysetPosition | null };
  timings: { name: string; latency: Latency; runs: number; statements: number; error: string | null }[];
};

type Statement = { text: string; values: unknown[] };

const COUNT_CAP = 10_000;

/** The page's rows with their names, reasons and hosts, latest activity first, after a keyset position. */
function historyPage(s: ReportSqlSettings, after: KeysetPosition | null): Statement[] {
  const values: unknown[] = [s.entityId, s.start, s.end, s.pageSize + 1];
  let keyset = '';
  if (after) {
    values.push(after.activity, after.id);
    keyset = 'and (v.activity_at, v.id) < ($5::timestamptz, $6::uuid)';
  }
  return [
    {
      text: `select v.id, v.person_id, p.first_name, p.last_name, p.email, p.company_name, v.user_type_id, ut.name,
          v.site_id, s.name, v.area_id, a.name, v.state, v.stage, v.expected_at, v.signed_in_at, v.signed_out_at,
          floor(extract(epoch from v.signed_out_at - v.signed_in_at) / 60)::int, v.sign_in_source, v.sign_out_source,
          lr.id, lr.name, lr.attendance_code, er.id, er.name, er.attendance_code, v.temperature_c, v.mask, v.notes,
          (select json_agg(json_build_array(h.id, h.first_name, h.last_name) order by h.first_name, h.last_name, h.id)
             from visit_hosts vh join people h on h.entity_id = vh.entity_id and h.id = vh.person_id
            where vh.entity_id = v.entity_id and vh.visit_id = v.id) as hosts
        from visits v
        join people p on p.entity_id = v.entity_id and p.id = v.person_id
        join sites s on s.entity_id = v.entity_id and s.id = v.site_id
        join areas a on a.entity_id = v.entity_id and a.id = v.area_id
        left join user_types ut on ut.entity_id = v.entity_id and ut.id = v.user_type_id
        left join attendance_reasons lr on lr.entity_id = v.entity_id and lr.id = v.late_reason_id
        left join attendance_reasons er on er.entity_id = v.entity_id and er.id = v.early_reason_id
        where v.entity_id = $1 and v.activity_at >= $2::timestamptz and v.activity_at < $3::timestamptz ${keyset}
        order by v.activity_at desc, v.id desc
        limit $4`,
      values,
    },
    {
      text: `select count(*)::int from (select 1 from visits v
          where v.entity_id = $1 and v.activity_at >= $2::timestamptz and v.activity_at < $3::timestamptz
          limit ${COUNT_CAP + 1}) t`,
      values: [s.entityId, s.start, s.end],
    },
  ];
}

/** The summary as one would write it by hand: one statement per figure of the screen. */
function summary(s: ReportSqlSettings): Statement[] {
  const arrivals = `entity_id = $1 and signed_in_at >= $2::timestamptz and signed_in_at < $3::timestamptz
    and state in ('on_site', 'left', 'checked_in')`;
  const minutes = `case when state = 'left' and signed_out_at is not null
    then extract(epoch from signed_out_at - signed_in_at) / 60 end`;
  const base = [s.entityId, s.start, s.end];
  const zoned = [...base, s.timezone];
  const grouped = (key: string, join: string, name: string) => ({
    text: `select g.k, ${name}, g.n, g.people from (
        select ${key} as k, count(*)::int as n, count(distinct person_id)::int as people
        from visits where ${arrivals} group by 1) g ${join} order by g.n desc`,
    values: base,
  });
  return [
    {
      text: `select count(*)::int, count(distinct person_id)::int, count(${minutes})::int, avg(${minutes}),
          percentile_cont(0.5) within group (order by ${minutes})
        from visits where ${arrivals}`,
      values: base,
    },
    {
      text: `select (signed_in_at at time zone $4)::date as day, count(*)::int, count(distinct person_id)::int, avg(${minutes})
        from visits where ${arrivals} group by 1 order by 1`,
      values: zoned,
    },
    grouped('site_id', 'join sites x on x.entity_id = $1 and x.id = g.k', 'x.name'),
    grouped('area_id', 'join areas x on x.entity_id = $1 and x.id = g.k', 'x.name'),
    grouped('user_type_id', 'left join user_types x on x.entity_id = $1 and x.id = g.k', 'x.name'),
    {
      text: `select extract(isodow from signed_in_at at time zone $4)::int, extract(hour from signed_in_at at time zone $4)::int,
          count(*)::int
        from visits where ${arrivals} group by 1, 2`,
      values: zoned,
    },
    {
      text: `select g.k, x.name, g.n, g.people from (
          select late_reason_id as k, count(*)::int as n, 0 as people from visits
          where ${arrivals} and late_reason_id is not null group by 1) g
        join attendance_reasons x on x.entity_id = $1 and x.id = g.k order by g.n desc`,
      values: base,
    },
    {
      text: `select g.k, x.name, g.n, g.people from (
          select early_reason_id as k, count(*)::int as n, 0 as people from visits
          where ${arrivals} and early_reason_id is not null group by 1) g
        join attendance_reasons x on x.entity_id = $1 and x.id = g.k order by g.n desc`,
      values: base,
    },
    {
      text: `select count(*)::int from visits where entity_id = $1 and expected_at >= $2::timestamptz
          and expected_at < least($3::timestamptz, $4::timestamptz) and state = 'expected'`,
      values: [s.entityId, s.start, s.end, s.todayStart],
    },
  ];
}

const settings = readSettings<ReportSqlSettings>();
const BEGIN = `begin; select set_config('app.entity_id', '${settings.entityId.replace(/[^0-9a-f-]/gi, '')}', true), set_config('role', 'app_user', true)`;

async function position(client: pg.Client, row: number): Promise<KeysetPosition | null> {
  if (row <= 0) return null;
  await client.query(BEGIN);
  try {
    const res = await client.query<{ activity: string; id: string }>(
      `select to_char(activity_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as activity, id from visits
        where entity_id = $1 and activity_at >= $2::timestamptz and activity_at < $3::timestamptz
        order by activity_at desc, id desc offset $4 limit 1`,
      [settings.entityId, settings.start, settings.end, row - 1],
    );
    const found = res.rows[0];
    return found ? { row, activity: found.activity, id: found.id } : null;
  } finally {
    await client.query('commit');
  }
}

const clients = await Promise.all(
  Array.from({ length: settings.concurrency }, async () => {
    const client = new pg.Client({ connectionString: settings.location });
    await client.connect();
    return client;
  }),
);
const result: ReportSqlResult = { rangeRows: 0, positions: { deep: null, mid: null }, timings: [] };
try {
  const first = clients[0]!;
  await first.query(BEGIN);
  const counted = await first.query<{ n: number }>(
    `select count(*)::int as n from visits where entity_id = $1 and activity_at >= $2::timestamptz and activity_at < $3::timestamptz`,
    [settings.entityId, settings.start, settings.end],
  );
  await first.query('commit');
  result.rangeRows = Number(counted.rows[0]?.n ?? 0);
  result.positions.deep = await position(first, settings.deepRow);
  result.positions.mid = await position(first, Math.floor(result.rangeRows * settings.midShare));

  const run = async (client: pg.Client, statements: Statement[]) => {
    const start = performance.now();
    await client.query(BEGIN);
    try {
      for (const s of statements) await client.query({ text: s.text, values: s.values, rowMode: 'array' });
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
    return performance.now() - start;
  };
  const measure = async (statements: Statement[], seconds: number) => {
    const samples: number[] = [];
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < deadline) samples.push(await run(client, statements));
      }),
    );
    return samples;
  };
  const cases: { name: string; statements: Statement[] }[] = [
    { name: 'history first page', statements: historyPage(settings, null) },
    ...(result.positions.deep
      ? [{ name: 'history page 50', statements: historyPage(settings, result.positions.deep) }]
      : []),
    ...(result.positions.mid
      ? [{ name: 'history middle of the year', statements: historyPage(settings, result.positions.mid) }]
      : []),
    { name: 'visit summary', statements: summary(settings) },
  ];
  for (const c of cases) {
    try {
      await measure(c.statements, settings.warmupSeconds);
      const samples = await measure(c.statements, settings.seconds);
      result.timings.push({
        name: c.name,
        latency: latency(samples),
        runs: samples.length,
        statements: c.statements.length,
        error: null,
      });
    } catch (error) {
      result.timings.push({
        name: c.name,
        latency: latency([]),
        runs: 0,
        statements: c.statements.length,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
} finally {
  await Promise.all(clients.map((c) => c.end()));
}
writeResult(settings.out, result);
