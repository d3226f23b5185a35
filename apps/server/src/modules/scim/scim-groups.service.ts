import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import { writeAudit } from '../audit/audit.repository';
import { auditActor, reading, writing, type Attributes, type ScimConnection } from './scim-connection';
import { invalidValue, notFound } from './scim-errors';
import { filterToSql } from './scim-filter';
import {
  addMembers,
  deleteScimGroup,
  findScimGroup,
  GROUP_FILTER,
  insertScimGroup,
  knownUserIds,
  listScimGroups,
  memberIdsOf,
  membersOfGroups,
  removeMembers,
  updateScimGroup,
  type Member,
  type ScimGroupRow,
} from './scim-groups.repository';
import {
  applyMemberOps,
  applyPatch,
  checkIdKept,
  isRecord,
  memberIdsOf as idsOfValue,
  readPatchBody,
  valueOf,
} from './scim-patch-ops';
import { reevaluateUserTypes } from './scim-people';
import { checkIfMatch, etagOf, listResponse, projectResource, readListQuery, wantsAttribute } from './scim-request';
import type { ScimCaller } from './scim-token';

// SCIM Groups (RFC 7643 §4.2): a group of the integration's users. A group may stand for one of the
// company's user types (its row's user type, or the integration's mapping): whenever who is in it
// changes, its members, past and present, get the user type their groups give now.

export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const DISPLAY_NAME_MAX = 300;

type GroupInput = { displayName: string; externalId: string | null; memberIds: string[] };

function readGroupAttributes(body: unknown): Omit<GroupInput, 'memberIds'> {
  if (!isRecord(body)) throw invalidValue('The body must be a Group resource');
  const displayName = valueOf(body, 'displayName');
  if (typeof displayName !== 'string' || !displayName.trim()) throw invalidValue('displayName is required');
  if (displayName.trim().length > DISPLAY_NAME_MAX) {
    throw invalidValue(`displayName is longer than ${DISPLAY_NAME_MAX} characters`);
  }
  const externalId = valueOf(body, 'externalId');
  if (externalId !== undefined && externalId !== null && typeof externalId !== 'string') {
    throw invalidValue('externalId must be a string');
  }
  return {
    displayName: displayName.trim(),
    externalId: typeof externalId === 'string' && externalId ? externalId : null,
  };
}

const unique = (ids: string[]) => [...new Set(ids)];

/** POST and PUT: the group whole, its members by the ids of the integration's users. */
function readGroupBody(body: unknown): GroupInput {
  const attributes = readGroupAttributes(body);
  return {
    ...attributes,
    memberIds: unique(idsOfValue(valueOf(body as Record<string, unknown>, 'members'), 'members')),
  };
}

export function toGroupResource(group: ScimGroupRow, members: Member[] | null, baseUrl: string) {
  return {
    schemas: [GROUP_SCHEMA],
    id: group.id,
    ...(group.externalId !== null ? { externalId: group.externalId } : {}),
    displayName: group.displayName,
    ...(members
      ? {
          members: members.map((m) => ({
            value: m.id,
            $ref: `${baseUrl}/Users/${m.id}`,
            display: m.display,
            type: 'User',
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: group.createdAt.toISOString(),
      lastModified: group.updatedAt.toISOString(),
      location: `${baseUrl}/Groups/${group.id}`,
      version: etagOf(group.version),
    },
  };
}

async function answerGroup(tx: Executor, conn: ScimConnection, id: string, attributes: Attributes | null) {
  const group = await findScimGroup(tx, conn.entityId, conn.integrationId, id);
  if (!group) throw notFound('Group', id);
  // A group's members are read only when they are answered (Entra asks without them).
  const withMembers = attributes === null || wantsAttribute(attributes, 'members');
  const members = withMembers ? ((await membersOfGroups(tx, conn.entityId, [id])).get(id) ?? []) : null;
  const full = toGroupResource(group, members, conn.baseUrl);
  return { resource: attributes ? projectResource(full, attributes) : full, id, version: group.version, group };
}

export function getGroup(app: FastifyInstance, caller: ScimCaller, id: string, attributes: Attributes) {
  return reading(app, caller, (tx, conn) => answerGroup(tx, conn, id, attributes));
}

export async function listGroups(app: FastifyInstance, caller: ScimCaller, query: unknown) {
  const q = readListQuery(query);
  const where = q.filter ? filterToSql(q.filter, GROUP_FILTER) : undefined;
  return reading(app, caller, async (tx, conn) => {
    const { rows, total } = await listScimGroups(
      tx,
      conn.entityId,
      conn.integrationId,
      where,
      q.startIndex - 1,
      q.count,
    );
    const members = wantsAttribute(q, 'members')
      ? await membersOfGroups(
          tx,
          conn.entityId,
          rows.map((r) => r.id),
        )
      : null;
    const resources = rows.map((r) =>
      projectResource(toGroupResource(r, members ? (members.get(r.id) ?? []) : null, conn.baseUrl), q),
    );
    return listResponse(resources, total, q.startIndex);
  });
}

/**
 * Writes the group and its members; the members who came or went get the user type their groups give
 * now. Answers whether anything changed.
 */
async function saveGroup(
  tx: Executor,
  conn: ScimConnection,
  id: string,
  existing: ScimGroupRow | null,
  input: GroupInput,
): Promise<boolean> {
  const known = await knownUserIds(tx, conn.entityId, conn.integrationId, input.memberIds);
  const unknown = input.memberIds.filter((m) => !known.has(m));
  if (unknown.length) throw invalidValue(`members: no user ${JSON.stringify(unknown[0])} in this connection`);
  const current = existing ? await memberIdsOf(tx, conn.entityId, id) : [];
  const added = input.memberIds.filter((m) => !current.includes(m));
  const removed = current.filter((m) => !input.memberIds.includes(m));
  const same =
    existing !== null &&
    existing.displayName === input.displayName &&
    existing.externalId === input.externalId &&
    added.length === 0 &&
    removed.length === 0;
  if (same) return false;
  const row = { displayName: input.displayName, externalId: input.externalId };
  if (existing) await updateScimGroup(tx, conn.entityId, id, row);
  else await insertScimGroup(tx, { entityId: conn.entityId, integrationId: conn.integrationId, id, ...row });
  await addMembers(tx, conn.entityId, id, added);
  await removeMembers(tx, conn.entityId, id, removed);
  await reevaluateUserTypes(tx, conn, [...added, ...removed]);
  await writeAudit(tx, auditActor(conn), {
    action: existing ? 'scim.group.update' : 'scim.group.create',
    targetType: 'scim_group',
    targetId: id,
    before: existing ? { displayName: existing.displayName, externalId: existing.externalId, members: current } : null,
    after: { ...row, members: input.memberIds, added, removed },
  });
  return true;
}

export function createGroup(app: FastifyInstance, caller: ScimCaller, body: unknown, attributes: Attributes) {
  return writing(app, caller, async (tx, conn) => {
    const id = newId();
    await saveGroup(tx, conn, id, null, readGroupBody(body));
    return { result: await answerGroup(tx, conn, id, attributes), counter: 'updated' as const };
  });
}

/** PUT and PATCH: the group's new state; `answer` null answers nothing (204). */
function changeGroup(
  app: FastifyInstance,
  caller: ScimCaller,
  id: string,
  ifMatch: string | string[] | undefined,
  answer: Attributes | null,
  next: (tx: Executor, conn: ScimConnection, group: ScimGroupRow) => Promise<GroupInput>,
) {
  return writing(app, caller, async (tx, conn) => {
    const group = await findScimGroup(tx, conn.entityId, conn.integrationId, id);
    if (!group) throw notFound('Group', id);
    checkIfMatch(ifMatch, group.version);
    const changed = await saveGroup(tx, conn, id, group, await next(tx, conn, group));
    return {
      result: answer ? await answerGroup(tx, conn, id, answer) : null,
      counter: changed ? ('updated' as const) : ('unchanged' as const),
    };
  });
}

export function replaceGroup(
  app: FastifyInstance,
  caller: ScimCaller,
  id: string,
  body: unknown,
  ifMatch: string | string[] | undefined,
  attributes: Attributes,
) {
  return changeGroup(app, caller, id, ifMatch, attributes, async () => readGroupBody(body));
}

/**
 * §3.5.2 on a group: member operations on the member rows, the rest (displayName, externalId) through
 * scim-patch. `answer`: the attributes to answer, or null for 204 No Content.
 */
export function patchGroup(
  app: FastifyInstance,
  caller: ScimCaller,
  id: string,
  body: unknown,
  ifMatch: string | string[] | undefined,
  answer: Attributes | null,
) {
  return changeGroup(app, caller, id, ifMatch, answer, async (tx, conn, group) => {
    const current = await memberIdsOf(tx, conn.entityId, id);
    const { rest, memberIds } = applyMemberOps(current, readPatchBody(body));
    const patched = applyPatch(
      {
        schemas: [GROUP_SCHEMA],
        id: group.id,
        displayName: group.displayName,
        ...(group.externalId !== null ? { externalId: group.externalId } : {}),
      },
      rest,
    );
    checkIdKept(patched, group.id);
    return { ...readGroupAttributes(patched), memberIds: unique(memberIds) };
  });
}

/** The group goes; its members get the user type their other groups give. */
export function deleteGroup(
  app: FastifyInstance,
  caller: ScimCaller,
  id: string,
  ifMatch: string | string[] | undefined,
) {
  return writing(app, caller, async (tx, conn) => {
    const group = await findScimGroup(tx, conn.entityId, conn.integrationId, id);
    if (!group) throw notFound('Group', id);
    checkIfMatch(ifMatch, group.version);
    const members = await memberIdsOf(tx, conn.entityId, id);
    await deleteScimGroup(tx, conn.entityId, id);
    await reevaluateUserTypes(tx, conn, members);
    await writeAudit(tx, auditActor(conn), {
      action: 'scim.group.delete',
      targetType: 'scim_group',
      targetId: id,
      before: { displayName: group.displayName, externalId: group.externalId, members },
    });
    return { result: undefined, counter: 'updated' as const };
  });
}
