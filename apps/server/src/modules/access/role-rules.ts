// One rule for every change of who may do what (roles, their permissions, a person's role, an
// invitation): nobody grants what they do not hold, nobody changes their own role, nobody changes
// the role of someone who holds more than they do, and only the owner touches the owner's role.
import { isAllowed, isPermission, type PermissionMap } from '@app/shared/access/permissions';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from './access.types';

type RoleLike = { permissions: PermissionMap | Record<string, { allowed: number }> };

/** Whether the caller holds every permission the role allows, so may give it (or act on its holders). */
export const canGiveRole = (ctx: AccessContext, role: RoleLike) =>
  Object.entries(role.permissions).every(
    ([permission, flag]) => flag.allowed !== 1 || (isPermission(permission) && isAllowed(ctx.permissions, permission)),
  );

const isCallerMembership = (ctx: AccessContext, membershipId: string | null | undefined) =>
  ctx.actor.kind === 'user' &&
  membershipId !== null &&
  membershipId !== undefined &&
  membershipId === ctx.actor.membershipId;

/**
 * A member's (or a person's) role is about to change from `current` to `next`. `field` names the input
 * the refusal is about.
 */
export function assertMayChangeRole(
  ctx: AccessContext,
  target: { membershipId: string | null | undefined; isOwner: boolean; current: RoleLike | null },
  next: RoleLike,
  field: string,
) {
  if (target.isOwner) throw new AppError('rule_violation', { field, messageKey: 'owner_role_locked' });
  if (isCallerMembership(ctx, target.membershipId))
    throw new AppError('rule_violation', { field, messageKey: 'person_self' });
  if (target.current && !canGiveRole(ctx, target.current))
    throw new AppError('rule_violation', { field, messageKey: 'role_holder_above_you' });
  if (!canGiveRole(ctx, next)) throw new AppError('rule_violation', { field, messageKey: 'role_not_assignable' });
}

/**
 * A role's allowed flags are about to change. Only the owner edits the owner's role; nobody edits a
 * role that allows something they may not do; nobody turns on a permission they do not hold.
 */
export function assertMayEditRole(
  ctx: AccessContext,
  role: RoleLike & { heldByOwner: boolean },
  changes: Record<string, 0 | 1>,
) {
  const isOwner = ctx.actor.kind === 'user' && ctx.actor.isOwner;
  if (role.heldByOwner && !isOwner)
    throw new AppError('rule_violation', { field: 'permissions', messageKey: 'owner_role_locked' });
  if (!canGiveRole(ctx, role))
    throw new AppError('rule_violation', { field: 'permissions', messageKey: 'role_holder_above_you' });
  const notHeld = Object.entries(changes)
    .filter(
      ([permission, allowed]) => allowed === 1 && !(isPermission(permission) && isAllowed(ctx.permissions, permission)),
    )
    .map(([permission]) => permission);
  if (notHeld.length)
    throw new AppError('rule_violation', {
      field: 'permissions',
      messageKey: 'permission_not_held',
      vars: { permissions: notHeld.join(', ') },
    });
}
