// The people list and the logbook of the big company: the app's latency at a fixed concurrency (from
// bench/load/latency.ts) beside the same SQL run directly as the app's role (bench/load/raw-sql.ts).
// The raw SQL is timed before the server starts: the embedded database has room for one process.

import path from 'node:path';
import { dayRange, localDay } from '@app/shared/visits/rules';
import { BENCH_DIR } from '../dataset/data-set';
import type { LatencySettings, VariantLatency } from '../load/latency';
import type { RawSqlSettings, VariantSql } from '../load/raw-sql';

import type { Row } from '../lib/report';
import { ms } from '../lib/stats';
import { big, file, finite, runLoad, type CaseContext } from './context';
import { logbookVariants, peopleVariants, type ListVariant, type LogbookRange } from './lists';
import { TARGETS } from './targets';

const WARM_UP_SECONDS = 1;
const ONE_YEAR_DAYS = 364;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A weekday about a year back (52 weeks, so the same weekday as today, or the Friday before). */
function yearBackDay(today: string): string {
  let day = addDays(today, -ONE_YEAR_DAYS);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() % 6 === 0) day = addDays(day, -1);
  return day;
}

export function listVariants(ctx: Pick<CaseContext, 'copy' | 'options'>): ListVariant[] {
  const company = big(ctx);
  const range = (day: string): LogbookRange => {
    const { start, end } = dayRange(day, day, company.timezone);
    return { day, start: start.toISOString(), end: end.toISOString() };
  };
  const today = localDay(new Date(), company.timezone);
  return [
    ...(ctx.options.cases.includes('people') ? peopleVariants(ctx.copy.world.big.searches) : []),
    ...(ctx.options.cases.includes('logbook')
      ? logbookVariants({ today: range(today), yearBack: range(yearBackDay(today)) })
      : []),
  ];
}

/** The raw SQL of every list variant, with no server running. */
export async function measureRawSql(
  ctx: Pick<CaseContext, 'copy' | 'options' | 'kind' | 'workDir'>,
  variants: ListVariant[],
): Promise<Map<string, VariantSql>> {
  const settings: RawSqlSettings = {
    kind: ctx.kind,
    location: ctx.copy.location,
    entityId: big(ctx).id,
    variants,
    concurrency: ctx.options.concurrency,
    seconds: ctx.options.latencySeconds,
    warmupSeconds: WARM_UP_SECONDS,
    out: file(ctx, 'raw-sql.json'),
  };
  const results = await runLoad<VariantSql[]>(ctx, path.join(BENCH_DIR, 'load/raw-sql.ts'), 'raw-sql', settings);
  return new Map(results.map((r) => [`${variants.find((v) => v.name === r.name)!.case}:${r.name}`, r]));
}

export async function measureLists(
  ctx: CaseContext,
  variants: ListVariant[],
  raw: Map<string, VariantSql> | Error,
): Promise<Row[]> {
  const settings: LatencySettings = {
    baseUrl: ctx.server.baseUrl,
    cookie: ctx.cookie,
    variants,
    concurrency: ctx.options.concurrency,
    seconds: ctx.options.latencySeconds,
    warmupSeconds: WARM_UP_SECONDS,
    out: file(ctx, 'latency.json'),
  };
  const results = await runLoad<(VariantLatency | { name: string; error: string })[]>(
    ctx,
    path.join(BENCH_DIR, 'load/latency.ts'),
    'latency',
    settings,
  );

  return variants.map((variant): Row => {
    const name = `${variant.case}: ${variant.name}`;
    const found = results.find((r) => r.name === variant.name);
    const sql = raw instanceof Error ? null : (raw.get(`${variant.case}:${variant.name}`) ?? null);
    const sqlP95 = sql && !sql.error ? finite(sql.latency.p95) : NaN;
    const sqlText =
      raw instanceof Error
        ? `raw SQL failed: ${raw.message.split('\n')[0]}`
        : sql?.error
          ? `raw SQL failed: ${sql.error}`
          : `raw SQL p95 ${ms(sqlP95)} ms (${sql?.statements ?? '?'} statements)`;
    if (!found || 'error' in found) {
      return {
        case: name,
        database: ctx.kind,
        figure: `failed: ${found && 'error' in found ? found.error : 'no result'}`,
        against: '–',
        met: false,
      };
    }
    const l = found.latency;
    const p95 = finite(l.p95);
    const errors = found.errors ? `, ${found.errors} errors (${found.firstError})` : '';
    const paging = variant.deep ? ` by ${found.paging}` : '';
    const figure = `p50 ${ms(finite(l.p50))} / p95 ${ms(p95)} / p99 ${ms(finite(l.p99))} ms${paging}; ${sqlText}; ${found.count ?? '?'} rows match${errors}`;
    if (variant.case === 'people') {
      const ratio = p95 / sqlP95;
      return {
        case: name,
        database: ctx.kind,
        figure: `${figure}; ${Number.isFinite(ratio) ? `${ratio.toFixed(1)}× raw` : 'no ratio'}`,
        against: `p95 ≤ ${TARGETS.listP95Ms} ms and ≤ ${TARGETS.listVsRawSql}× raw SQL p95`,
        met: found.errors === 0 && p95 <= TARGETS.listP95Ms && ratio <= TARGETS.listVsRawSql,
      };
    }
    return {
      case: name,
      database: ctx.kind,
      figure,
      against: `p95 ≤ ${TARGETS.listP95Ms} ms`,
      met: found.errors === 0 && p95 <= TARGETS.listP95Ms,
    };
  });
}
