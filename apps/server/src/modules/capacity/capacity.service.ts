// Live capacity per site and area (issue 29, decision 054): what the dashboard shows of each place now,
// the company's settings, and an admin's decision on a request to come in past a full place.
import type { FastifyInstance } from 'fastify';
import { capacityLevel } from '@app/shared/capacity/levels';
import type {
  CapacityApproval,
  CapacityDecisionBody,
  CapacitySettings,
  CapacitySettingsBody,
  CapacityApprovalList,
  ListCapacityApprovalsQuery,
  Occupancy,
  PlaceOccupancy,
} from '@app/shared/capacity/schemas';
import { dayRange, localDay } from '@app/shared/visits/rules';
import { sql } from 'drizzle-orm';
import { rowsOf, sqlArray, type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { inTenant } from '../access/in-tenant';
import { writeAudit } from '../audit/audit.repository';
import { capacityChanged } from './capacity-events';
import {
  countWaitingApprovals,
  dayVisitorCounts,
  decideApproval,
  findCapacitySettings,
  findApproval,
  listApprovals,
  onSiteCounts,
  placesWithLimits,
  saveCapacitySettings as saveSettingsRow,
  type ApprovalViewRow,
} from './capacity.repository';

const userIdOf = (ctx: AccessContext) => (ctx.actor.kind === 'user' ? ctx.actor.userId : null);
const iso = (at: Date | string) => new Date(at).toISOString();

/** Every site and area the reader sees, now: people on site and today's visitors against their limits. */
export async function occupancyOf(
  tx: Executor,
  entityId: string,
  timeZone: string,
  siteIds: readonly string[] | null,
  now = new Date(),
): Promise<Occupancy> {
  const settings = await findCapacitySettings(tx, entityId);
  const date = localDay(now, timeZone);
  const places = await placesWithLimits(tx, entityId, siteIds);
  const onSite = await onSiteCounts(tx, entityId, { siteIds });
  const visitors = await dayVisitorCounts(
    tx,
    entityId,
    dayRange(date, date, timeZone),
    settings.visitor_user_type_ids,
    {
      siteIds,
    },
  );
  const sum = (rows: typeof onSite, siteId: string, areaId?: string) =>
    rows.filter((r) => r.site_id === siteId && (!areaId || r.area_id === areaId)).reduce((n, r) => n + r.n, 0);
  const place = (
    id: string,
    name: string,
    capacity: number | null,
    daily: number | null,
    areaId?: string,
  ): PlaceOccupancy => {
    const siteId = areaId ? places.find((p) => p.area_id === areaId)!.site_id : id;
    const people = sum(onSite, siteId, areaId);
    const today = sum(visitors, siteId, areaId);
    return {
      id,
      name,
      on_site: people,
      capacity,
      level: capacityLevel(people, capacity, settings.nearing_percent),
      visitors_today: today,
      daily_visitor_limit: daily,
      daily_level: capacityLevel(today, daily, settings.nearing_percent),
    };
  };
  const sites: Occupancy['sites'] = [];
  for (const row of places) {
    let site = sites.at(-1);
    if (site?.id !== row.site_id) {
      site = { ...place(row.site_id, row.site_name, row.site_capacity, row.site_daily), areas: [] };
      sites.push(site);
    }
    if (row.area_id) {
      site.areas.push({
        ...place(row.area_id, row.area_name ?? '', row.area_capacity, row.area_daily, row.area_id),
        login_mode: row.login_mode === 'checkIn_only' ? 'checkIn_only' : 'signIn_signOut',
      });
    }
  }
  return {
    date,
    timezone: timeZone,
    over_capacity: settings.over_capacity,
    nearing_percent: settings.nearing_percent,
    sites,
    waiting_approvals: await countWaitingApprovals(tx, entityId, siteIds),
  };
}

export async function getOccupancy(app: FastifyInstance, ctx: AccessContext): Promise<Occupancy> {
  return inTenant(app, ctx, (tx) => occupancyOf(tx, ctx.entityId, companyZone(ctx), ctx.siteIds));
}

export async function getCapacitySettings(app: FastifyInstance, ctx: AccessContext): Promise<CapacitySettings> {
  return inTenant(app, ctx, (tx) => findCapacitySettings(tx, ctx.entityId));
}

export async function saveCapacitySettings(
  app: FastifyInstance,
  ctx: AccessContext,
  body: CapacitySettingsBody,
): Promise<CapacitySettings> {
  const saved = await inTenant(app, ctx, async (tx) => {
    const ids = [...new Set(body.visitor_user_type_ids)];
    const known = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select id from user_types where entity_id = ${ctx.entityId} and id = any(${sqlArray(ids, 'uuid')})`),
    );
    for (const [i, id] of ids.entries()) {
      if (!known.some((k) => k.id === id)) {
        throw new AppError('validation_failed', {
          field: `visitor_user_type_ids.${i}`,
          messageKey: 'capacity_user_type_unknown',
        });
      }
    }
    const before = await findCapacitySettings(tx, ctx.entityId);
    const after: CapacitySettings = { ...body, visitor_user_type_ids: ids };
    await saveSettingsRow(tx, ctx.entityId, after, userIdOf(ctx));
    await writeAudit(tx, ctx, {
      action: 'capacity.settings.update',
      targetType: 'capacity_settings',
      targetId: ctx.entityId,
      before,
      after,
    });
    return after;
  });
  capacityChanged(app, ctx.entityId);
  return saved;
}

function toApproval(row: ApprovalViewRow): CapacityApproval {
  return {
    id: row.id,
    person: { id: row.person_id, name: row.person_name },
    site: { id: row.site_id, name: row.site_name },
    area: { id: row.area_id, name: row.area_name },
    full_place: row.full_place,
    reason: row.reason,
    day: row.day,
    state: row.state,
    asked_at: iso(row.asked_at),
    asked_way: row.asked_way,
    decided_by: row.decided_by ? { id: row.decided_by, name: row.decided_by_name ?? '' } : null,
    decided_at: row.decided_at ? iso(row.decided_at) : null,
  };
}

export async function listCapacityApprovals(
  app: FastifyInstance,
  ctx: AccessContext,
  q: ListCapacityApprovalsQuery,
): Promise<CapacityApprovalList> {
  return inTenant(app, ctx, async (tx) => {
    const page = await listApprovals(tx, ctx.entityId, ctx.siteIds, q.state, q);
    return {
      data: page.rows.map(toApproval),
      count: page.count,
      count_capped: page.capped,
      next_cursor: page.nextCursor,
    };
  });
}

/** An admin lets the person in at that area once that day (approve), or keeps them out (reject). */
export async function decideCapacityApproval(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  body: CapacityDecisionBody,
  now = new Date(),
): Promise<CapacityApproval> {
  const decided = await inTenant(app, ctx, async (tx) => {
    const before = await findApproval(tx, ctx.entityId, ctx.siteIds, id, true);
    if (!before) throw new AppError('not_found');
    if (before.state !== 'waiting') {
      throw new AppError('rule_violation', { field: 'decision', messageKey: 'capacity_approval_decided' });
    }
    const state = body.decision === 'approve' ? 'approved' : 'rejected';
    await decideApproval(tx, ctx.entityId, id, state, userIdOf(ctx), now);
    const after = await findApproval(tx, ctx.entityId, ctx.siteIds, id);
    await writeAudit(tx, ctx, {
      action: `capacity.approval_${state}`,
      targetType: 'capacity_approval',
      targetId: id,
      before: { state: before.state },
      after: { state, person_id: before.person_id, area_id: before.area_id, day: before.day },
    });
    return toApproval(after!);
  });
  capacityChanged(app, ctx.entityId, [id]);
  return decided;
}
