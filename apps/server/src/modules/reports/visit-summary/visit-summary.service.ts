// The visit summary (spec §7 GET /visit_summary/{entityId} (start, end); issue 14 item 2): the period's
// figures on the company's clock within the reader's scope.
import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { dayRange, localDay } from '@app/shared/visits/rules';
import type {
  VisitSummary,
  VisitSummaryDay,
  VisitSummaryOptions,
  VisitSummaryQuery,
} from '@app/shared/reports/visit-summary';
import { withTenant, type Executor } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { GateFull, workGate } from '../../../lib/work-gate';
import type { AccessContext } from '../../access/access.types';
import { companyZone } from '../../access/company-zone';
import { findArea, findSite } from '../../sites/sites.repository';
import { findUserType } from '../../user-types/user-types.repository';
import { filterOptions, visitInScope } from '../../visits/visits.repository';
import { summaryGroups, type SummaryDayRow, type SummaryGroupRow, type SummaryWhere } from './visit-summary.repository';
import { statsZone, summaryGroupsFromStats } from './visit-summary.stats';

type Filters = Pick<VisitSummaryQuery, 'from' | 'to' | 'site_id' | 'area_id' | 'user_type_id'>;

/** The days from `from` to `to`, both included (YYYY-MM-DD). */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/** Every day of `days` with its figures, zeros for days without arrivals. */
export function fillDays(days: readonly string[], rows: readonly SummaryDayRow[]): VisitSummaryDay[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return days.map((day) => byDay.get(day) ?? { day, visits: 0, people: 0, average_minutes: null });
}

/** A site, area or user type named in the filters must be one the reader sees (404 otherwise). */
export async function assertSummaryFilters(tx: Executor, ctx: AccessContext, q: Filters): Promise<void> {
  if (q.site_id && !(await findSite(tx, ctx.entityId, ctx.siteIds, q.site_id))) throw new AppError('not_found');
  if (q.area_id && !(await findArea(tx, ctx.entityId, ctx.siteIds, q.area_id))) throw new AppError('not_found');
  if (q.user_type_id) {
    const outOfScope = ctx.userTypeIds !== null && !ctx.userTypeIds.includes(q.user_type_id);
    if (outOfScope || !(await findUserType(tx, ctx.entityId, q.user_type_id))) throw new AppError('not_found');
  }
}

/** The query's filters on the company's clock, with the reader's scope. */
export function summaryWhere(ctx: AccessContext, q: Filters): SummaryWhere {
  const timezone = companyZone(ctx);
  const { start, end } = dayRange(q.from, q.to, timezone);
  return {
    entityId: ctx.entityId,
    from: q.from,
    to: q.to,
    start,
    end,
    timezone,
    scope: visitInScope(ctx),
    scopeSiteIds: ctx.siteIds,
    scopeUserTypeIds: ctx.userTypeIds,
    siteId: q.site_id,
    areaId: q.area_id,
    userTypeId: q.user_type_id,
  };
}

/**
 * Summaries read on this node at once (issue 24 item 16). A summary of a year keeps a core busy (its
 * statement in the database, then its counting): with one per two cores, summaries asked together take
 * their turns and the other cores stay with the front desk's reads (the logbook, sign-ins). Past
 * `maxWaiting` waiting, a summary is refused with a retry time rather than queued for long.
 */
export const SUMMARY_MAX_WAITING = 16;
export const summaryTurns = workGate({
  slots: Math.max(1, Math.floor(availableParallelism() / 2)),
  maxWaiting: SUMMARY_MAX_WAITING,
});
/** Seconds a refused summary is told to wait: about what the queue ahead of it takes. */
const SUMMARY_RETRY_SECONDS = 5;

export async function getVisitSummary(
  app: FastifyInstance,
  ctx: AccessContext,
  q: VisitSummaryQuery,
  now = new Date(),
): Promise<VisitSummary> {
  const where = summaryWhere(ctx, q);
  const today = localDay(now, where.timezone);
  // The turn is taken before the connection, so a summary waiting its turn holds none of the pool.
  const rows = await summaryTurns
    .run(() =>
      withTenant(app.db.db, ctx.entityId, async (tx) => {
        await assertSummaryFilters(tx, ctx, q);
        return readSummaryGroups(tx, where, today);
      }),
    )
    .catch((err: unknown) => {
      if (err instanceof GateFull)
        throw new AppError('too_many_requests', {
          vars: { seconds: SUMMARY_RETRY_SECONDS },
          retryAfter: SUMMARY_RETRY_SECONDS,
        });
      throw err;
    });
  return assembleSummary(q, where, rows);
}

/**
 * The summary's groups: from the per-day aggregates when they are kept on the company's clock (decision
 * 038), else from the visits themselves (`source: 'visits'` forces that: the full computation).
 */
export async function readSummaryGroups(
  tx: Executor,
  where: SummaryWhere,
  today: string,
  source: 'auto' | 'visits' = 'auto',
): Promise<SummaryGroupRow[]> {
  if (source === 'auto' && (await statsZone(tx, where.entityId)) === where.timezone) {
    return summaryGroupsFromStats(tx, where, today);
  }
  return summaryGroups(tx, where, dayRange(today, today, where.timezone).start);
}

/** The response from the groups. */
export function assembleSummary(q: Filters, where: SummaryWhere, rows: SummaryGroupRow[]): VisitSummary {
  const total = rows.find((r) => r.kind === 'total');
  const ref = (id: string | null, name: string | null) => ({ id: id!, name: name ?? '' });
  // Busiest first; equal counts by name (nameless last), so the order is the same on every read.
  const busiest = <T extends { visits: number }>(items: T[], name: (x: T) => string | undefined): T[] =>
    items.sort((a, b) => b.visits - a.visits || (name(a) ?? '\uffff').localeCompare(name(b) ?? '\uffff'));
  const heatMap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const r of rows) {
    if (r.kind === 'hour' && r.weekday !== null && r.hour !== null) heatMap[r.weekday - 1]![r.hour] = r.visits;
  }
  const reasons = (kind: 'late' | 'early') =>
    busiest(
      rows
        .filter((r) => r.kind === kind && r.reason_name !== null)
        .map((r) => ({ reason: ref(r.reason_id, r.reason_name), visits: r.visits })),
      (r) => r.reason.name,
    );

  return {
    from: q.from,
    to: q.to,
    timezone: where.timezone,
    totals: {
      visits: total?.visits ?? 0,
      people: total?.people ?? 0,
      completed: total?.completed ?? 0,
      average_minutes: total?.average_minutes ?? null,
      median_minutes: total?.median_minutes ?? null,
      no_shows: total?.no_shows ?? 0,
    },
    days: fillDays(
      daysOf(q.from, q.to),
      rows
        .filter((r) => r.kind === 'day' && r.day !== null)
        .map((r) => ({ day: r.day!, visits: r.visits, people: r.people, average_minutes: r.average_minutes })),
    ),
    sites: busiest(
      rows
        .filter((r) => r.kind === 'site' && r.site_id !== null)
        .map((s) => ({
          site: ref(s.site_id, s.site_name),
          visits: s.visits,
          people: s.people,
          areas: busiest(
            rows
              .filter((a) => a.kind === 'area' && a.site_id === s.site_id && a.area_id !== null)
              .map((a) => ({ area: ref(a.area_id, a.area_name), visits: a.visits, people: a.people })),
            (a) => a.area.name,
          ),
        })),
      (s) => s.site.name,
    ),
    user_types: busiest(
      rows
        .filter((r) => r.kind === 'user_type')
        .map((r) => ({
          user_type: r.user_type_id && r.user_type_name !== null ? ref(r.user_type_id, r.user_type_name) : null,
          visits: r.visits,
          people: r.people,
        })),
      (r) => r.user_type?.name,
    ),
    heat_map: heatMap,
    late_reasons: reasons('late'),
    early_reasons: reasons('early'),
  };
}

/** The sites with their areas and the user types the reader sees: what the filters offer. */
export async function visitSummaryOptions(app: FastifyInstance, ctx: AccessContext): Promise<VisitSummaryOptions> {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const { siteRows, typeRows } = await filterOptions(tx, ctx.entityId, ctx);
    const sites = new Map<string, VisitSummaryOptions['sites'][number]>();
    for (const row of siteRows) {
      const site = sites.get(row.siteId) ?? { id: row.siteId, name: row.siteName, areas: [] };
      sites.set(row.siteId, site);
      if (row.area) site.areas.push({ id: row.area.id, name: row.area.name });
    }
    return { sites: [...sites.values()], user_types: typeRows.map((t) => ({ id: t.id, name: t.name })) };
  });
}
