// The reports of issue 14 on the big company: History's first and deep pages and the visit summary of a
// year beside hand-written SQL for the same answers (bench/load/report-sql.ts, PostgreSQL); a History
// export to xlsx of 100,000 and of all (about 1,000,000) rows, its rows per second beside bare exceljs
// streaming of the same rows (bench/load/export-baseline.ts) and the server's peak memory for each; and,
// while an export runs, another process's longest wait for a small request (bench/load/ticker.ts).
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { HISTORY_COLUMNS } from '@app/shared/reports/history';
import { dayRange, localDay } from '@app/shared/visits/rules';
import { encodeCursor } from '../../apps/server/src/db/keyset';
import { BENCH_DIR, ROOT } from '../dataset/data-set';
import type { Row } from '../lib/report';
import { ms, perSecond, rssMb } from '../lib/stats';
import type { ExportBaselineResult, ExportBaselineSettings } from '../load/export-baseline';
import type { ReportLatency, ReportLatencySettings, ReportRequest } from '../load/report-latency';
import type { ReportSqlResult, ReportSqlSettings } from '../load/report-sql';
import type { TickerResult, TickerSettings } from '../load/ticker';
import { big, file, finite, runLoad, waitUntilIdle, type CaseContext } from './context';
import { TARGETS } from './targets';
import { csrfOf } from '../lib/cookies';

const PAGE_SIZE = 50;
const DEEP_PAGE = 50;
/** The middle of the year's rows: a cursor taken from there. */
const MID_SHARE = 0.5;
const WARM_UP_SECONDS = 1;
/** The smaller export: about this many rows (the range of days that holds them). */
const SMALL_EXPORT_ROWS = 100_000;
/** An export covers at most ten years (REPORT_LIMITS.exportRangeDays): the whole data set. */
const ALL_DAYS = 3_650;
/** On the embedded database the ticker's export covers this many days (about 100,000 rows at scale 1). */
const EMBEDDED_EXPORT_DAYS = 75;
const TICK_MS = 50;
const EXPORT_TIMEOUT_MS = 60 * 60 * 1000;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const sleep = (msValue: number) => new Promise<void>((resolve) => setTimeout(resolve, msValue));

type ExportRun = {
  rows: number;
  wallSeconds: number;
  /** From the job's start to its end, as the export records them. */
  jobSeconds: number;
  bytes: number;
  rssBeforeMb: number;
  peakRssMb: number;
  status: string;
  error: string | null;
  ticker: TickerResult | null;
};

/** One History export through the API, the server's RSS sampled as it runs, another process ticking. */
async function runExport(ctx: CaseContext, from: string, to: string, label: string): Promise<ExportRun> {
  const base = ctx.server.baseUrl;
  const headers = { cookie: ctx.cookie, 'x-csrf-token': csrfOf(ctx.cookie), 'content-type': 'application/json' };
  const stopFile = file(ctx, `ticker-${label}.stop`);
  rmSync(stopFile, { force: true });
  const tickerSettings: TickerSettings = {
    url: `${base}/api/v1/sites`,
    cookie: ctx.cookie,
    everyMs: TICK_MS,
    stopFile,
    maxSeconds: EXPORT_TIMEOUT_MS / 1000,
    out: file(ctx, `ticker-${label}.json`),
  };
  const ticking = runLoad<TickerResult>(
    ctx,
    path.join(BENCH_DIR, 'load/ticker.ts'),
    `ticker-${label}`,
    tickerSettings,
  ).catch(() => null);
  const rssBeforeMb = rssMb(ctx.server.pid);
  let peakRssMb = rssBeforeMb;
  const sampler = setInterval(() => {
    const now = rssMb(ctx.server.pid);
    if (now > peakRssMb) peakRssMb = now;
  }, 100);
  let result: Omit<ExportRun, 'ticker'>;
  try {
    await sleep(500); // the ticker's first answers, before the export begins
    const res = await fetch(`${base}/api/v1/exports`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        report: 'history',
        format: 'xlsx',
        filters: { from, to, sortField: 'activity', orderBy: 'desc' },
        columns: [...HISTORY_COLUMNS],
      }),
    });
    const body = await res.text();
    if (!res.ok) throw new Error(`POST /exports: ${res.status} ${body.slice(0, 300)}`);
    const id = (JSON.parse(body) as { id: string }).id;
    const posted = performance.now();
    type Export = {
      status: string;
      rows: number;
      bytes: number | null;
      error: string | null;
      started_at: string | null;
      finished_at: string | null;
    };
    let found: Export | null = null;
    while (performance.now() - posted < EXPORT_TIMEOUT_MS) {
      await sleep(200);
      const poll = await fetch(`${base}/api/v1/exports/${id}`, { headers: { cookie: ctx.cookie } });
      if (!poll.ok) throw new Error(`GET /exports/${id}: ${poll.status} ${(await poll.text()).slice(0, 300)}`);
      found = (await poll.json()) as Export;
      if (found.status === 'done' || found.status === 'failed' || found.status === 'expired') break;
    }
    const wallSeconds = (performance.now() - posted) / 1000;
    if (!found) throw new Error('the export never answered');
    const dataDir = ctx.kind === 'embedded' ? ctx.copy.location : path.resolve(ROOT, process.env.DATA_DIR || './data');
    rmSync(path.join(dataDir, 'files', 'report-exports', big(ctx).id, `${id}.xlsx`), { force: true });
    const jobSeconds =
      found.started_at && found.finished_at
        ? (Date.parse(found.finished_at) - Date.parse(found.started_at)) / 1000
        : NaN;
    await sleep(500); // the ticker's answers just after
    result = {
      rows: found.rows,
      wallSeconds,
      jobSeconds,
      bytes: found.bytes ?? 0,
      rssBeforeMb,
      peakRssMb,
      status: found.status,
      error: found.error,
    };
  } finally {
    clearInterval(sampler);
    writeFileSync(stopFile, '');
  }
  return { ...result, ticker: await ticking };
}

const mbText = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} MB` : '–');

const exportFigure = (r: ExportRun) =>
  `${r.rows.toLocaleString('en')} rows in ${r.wallSeconds.toFixed(1)} s = ${perSecond(r.rows / r.wallSeconds)} rows/s ` +
  `(job ${r.jobSeconds.toFixed(1)} s), ${(r.bytes / 1e6).toFixed(1)} MB file; server RSS ${mbText(r.rssBeforeMb)} before, ` +
  `peak ${mbText(r.peakRssMb)}${r.status === 'done' ? '' : `; ${r.status}: ${r.error ?? ''}`}`;

const tickerFigure = (t: TickerResult | null) =>
  t
    ? `longest wait ${ms(t.longestGapMs)} ms (at ${(t.longestGapAtMs / 1000).toFixed(1)} s) for GET /sites every ${TICK_MS} ms (${t.requests} answered, p99 ${ms(finite(t.latency.p99))} ms${t.errors ? `, ${t.errors} errors: ${t.firstError}` : ''})`
    : 'the ticker failed';

/** The rows at the start of the range where about `rows` visits of the big company end at today. */
async function fromForRows(ctx: CaseContext, rows: number, today: string): Promise<string> {
  const company = big(ctx);
  const client = new pg.Client({ connectionString: ctx.copy.location });
  await client.connect();
  try {
    const res = await client.query<{ at: Date }>(
      `select activity_at as at from visits where entity_id = $1 and activity_at < $2::timestamptz
        order by activity_at desc offset $3 limit 1`,
      [company.id, dayRange(today, today, company.timezone).end.toISOString(), rows - 1],
    );
    const at = res.rows[0]?.at;
    return at ? addDays(localDay(at, company.timezone), 1) : addDays(today, -ALL_DAYS);
  } finally {
    await client.end();
  }
}

/** History and the visit summary beside their hand-written SQL (PostgreSQL). */
async function measureReportLatency(ctx: CaseContext, today: string): Promise<Row[]> {
  const company = big(ctx);
  const from = addDays(today, -365);
  const range = dayRange(from, today, company.timezone);
  const sqlSettings: ReportSqlSettings = {
    location: ctx.copy.location,
    entityId: company.id,
    start: range.start.toISOString(),
    end: range.end.toISOString(),
    timezone: company.timezone,
    todayStart: dayRange(today, today, company.timezone).start.toISOString(),
    pageSize: PAGE_SIZE,
    deepRow: (DEEP_PAGE - 1) * PAGE_SIZE,
    midShare: MID_SHARE,
    concurrency: ctx.options.concurrency,
    seconds: ctx.options.latencySeconds,
    warmupSeconds: WARM_UP_SECONDS,
    out: file(ctx, 'report-sql.json'),
  };
  const raw = await runLoad<ReportSqlResult>(
    ctx,
    path.join(BENCH_DIR, 'load/report-sql.ts'),
    'report-sql',
    sqlSettings,
  );
  const historyQuery = { from, to: today, limit: String(PAGE_SIZE), sortField: 'activity', orderBy: 'desc' };
  const mid = raw.positions.mid;
  const requests: ReportRequest[] = [
    { name: 'history first page', path: '/api/v1/reports/history', query: historyQuery },
    { name: 'history page 50', path: '/api/v1/reports/history', query: historyQuery, walkToPage: DEEP_PAGE },
    ...(mid
      ? [
          {
            name: 'history middle of the year',
            path: '/api/v1/reports/history',
            query: { ...historyQuery, cursor: encodeCursor('history:activity:desc', [mid.activity, mid.id]) },
          },
        ]
      : []),
    { name: 'visit summary', path: '/api/v1/reports/visit-summary', query: { from, to: today } },
  ];
  const settings: ReportLatencySettings = {
    baseUrl: ctx.server.baseUrl,
    cookie: ctx.cookie,
    requests,
    concurrency: ctx.options.concurrency,
    seconds: ctx.options.latencySeconds,
    warmupSeconds: WARM_UP_SECONDS,
    out: file(ctx, 'report-latency.json'),
  };
  const results = await runLoad<(ReportLatency | { name: string; error: string })[]>(
    ctx,
    path.join(BENCH_DIR, 'load/report-latency.ts'),
    'report-latency',
    settings,
  );
  const labels: Record<string, string> = {
    'history first page': `history: first page of a year (${PAGE_SIZE} rows)`,
    'history page 50': `history: page ${DEEP_PAGE} by cursor`,
    'history middle of the year': `history: a page from the middle of the year (row ${(mid?.row ?? 0).toLocaleString('en')}, cursor)`,
    'visit summary': 'visit-summary: a year',
  };
  return requests.map((request): Row => {
    const name = labels[request.name] ?? request.name;
    const found = results.find((r) => r.name === request.name);
    const sql = raw.timings.find((t) => t.name === request.name);
    const sqlP95 = sql && !sql.error ? finite(sql.latency.p95) : NaN;
    const summary = request.name === 'visit summary';
    const against = summary
      ? `p95 ≤ ${TARGETS.reportVsRawSql}× hand-written SQL p95`
      : `p95 ≤ ${TARGETS.reportVsRawSql}× hand-written SQL p95 and < ${TARGETS.historyP95Ms} ms`;
    if (!found || 'error' in found) {
      return {
        case: name,
        database: ctx.kind,
        figure: `failed: ${found && 'error' in found ? found.error.slice(0, 300) : 'no result'}`,
        against,
        met: false,
      };
    }
    const p95 = finite(found.latency.p95);
    const ratio = p95 / sqlP95;
    const sqlText = sql?.error
      ? `SQL failed: ${sql.error.slice(0, 200)}`
      : `hand-written SQL p95 ${ms(sqlP95)} ms (${sql?.statements ?? '?'} statements)`;
    const rows = summary
      ? `${found.rows ?? '?'} days`
      : `${found.rows ?? '?'} rows, count ${found.count?.toLocaleString('en') ?? '?'} (${raw.rangeRows.toLocaleString('en')} in the range)`;
    const walk = found.walkMs !== null ? `; walked there in ${(found.walkMs / 1000).toFixed(1)} s` : '';
    const errors = found.errors ? `, ${found.errors} errors (${found.firstError})` : '';
    return {
      case: name,
      database: ctx.kind,
      figure: `p50 ${ms(finite(found.latency.p50))} / p95 ${ms(p95)} / p99 ${ms(finite(found.latency.p99))} ms; ${sqlText}; ${Number.isFinite(ratio) ? `${ratio.toFixed(1)}× SQL` : 'no ratio'}; ${rows}${walk}${errors}`,
      against,
      met: found.errors === 0 && ratio <= TARGETS.reportVsRawSql && (summary || p95 < TARGETS.historyP95Ms),
    };
  });
}

/** Exports: PostgreSQL 100,000 and all rows beside bare exceljs; the embedded database's stalls. */
async function measureExports(ctx: CaseContext, today: string): Promise<Row[]> {
  const rows: Row[] = [];
  if (ctx.kind === 'embedded') {
    // The server's own start-up work (its first jobs over the data set) is over before the export begins.
    const waited = await waitUntilIdle(ctx);
    const run = await runExport(ctx, addDays(today, -EMBEDDED_EXPORT_DAYS), today, 'embedded');
    rows.push({
      case: `exports: other requests during a ${run.rows.toLocaleString('en')}-row xlsx export`,
      database: ctx.kind,
      figure: `${tickerFigure(run.ticker)}; the export: ${exportFigure(run)}; begun after the server had been idle (waited ${(waited / 1000).toFixed(0)} s)`,
      against: `no wait > ${TARGETS.exportStallMs} ms`,
      met: run.status === 'done' && run.ticker !== null && run.ticker.longestGapMs <= TARGETS.exportStallMs,
    });
    return rows;
  }
  const company = big(ctx);
  const smallFrom = await fromForRows(ctx, Math.round(SMALL_EXPORT_ROWS * ctx.options.scale), today);
  const allFrom = addDays(today, -ALL_DAYS);
  const small = await runExport(ctx, smallFrom, today, 'small');
  const all = await runExport(ctx, allFrom, today, 'all');
  const range = dayRange(allFrom, today, company.timezone);
  const baselineSettings: ExportBaselineSettings = {
    location: ctx.copy.location,
    entityId: company.id,
    start: range.start.toISOString(),
    end: range.end.toISOString(),
    file: file(ctx, 'export-baseline.xlsx'),
    out: file(ctx, 'export-baseline.json'),
  };
  const baseline = await runLoad<ExportBaselineResult>(
    ctx,
    path.join(BENCH_DIR, 'load/export-baseline.ts'),
    'export-baseline',
    baselineSettings,
  ).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  const baselineRate = baseline instanceof Error ? NaN : baseline.rowsPerSecond;
  rows.push({
    case: 'exports: bare exceljs streaming (baseline)',
    database: ctx.kind,
    figure:
      baseline instanceof Error
        ? `failed: ${baseline.message.split('\n')[0]}`
        : `${baseline.rows.toLocaleString('en')} rows in ${baseline.seconds.toFixed(1)} s = ${perSecond(baseline.rowsPerSecond)} rows/s, ${(baseline.bytes / 1e6).toFixed(1)} MB file; RSS ${mbText(baseline.startRssMb)} before, peak ${mbText(baseline.peakRssMb)}`,
    against: 'one SELECT through a pg cursor (1,000 a fetch) into exceljs WorkbookWriter',
    met: null,
  });
  rows.push({
    case: `exports: history xlsx, ${small.rows.toLocaleString('en')} rows`,
    database: ctx.kind,
    figure: exportFigure(small),
    against: 'the memory reference of the large export',
    met: small.status === 'done' ? null : false,
  });
  const rateRatio = all.rows / all.wallSeconds / baselineRate;
  const memoryRatio = all.peakRssMb / small.peakRssMb;
  rows.push({
    case: `exports: history xlsx, ${all.rows.toLocaleString('en')} rows`,
    database: ctx.kind,
    figure: `${exportFigure(all)}; ${Number.isFinite(rateRatio) ? rateRatio.toFixed(2) : '–'}× baseline rows/s; peak RSS ${Number.isFinite(memoryRatio) ? memoryRatio.toFixed(2) : '–'}× the ${small.rows.toLocaleString('en')}-row export's`,
    against: `≥ ${TARGETS.exportVsExceljs}× bare exceljs rows/s; peak RSS ≤ ${TARGETS.exportMemoryGrowth}× the 100,000-row export's`,
    met: all.status === 'done' && rateRatio >= TARGETS.exportVsExceljs && memoryRatio <= TARGETS.exportMemoryGrowth,
  });
  rows.push({
    case: `exports: other requests during the ${all.rows.toLocaleString('en')}-row export`,
    database: ctx.kind,
    figure: tickerFigure(all.ticker),
    against: `– (the target, no wait > ${TARGETS.exportStallMs} ms, is the embedded database's)`,
    met: null,
  });
  return rows;
}

export async function measureReports(ctx: CaseContext): Promise<Row[]> {
  const wants = (name: 'reports' | 'exports') => ctx.options.cases.includes(name);
  const today = localDay(new Date(), big(ctx).timezone);
  const rows: Row[] = [];
  if (wants('reports')) {
    if (ctx.kind === 'postgres') rows.push(...(await measureReportLatency(ctx, today)));
    else
      rows.push({
        case: 'history / visit-summary',
        database: ctx.kind,
        figure: 'not run: the targets are for PostgreSQL',
        against: '–',
        met: null,
      });
  }
  if (wants('exports')) rows.push(...(await measureExports(ctx, today)));
  return rows;
}
