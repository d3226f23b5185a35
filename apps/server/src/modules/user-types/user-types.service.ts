import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { RegistrationMethod, UserType, UserTypeBody, UserTypeNode } from '@app/shared/user-types/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { randomToken } from '../../lib/tokens';
import type { AccessContext } from '../access/access.types';
import { noticeCreatedForOwners } from '../access/owner-notices';
import { writeAudit } from '../audit/audit.repository';
import { journeysUsingUserType, journeysWithAnotherUnregisteredType } from '../journeys/journeys.repository';
import {
  assignUserTypeToMember,
  countPeopleOfType,
  deleteUserType,
  findUserType,
  insertUserType,
  isUserTypeNameTaken,
  listUserTypes,
  subtreeIds,
  updateUserType,
  type UserTypeRow,
} from './user-types.repository';
import { inTenant } from '../access/in-tenant';

const toUserType = (row: UserTypeRow, childCount: number): UserType => ({
  id: row.id,
  parent_id: row.parentId,
  name: row.name,
  registration_method: row.registrationMethod as RegistrationMethod,
  grace_period_minutes: row.gracePeriodMinutes,
  mandatory_profile_data: row.mandatoryProfileData as UserType['mandatory_profile_data'],
  can_switch_own_type: row.canSwitchOwnType,
  auto_approve_visits: row.autoApproveVisits,
  visits_need_permit: row.visitsNeedPermit,
  child_count: Number(childCount),
});

const columns = (body: Omit<UserTypeBody, 'parent_id'>) => ({
  name: body.name,
  registrationMethod: body.registration_method,
  gracePeriodMinutes: body.grace_period_minutes,
  mandatoryProfileData: body.mandatory_profile_data,
  canSwitchOwnType: body.can_switch_own_type,
  autoApproveVisits: body.auto_approve_visits,
  visitsNeedPermit: body.visits_need_permit,
});

/** A type of the company within the actor's user types (spec §6); anything else is not found. */
async function mustFind(tx: Executor, ctx: AccessContext, id: string) {
  const found = await findUserType(tx, ctx.entityId, id);
  if (!found || (ctx.userTypeIds && !ctx.userTypeIds.includes(id))) throw new AppError('not_found');
  return found;
}

async function assertNameFree(tx: Executor, ctx: AccessContext, name: string, exceptId?: string) {
  if (await isUserTypeNameTaken(tx, ctx.entityId, name, exceptId)) {
    throw new AppError('conflict', { field: 'name', messageKey: 'user_type_name_taken' });
  }
}

export async function listCompanyUserTypes(app: FastifyInstance, ctx: AccessContext): Promise<UserType[]> {
  return inTenant(app, ctx, async (tx) =>
    (await listUserTypes(tx, ctx.entityId, ctx.userTypeIds)).map((r) => toUserType(r.row, r.childCount)),
  );
}

/** Parents with their children, any depth, each level by name. */
export async function getUserTypeTree(app: FastifyInstance, ctx: AccessContext): Promise<UserTypeNode[]> {
  const flat = await listCompanyUserTypes(app, ctx);
  const nodes = new Map(flat.map((t) => [t.id, { ...t, children: [] as UserTypeNode[] }]));
  const roots: UserTypeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id ? nodes.get(node.parent_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export async function getUserType(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, async (tx) => {
    const found = await mustFind(tx, ctx, id);
    return toUserType(found.row, found.childCount);
  });
}

export async function createUserType(app: FastifyInstance, ctx: AccessContext, body: UserTypeBody) {
  const created = await inTenant(app, ctx, async (tx) => {
    await assertNameFree(tx, ctx, body.name);
    if (body.parent_id) await mustFind(tx, ctx, body.parent_id);
    const row = await insertUserType(tx, {
      entityId: ctx.entityId,
      id: newId(),
      parentId: body.parent_id,
      qrCode: randomToken(12),
      ...columns(body),
    });
    const result = toUserType(row, 0);
    // An admin limited to their own user types keeps the types they create.
    if (ctx.userTypeIds && ctx.actor.kind === 'user') {
      await assignUserTypeToMember(tx, ctx.entityId, ctx.actor.membershipId, row.id);
    }
    await writeAudit(tx, ctx, { action: 'user_type.create', targetType: 'user_type', targetId: row.id, after: result });
    return result;
  });
  noticeCreatedForOwners(app, ctx, { type: 'user_type', id: created.id, name: created.name });
  return created;
}

export async function changeUserType(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  body: Omit<UserTypeBody, 'parent_id'>,
) {
  return inTenant(app, ctx, async (tx) => {
    const before = await mustFind(tx, ctx, id);
    await assertNameFree(tx, ctx, body.name, id);
    if (
      body.registration_method === 'registration_not_required' &&
      before.row.registrationMethod !== body.registration_method
    ) {
      const journeys = await journeysWithAnotherUnregisteredType(tx, ctx.entityId, id);
      if (journeys.length > 0) {
        throw new AppError('rule_violation', {
          field: 'registration_method',
          messageKey: 'user_type_registration_not_required_taken',
          vars: { journeys: journeys.join(', ') },
        });
      }
    }
    const row = (await updateUserType(tx, ctx.entityId, id, columns(body)))!;
    const after = toUserType(row, before.childCount);
    await writeAudit(tx, ctx, {
      action: 'user_type.update',
      targetType: 'user_type',
      targetId: id,
      before: toUserType(before.row, before.childCount),
      after,
    });
    return after;
  });
}

/** Moves a type under another parent (or to the top); never under itself or its own children. */
export async function moveUserType(app: FastifyInstance, ctx: AccessContext, id: string, parentId: string | null) {
  return inTenant(app, ctx, async (tx) => {
    const before = await mustFind(tx, ctx, id);
    if (parentId) {
      await mustFind(tx, ctx, parentId);
      if ((await subtreeIds(tx, ctx.entityId, id)).includes(parentId)) {
        throw new AppError('rule_violation', { field: 'parent_id', messageKey: 'user_type_cycle' });
      }
    }
    const row = (await updateUserType(tx, ctx.entityId, id, { parentId }))!;
    await writeAudit(tx, ctx, {
      action: 'user_type.move',
      targetType: 'user_type',
      targetId: id,
      before: { parent_id: before.row.parentId },
      after: { parent_id: parentId },
    });
    return toUserType(row, before.childCount);
  });
}

/** Deletes a type nothing depends on: a type with child types, people or journey flows is refused. */
export async function removeUserType(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, async (tx) => {
    const before = await mustFind(tx, ctx, id);
    if (before.childCount > 0) throw new AppError('rule_violation', { messageKey: 'user_type_in_use', field: 'id' });
    const holders = await countPeopleOfType(tx, ctx.entityId, id);
    if (holders > 0) {
      throw new AppError('rule_violation', {
        messageKey: 'user_type_has_people',
        field: 'id',
        vars: { count: holders },
      });
    }
    const journeys = await journeysUsingUserType(tx, ctx.entityId, id);
    if (journeys.length > 0) {
      throw new AppError('rule_violation', {
        messageKey: 'user_type_in_journeys',
        field: 'id',
        vars: { journeys: journeys.join(', ') },
      });
    }
    await deleteUserType(tx, ctx.entityId, id);
    await writeAudit(tx, ctx, {
      action: 'user_type.delete',
      targetType: 'user_type',
      targetId: id,
      before: toUserType(before.row, 0),
    });
  });
}

/** The self-registration link of a type and its QR code (spec §3 User type: QR). */
export async function userTypeQr(app: FastifyInstance, ctx: AccessContext, id: string) {
  const found = await inTenant(app, ctx, (tx) => mustFind(tx, ctx, id));
  const url = `${app.env.appUrl}/pre-registration/${found.row.qrCode}`;
  return { url, qr_code: await QRCode.toDataURL(url, { margin: 1, width: 320 }) };
}
