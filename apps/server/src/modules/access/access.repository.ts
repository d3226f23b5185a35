import { and, eq, sql } from 'drizzle-orm';
import type { PermissionMap } from '@app/shared/access/permissions';
import type { Executor } from '../../db/client';
import { entities, memberships, rolePermissions, roles } from '../../db/schema/index';
import type { EntityRecord } from './access.types';

export async function findEntity(db: Executor, entityId: string): Promise<EntityRecord | null> {
  const [row] = await db.select().from(entities).where(eq(entities.id, entityId)).limit(1);
  return row ? toEntityRecord(row) : null;
}

export function toEntityRecord(row: typeof entities.$inferSelect): EntityRecord {
  return {
    id: row.id,
    name: row.name,
    subdomain: row.subdomain,
    logo: row.logo,
    package: row.package === 'Standalone' ? 'Standalone' : 'Cloud',
    plan: row.plan === 1 || row.plan === 2 ? row.plan : 3,
    subscription: row.subscription === 'standalone' ? 'standalone' : 'cloud',
    ownerId: row.ownerId,
    twoStepEnabled: row.twoStepEnabled,
    otpRoles: row.otpRoles,
    timezone: row.timezone,
  };
}

export async function findMembership(db: Executor, entityId: string, userId: string) {
  const [row] = await db
    .select({
      id: memberships.id,
      isOwner: memberships.isOwner,
      status: memberships.status,
      roleId: roles.id,
      roleName: roles.name,
      roleKey: roles.key,
    })
    .from(memberships)
    .innerJoin(roles, and(eq(roles.entityId, memberships.entityId), eq(roles.id, memberships.roleId)))
    .where(and(eq(memberships.entityId, entityId), eq(memberships.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function loadRolePermissions(db: Executor, entityId: string, roleId: string): Promise<PermissionMap> {
  const rows = await db
    .select({ permission: rolePermissions.permission, allowed: rolePermissions.allowed })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.entityId, entityId), eq(rolePermissions.roleId, roleId)));
  const map: Record<string, { allowed: 0 | 1 }> = {};
  for (const row of rows) map[row.permission] = { allowed: row.allowed === 1 ? 1 : 0 };
  return map;
}

/** The admin role's permissions: what an entity API token may do. */
export async function loadAdminPermissions(db: Executor, entityId: string): Promise<PermissionMap> {
  const [admin] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.entityId, entityId), eq(roles.key, 'admin')))
    .limit(1);
  return admin ? loadRolePermissions(db, entityId, admin.id) : {};
}

/**
 * The company, the person's membership and role, and the role's permissions in one query: this runs
 * on every request, so it is one round trip rather than three.
 */
export async function findMembershipAccess(db: Executor, entityId: string, userId: string) {
  const [row] = await db
    .select({
      entity: entities,
      membershipId: memberships.id,
      isOwner: memberships.isOwner,
      status: memberships.status,
      roleId: roles.id,
      roleName: roles.name,
      roleKey: roles.key,
      siteScope: memberships.siteScope,
      // Correlated subqueries written out in full, so no column can bind to the wrong table.
      siteIds: sql<string[] | null>`(
        select json_agg(ps.site_id) from person_sites ps
        join people p on p.entity_id = ps.entity_id and p.id = ps.person_id
        where p.entity_id = "memberships"."entity_id" and p.membership_id = "memberships"."id"
      )`,
      // The person's user types and every type below them in the tree.
      userTypeIds: sql<string[] | null>`(
        with recursive scope(id) as (
          select put.user_type_id from person_user_types put
          join people p on p.entity_id = put.entity_id and p.id = put.person_id
          where p.entity_id = "memberships"."entity_id" and p.membership_id = "memberships"."id"
          union
          select ut.id from user_types ut join scope on ut.parent_id = scope.id
          where ut.entity_id = "memberships"."entity_id"
        )
        select json_agg(id) from scope
      )`,
      permissions: sql<Record<string, number> | null>`(
        select json_object_agg(rp.permission, rp.allowed) from role_permissions rp
        where rp.entity_id = "memberships"."entity_id" and rp.role_id = "memberships"."role_id"
      )`,
    })
    .from(memberships)
    .innerJoin(entities, eq(entities.id, memberships.entityId))
    .innerJoin(roles, and(eq(roles.entityId, memberships.entityId), eq(roles.id, memberships.roleId)))
    .where(and(eq(memberships.entityId, entityId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row) return null;
  const permissions: Record<string, { allowed: 0 | 1 }> = {};
  for (const [name, allowed] of Object.entries(row.permissions ?? {}))
    permissions[name] = { allowed: allowed === 1 ? 1 : 0 };
  return {
    ...row,
    entity: toEntityRecord(row.entity),
    permissions: permissions as PermissionMap,
    siteIds: row.siteScope === 'assigned' && !row.isOwner ? (row.siteIds ?? []) : null,
    userTypeIds: row.siteScope === 'assigned' && !row.isOwner ? (row.userTypeIds ?? []) : null,
  };
}
