import { sql } from 'drizzle-orm';
import { rowsOf, sqlArray, type Executor } from '../../db/client';
import type { IntegrationMapping } from '../../db/schema/index';
import { writeAudits } from '../audit/audit.repository';
import { newQrCode } from '../entities/entity-setup';
import { setDepartments } from '../integrations/sync-records.repository';
import { replaceUserTypes, userTypesOf } from '../people/people.repository';
import {
  findPeopleByValues,
  insertPeople,
  replacePeopleRefs,
  updatePeople,
} from '../people-import/import-people.repository';
import { auditActor, type ScimConnection } from './scim-connection';
import { uniqueness } from './scim-errors';
import type { PersonValues } from './scim-user-resource';
import { scimIntegrationOf } from './scim-users.repository';

// The people SCIM users stand for: who a new user is (a person of the company with their email is
// adopted), what is written to them (the import's writes, the directory syncs' departments), their
// status, their user type from their groups, and their link to the integration (directory_links, which
// the integration's pages count and list).

export type GroupOfPerson = { id: string; externalId: string | null; userTypeId: string | null; createdAt: Date };

/**
 * The user type a person's groups give: of the groups mapped to a user type that still exists, the
 * first in the integration's mapping order (a group is mapped there by its id or externalId), then the
 * groups mapped on their own row, oldest first; with none, the integration's default user type.
 */
export function userTypeOfGroups(
  groups: GroupOfPerson[],
  mapping: IntegrationMapping,
  existing: ReadonlySet<string>,
): string | null {
  const ranked = groups
    .map((g) => {
      const index = mapping.groups.findIndex((m) => m.id === g.id || (g.externalId !== null && m.id === g.externalId));
      const typeId = index >= 0 ? mapping.groups[index]!.userTypeId : g.userTypeId;
      return { g, index: index >= 0 ? index : Number.MAX_SAFE_INTEGER, typeId };
    })
    .filter((c): c is typeof c & { typeId: string } => c.typeId !== null && existing.has(c.typeId))
    .sort(
      (a, b) => a.index - b.index || a.g.createdAt.getTime() - b.g.createdAt.getTime() || a.g.id.localeCompare(b.g.id),
    );
  if (ranked.length) return ranked[0]!.typeId;
  const fallback = mapping.defaultUserTypeId ?? null;
  return fallback && existing.has(fallback) ? fallback : null;
}

/** By person: the user type their groups give (null: none, and no default). */
export async function resolveUserTypes(tx: Executor, conn: ScimConnection, personIds: string[]) {
  const groups = personIds.length
    ? rowsOf<GroupOfPerson & { userId: string; createdAt: Date | string }>(
        await tx.execute(sql`
          select m.user_id as "userId", g.id, g.external_id as "externalId", g.user_type_id as "userTypeId",
                 g.created_at as "createdAt"
            from scim_group_members m join scim_groups g on g.entity_id = m.entity_id and g.id = m.group_id
           where m.entity_id = ${conn.entityId} and g.integration_id = ${conn.integrationId}
             and m.user_id = any(${sqlArray(personIds, 'uuid')})`),
      )
    : [];
  const named = [
    ...new Set([
      ...conn.mapping.groups.map((g) => g.userTypeId),
      ...groups.flatMap((g) => (g.userTypeId ? [g.userTypeId] : [])),
      ...(conn.mapping.defaultUserTypeId ? [conn.mapping.defaultUserTypeId] : []),
    ]),
  ];
  const existing = new Set(
    named.length
      ? rowsOf<{ id: string }>(
          await tx.execute(sql`
            select id from user_types where entity_id = ${conn.entityId} and id = any(${sqlArray(named, 'uuid')})`),
        ).map((r) => r.id)
      : [],
  );
  const types = new Map<string, string | null>();
  for (const personId of personIds) {
    const own = groups.filter((g) => g.userId === personId).map((g) => ({ ...g, createdAt: new Date(g.createdAt) }));
    types.set(personId, userTypeOfGroups(own, conn.mapping, existing));
  }
  return types;
}

/**
 * Gives people the user type their groups give now (after a membership or mapping change). A person
 * whose groups give none keeps the types they have. Answers who changed.
 */
export async function reevaluateUserTypes(tx: Executor, conn: ScimConnection, personIds: string[]) {
  const ids = [...new Set(personIds)];
  if (ids.length === 0) return [];
  const resolved = await resolveUserTypes(tx, conn, ids);
  const current = await userTypesOf(tx, conn.entityId, ids);
  const changed: { personId: string; before: string[]; after: string }[] = [];
  for (const personId of ids) {
    const typeId = resolved.get(personId);
    const before = current.filter((c) => c.personId === personId).map((c) => c.id);
    if (typeId && !(before.length === 1 && before[0] === typeId)) changed.push({ personId, before, after: typeId });
  }
  for (const typeId of new Set(changed.map((c) => c.after))) {
    const people = changed.filter((c) => c.after === typeId).map((c) => c.personId);
    await replaceUserTypes(tx, conn.entityId, people, [typeId]);
  }
  await writeAudits(
    tx,
    auditActor(conn),
    changed.map((c) => ({
      action: 'scim.user.user_type',
      targetType: 'person',
      targetId: c.personId,
      before: { user_type_ids: c.before },
      after: { user_type_ids: [c.after] },
    })),
  );
  return changed;
}

/**
 * Checks the person's unique values (email, phone, id number) against the company's other people.
 * `personId`: the person the user already is (an update). For a new user (`personId` null) a person
 * holding the email who is no SCIM user yet is the same person, already known to the company: they
 * are adopted (linked) rather than duplicated, and answered. Any other holder is a 409 uniqueness.
 */
export async function checkUniqueValues(
  tx: Executor,
  conn: ScimConnection,
  values: PersonValues,
  personId: string | null,
): Promise<{ adoptId: string | null }> {
  const found = await findPeopleByValues(tx, conn.entityId, undefined, {
    emails: values.email ? [values.email] : [],
    // A number without its code is unique to no index: only full numbers can clash.
    phones: values.phone && values.phoneCode ? [{ code: values.phoneCode, phone: values.phone }] : [],
    idNumbers: values.idNumber ? [values.idNumber.toLowerCase()] : [],
  });
  let adoptId: string | null = null;
  const emailHolder = values.email ? found.find((p) => p.emailLower === values.email && p.id !== personId) : undefined;
  if (emailHolder) {
    if (personId !== null) throw uniqueness('The email address is taken by another person of the company');
    if (await scimIntegrationOf(tx, conn.entityId, emailHolder.id)) {
      throw uniqueness('The email address is taken by another SCIM user');
    }
    adoptId = emailHolder.id;
  }
  const self = personId ?? adoptId;
  const others = found.filter((p) => p.id !== self);
  if (
    values.phone &&
    values.phoneCode &&
    others.some((p) => p.phone === values.phone && p.phoneCode === values.phoneCode)
  ) {
    throw uniqueness('The phone number is taken by another person of the company');
  }
  if (values.idNumber && others.some((p) => p.idNumberLower === values.idNumber!.toLowerCase())) {
    throw uniqueness('The employee number is taken by another person of the company');
  }
  return { adoptId };
}

export type PersonWrite = {
  personId: string;
  /** A person made for the user (else an existing person: adopted, or the user's own). */
  isNew: boolean;
  values: PersonValues;
  /** The user type their groups give (null: keep what they have; a new person then has none yet). */
  typeId: string | null;
  active: boolean;
  /** The role of a new person. */
  roleId?: string;
};

/**
 * Writes the person: their details (a value the user no longer gives keeps what is stored, as the
 * directory syncs do), the integration's sites (others an admin gave stay), the user type, the
 * department by name (made when the company has none of the name), the status, and the link.
 * Answers whether the status changed.
 */
export async function writePerson(tx: Executor, conn: ScimConnection, w: PersonWrite) {
  const { entityId } = conn;
  const details = {
    id: w.personId,
    firstName: w.values.firstName,
    lastName: w.values.lastName,
    email: w.values.email,
    phoneCode: w.values.phone ? w.values.phoneCode : null,
    phone: w.values.phone,
    idNumber: w.values.idNumber,
    companyName: null,
    image: null,
  };
  if (w.isNew) {
    await insertPeople(tx, entityId, w.roleId!, [{ ...details, qrCode: newQrCode() }]);
  } else {
    await updatePeople(tx, entityId, [details]);
  }
  const typeIds = w.typeId ? [w.typeId] : (await userTypesOf(tx, entityId, [w.personId])).map((t) => t.id);
  await replacePeopleRefs(
    tx,
    entityId,
    [{ personId: w.personId, siteIds: conn.siteIds, typeIds, isNew: w.isNew }],
    conn.siteIds,
  );
  if (w.values.department) await setDepartments(tx, entityId, [{ personId: w.personId, name: w.values.department }]);
  const statusChanged = await setPersonActive(tx, entityId, w.personId, w.active);
  await linkPerson(tx, conn, w.personId, !w.active);
  return { statusChanged };
}

/**
 * `active: false` archives the person, `true` restores them; the company's default people (its owner)
 * are never archived. Answers whether the status changed.
 */
export async function setPersonActive(tx: Executor, entityId: string, personId: string, active: boolean) {
  const status = active ? 'active' : 'archived';
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update people set status = ${status}, updated_at = now()
       where entity_id = ${entityId} and id = ${personId} and status <> ${status}
         ${active ? sql`` : sql`and not is_default`}
      returning id`),
  );
  return rows.length > 0;
}

/** The person's link to the integration, keyed by the SCIM user's id (the person's own, stable). */
export async function linkPerson(tx: Executor, conn: ScimConnection, personId: string, archived: boolean) {
  await tx.execute(sql`
    insert into directory_links (entity_id, integration_id, external_id, person_id, source_hash, archived_by_sync)
    values (${conn.entityId}, ${conn.integrationId}, ${personId}, ${personId}, 'scim', ${archived})
    on conflict (entity_id, integration_id, external_id) do update set
      archived_by_sync = excluded.archived_by_sync, updated_at = now()`);
}
