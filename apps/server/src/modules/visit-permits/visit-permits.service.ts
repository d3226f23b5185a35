// Visit permits (spec §3 "Visit permit"): list, read, add, change and delete. Permits belong to the
// company; their assignments to people and user types are limited to what the caller manages
// (spec §6), so a permit that also applies outside the caller's scope can be read and assigned but
// not changed or deleted by them.
import type { FastifyInstance } from 'fastify';
import type { VisitPermit, VisitPermitBodyParsed } from '@app/shared/visit-permits/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import { scopeOf, todayOf, toPermit, toSimplePermit } from './permit-view';
import { companyZone } from '../access/company-zone';
import {
  deletePermit,
  findPermit,
  insertPermit,
  isPermitNameTaken,
  listAllPermits,
  listPermits,
  updatePermit,
  type ListQuery,
} from './visit-permits.repository';
import { inTenant } from '../access/in-tenant';
export { inTenant };

const nameTaken = () => new AppError('conflict', { field: 'name', messageKey: 'visit_permit_name_taken' });

/** The unique index settles two requests that race for the same name. */
async function mapNameRace<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    for (
      let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
      e;
      e = e.cause as typeof e
    ) {
      if (e.code === '23505' && (e.constraint === undefined || e.constraint === 'visit_permits_entity_name_key'))
        throw nameTaken();
    }
    throw error;
  }
}

/** A permit of the company, or 404 (another company's id too). */
export async function mustFindPermit(tx: Executor, ctx: AccessContext, id: string) {
  const found = await findPermit(tx, ctx.entityId, id, scopeOf(ctx));
  if (!found) throw new AppError('not_found');
  return found;
}

const columns = (body: VisitPermitBodyParsed) => ({
  name: body.name,
  description: body.description,
  startDate: body.start_date,
  endDate: body.end_date,
  startTime: body.start_time,
  endTime: body.end_time,
  recurrence: body.recurrence,
  weekdays: body.weekdays,
});

export async function listCompanyPermits(app: FastifyInstance, ctx: AccessContext, q: ListQuery) {
  const today = todayOf(ctx);
  const timezone = companyZone(ctx);
  return inTenant(app, ctx, async (tx) => {
    if (q.simple === '1') {
      const rows = await listAllPermits(tx, ctx.entityId);
      return { data: rows.map((row) => toSimplePermit(row, today)), count: rows.length, timezone };
    }
    const { rows, count } = await listPermits(tx, ctx.entityId, scopeOf(ctx), q, today);
    return { data: rows.map((r) => toPermit(r, today)), count, timezone };
  });
}

export async function getPermit(app: FastifyInstance, ctx: AccessContext, id: string): Promise<VisitPermit> {
  return inTenant(app, ctx, async (tx) => toPermit(await mustFindPermit(tx, ctx, id), todayOf(ctx)));
}

export async function createPermit(app: FastifyInstance, ctx: AccessContext, body: VisitPermitBodyParsed) {
  return mapNameRace(
    inTenant(app, ctx, async (tx) => {
      if (await isPermitNameTaken(tx, ctx.entityId, body.name)) throw nameTaken();
      const row = await insertPermit(tx, { entityId: ctx.entityId, id: newId(), ...columns(body) });
      const permit = toPermit({ row, peopleCount: 0, userTypeCount: 0, outsideScope: false }, todayOf(ctx));
      await writeAudit(tx, ctx, {
        action: 'visit_permit.create',
        targetType: 'visit_permit',
        targetId: row.id,
        after: permit,
      });
      return permit;
    }),
  );
}

/** Spec §6: a permit that also applies to people or types outside the caller's scope stays as it is. */
function assertWholeScope(found: { outsideScope: boolean }) {
  if (found.outsideScope)
    throw new AppError('rule_violation', { field: 'id', messageKey: 'visit_permit_outside_scope' });
}

export async function changePermit(app: FastifyInstance, ctx: AccessContext, id: string, body: VisitPermitBodyParsed) {
  return mapNameRace(
    inTenant(app, ctx, async (tx) => {
      const before = await mustFindPermit(tx, ctx, id);
      assertWholeScope(before);
      if (await isPermitNameTaken(tx, ctx.entityId, body.name, id)) throw nameTaken();
      const row = (await updatePermit(tx, ctx.entityId, id, columns(body)))!;
      const today = todayOf(ctx);
      const after = toPermit({ ...before, row }, today);
      await writeAudit(tx, ctx, {
        action: 'visit_permit.update',
        targetType: 'visit_permit',
        targetId: id,
        before: toPermit(before, today),
        after,
      });
      return after;
    }),
  );
}

/** Deletes a permit and its assignments (the screen says how many before asking). */
export async function removePermit(app: FastifyInstance, ctx: AccessContext, id: string) {
  await inTenant(app, ctx, async (tx) => {
    const before = await mustFindPermit(tx, ctx, id);
    assertWholeScope(before);
    await deletePermit(tx, ctx.entityId, id);
    await writeAudit(tx, ctx, {
      action: 'visit_permit.delete',
      targetType: 'visit_permit',
      targetId: id,
      before: toPermit(before, todayOf(ctx)),
    });
  });
}
