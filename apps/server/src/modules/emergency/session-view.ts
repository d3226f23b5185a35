import { sql } from 'drizzle-orm';
import type { RollCounts, SessionSummary } from '@app/shared/emergency/schemas';
import { rowsOf, sqlArray, type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { mayJoinSession } from './emergency-access';
import { momentOf, toRollEntry, type RollRow } from './roll-view';

// One session as its members read it: the summary (with the counts of the roll they may see) and its
// roll. A session the reader may not join reads as unknown (404), like another company's.

type SessionDbRow = {
  id: string;
  name: string;
  is_drill: boolean;
  origin: 'dashboard' | 'kiosk';
  kiosk_id: string | null;
  kiosk_name: string | null;
  started_at: string;
  started_by_name: string | null;
  ended_at: string | null;
  ended_by_name: string | null;
  highlight_after_minutes: number;
};
type AreaDbRow = { session_id: string; area_id: string; area_name: string; site_id: string; site_name: string };

/** The reader's visible part of a roll: a condition on `e` (emergency_roll). */
export const visibleRoll = (ctx: Pick<AccessContext, 'siteIds'>) =>
  ctx.siteIds === null ? sql`true` : sql`(e.site_id is null or e.site_id = any(${sqlArray(ctx.siteIds, 'uuid')}))`;

const emptyCounts = (): RollCounts => ({ total: 0, present: 0, not_present: 0, out: 0 });

/** The counts of several sessions' rolls as the reader sees them, in one statement. */
export async function rollCounts(
  tx: Executor,
  ctx: AccessContext,
  sessionIds: readonly string[],
): Promise<Map<string, RollCounts>> {
  const out = new Map<string, RollCounts>(sessionIds.map((id) => [id, emptyCounts()]));
  if (sessionIds.length === 0) return out;
  const rows = rowsOf<{ session_id: string; status: string; n: number }>(
    await tx.execute(sql`
      select e.session_id, e.status, count(*)::int as n from emergency_roll e
       where e.entity_id = ${ctx.entityId} and e.session_id = any(${sqlArray(sessionIds, 'uuid')}) and ${visibleRoll(ctx)}
       group by e.session_id, e.status`),
  );
  for (const r of rows) {
    const c = out.get(r.session_id)!;
    c.total += r.n;
    if (r.status === 'present' || r.status === 'not_present' || r.status === 'out') c[r.status] += r.n;
  }
  return out;
}

/**
 * Session rows as summaries (their areas and counts read in one statement each), keeping only those the
 * reader may join.
 */
export async function toSummaries(tx: Executor, ctx: AccessContext, rows: SessionDbRow[]): Promise<SessionSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const areas = rowsOf<AreaDbRow>(
    await tx.execute(sql`
      select a.session_id, a.area_id, coalesce(ar.name, a.area_name) as area_name, a.site_id,
             coalesce(s.name, a.site_name) as site_name
        from emergency_session_areas a
        left join areas ar on ar.entity_id = a.entity_id and ar.id = a.area_id
        left join sites s on s.entity_id = a.entity_id and s.id = a.site_id
       where a.entity_id = ${ctx.entityId} and a.session_id = any(${sqlArray(ids, 'uuid')})
       order by site_name, area_name`),
  );
  const bySession = new Map<string, AreaDbRow[]>();
  for (const a of areas) bySession.set(a.session_id, [...(bySession.get(a.session_id) ?? []), a]);
  const joinable = rows.filter((r) =>
    mayJoinSession(ctx, [...new Set((bySession.get(r.id) ?? []).map((a) => a.site_id))]),
  );
  const counts = await rollCounts(
    tx,
    ctx,
    joinable.map((r) => r.id),
  );
  const zone = companyZone(ctx);
  return joinable.map((r) => {
    const own = bySession.get(r.id) ?? [];
    const sites = new Map(own.map((a) => [a.site_id, a.site_name]));
    return {
      id: r.id,
      name: r.name,
      is_drill: r.is_drill,
      status: r.ended_at ? 'ended' : 'active',
      origin: r.origin,
      kiosk: r.kiosk_id ? { id: r.kiosk_id, name: r.kiosk_name ?? '' } : null,
      started_at: momentOf(r.started_at, zone),
      started_by: r.started_by_name,
      ended_at: r.ended_at ? momentOf(r.ended_at, zone) : null,
      ended_by: r.ended_by_name,
      sites: [...sites].map(([id, name]) => ({ id, name })),
      areas: own.map((a) => ({ id: a.area_id, name: a.area_name, site_id: a.site_id })),
      highlight_after_minutes: r.highlight_after_minutes,
      counts: counts.get(r.id) ?? emptyCounts(),
    };
  });
}

export const SESSION_COLUMNS = sql.raw(
  `s.id, s.name, s.is_drill, s.origin, s.kiosk_id, s.kiosk_name, s.started_at::text as started_at,
   s.started_by_name, s.ended_at::text as ended_at, s.ended_by_name, s.highlight_after_minutes`,
);

/** A session the reader may join, as its summary; 404 otherwise. `forUpdate` locks its row. */
export async function readSession(
  tx: Executor,
  ctx: AccessContext,
  sessionId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<SessionSummary> {
  const rows = rowsOf<SessionDbRow>(
    await tx.execute(sql`
      select ${SESSION_COLUMNS} from emergency_sessions s
       where s.entity_id = ${ctx.entityId} and s.id = ${sessionId}
       ${opts.forUpdate ? sql`for update` : sql``}`),
  );
  const [summary] = await toSummaries(tx, ctx, rows);
  if (!summary) throw new AppError('not_found');
  return summary;
}

/** The roll of a session as the reader may see it (all of it, or the entries `ids`), by name. */
export async function readRoll(
  tx: Executor,
  ctx: Pick<AccessContext, 'entityId' | 'entity' | 'siteIds'>,
  sessionId: string,
  ids?: readonly string[],
): Promise<ReturnType<typeof toRollEntry>[]> {
  const rows = rowsOf<RollRow>(
    await tx.execute(sql`
      select e.id, e.person_id as "personId", e.full_name as "fullName", e.company_name as "companyName",
             e.phone, e.user_type_id as "userTypeId", coalesce(ut.name, e.user_type_name) as "userTypeName",
             e.site_id as "siteId", coalesce(s.name, sa.site_name) as "siteName",
             e.area_id as "areaId", coalesce(ar.name, sa.area_name) as "areaName",
             e.signed_in_at::text as "signedInAt", e.status, e.source, e.marked_at::text as "markedAt",
             e.marked_by_name as "markedByName", e.version,
             -- One index probe per entry: joined, the planner scans every person of the company.
             (select p.image from people p where p.entity_id = e.entity_id and p.id = e.person_id) as image
        from emergency_roll e
        left join user_types ut on ut.entity_id = e.entity_id and ut.id = e.user_type_id
        left join emergency_session_areas sa on sa.entity_id = e.entity_id and sa.session_id = e.session_id and sa.area_id = e.area_id
        left join areas ar on ar.entity_id = e.entity_id and ar.id = e.area_id
        left join sites s on s.entity_id = e.entity_id and s.id = e.site_id
       where e.entity_id = ${ctx.entityId} and e.session_id = ${sessionId} and ${visibleRoll(ctx)}
         ${ids ? sql`and e.id = any(${sqlArray(ids, 'uuid')})` : sql``}
       order by e.full_name, e.id`),
  );
  const zone = companyZone(ctx);
  return rows.map((r) => toRollEntry(r, zone));
}
