// The capacity rule at every way in (issue 29, decision 054). A sign-in that would take an area or its
// site past its capacity (people on site at once) or its daily visitor limit is refused; when the
// company asks for approval instead, the refusal records a request an admin decides on the dashboard,
// and an approved request lets that person in at that area once that day. An expected visit made for
// a day already full is refused, or made waiting for approval. Counting happens with the site's and the
// area's rows locked, so sign-ins at once never take a place past its limit.
import type { FastifyInstance } from 'fastify';
import type { CapacityReason } from '@app/shared/capacity/schemas';
import { dayRange, localDay } from '@app/shared/visits/rules';
import type { ScreeningWay } from '@app/shared/watchlist/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { writeAudits } from '../audit/audit.repository';
import type { Issue } from '../visits/visit-refusal';
import { capacityChanged } from './capacity-events';
import {
  approvalsFor,
  askApprovals,
  countsAt,
  dayVisitorCounts,
  findCapacitySettings,
  hasLimits,
  onSiteCounts,
  placeLimits,
  useApprovals,
  type PlaceLimitsRow,
} from './capacity.repository';

/** One person arriving at the area: whether they take a place on site, and a place in the day's visitors. */
export type CapacityArrival = {
  personId: string;
  userTypeId: string | null;
  /** Checked in (check-in-only areas): nobody stays on site. */
  staysOnSite: boolean;
  /** Their expected visit of today is already one of the day's visitors. */
  fromExpected: boolean;
};

type Over = { place: 'site' | 'area'; reason: CapacityReason; name: string; count: number; limit: number };
type Counts = { site: number; area: number };

/** The first limit one more person would pass, the area's before its site's, capacity before the day's. */
function overOf(limits: PlaceLimitsRow, onSite: Counts, day: Counts, stays: boolean, counted: boolean): Over | null {
  const checks: [boolean, 'site' | 'area', CapacityReason, string, number, number | null][] = [
    [stays, 'area', 'capacity', limits.area_name, onSite.area, limits.area_capacity],
    [stays, 'site', 'capacity', limits.site_name, onSite.site, limits.site_capacity],
    [counted, 'area', 'daily_limit', limits.area_name, day.area, limits.area_daily],
    [counted, 'site', 'daily_limit', limits.site_name, day.site, limits.site_daily],
  ];
  for (const [applies, place, reason, name, count, limit] of checks) {
    if (applies && limit !== null && count + 1 > limit) return { place, reason, name, count, limit };
  }
  return null;
}

const ZERO: Counts = { site: 0, area: 0 };

/** An issue that asks an admin: the sign-in must be tried for the request to be made, so a preview lets it through. */
export const asksApproval = (issue: Issue) => issue.key.endsWith('_asked');

export class CapacityGate {
  private asks: { personId: string; siteId: string; areaId: string; day: string; over: Over }[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly ctx: AccessContext,
    private readonly way: ScreeningWay,
  ) {}

  /**
   * The people the area and its site cannot take now, with why; the others' approvals are used. Call it
   * last before writing the visits, in their transaction: it locks the site's and the area's rows. A
   * `preview` says the same without locking or writing anything.
   */
  async check(
    tx: Executor,
    /** Whether the area or its site has a limit, as the caller read the area: without one, nothing is read. */
    limited: boolean,
    areaId: string,
    arrivals: readonly CapacityArrival[],
    now: Date,
    timeZone: string,
    opts: { preview?: boolean } = {},
  ): Promise<Map<string, Issue>> {
    this.asks = [];
    const issues = new Map<string, Issue>();
    const entityId = this.ctx.entityId;
    if (!limited || arrivals.length === 0) return issues;
    // A preview only reads: it neither waits for other sign-ins nor uses or asks for approvals.
    const limits = await placeLimits(tx, entityId, areaId, !opts.preview);
    if (!limits || !hasLimits(limits)) return issues;
    const settings = await findCapacitySettings(tx, entityId);
    const day = localDay(now, timeZone);
    const siteId = limits.site_id;
    const onSite =
      limits.site_capacity !== null || limits.area_capacity !== null
        ? countsAt(await onSiteCounts(tx, entityId, { siteId }), siteId, areaId)
        : { ...ZERO };
    const visitors =
      limits.site_daily !== null || limits.area_daily !== null
        ? countsAt(
            await dayVisitorCounts(tx, entityId, dayRange(day, day, timeZone), settings.visitor_user_type_ids, {
              siteId,
            }),
            siteId,
            areaId,
          )
        : { ...ZERO };
    const types = settings.visitor_user_type_ids;
    const approvals = await approvalsFor(
      tx,
      entityId,
      areaId,
      day,
      arrivals.map((a) => a.personId),
    );
    const used: string[] = [];
    for (const a of arrivals) {
      const counted =
        !a.fromExpected && (types.length === 0 || (a.userTypeId !== null && types.includes(a.userTypeId)));
      const approved = approvals.find((x) => x.personId === a.personId && x.state === 'approved');
      const over = approved ? null : overOf(limits, onSite, visitors, a.staysOnSite, counted);
      if (!over) {
        if (approved) used.push(approved.id);
        if (a.staysOnSite) {
          onSite.site++;
          onSite.area++;
        }
        if (counted) {
          visitors.site++;
          visitors.area++;
        }
        continue;
      }
      const vars = { place: over.name, count: over.count, limit: over.limit };
      const ofDay = over.reason === 'daily_limit' ? 'day_' : '';
      const mine = approvals.filter((x) => x.personId === a.personId);
      let key = `capacity_${ofDay}full`;
      if (mine.some((x) => x.state === 'rejected')) key = 'capacity_rejected';
      else if (settings.over_capacity === 'approval' && this.way !== 'kiosk_offline') {
        if (mine.some((x) => x.state === 'waiting')) key = 'capacity_waiting';
        else {
          key = `capacity_${ofDay}asked`;
          if (!opts.preview) this.asks.push({ personId: a.personId, siteId, areaId, day, over });
        }
      }
      issues.set(a.personId, { field: 'area_id', key, vars });
    }
    if (issues.size === 0 && !opts.preview) await useApprovals(tx, entityId, used, now);
    return issues;
  }

  /** After the refused sign-in was undone: the requests it asked for, in a transaction of their own. */
  async refused(now: Date) {
    if (this.asks.length === 0) return;
    const asks = this.asks;
    this.asks = [];
    const ids = await inTenant(this.app, this.ctx, async (tx) => {
      const written = await askApprovals(
        tx,
        asks.map((a) => ({
          entityId: this.ctx.entityId,
          id: newId(now.getTime()),
          personId: a.personId,
          siteId: a.siteId,
          areaId: a.areaId,
          day: a.day,
          fullPlace: a.over.place,
          reason: a.over.reason,
          askedWay: this.way,
          askedAt: now,
        })),
      );
      await writeAudits(
        tx,
        this.ctx,
        written.map(({ id, personId }) => {
          const a = asks.find((x) => x.personId === personId)!;
          return {
            action: 'capacity.approval_asked',
            targetType: 'capacity_approval',
            targetId: id,
            after: { person_id: personId, area_id: a.areaId, day: a.day, reason: a.over.reason, way: this.way },
          };
        }),
      );
      return written.map((w) => w.id);
    });
    if (ids.length) capacityChanged(this.app, this.ctx.entityId, ids);
  }
}

/**
 * An expected visit for a day already full at its area or site (its daily visitor limit): refused in
 * `field` when the company refuses, or held for an admin's approval (true) when it asks for approval.
 * Locks the site's and the area's rows, so two registrations at once never both take the last place.
 */
export async function holdForFullDay(
  tx: Executor,
  entityId: string,
  timeZone: string,
  visit: { areaId: string; userTypeId: string | null; expectedAt: Date; exceptVisitId?: string },
  field: string,
): Promise<boolean> {
  const unlocked = await placeLimits(tx, entityId, visit.areaId, false);
  if (!unlocked || (unlocked.site_daily === null && unlocked.area_daily === null)) return false;
  const settings = await findCapacitySettings(tx, entityId);
  const types = settings.visitor_user_type_ids;
  if (types.length && !(visit.userTypeId && types.includes(visit.userTypeId))) return false;
  const limits = (await placeLimits(tx, entityId, visit.areaId, true))!;
  const day = localDay(visit.expectedAt, timeZone);
  const counts = countsAt(
    await dayVisitorCounts(tx, entityId, dayRange(day, day, timeZone), types, {
      siteId: limits.site_id,
      exceptVisitId: visit.exceptVisitId,
    }),
    limits.site_id,
    visit.areaId,
  );
  const over = overOf(limits, ZERO, counts, false, true);
  if (!over) return false;
  if (settings.over_capacity === 'approval') return true;
  throw new AppError('rule_violation', {
    field,
    messageKey: 'capacity_day_full_expected',
    vars: { place: over.name, limit: over.limit, date: day },
  });
}
