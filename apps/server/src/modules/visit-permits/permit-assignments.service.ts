// Who a permit applies to (spec §3 "Visit permit": assigned to a user, a user type, or several users;
// status per user or user type). People and user types outside the caller's scope (spec §6) can be
// neither seen nor assigned: they answer 404, or are skipped as not found in a mass assignment.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import type {
  AssignmentStatus,
  AssignResult,
  AssignSkipReason,
  PersonPermit,
  PersonPermits,
  UserTypePermit,
  UserTypePermits,
} from '@app/shared/visit-permits/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import type { AccessContext } from '../access/access.types';
import { writeAudit, writeAudits } from '../audit/audit.repository';
import { permitsOfPeople, type AppliedPermit } from './permit-rule';
import { scopeOf, todayOf, toPermitSummary } from './permit-view';
import { inTenant, mustFindPermit } from './visit-permits.service';
import {
  countPeopleOfUserType,
  deletePersonAssignment,
  deleteUserTypeAssignment,
  findPeopleInScope,
  findPermit,
  findPersonInScope,
  findUserTypeAssignment,
  findUserTypeInScope,
  findUserTypesInScope,
  insertPersonAssignments,
  insertUserTypeAssignments,
  listPermitPeople,
  listPermitUserTypes,
  permitsOfUserType,
  personAssignedIds,
  setUserTypeStatus,
  upsertPersonStatus,
  userTypeAssignedIds,
  userTypesOfPerson,
} from './visit-permits.repository';

const iso = (value: Date) => value.toISOString();
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

async function mustFindPerson(tx: Executor, ctx: AccessContext, id: string) {
  const person = await findPersonInScope(tx, ctx.entityId, scopeOf(ctx), id);
  if (!person) throw new AppError('not_found');
  return person;
}

async function mustFindUserType(tx: Executor, ctx: AccessContext, id: string) {
  const type = await findUserTypeInScope(tx, ctx.entityId, scopeOf(ctx), id);
  if (!type) throw new AppError('not_found');
  return type;
}

/** A permit named in a body (not the path): unknown is a refused field, not a missing page. */
async function permitForBody(tx: Executor, ctx: AccessContext, permitId: string) {
  const found = await findPermit(tx, ctx.entityId, permitId, scopeOf(ctx));
  if (!found) throw new AppError('rule_violation', { field: 'permit_id', messageKey: 'visit_permit_not_found' });
  return found;
}

// ---- a permit's people and user types ----

export async function listPeopleOfPermit(
  app: FastifyInstance,
  ctx: AccessContext,
  permitId: string,
  q: { page: number; limit: number; search?: string },
) {
  return inTenant(app, ctx, async (tx) => {
    await mustFindPermit(tx, ctx, permitId);
    const { rows, count } = await listPermitPeople(tx, ctx.entityId, permitId, scopeOf(ctx), q);
    return {
      data: rows.map((r) => ({
        id: r.id,
        full_name: fullName(r),
        email: r.email,
        person_status: r.personStatus as 'active' | 'archived',
        status: r.status as AssignmentStatus,
        assigned_at: iso(r.assignedAt),
      })),
      count,
    };
  });
}

export async function listUserTypesOfPermit(app: FastifyInstance, ctx: AccessContext, permitId: string) {
  return inTenant(app, ctx, async (tx) => {
    await mustFindPermit(tx, ctx, permitId);
    const rows = await listPermitUserTypes(tx, ctx.entityId, permitId, scopeOf(ctx));
    return {
      data: rows.map((r) => ({
        id: r.id,
        name: r.name,
        status: r.status as AssignmentStatus,
        assigned_at: iso(r.assignedAt),
      })),
      count: rows.length,
    };
  });
}

const skip = (lang: Language, id: string, reason: AssignSkipReason) => ({
  id,
  reason,
  message: t(lang, `errors:visit_permit_skip.${reason}`),
});

/** Spec "POST /visit-permits/assign-to-users": one permit for several people; each id done or skipped. */
export async function assignPeopleToPermit(
  app: FastifyInstance,
  ctx: AccessContext,
  permitId: string,
  body: { person_ids: string[]; status: AssignmentStatus },
  lang: Language,
): Promise<AssignResult> {
  return inTenant(app, ctx, async (tx) => {
    await mustFindPermit(tx, ctx, permitId);
    const ids = [...new Set(body.person_ids)];
    const found = new Map((await findPeopleInScope(tx, ctx.entityId, scopeOf(ctx), ids)).map((p) => [p.id, p]));
    const assigned = await personAssignedIds(tx, ctx.entityId, permitId, ids);
    const result: AssignResult = { done: [], skipped: [] };
    for (const id of ids) {
      const person = found.get(id);
      if (!person) result.skipped.push(skip(lang, id, 'not_found'));
      else if (assigned.has(id)) result.skipped.push(skip(lang, id, 'already_assigned'));
      else if (person.status === 'archived') result.skipped.push(skip(lang, id, 'archived'));
      else result.done.push(id);
    }
    await insertPersonAssignments(tx, ctx.entityId, permitId, result.done, body.status);
    await writeAudits(
      tx,
      ctx,
      result.done.map((id) => ({
        action: 'visit_permit.assign',
        targetType: 'person',
        targetId: id,
        after: { permit_id: permitId, status: body.status },
      })),
    );
    return result;
  });
}

/** One permit for several user types at once. */
export async function assignUserTypesToPermit(
  app: FastifyInstance,
  ctx: AccessContext,
  permitId: string,
  body: { user_type_ids: string[]; status: AssignmentStatus },
  lang: Language,
): Promise<AssignResult> {
  return inTenant(app, ctx, async (tx) => {
    await mustFindPermit(tx, ctx, permitId);
    const ids = [...new Set(body.user_type_ids)];
    const found = new Set((await findUserTypesInScope(tx, ctx.entityId, scopeOf(ctx), ids)).map((u) => u.id));
    const assigned = await userTypeAssignedIds(tx, ctx.entityId, permitId, ids);
    const result: AssignResult = { done: [], skipped: [] };
    for (const id of ids) {
      if (!found.has(id)) result.skipped.push(skip(lang, id, 'not_found'));
      else if (assigned.has(id)) result.skipped.push(skip(lang, id, 'already_assigned'));
      else result.done.push(id);
    }
    await insertUserTypeAssignments(tx, ctx.entityId, permitId, result.done, body.status);
    await writeAudits(
      tx,
      ctx,
      result.done.map((id) => ({
        action: 'visit_permit.assign',
        targetType: 'user_type',
        targetId: id,
        after: { permit_id: permitId, status: body.status },
      })),
    );
    return result;
  });
}

// ---- what applies to a person ----

export type { AppliedPermit };

/** Every permit that applies to a person (see permitsOfPeople: the rule reads them the same way). */
export async function permitsApplyingToPerson(tx: Executor, entityId: string, personId: string) {
  return (await permitsOfPeople(tx, entityId, [personId])).get(personId) ?? [];
}

/** The permits of a user type as they apply to it. */
export async function permitsApplyingToUserType(tx: Executor, entityId: string, typeId: string, name: string) {
  return (await permitsOfUserType(tx, entityId, typeId)).map((r): AppliedPermit & { assignedAt: Date } => ({
    row: r.permit,
    sources: [{ kind: 'user_type', user_type: { id: typeId, name }, status: r.status as AssignmentStatus }],
    status: r.status as AssignmentStatus,
    assignedAt: r.assignedAt,
  }));
}

const toPersonPermit = (p: AppliedPermit, today: string): PersonPermit => ({
  permit: toPermitSummary(p.row, today),
  sources: p.sources,
  status: p.status,
});

/** Spec "GET /users/{id}/visit-permits": the person and every permit that applies to them. */
export async function getPersonPermits(
  app: FastifyInstance,
  ctx: AccessContext,
  personId: string,
): Promise<PersonPermits> {
  return inTenant(app, ctx, async (tx) => {
    const person = await mustFindPerson(tx, ctx, personId);
    const applied = await permitsApplyingToPerson(tx, ctx.entityId, personId);
    const today = todayOf(ctx);
    return {
      person: {
        id: person.id,
        full_name: fullName(person),
        email: person.email,
        status: person.status as 'active' | 'archived',
        user_types: await userTypesOfPerson(tx, ctx.entityId, personId),
      },
      data: applied.map((p) => toPersonPermit(p, today)),
      count: applied.length,
    };
  });
}

async function personPermitEntry(tx: Executor, ctx: AccessContext, personId: string, permitId: string) {
  const applied = (await permitsApplyingToPerson(tx, ctx.entityId, personId)).find((p) => p.row.id === permitId);
  return applied ? toPersonPermit(applied, todayOf(ctx)) : null;
}

/** Spec "POST /user-visit-permit": gives a person a permit of their own. */
export async function assignPermitToPerson(
  app: FastifyInstance,
  ctx: AccessContext,
  personId: string,
  body: { permit_id: string; status: AssignmentStatus },
): Promise<PersonPermit> {
  return inTenant(app, ctx, async (tx) => {
    const person = await mustFindPerson(tx, ctx, personId);
    await permitForBody(tx, ctx, body.permit_id);
    if (person.status === 'archived')
      throw new AppError('rule_violation', { field: 'permit_id', messageKey: 'visit_permit_person_archived' });
    if ((await personAssignedIds(tx, ctx.entityId, body.permit_id, [personId])).size > 0)
      throw new AppError('conflict', { field: 'permit_id', messageKey: 'visit_permit_person_has_it' });
    await insertPersonAssignments(tx, ctx.entityId, body.permit_id, [personId], body.status);
    await writeAudit(tx, ctx, {
      action: 'visit_permit.assign',
      targetType: 'person',
      targetId: personId,
      after: { permit_id: body.permit_id, status: body.status },
    });
    return (await personPermitEntry(tx, ctx, personId, body.permit_id))!;
  });
}

/**
 * Spec "PUT /user/{id}/visit-permits/{permitId}/status": the person's own status for a permit that
 * applies to them. For a permit they have only through a user type, this gives them their own
 * assignment with that status, so it can be suspended for this person alone.
 */
export async function setPersonPermitStatus(
  app: FastifyInstance,
  ctx: AccessContext,
  personId: string,
  permitId: string,
  status: AssignmentStatus,
): Promise<PersonPermit> {
  return inTenant(app, ctx, async (tx) => {
    await mustFindPerson(tx, ctx, personId);
    const before = await personPermitEntry(tx, ctx, personId, permitId);
    if (!before) throw new AppError('not_found');
    await upsertPersonStatus(tx, ctx.entityId, permitId, personId, status);
    await writeAudit(tx, ctx, {
      action: 'visit_permit.status',
      targetType: 'person',
      targetId: personId,
      before: { permit_id: permitId, status: before.sources.find((s) => s.kind === 'person')?.status ?? null },
      after: { permit_id: permitId, status },
    });
    return (await personPermitEntry(tx, ctx, personId, permitId))!;
  });
}

/** Removes a person's own assignment; a permit of their user types still applies to them. */
export async function unassignPermitFromPerson(
  app: FastifyInstance,
  ctx: AccessContext,
  personId: string,
  permitId: string,
) {
  await inTenant(app, ctx, async (tx) => {
    await mustFindPerson(tx, ctx, personId);
    if (!(await deletePersonAssignment(tx, ctx.entityId, permitId, personId))) throw new AppError('not_found');
    await writeAudit(tx, ctx, {
      action: 'visit_permit.unassign',
      targetType: 'person',
      targetId: personId,
      before: { permit_id: permitId },
    });
  });
}

// ---- what applies to a user type ----

const toUserTypePermit = (p: AppliedPermit & { assignedAt: Date }, today: string): UserTypePermit => ({
  permit: toPermitSummary(p.row, today),
  status: p.status,
  assigned_at: iso(p.assignedAt),
});

/** Spec "GET /user-types/{id}/visit-permits". */
export async function getUserTypePermits(
  app: FastifyInstance,
  ctx: AccessContext,
  typeId: string,
): Promise<UserTypePermits> {
  return inTenant(app, ctx, async (tx) => {
    const type = await mustFindUserType(tx, ctx, typeId);
    const applied = await permitsApplyingToUserType(tx, ctx.entityId, typeId, type.name);
    const today = todayOf(ctx);
    return {
      user_type: { ...type, people_count: await countPeopleOfUserType(tx, ctx.entityId, typeId, scopeOf(ctx)) },
      data: applied.map((p) => toUserTypePermit(p, today)),
      count: applied.length,
    };
  });
}

async function userTypePermitEntry(tx: Executor, ctx: AccessContext, typeId: string, name: string, permitId: string) {
  const applied = (await permitsApplyingToUserType(tx, ctx.entityId, typeId, name)).find((p) => p.row.id === permitId);
  return applied ? toUserTypePermit(applied, todayOf(ctx)) : null;
}

/** Spec "POST /user-type-visit-permit". */
export async function assignPermitToUserType(
  app: FastifyInstance,
  ctx: AccessContext,
  typeId: string,
  body: { permit_id: string; status: AssignmentStatus },
): Promise<UserTypePermit> {
  return inTenant(app, ctx, async (tx) => {
    const type = await mustFindUserType(tx, ctx, typeId);
    await permitForBody(tx, ctx, body.permit_id);
    if (await findUserTypeAssignment(tx, ctx.entityId, body.permit_id, typeId))
      throw new AppError('conflict', { field: 'permit_id', messageKey: 'visit_permit_user_type_has_it' });
    await insertUserTypeAssignments(tx, ctx.entityId, body.permit_id, [typeId], body.status);
    await writeAudit(tx, ctx, {
      action: 'visit_permit.assign',
      targetType: 'user_type',
      targetId: typeId,
      after: { permit_id: body.permit_id, status: body.status },
    });
    return (await userTypePermitEntry(tx, ctx, typeId, type.name, body.permit_id))!;
  });
}

/** Spec "PUT /user-type/{id}/visit-permit/{permitId}/status". */
export async function setUserTypePermitStatus(
  app: FastifyInstance,
  ctx: AccessContext,
  typeId: string,
  permitId: string,
  status: AssignmentStatus,
): Promise<UserTypePermit> {
  return inTenant(app, ctx, async (tx) => {
    const type = await mustFindUserType(tx, ctx, typeId);
    const before = await findUserTypeAssignment(tx, ctx.entityId, permitId, typeId);
    if (!before || !(await setUserTypeStatus(tx, ctx.entityId, permitId, typeId, status)))
      throw new AppError('not_found');
    await writeAudit(tx, ctx, {
      action: 'visit_permit.status',
      targetType: 'user_type',
      targetId: typeId,
      before: { permit_id: permitId, status: before.status },
      after: { permit_id: permitId, status },
    });
    return (await userTypePermitEntry(tx, ctx, typeId, type.name, permitId))!;
  });
}

export async function unassignPermitFromUserType(
  app: FastifyInstance,
  ctx: AccessContext,
  typeId: string,
  permitId: string,
) {
  await inTenant(app, ctx, async (tx) => {
    await mustFindUserType(tx, ctx, typeId);
    if (!(await deleteUserTypeAssignment(tx, ctx.entityId, permitId, typeId))) throw new AppError('not_found');
    await writeAudit(tx, ctx, {
      action: 'visit_permit.unassign',
      targetType: 'user_type',
      targetId: typeId,
      before: { permit_id: permitId },
    });
  });
}
