// The visit summary of a year of the big company (issue 24 item 16, decision 038): one manager asking
// alone, four at once, and the dashboard's logbook (its first page, one reader) alone and while the four
// ask, each from a process of its own (bench/load/report-latency.ts). PostgreSQL and embedded.
import path from 'node:path';
import { localDay } from '@app/shared/visits/rules';
import { BENCH_DIR } from '../dataset/data-set';
import type { Row } from '../lib/report';
import { ms } from '../lib/stats';
import type { ReportLatency, ReportLatencySettings, ReportRequest } from '../load/report-latency';
import { big, file, finite, runLoad, type CaseContext } from './context';
import { logbookVariants } from './lists';
import { TARGETS } from './targets';

const WARM_UP_SECONDS = 1;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Result = ReportLatency | { name: string; error: string };

async function timed(ctx: CaseContext, label: string, request: ReportRequest, concurrency: number, seconds: number) {
  const settings: ReportLatencySettings = {
    baseUrl: ctx.server.baseUrl,
    cookie: ctx.cookie,
    requests: [request],
    concurrency,
    seconds,
    warmupSeconds: WARM_UP_SECONDS,
    out: file(ctx, `summary-${label}.json`),
  };
  const [result] = await runLoad<Result[]>(ctx, path.join(BENCH_DIR, 'load/report-latency.ts'), `summary-${label}`, settings); // prettier-ignore
  if (!result || 'error' in result) throw new Error(`${label}: ${result ? result.error : 'no result'}`);
  return result;
}

const figure = (r: ReportLatency) =>
  `p50 ${ms(r.latency.p50)} / p95 ${ms(r.latency.p95)} / p99 ${ms(r.latency.p99)} ms over ${r.requests} requests${r.errors ? `, ${r.errors} errors (${r.firstError})` : ''}`; // prettier-ignore

export async function measureVisitSummary(ctx: CaseContext): Promise<Row[]> {
  const company = big(ctx);
  const today = localDay(new Date(), company.timezone);
  const summary: ReportRequest = {
    name: 'visit summary',
    path: '/api/v1/reports/visit-summary',
    query: { from: addDays(today, -365), to: today },
  };
  const [first] = logbookVariants({ today: { day: today, start: '', end: '' }, yearBack: { day: today, start: '', end: '' } }); // prettier-ignore
  const logbook: ReportRequest = { name: 'logbook', path: '/api/v1/visits', query: first!.query };
  const seconds = ctx.options.latencySeconds;

  const logbookAlone = await timed(ctx, 'logbook-alone', logbook, 1, seconds);
  const one = await timed(ctx, 'one', summary, 1, seconds);
  // The four managers and the logbook's reader at the same time; the logbook starts after the summary's
  // warm-up and stops before it ends.
  const [four, logbookMeanwhile] = await Promise.all([
    timed(ctx, 'four', summary, 4, seconds + 2),
    new Promise<void>((resolve) => setTimeout(resolve, (WARM_UP_SECONDS * 4 + 1) * 1000)).then(() =>
      timed(ctx, 'logbook-meanwhile', logbook, 1, seconds - 1),
    ),
  ]);
  const days = `${one.rows ?? '?'} days`;
  const ratio = finite(logbookMeanwhile.latency.p95) / finite(logbookAlone.latency.p95);
  return [
    {
      case: 'visit summary of a year: one manager',
      database: ctx.kind,
      figure: `${figure(one)}; ${days}`,
      against: `p95 ≤ ${TARGETS.summaryOneP95Ms} ms`,
      met: one.errors === 0 && finite(one.latency.p95) <= TARGETS.summaryOneP95Ms,
    },
    {
      case: 'visit summary of a year: four managers at once',
      database: ctx.kind,
      figure: figure(four),
      against: `p95 ≤ ${TARGETS.summaryFourP95Ms} ms`,
      met: four.errors === 0 && finite(four.latency.p95) <= TARGETS.summaryFourP95Ms,
    },
    {
      case: 'logbook first page while four managers read the summary',
      database: ctx.kind,
      figure: `${figure(logbookMeanwhile)}; alone ${figure(logbookAlone)}; ${ratio.toFixed(2)}× alone`,
      against: `p95 ≤ ${TARGETS.listP95Ms} ms (the logbook's target)`,
      met: logbookMeanwhile.errors === 0 && finite(logbookMeanwhile.latency.p95) <= TARGETS.listP95Ms,
    },
  ];
}
