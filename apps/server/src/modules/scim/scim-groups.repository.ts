import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, sqlArray, type Executor } from '../../db/client';
import { scimGroupMembers, scimGroups } from '../../db/schema/index';
import { dateAttribute, idAttribute, someElement, textAttribute, type FilterAttributes } from './scim-filter';

// The SQL of SCIM groups and their members. Every function takes the company and, where a group is
// looked up, the integration: another integration's or company's group is not found.

export type ScimGroupRow = {
  id: string;
  displayName: string;
  externalId: string | null;
  userTypeId: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};
export type Member = { id: string; display: string };

const GROUP_COLUMNS = sql`
  g.id, g.display_name as "displayName", g.external_id as "externalId", g.user_type_id as "userTypeId",
  g.version, g.created_at as "createdAt", g.updated_at as "updatedAt"`;

type RawRow = Omit<ScimGroupRow, 'createdAt' | 'updatedAt'> & { createdAt: Date | string; updatedAt: Date | string };
const toRow = (r: RawRow): ScimGroupRow => ({
  ...r,
  createdAt: new Date(r.createdAt),
  updatedAt: new Date(r.updatedAt),
});

const someMember = (condition: SQL) =>
  sql`exists (select 1 from scim_group_members m where m.entity_id = g.entity_id and m.group_id = g.id and ${condition})`;

/** The filterable attributes of a Group (RFC 7643 §4.2), over the list's alias `g`. */
export const GROUP_FILTER: FilterAttributes = {
  id: idAttribute(sql`g.id`),
  displayname: textAttribute(sql`g.display_name`),
  externalid: textAttribute(sql`g.external_id`, { exact: true }),
  members: someElement(someMember, idAttribute(sql`m.user_id`)),
  'members.value': someElement(someMember, idAttribute(sql`m.user_id`)),
  'meta.created': dateAttribute(sql`g.created_at`),
  'meta.lastmodified': dateAttribute(sql`g.updated_at`),
};

const base = (entityId: string, integrationId: string) =>
  sql`from scim_groups g where g.entity_id = ${entityId} and g.integration_id = ${integrationId}`;

export async function findScimGroup(tx: Executor, entityId: string, integrationId: string, id: string) {
  const [row] = rowsOf<RawRow>(
    await tx.execute(sql`select ${GROUP_COLUMNS} ${base(entityId, integrationId)} and g.id = ${id}`),
  );
  return row ? toRow(row) : null;
}

export async function listScimGroups(
  tx: Executor,
  entityId: string,
  integrationId: string,
  where: SQL | undefined,
  offset: number,
  limit: number,
) {
  const condition = where ? sql` and ${where}` : sql``;
  const [{ n }] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n ${base(entityId, integrationId)}${condition}`),
  ) as [{ n: number }];
  const rows =
    limit > 0 && offset < n
      ? rowsOf<RawRow>(
          await tx.execute(sql`
            select ${GROUP_COLUMNS} ${base(entityId, integrationId)}${condition}
             order by g.created_at, g.id limit ${limit} offset ${offset}`),
        ).map(toRow)
      : [];
  return { rows, total: n };
}

export async function insertScimGroup(
  tx: Executor,
  row: { entityId: string; integrationId: string; id: string; displayName: string; externalId: string | null },
) {
  await tx.insert(scimGroups).values(row);
}

/** Writes a new version of the group (its version goes up by one). */
export async function updateScimGroup(
  tx: Executor,
  entityId: string,
  id: string,
  changes: { displayName: string; externalId: string | null },
) {
  await tx
    .update(scimGroups)
    .set({ ...changes, version: sql`${scimGroups.version} + 1`, updatedAt: new Date() })
    .where(and(eq(scimGroups.entityId, entityId), eq(scimGroups.id, id)));
}

export async function deleteScimGroup(tx: Executor, entityId: string, id: string) {
  await tx.delete(scimGroups).where(and(eq(scimGroups.entityId, entityId), eq(scimGroups.id, id)));
}

/** The members of each group, as a Group's `members` shows them (display: the user's displayName or userName). */
export async function membersOfGroups(tx: Executor, entityId: string, groupIds: string[]) {
  const byGroup = new Map<string, Member[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = rowsOf<{ groupId: string; id: string; display: string }>(
    await tx.execute(sql`
      select m.group_id as "groupId", u.id, coalesce(u.resource ->> 'displayName', u.user_name) as display
        from scim_group_members m join scim_users u on u.entity_id = m.entity_id and u.id = m.user_id
       where m.entity_id = ${entityId} and m.group_id = any(${sqlArray(groupIds, 'uuid')})
       order by u.created_at, u.id`),
  );
  for (const r of rows) byGroup.set(r.groupId, [...(byGroup.get(r.groupId) ?? []), { id: r.id, display: r.display }]);
  return byGroup;
}

export async function memberIdsOf(tx: Executor, entityId: string, groupId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: scimGroupMembers.userId })
    .from(scimGroupMembers)
    .where(and(eq(scimGroupMembers.entityId, entityId), eq(scimGroupMembers.groupId, groupId)));
  return rows.map((r) => r.userId);
}

/** Of the ids, those that are users of the integration. */
export async function knownUserIds(tx: Executor, entityId: string, integrationId: string, ids: string[]) {
  const uuids = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id));
  if (uuids.length === 0) return new Set<string>();
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select id from scim_users
       where entity_id = ${entityId} and integration_id = ${integrationId} and id = any(${sqlArray(uuids, 'uuid')})`),
  );
  return new Set(rows.map((r) => r.id));
}

export async function addMembers(tx: Executor, entityId: string, groupId: string, userIds: string[]) {
  if (userIds.length === 0) return;
  await tx
    .insert(scimGroupMembers)
    .values(userIds.map((userId) => ({ entityId, groupId, userId })))
    .onConflictDoNothing();
}

export async function removeMembers(tx: Executor, entityId: string, groupId: string, userIds: string[]) {
  if (userIds.length === 0) return;
  await tx.execute(sql`
    delete from scim_group_members
     where entity_id = ${entityId} and group_id = ${groupId} and user_id = any(${sqlArray(userIds, 'uuid')})`);
}
