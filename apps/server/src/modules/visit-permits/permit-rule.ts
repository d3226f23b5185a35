// The visit-permit rule (decision 026), one for every way a visit is made: a visit of a user type whose
// "visits need a permit" is on happens only when a permit that applies to the person allows it at that
// moment on the company's clock (decision 012). Sign-in (dashboard, mass, API), expected visits,
// public pre-registration and the checker (/vp/playground) all answer with these functions.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { checkSchedule, localDateTime } from '@app/shared/visit-permits/recurrence';
import type { AssignmentStatus, PermitSource } from '@app/shared/visit-permits/schemas';
import type { Executor } from '../../db/client';
import {
  personUserTypes,
  personVisitPermits,
  userTypes,
  userTypeVisitPermits,
  visitPermits,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { scheduleOfRow } from './permit-view';
import type { PermitRow } from './visit-permits.repository';

export type AppliedPermit = { row: PermitRow; sources: PermitSource[]; status: AssignmentStatus };

/**
 * Every permit that applies to each of these people, read in one statement (none for no people):
 * their own and their user types', merged per permit. A person's own assignment decides the status;
 * without one, the permit is active when any of their types has it active (decision 012). By name.
 */
export async function permitsOfPeople(
  tx: Executor,
  entityId: string,
  personIds: readonly string[],
): Promise<Map<string, AppliedPermit[]>> {
  const result = new Map<string, AppliedPermit[]>();
  const ids = [...new Set(personIds)];
  if (ids.length === 0) return result;
  const own = tx
    .select({
      personId: personVisitPermits.personId,
      permitId: personVisitPermits.permitId,
      status: personVisitPermits.status,
      userTypeId: sql<string | null>`null::uuid`.as('user_type_id'),
      userTypeName: sql<string | null>`null::text`.as('user_type_name'),
    })
    .from(personVisitPermits)
    .where(and(eq(personVisitPermits.entityId, entityId), inArray(personVisitPermits.personId, ids)));
  const viaTypes = tx
    .select({
      personId: personUserTypes.personId,
      permitId: userTypeVisitPermits.permitId,
      status: userTypeVisitPermits.status,
      userTypeId: sql<string | null>`${userTypes.id}`.as('user_type_id'),
      userTypeName: sql<string | null>`${userTypes.name}`.as('user_type_name'),
    })
    .from(personUserTypes)
    .innerJoin(
      userTypeVisitPermits,
      and(
        eq(userTypeVisitPermits.entityId, personUserTypes.entityId),
        eq(userTypeVisitPermits.userTypeId, personUserTypes.userTypeId),
      ),
    )
    .innerJoin(
      userTypes,
      and(eq(userTypes.entityId, personUserTypes.entityId), eq(userTypes.id, personUserTypes.userTypeId)),
    )
    .where(and(eq(personUserTypes.entityId, entityId), inArray(personUserTypes.personId, ids)));
  const a = unionAll(own, viaTypes).as('a');
  const rows = await tx
    .select({
      personId: a.personId,
      status: a.status,
      userTypeId: a.userTypeId,
      userTypeName: a.userTypeName,
      permit: visitPermits,
    })
    .from(a)
    .innerJoin(visitPermits, and(eq(visitPermits.entityId, entityId), eq(visitPermits.id, a.permitId)))
    .orderBy(asc(sql`lower(${a.userTypeName})`), asc(a.userTypeId));

  type Merged = { row: PermitRow; own: AssignmentStatus | null; types: PermitSource[] };
  const byPerson = new Map<string, Map<string, Merged>>();
  for (const r of rows) {
    let permits = byPerson.get(r.personId);
    if (!permits) byPerson.set(r.personId, (permits = new Map<string, Merged>()));
    let entry = permits.get(r.permit.id);
    if (!entry) permits.set(r.permit.id, (entry = { row: r.permit, own: null, types: [] }));
    const status = r.status as AssignmentStatus;
    if (r.userTypeId === null) entry.own = status;
    else entry.types.push({ kind: 'user_type', user_type: { id: r.userTypeId, name: r.userTypeName ?? '' }, status });
  }
  for (const [personId, permits] of byPerson) {
    const applied = [...permits.values()].map(({ row, own, types }): AppliedPermit => ({
      row,
      sources: [...(own ? [{ kind: 'person' as const, user_type: null, status: own }] : []), ...types],
      status: own ?? (types.some((s) => s.status === 'active') ? 'active' : 'suspended'),
    }));
    result.set(
      personId,
      applied.sort((x, y) => x.row.name.localeCompare(y.row.name, 'en', { sensitivity: 'base' })),
    );
  }
  return result;
}

/** What one permit says at an instant: its schedule's verdict, and whether it lets the visit happen. */
export function judgePermit(p: AppliedPermit, at: number, timeZone: string) {
  const verdict = checkSchedule(scheduleOfRow(p.row), at, timeZone);
  const active = p.status === 'active';
  return { verdict, allowed: active && verdict.allowed, reason: active ? verdict.reason : ('suspended' as const) };
}

/** A visit as the rule sees it. `personId` null: a visitor not yet known, who has no permit. */
export type VisitForPermit = {
  personId: string | null;
  personName: string;
  userType: { name: string; needsPermit: boolean } | null;
  site: { name: string };
  at: Date;
};

export type PermitRefusal = {
  key: 'visit_permit_missing';
  vars: { name: string; user_type: string; site: string; date: string; time: string };
};

/**
 * The rule for one visit, given the permits that apply to the person: null when the visit may happen
 * (its user type needs no permit, or an active permit's window holds at that moment), otherwise the
 * refusal naming the person, the user type, the site and the moment on the company's clock.
 */
export function visitPermitRefusal(
  visit: VisitForPermit,
  applied: readonly AppliedPermit[],
  timeZone: string,
): PermitRefusal | null {
  if (!visit.userType?.needsPermit) return null;
  const at = visit.at.getTime();
  if (applied.some((p) => judgePermit(p, at, timeZone).allowed)) return null;
  const local = localDateTime(at, timeZone);
  const [year, month, day] = local.date.split('-');
  return {
    key: 'visit_permit_missing',
    vars: {
      name: visit.personName,
      user_type: visit.userType.name,
      site: visit.site.name,
      date: `${day}/${month}/${year}`,
      time: local.time,
    },
  };
}

/**
 * The rule for many visits at once: the refusals by index. Permits are read only for visits whose user
 * type needs one, in one statement; visits that need none read nothing.
 */
export async function visitPermitRefusals(
  tx: Executor,
  entityId: string,
  timeZone: string,
  visits: readonly VisitForPermit[],
): Promise<Map<number, PermitRefusal>> {
  const needing = visits.filter((v) => v.userType?.needsPermit);
  const refusals = new Map<number, PermitRefusal>();
  if (needing.length === 0) return refusals;
  const applied = await permitsOfPeople(
    tx,
    entityId,
    needing.flatMap((v) => (v.personId ? [v.personId] : [])),
  );
  visits.forEach((v, i) => {
    const refusal = visitPermitRefusal(v, (v.personId && applied.get(v.personId)) || [], timeZone);
    if (refusal) refusals.set(i, refusal);
  });
  return refusals;
}

/** One visit made by a form (expected visit, pre-registration): refused with a 422 naming the field. */
export async function assertVisitPermitted(
  tx: Executor,
  entityId: string,
  timeZone: string,
  visit: VisitForPermit,
  field = 'person_id',
) {
  const refusal = (await visitPermitRefusals(tx, entityId, timeZone, [visit])).get(0);
  if (refusal) throw new AppError('rule_violation', { field, messageKey: refusal.key, vars: refusal.vars });
}
