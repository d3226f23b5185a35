import { withTenant, type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../auth/users.repository';
import { findMembershipAccess } from './access.repository';
import type { AccessContext } from './access.types';

/** A person's standing in one company: membership, role, permissions, and the two-step policy. */
export async function loadUserAccess(db: Executor, entityId: string, user: UserRow): Promise<AccessContext> {
  return withTenant(db, entityId, async (tx) => {
    const membership = await findMembershipAccess(tx, entityId, user.id);
    if (!membership || membership.status !== 'active') throw new AppError('not_a_member');
    const { entity, permissions } = membership;
    const otpEnrolmentRequired =
      entity.twoStepEnabled && entity.otpRoles.includes(membership.roleId) && !user.otpEnabled && !user.isSupport;
    return {
      entityId,
      entity,
      actor: {
        kind: 'user',
        userId: user.id,
        membershipId: membership.membershipId,
        isOwner: membership.isOwner,
        isSupport: user.isSupport,
      },
      role: { id: membership.roleId, name: membership.roleName, key: membership.roleKey },
      permissions,
      otpEnrolmentRequired,
      siteIds: membership.siteIds,
      userTypeIds: membership.userTypeIds,
    };
  });
}
