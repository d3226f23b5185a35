import { and, eq, gt, sql } from 'drizzle-orm';
import type { PermissionMap } from '@app/shared/access/permissions';
import type { Executor } from '../../db/client';
import { entities, entityColumns, memberships, roles, sessions, users } from '../../db/schema/index';
import type { EntityRecord } from './access.types';

export async function findEntity(db: Executor, entityId: string): Promise<EntityRecord | null> {
  const [row] = await db.select(entityColumns).from(entities).where(eq(entities.id, entityId)).limit(1);
  return row ? toEntityRecord(row) : null;
}

/** A company's row as a company's transaction reads it: everything but the API token's hash. */
export type EntityRow = Omit<typeof entities.$inferSelect, 'clientTokenHash'>;

export function toEntityRecord(row: EntityRow): EntityRecord {
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

/**
 * A membership as access needs it: the company, the membership and its role, the role's permissions,
 * and the admin's scope. Correlated subqueries are written out in full, so no column can bind to the
 * wrong table; with no membership (a left join) they are null.
 */
const membershipAccessFields = {
  entity: entityColumns,
  membershipId: memberships.id,
  isOwner: memberships.isOwner,
  status: memberships.status,
  roleId: roles.id,
  roleName: roles.name,
  roleKey: roles.key,
  siteScope: memberships.siteScope,
  personId: sql<string | null>`(
    select p.id from people p
    where p.entity_id = "memberships"."entity_id" and p.membership_id = "memberships"."id"
  )`,
  // The name the company knows the member by (migration 0023 announces a change of it).
  personName: sql<string | null>`(
    select trim(p.first_name || ' ' || p.last_name) from people p
    where p.entity_id = "memberships"."entity_id" and p.membership_id = "memberships"."id"
  )`,
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
};

type MembershipAccessRow = {
  entity: EntityRow;
  membershipId: string;
  isOwner: boolean;
  status: string;
  roleId: string;
  roleName: string;
  roleKey: string | null;
  siteScope: string;
  personId: string | null;
  personName: string | null;
  siteIds: string[] | null;
  userTypeIds: string[] | null;
  permissions: Record<string, number> | null;
};

export type MembershipAccess = ReturnType<typeof toMembershipAccess>;

function toMembershipAccess(row: MembershipAccessRow) {
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

/** The company, the person's membership and role, and the role's permissions in one query. */
export async function findMembershipAccess(db: Executor, entityId: string, userId: string) {
  const [row] = await db
    .select(membershipAccessFields)
    .from(memberships)
    .innerJoin(entities, eq(entities.id, memberships.entityId))
    .innerJoin(roles, and(eq(roles.entityId, memberships.entityId), eq(roles.id, memberships.roleId)))
    .where(and(eq(memberships.entityId, entityId), eq(memberships.userId, userId)))
    .limit(1);
  return row ? toMembershipAccess(row) : null;
}

const sessionAccessQueries = new WeakMap<Executor, ReturnType<typeof prepareSessionAccess>>();

/**
 * A live session, its login, and the membership of its company (when it has one) in one prepared
 * statement: it runs whenever a session is not in the access cache. It runs as the connecting role,
 * outside any company's transaction, as every look-up keyed by a session does (ARCHITECTURE.md).
 */
function prepareSessionAccess(db: Executor) {
  return db
    .select({ session: sessions, user: users, ...membershipAccessFields })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(memberships, and(eq(memberships.entityId, sessions.entityId), eq(memberships.userId, sessions.userId)))
    .leftJoin(entities, eq(entities.id, memberships.entityId))
    .leftJoin(roles, and(eq(roles.entityId, memberships.entityId), eq(roles.id, memberships.roleId)))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_access');
}

export async function findSessionAccess(db: Executor, sessionId: string) {
  let query = sessionAccessQueries.get(db);
  if (!query) sessionAccessQueries.set(db, (query = prepareSessionAccess(db)));
  const [row] = await query.execute({ id: sessionId });
  if (!row) return null;
  const { session, user, ...membership } = row;
  return {
    found: { session, user },
    membership:
      membership.membershipId && membership.entity ? toMembershipAccess(membership as MembershipAccessRow) : null,
  };
}
