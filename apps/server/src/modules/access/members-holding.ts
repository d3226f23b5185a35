import { and, eq, or } from 'drizzle-orm';
import type { Permission } from '@app/shared/access/permissions';
import type { Executor } from '../../db/client';
import { memberships, rolePermissions, users } from '../../db/schema/index';

/** The active members who hold a permission (owners hold every one), with what a mail to them needs. */
export async function membersHolding(tx: Executor, entityId: string, permission: Permission) {
  return tx
    .selectDistinct({ email: users.email, firstName: users.firstName, lang: users.lang })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(
      rolePermissions,
      and(
        eq(rolePermissions.entityId, memberships.entityId),
        eq(rolePermissions.roleId, memberships.roleId),
        eq(rolePermissions.permission, permission),
      ),
    )
    .where(
      and(
        eq(memberships.entityId, entityId),
        eq(memberships.status, 'active'),
        or(eq(memberships.isOwner, true), eq(rolePermissions.allowed, 1)),
      ),
    );
}
