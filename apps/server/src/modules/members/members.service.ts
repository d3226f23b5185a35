import type { FastifyInstance } from 'fastify';
import type { Member } from '@app/shared/members/schemas';
import { entityRoom, userRoom } from '@app/shared/realtime/events';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import { assertMayChangeRole, assertMayEditRole } from '../access/role-rules';
import {
  findMember,
  isOwnerRole,
  listMembers,
  listRolesWithPermissions,
  memberAssignmentNames,
  setMemberRole,
  upsertRolePermission,
} from './members.repository';

type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

const toMember = (row: MemberRow): Member => ({
  id: row.id,
  user_id: row.userId,
  fullName: `${row.firstName} ${row.lastName}`.trim() || row.email,
  email: row.email,
  role: { id: row.roleId, name: row.roleName },
  is_owner: row.isOwner,
  is_otp_enabled: row.otpEnabled,
});

export async function listCompanyMembers(app: FastifyInstance, ctx: AccessContext, q: { page: number; limit: number }) {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const { rows, count } = await listMembers(tx, ctx.entityId, { limit: q.limit, offset: (q.page - 1) * q.limit });
    return { data: rows.map(toMember), count };
  });
}

export async function listRoles(app: FastifyInstance, ctx: AccessContext) {
  return withTenant(app.db.db, ctx.entityId, (tx) => listRolesWithPermissions(tx, ctx.entityId));
}

/** Changes a member's role; that person's open dashboards get 'Permissions Updated'. */
export async function changeMemberRole(app: FastifyInstance, ctx: AccessContext, membershipId: string, roleId: string) {
  const { before, after, names } = await withTenant(app.db.db, ctx.entityId, async (tx) => {
    const before = await findMember(tx, ctx.entityId, membershipId);
    if (!before) throw new AppError('not_found');
    const roles = await listRolesWithPermissions(tx, ctx.entityId);
    const role = roles.find((r) => r.id === roleId);
    if (!role) throw new AppError('rule_violation', { field: 'role_id', messageKey: 'role_not_found' });
    assertMayChangeRole(
      ctx,
      { membershipId: before.id, isOwner: before.isOwner, current: roles.find((r) => r.id === before.roleId) ?? null },
      role,
      'role_id',
    );
    await setMemberRole(tx, ctx.entityId, membershipId, roleId);
    const after = (await findMember(tx, ctx.entityId, membershipId))!;
    await writeAudit(tx, ctx, {
      action: 'member.role.change',
      targetType: 'membership',
      targetId: membershipId,
      before: { role_id: before.roleId, role: before.roleName },
      after: { role_id: after.roleId, role: after.roleName },
    });
    return { before, after, names: await memberAssignmentNames(tx, ctx.entityId, membershipId) };
  });
  if (before.roleId !== after.roleId) {
    // To that person only: nobody else needs to learn of the change.
    app.realtime.toUser(after.userId, 'pongUpdateUserRole', {
      user_id: after.userId,
      entity: ctx.entityId,
      oldRole: { id: before.roleId, name: before.roleName },
      newRole: { id: after.roleId, name: after.roleName },
      ...names,
    });
    // A role that requires two-step the person has not set up closes the company's events to them.
    await app.realtime.recheckSockets(userRoom(after.userId));
  }
  return toMember(after);
}

export async function updateRolePermissions(
  app: FastifyInstance,
  ctx: AccessContext,
  roleId: string,
  permissions: Record<string, 0 | 1>,
) {
  const updated = await withTenant(app.db.db, ctx.entityId, async (tx) => {
    const before = (await listRolesWithPermissions(tx, ctx.entityId)).find((r) => r.id === roleId);
    if (!before) throw new AppError('not_found');
    assertMayEditRole(ctx, { ...before, heldByOwner: await isOwnerRole(tx, ctx.entityId, roleId) }, permissions);
    for (const [permission, allowed] of Object.entries(permissions)) {
      await upsertRolePermission(tx, ctx.entityId, roleId, permission, allowed);
    }
    const after = (await listRolesWithPermissions(tx, ctx.entityId)).find((r) => r.id === roleId)!;
    await writeAudit(tx, ctx, {
      action: 'role.permissions.update',
      targetType: 'role',
      targetId: roleId,
      before: before.permissions,
      after: after.permissions,
    });
    return after;
  });
  // The role's members hear from now on only what their permissions show (the database's notice would
  // move their sockets a moment later; this answers only once they are moved).
  await app.realtime.recheckSockets(entityRoom(ctx.entityId));
  return updated;
}
