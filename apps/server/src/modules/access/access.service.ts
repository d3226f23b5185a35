import { withTenant, type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SessionWithUser } from '../auth/sessions.repository';
import type { UserRow } from '../auth/users.repository';
import { findMembershipAccess, findSessionAccess, type MembershipAccess } from './access.repository';
import type { AccessContext } from './access.types';

/** A person's standing in one company, from their membership; null when they are not an active member. */
function toAccessContext(
  user: UserRow,
  membership: MembershipAccess | null,
  passportTwoStep: boolean,
): AccessContext | null {
  if (!membership || membership.status !== 'active') return null;
  const { entity, permissions } = membership;
  const otpEnrolmentRequired =
    entity.twoStepEnabled &&
    entity.otpRoles.includes(membership.roleId) &&
    !user.otpEnabled &&
    !passportTwoStep &&
    !user.isSupport;
  return {
    entityId: entity.id,
    entity,
    actor: {
      kind: 'user',
      userId: user.id,
      membershipId: membership.membershipId,
      personId: membership.personId,
      personName: membership.personName || null,
      isOwner: membership.isOwner,
      isSupport: user.isSupport,
    },
    role: { id: membership.roleId, name: membership.roleName, key: membership.roleKey },
    permissions,
    otpEnrolmentRequired,
    siteIds: membership.siteIds,
    userTypeIds: membership.userTypeIds,
  };
}

/** A person's standing in one company: membership, role, permissions, and the two-step policy. */
export async function loadUserAccess(
  db: Executor,
  entityId: string,
  user: UserRow,
  /** The session was opened through the passport with its two-step done: it counts for the policy. */
  passportTwoStep = false,
): Promise<AccessContext> {
  return withTenant(db, entityId, async (tx) => {
    const access = toAccessContext(user, await findMembershipAccess(tx, entityId, user.id), passportTwoStep);
    if (!access) throw new AppError('not_a_member');
    return access;
  });
}

/**
 * A live session with its login and, when it has chosen a company, the person's standing there
 * (null when they are no longer an active member of it); null when the session is not live.
 */
export type SessionAccess = { found: SessionWithUser; access: AccessContext | null };

export async function loadSessionAccess(db: Executor, sessionId: string): Promise<SessionAccess | null> {
  const row = await findSessionAccess(db, sessionId);
  if (!row) return null;
  return {
    found: row.found,
    access: toAccessContext(row.found.user, row.membership, row.found.session.passportTwoStep),
  };
}
