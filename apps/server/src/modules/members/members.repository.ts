import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  memberships,
  people,
  personSites,
  personUserTypes,
  rolePermissions,
  roles,
  sites,
  userTypes,
  users,
} from '../../db/schema/index';

const memberColumns = {
  id: memberships.id,
  userId: memberships.userId,
  isOwner: memberships.isOwner,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  otpEnabled: users.otpEnabled,
  roleId: roles.id,
  roleName: roles.name,
};

export async function listMembers(tx: Executor, entityId: string, opts: { limit: number; offset: number }) {
  const rows = await tx
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(roles, and(eq(roles.entityId, memberships.entityId), eq(roles.id, memberships.roleId)))
    .where(eq(memberships.entityId, entityId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(memberships.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.entityId, entityId));
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findMember(tx: Executor, entityId: string, membershipId: string) {
  const [row] = await tx
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(roles, and(eq(roles.entityId, memberships.entityId), eq(roles.id, memberships.roleId)))
    .where(and(eq(memberships.entityId, entityId), eq(memberships.id, membershipId)))
    .limit(1);
  return row ?? null;
}

export async function setMemberRole(tx: Executor, entityId: string, membershipId: string, roleId: string) {
  await tx
    .update(memberships)
    .set({ roleId, updatedAt: new Date() })
    .where(and(eq(memberships.entityId, entityId), eq(memberships.id, membershipId)));
  // The member's person carries the same role (the people screens show and edit it there).
  await tx
    .update(people)
    .set({ roleId, updatedAt: new Date() })
    .where(and(eq(people.entityId, entityId), eq(people.membershipId, membershipId)));
}

/** The names of the sites and user types of a member's person, for 'Permissions Updated'. */
export async function memberAssignmentNames(tx: Executor, entityId: string, membershipId: string) {
  const [person] = await tx
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.entityId, entityId), eq(people.membershipId, membershipId)))
    .limit(1);
  if (!person) return { siteNames: [], userTypeNames: [] };
  const siteRows = await tx
    .select({ name: sites.name })
    .from(personSites)
    .innerJoin(sites, and(eq(sites.entityId, personSites.entityId), eq(sites.id, personSites.siteId)))
    .where(and(eq(personSites.entityId, entityId), eq(personSites.personId, person.id)))
    .orderBy(asc(sites.name));
  const typeRows = await tx
    .select({ name: userTypes.name })
    .from(personUserTypes)
    .innerJoin(
      userTypes,
      and(eq(userTypes.entityId, personUserTypes.entityId), eq(userTypes.id, personUserTypes.userTypeId)),
    )
    .where(and(eq(personUserTypes.entityId, entityId), eq(personUserTypes.personId, person.id)))
    .orderBy(asc(userTypes.name));
  return { siteNames: siteRows.map((r) => r.name), userTypeNames: typeRows.map((r) => r.name) };
}

/** Whether the company's owner holds this role. */
export async function isOwnerRole(tx: Executor, entityId: string, roleId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.entityId, entityId), eq(memberships.roleId, roleId), eq(memberships.isOwner, true)))
    .limit(1);
  return row !== undefined;
}

export async function listRolesWithPermissions(tx: Executor, entityId: string) {
  const rows = await tx
    .select({
      id: roles.id,
      name: roles.name,
      key: roles.key,
      permission: rolePermissions.permission,
      allowed: rolePermissions.allowed,
    })
    .from(roles)
    .leftJoin(rolePermissions, and(eq(rolePermissions.entityId, roles.entityId), eq(rolePermissions.roleId, roles.id)))
    .where(eq(roles.entityId, entityId))
    .orderBy(asc(roles.name));
  const byRole = new Map<
    string,
    { id: string; name: string; key: string | null; permissions: Record<string, { allowed: 0 | 1 }> }
  >();
  for (const row of rows) {
    const role = byRole.get(row.id) ?? { id: row.id, name: row.name, key: row.key, permissions: {} };
    if (row.permission) role.permissions[row.permission] = { allowed: row.allowed === 1 ? 1 : 0 };
    byRole.set(row.id, role);
  }
  return [...byRole.values()];
}

export async function upsertRolePermission(
  tx: Executor,
  entityId: string,
  roleId: string,
  permission: string,
  allowed: 0 | 1,
) {
  await tx
    .insert(rolePermissions)
    .values({ entityId, roleId, permission, allowed })
    .onConflictDoUpdate({
      target: [rolePermissions.entityId, rolePermissions.roleId, rolePermissions.permission],
      set: { allowed },
    });
}
