// A company's people (the spec's "users", §3 Users list, §5 Fields, §6 admin scope): list, read,
// add, change and delete one person. Every read and change is limited to the people the caller may
// act on (personInScope); anyone else answers 404.
import type { FastifyInstance } from 'fastify';
import { userRoom } from '@app/shared/realtime/events';
import type { Language } from '@app/shared/constants';
import type { AssignableRole, Availability, Person, PersonBodyParsed } from '@app/shared/people/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import { newQrCode } from '../entities/entity-setup';
import { listRolesWithPermissions } from '../members/members.repository';
import { deleteMembership, setMembershipRole } from './dashboard-access.repository';
import { personInScope } from './person-scope';
import { canGiveRole } from '../access/role-rules';
import { checkPersonBody, uniqueViolation, type CheckedPerson } from './person-rules';
import { tokenMayNotChange, toPeople, usesDashboard } from './person-view';
import {
  deletePerson,
  findPersonWithRefs,
  findTakenValues,
  insertPerson,
  replaceLabels,
  replaceSites,
  replaceUserTypes,
  saveFieldValues,
  updatePerson,
  type ListPeopleQuery,
  type PersonRecord,
} from './people.repository';
import { findCountedPeoplePage } from './people-list.repository';
import { inTenant } from '../access/in-tenant';
import { queueWebhooks } from '../webhooks/webhook-outbox';
import { personMessage } from '../webhooks/webhook-payloads';

/** The database's own unique indexes back the checks up when two requests race. */
async function mapUniqueViolations<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

export async function readPerson(tx: Executor, ctx: AccessContext, id: string): Promise<Person> {
  const row = await findPersonWithRefs(tx, ctx.entityId, personInScope(ctx), id);
  if (!row) throw new AppError('not_found');
  return (await toPeople(tx, ctx, [row]))[0]!;
}

export async function listCompanyPeople(app: FastifyInstance, ctx: AccessContext, q: ListPeopleQuery) {
  return inTenant(app, ctx, async (tx) => {
    const scope = personInScope(ctx);
    const { rows, nextCursor, count, capped } = await findCountedPeoplePage(tx, ctx.entityId, scope, q);
    return { data: await toPeople(tx, ctx, rows), count, count_capped: capped, next_cursor: nextCursor };
  });
}

export async function getPerson(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, (tx) => readPerson(tx, ctx, id));
}

async function writeRelations(tx: Executor, ctx: AccessContext, personId: string, checked: CheckedPerson) {
  await replaceSites(
    tx,
    ctx.entityId,
    personId,
    checked.sites.map((s) => s.id),
  );
  await replaceUserTypes(
    tx,
    ctx.entityId,
    [personId],
    checked.userTypes.map((u) => u.id),
  );
  if (checked.labelIds) await replaceLabels(tx, ctx.entityId, personId, checked.labelIds);
  if (checked.fieldValues) await saveFieldValues(tx, ctx.entityId, personId, checked.fieldValues);
}

export async function createPerson(app: FastifyInstance, ctx: AccessContext, body: PersonBodyParsed) {
  return mapUniqueViolations(
    inTenant(app, ctx, async (tx) => {
      const checked = await checkPersonBody(tx, ctx, body, null);
      const row = await insertPerson(tx, {
        entityId: ctx.entityId,
        id: newId(),
        ...checked.columns,
        qrCode: newQrCode(),
      });
      await writeRelations(tx, ctx, row.id, checked);
      const person = await readPerson(tx, ctx, row.id);
      await writeAudit(tx, ctx, { action: 'person.create', targetType: 'person', targetId: row.id, after: person });
      await queueWebhooks(tx, ctx.entityId, 'person.created', [personMessage(person)]);
      return person;
    }),
  );
}

type Assignment = { roleId: string; roleName: string; siteIds: string[]; typeIds: string[] };
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Tells a person who uses the dashboard that their role, sites or user types changed, so their open
 * dashboard shows 'Permissions Updated' with the new sites and user types (spec §4).
 */
export function notifyAssignment(
  app: FastifyInstance,
  ctx: AccessContext,
  person: Pick<PersonRecord, 'userId' | 'dashboardAccess'>,
  before: Assignment,
  after: Assignment & { siteNames: string[]; typeNames: string[] },
) {
  if (!person.userId || !['invited', 'active'].includes(person.dashboardAccess)) return;
  if (
    before.roleId === after.roleId &&
    sameSet(before.siteIds, after.siteIds) &&
    sameSet(before.typeIds, after.typeIds)
  )
    return;
  app.realtime.toUser(person.userId, 'pongUpdateUserRole', {
    user_id: person.userId,
    entity: ctx.entityId,
    oldRole: { id: before.roleId, name: before.roleName },
    newRole: { id: after.roleId, name: after.roleName },
    siteNames: after.siteNames,
    userTypeNames: after.typeNames,
  });
}

export async function changePerson(app: FastifyInstance, ctx: AccessContext, id: string, body: PersonBodyParsed) {
  const { person, record, before, checked } = await mapUniqueViolations(
    inTenant(app, ctx, async (tx) => {
      const found = await findPersonWithRefs(tx, ctx.entityId, personInScope(ctx), id);
      if (!found) throw new AppError('not_found');
      if (tokenMayNotChange(ctx, found.person))
        throw new AppError('forbidden', { messageKey: 'api_token_dashboard_person' });
      const beforeView = (await toPeople(tx, ctx, [found]))[0]!;
      const siteIds = beforeView.sites.map((s) => s.id);
      const typeIds = beforeView.user_types.map((u) => u.id);
      const checked = await checkPersonBody(tx, ctx, body, { person: found.person, siteIds });
      const record = (await updatePerson(tx, ctx.entityId, id, checked.columns))!;
      await writeRelations(tx, ctx, id, checked);
      // The membership carries the role the dashboard grants: it follows the person's role.
      if (record.membershipId && found.person.roleId !== record.roleId)
        await setMembershipRole(tx, ctx.entityId, record.membershipId, record.roleId);
      const person = await readPerson(tx, ctx, id);
      await writeAudit(tx, ctx, {
        action: 'person.update',
        targetType: 'person',
        targetId: id,
        before: beforeView,
        after: person,
      });
      await queueWebhooks(tx, ctx.entityId, 'person.changed', [personMessage(person)]);
      return {
        person,
        record,
        checked,
        before: { roleId: found.person.roleId, roleName: found.roleName, siteIds, typeIds },
      };
    }),
  );
  notifyAssignment(app, ctx, record, before, {
    roleId: checked.role.id,
    roleName: checked.role.name,
    siteIds: checked.sites.map((s) => s.id),
    typeIds: checked.userTypes.map((u) => u.id),
    siteNames: checked.sites.map((s) => s.name),
    typeNames: checked.userTypes.map((u) => u.name),
  });
  if (record.userId && before.roleId !== checked.role.id) await app.realtime.recheckSockets(userRoom(record.userId));
  return person;
}

/**
 * Deletes a person and what is only theirs (sites, types, labels, values, passes, photo). Refused
 * for the company's default people, the caller's own person, and anyone who can still open the
 * dashboard: their access is revoked first, on purpose, as its own step.
 */
export async function removePerson(app: FastifyInstance, ctx: AccessContext, id: string) {
  const image = await inTenant(app, ctx, async (tx) => {
    const found = await findPersonWithRefs(tx, ctx.entityId, personInScope(ctx), id);
    if (!found) throw new AppError('not_found');
    const { person } = found;
    if (person.isDefault) throw new AppError('rule_violation', { field: 'id', messageKey: 'person_default_locked' });
    if (ctx.actor.kind === 'user' && person.membershipId === ctx.actor.membershipId)
      throw new AppError('rule_violation', { field: 'id', messageKey: 'person_self' });
    if (usesDashboard(person))
      throw new AppError('rule_violation', { field: 'id', messageKey: 'person_has_dashboard_access' });
    const before = (await toPeople(tx, ctx, [found]))[0]!;
    await deletePerson(tx, ctx.entityId, id);
    // A revoked membership belongs to this person alone.
    if (person.membershipId) await deleteMembership(tx, ctx.entityId, person.membershipId);
    await writeAudit(tx, ctx, { action: 'person.delete', targetType: 'person', targetId: id, before });
    return person.image;
  });
  if (image) await app.files.remove(image);
}

const TAKEN_MESSAGE = { email: 'email_taken', phone: 'phone_taken', id_number: 'id_number_taken' } as const;

/** The live check while a unique field is typed (spec §5 messages), company-wide. */
export async function checkAvailability(
  app: FastifyInstance,
  ctx: AccessContext,
  q: { field: 'email' | 'phone' | 'id_number'; value: string; phone_code?: string; exclude_id?: string },
  lang: Language,
): Promise<Availability> {
  const value = q.value.trim();
  if (q.field === 'phone' && !/^\d+$/.test(value))
    return { available: false, message: t(lang, 'errors:phone_digits_only') };
  const taken = await inTenant(app, ctx, (tx) =>
    findTakenValues(
      tx,
      ctx.entityId,
      {
        email: q.field === 'email' ? value : null,
        phone: q.field === 'phone' ? value : null,
        phoneCode: q.field === 'phone' ? (q.phone_code?.replace(/^\+/, '').trim() ?? null) || null : null,
        idNumber: q.field === 'id_number' ? value : null,
      },
      q.exclude_id,
    ),
  );
  const isTaken = q.field === 'email' ? taken.email : q.field === 'phone' ? taken.phone : taken.idNumber;
  return { available: !isTaken, message: isTaken ? t(lang, `errors:${TAKEN_MESSAGE[q.field]}`) : null };
}

/** The roles the caller may give: none that allows something the caller may not do. */
export async function listAssignableRoles(app: FastifyInstance, ctx: AccessContext): Promise<AssignableRole[]> {
  const roles = await inTenant(app, ctx, (tx) => listRolesWithPermissions(tx, ctx.entityId));
  return roles
    .filter((role) => canGiveRole(ctx, role))
    .map((role) => ({ id: role.id, name: role.name, key: role.key }));
}
