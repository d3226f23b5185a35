import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import { writeAudit } from '../audit/audit.repository';
import {
  auditActor,
  reading,
  roleForNewPeople,
  writing,
  type Attributes,
  type ScimConnection,
} from './scim-connection';
import { invalidValue, notFound, uniqueness } from './scim-errors';
import { filterToSql } from './scim-filter';
import { applyPatch, checkIdKept, readPatchBody } from './scim-patch-ops';
import { checkUniqueValues, linkPerson, resolveUserTypes, setPersonActive, writePerson } from './scim-people';
import { checkIfMatch, listResponse, projectResource, readListQuery, wantsAttribute } from './scim-request';
import type { ScimCaller } from './scim-token';
import { patchableUser, personValuesOf, readUserBody, toUserResource, type ScimUserInput } from './scim-user-resource';
import {
  deleteScimUser,
  findScimUser,
  groupsOfUsers,
  insertScimUser,
  listScimUsers,
  updateScimUser,
  USER_FILTER,
  userNameTaken,
  type ScimUserRow,
} from './scim-users.repository';

// SCIM Users (RFC 7644 §3.3–3.6): each is one of the company's people, kept in step with what the
// identity provider writes. Every read and write runs in the company's transaction and names the
// integration: another integration's or company's users are not found. Every change is audited and
// counted in the day's log row of the integration; a refused write is counted as failed.

async function answerUser(tx: Executor, conn: ScimConnection, id: string, attributes?: Attributes) {
  const user = await findScimUser(tx, conn.entityId, conn.integrationId, id);
  if (!user) throw notFound('User', id);
  const groups = (await groupsOfUsers(tx, conn.entityId, conn.integrationId, [id])).get(id) ?? [];
  const full = toUserResource(user, groups, conn.baseUrl);
  return { resource: attributes ? projectResource(full, attributes) : full, id, version: user.version, user };
}

export async function getUser(app: FastifyInstance, caller: ScimCaller, id: string, attributes: Attributes) {
  return reading(app, caller, async (tx, conn) => answerUser(tx, conn, id, attributes));
}

export async function listUsers(app: FastifyInstance, caller: ScimCaller, query: unknown) {
  const q = readListQuery(query);
  const where = q.filter ? filterToSql(q.filter, USER_FILTER) : undefined;
  return reading(app, caller, async (tx, conn) => {
    const { rows, total } = await listScimUsers(
      tx,
      conn.entityId,
      conn.integrationId,
      where,
      q.startIndex - 1,
      q.count,
    );
    const groups = wantsAttribute(q, 'groups')
      ? await groupsOfUsers(
          tx,
          conn.entityId,
          conn.integrationId,
          rows.map((r) => r.id),
        )
      : new Map<string, { id: string; displayName: string }[]>();
    const resources = rows.map((r) => projectResource(toUserResource(r, groups.get(r.id) ?? [], conn.baseUrl), q));
    return listResponse(resources, total, q.startIndex);
  });
}

/**
 * Writes a user's new state: the person they stand for (made, adopted by email, or their own), then the
 * user's row. Answers the person's id, whether a person was made or adopted, and whether their status
 * changed.
 */
async function saveUser(tx: Executor, conn: ScimConnection, existing: ScimUserRow | null, input: ScimUserInput) {
  const values = personValuesOf(input, conn.fields);
  if (await userNameTaken(tx, conn.entityId, conn.integrationId, input.userName, existing?.id)) {
    throw uniqueness(`userName ${JSON.stringify(input.userName)} is already taken`);
  }
  if (conn.siteIds.length === 0) {
    throw invalidValue('The SCIM connection has no sites yet: finish its settings in the dashboard');
  }
  // A person of the company with this email who is no SCIM user yet is adopted (linked), not duplicated.
  const { adoptId } = await checkUniqueValues(tx, conn, values, existing?.id ?? null);
  const personId = existing?.id ?? adoptId ?? newId();
  const isNew = !existing && !adoptId;
  const roleId = isNew ? await roleForNewPeople(tx, conn) : undefined;
  const typeId = (await resolveUserTypes(tx, conn, [personId])).get(personId) ?? null;
  const { statusChanged } = await writePerson(tx, conn, {
    personId,
    isNew,
    values,
    typeId,
    active: input.active,
    roleId,
  });
  const row = {
    userName: input.userName,
    externalId: input.externalId,
    active: input.active,
    resource: input.resource,
  };
  if (existing) await updateScimUser(tx, conn.entityId, personId, row);
  else await insertScimUser(tx, { entityId: conn.entityId, integrationId: conn.integrationId, id: personId, ...row });
  return { personId, isNew, adopted: adoptId !== null, statusChanged };
}

export async function createUser(app: FastifyInstance, caller: ScimCaller, body: unknown, attributes: Attributes) {
  return writing(app, caller, async (tx, conn) => {
    const saved = await saveUser(tx, conn, null, readUserBody(body));
    const answer = await answerUser(tx, conn, saved.personId);
    await writeAudit(tx, auditActor(conn), {
      action: saved.adopted ? 'scim.user.adopt' : 'scim.user.create',
      targetType: 'person',
      targetId: saved.personId,
      after: answer.resource,
    });
    return {
      result: { ...answer, resource: projectResource(answer.resource, attributes) },
      counter: saved.isNew ? 'created' : 'updated',
    };
  });
}

/** PUT and PATCH: the user's new state (read inside the write, so a refused body counts as failed), unless it is what is stored already. */
async function changeUser(
  app: FastifyInstance,
  caller: ScimCaller,
  id: string,
  ifMatch: string | string[] | undefined,
  attributes: Attributes,
  next: (existing: ScimUserRow) => ScimUserInput,
) {
  return writing(app, caller, async (tx, conn) => {
    const before = await answerUser(tx, conn, id);
    checkIfMatch(ifMatch, before.version);
    const input = next(before.user);
    const same =
      input.userName === before.user.userName &&
      input.externalId === before.user.externalId &&
      input.active === before.user.active &&
      isDeepStrictEqual(input.resource, before.user.resource);
    if (same) {
      return {
        result: { ...before, resource: projectResource(before.resource, attributes) },
        counter: 'unchanged' as const,
      };
    }
    const saved = await saveUser(tx, conn, before.user, input);
    const after = await answerUser(tx, conn, id);
    const action = !saved.statusChanged ? 'update' : input.active ? 'reactivate' : 'deactivate';
    await writeAudit(tx, auditActor(conn), {
      action: `scim.user.${action}`,
      targetType: 'person',
      targetId: id,
      before: before.resource,
      after: after.resource,
    });
    return {
      result: { ...after, resource: projectResource(after.resource, attributes) },
      counter: action === 'deactivate' ? ('archived' as const) : ('updated' as const),
    };
  });
}

/** §3.5.1: the whole user replaced (id and meta are ours and ignored). */
export function replaceUser(
  app: FastifyInstance,
  caller: ScimCaller,
  id: string,
  body: unknown,
  ifMatch: string | string[] | undefined,
  attributes: Attributes,
) {
  return changeUser(app, caller, id, ifMatch, attributes, () => readUserBody(body));
}

/** §3.5.2: the operations applied to the user as stored, the result checked as a whole user. */
export function patchUser(
  app: FastifyInstance,
  caller: ScimCaller,
  id: string,
  body: unknown,
  ifMatch: string | string[] | undefined,
  attributes: Attributes,
) {
  return changeUser(app, caller, id, ifMatch, attributes, (existing) => {
    const patched = applyPatch(patchableUser(existing), readPatchBody(body));
    checkIdKept(patched, existing.id);
    return readUserBody(patched);
  });
}

/**
 * §3.6: the user goes, the person stays, archived (people are never deleted by a directory). The user's
 * row is removed so the identity provider may make the user again: a new user with the person's email
 * adopts them back.
 */
export function deleteUser(
  app: FastifyInstance,
  caller: ScimCaller,
  id: string,
  ifMatch: string | string[] | undefined,
) {
  return writing(app, caller, async (tx, conn) => {
    const before = await answerUser(tx, conn, id);
    checkIfMatch(ifMatch, before.version);
    await setPersonActive(tx, conn.entityId, id, false);
    await linkPerson(tx, conn, id, true);
    await deleteScimUser(tx, conn.entityId, id);
    await writeAudit(tx, auditActor(conn), {
      action: 'scim.user.delete',
      targetType: 'person',
      targetId: id,
      before: before.resource,
    });
    return { result: undefined, counter: 'archived' as const };
  });
}
