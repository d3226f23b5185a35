import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, sqlArray, type Executor } from '../../db/client';
import { scimUsers } from '../../db/schema/index';
import {
  booleanAttribute,
  dateAttribute,
  idAttribute,
  someElement,
  textAttribute,
  type FilterAttributes,
} from './scim-filter';
import type { StoredUser } from './scim-user-resource';

// The SQL of SCIM users: the scim_users row of each (the person's id is its id) joined to the person.
// Every function takes the company and, where a user is looked up, the integration: another
// integration's or company's user is not found.

export type ScimUserRow = StoredUser & { personStatus: string; isDefault: boolean };

const USER_COLUMNS = sql`
  u.id, u.user_name as "userName", u.external_id as "externalId", u.active, u.resource, u.version,
  u.created_at as "createdAt", u.updated_at as "updatedAt", p.status as "personStatus", p.is_default as "isDefault"`;

type RawRow = Omit<ScimUserRow, 'createdAt' | 'updatedAt'> & { createdAt: Date | string; updatedAt: Date | string };
const toRow = (r: RawRow): ScimUserRow => ({
  ...r,
  createdAt: new Date(r.createdAt),
  updatedAt: new Date(r.updatedAt),
});

/** The elements of a jsonb array attribute of the resource (none when it is absent or not an array). */
const elementsOf = (attribute: string) =>
  sql`jsonb_array_elements(case when jsonb_typeof(u.resource -> ${attribute}) = 'array'
                                then u.resource -> ${attribute} else '[]'::jsonb end)`;
const someEmail = (condition: SQL) => sql`exists (select 1 from ${elementsOf('emails')} e where ${condition})`;

/** The filterable attributes of a User (RFC 7643 §4.1), over the list's alias `u`. */
export const USER_FILTER: FilterAttributes = {
  id: idAttribute(sql`u.id`),
  // userName is compared without case (caseExact false); the column keeps it lower-cased too.
  username: textAttribute(sql`u.user_name_lower`),
  externalid: textAttribute(sql`u.external_id`, { exact: true }),
  active: booleanAttribute(sql`u.active`),
  displayname: textAttribute(sql`(u.resource ->> 'displayName')`),
  emails: someElement(someEmail, textAttribute(sql`(e ->> 'value')`)),
  'emails.value': someElement(someEmail, textAttribute(sql`(e ->> 'value')`)),
  'emails.type': someElement(someEmail, textAttribute(sql`(e ->> 'type')`)),
  'meta.created': dateAttribute(sql`u.created_at`),
  'meta.lastmodified': dateAttribute(sql`u.updated_at`),
};

const base = (entityId: string, integrationId: string) =>
  sql`from scim_users u join people p on p.entity_id = u.entity_id and p.id = u.id
       where u.entity_id = ${entityId} and u.integration_id = ${integrationId}`;

export async function findScimUser(
  tx: Executor,
  entityId: string,
  integrationId: string,
  id: string,
): Promise<ScimUserRow | null> {
  const [row] = rowsOf<RawRow>(
    await tx.execute(sql`select ${USER_COLUMNS} ${base(entityId, integrationId)} and u.id = ${id}`),
  );
  return row ? toRow(row) : null;
}

/** A page of users in the order they were made, and how many the filter finds in all. */
export async function listScimUsers(
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
            select ${USER_COLUMNS} ${base(entityId, integrationId)}${condition}
             order by u.created_at, u.id limit ${limit} offset ${offset}`),
        ).map(toRow)
      : [];
  return { rows, total: n };
}

/** The integration a person is a SCIM user of, if any (a person is one integration's user at most). */
export async function scimIntegrationOf(tx: Executor, entityId: string, personId: string): Promise<string | null> {
  const [row] = await tx
    .select({ integrationId: scimUsers.integrationId })
    .from(scimUsers)
    .where(and(eq(scimUsers.entityId, entityId), eq(scimUsers.id, personId)));
  return row?.integrationId ?? null;
}

/** Whether another user of the integration has the userName, compared without case. */
export async function userNameTaken(
  tx: Executor,
  entityId: string,
  integrationId: string,
  userName: string,
  exceptId?: string,
) {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select id from scim_users
       where entity_id = ${entityId} and integration_id = ${integrationId}
         and user_name_lower = ${userName.toLowerCase()} ${exceptId ? sql`and id <> ${exceptId}` : sql``}
       limit 1`),
  );
  return rows.length > 0;
}

export async function insertScimUser(
  tx: Executor,
  row: { entityId: string; integrationId: string } & Pick<
    StoredUser,
    'id' | 'userName' | 'externalId' | 'active' | 'resource'
  >,
) {
  await tx.insert(scimUsers).values(row);
}

/** Writes a new version of the user (its version goes up by one). */
export async function updateScimUser(
  tx: Executor,
  entityId: string,
  id: string,
  changes: Pick<StoredUser, 'userName' | 'externalId' | 'active' | 'resource'>,
) {
  await tx
    .update(scimUsers)
    .set({ ...changes, version: sql`${scimUsers.version} + 1`, updatedAt: new Date() })
    .where(and(eq(scimUsers.entityId, entityId), eq(scimUsers.id, id)));
}

/** Removes the user (their memberships go with them); the groups they were in get a new version. */
export async function deleteScimUser(tx: Executor, entityId: string, id: string) {
  await tx.execute(sql`
    update scim_groups g set version = g.version + 1, updated_at = now()
     where g.entity_id = ${entityId}
       and g.id in (select m.group_id from scim_group_members m where m.entity_id = ${entityId} and m.user_id = ${id})`);
  await tx.delete(scimUsers).where(and(eq(scimUsers.entityId, entityId), eq(scimUsers.id, id)));
}

/** The groups of each user (the User's read-only `groups`). */
export async function groupsOfUsers(tx: Executor, entityId: string, integrationId: string, userIds: string[]) {
  const byUser = new Map<string, { id: string; displayName: string }[]>();
  if (userIds.length === 0) return byUser;
  const rows = rowsOf<{ userId: string; id: string; displayName: string }>(
    await tx.execute(sql`
      select m.user_id as "userId", g.id, g.display_name as "displayName"
        from scim_group_members m join scim_groups g on g.entity_id = m.entity_id and g.id = m.group_id
       where m.entity_id = ${entityId} and g.integration_id = ${integrationId}
         and m.user_id = any(${sqlArray(userIds, 'uuid')})
       order by g.display_name, g.id`),
  );
  for (const r of rows)
    byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), { id: r.id, displayName: r.displayName }]);
  return byUser;
}
