import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '@app/shared/constants';
import type {
  fixDuplicateBodySchema,
  fixErrorBodySchema,
  syncedUsersQuerySchema,
  TempUser,
  tempUsersQuerySchema,
} from '@app/shared/integrations/schemas';
import type { TempUserState } from '@app/shared/integrations/status';
import type { Executor } from '../../db/client';
import { directoryLinks, integrationTempUsers, people, userTypes } from '../../db/schema/index';
import { AppError, notFound } from '../../lib/app-error';
import { fieldVars, t } from '../../lib/i18n';
import { visitorRoleId } from '../expected-visits/expected-visits.repository';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { writeAudit } from '../audit/audit.repository';
import { blocksNew, createPeopleFrom, findClashes, updatePeopleFrom, type Where } from './directory-people';
import { fixedCandidate, type Candidate } from './directory-record';
import { visibleIntegration } from './integrations.service';
import { sitesOf, type IntegrationRecord } from './integrations.repository';
import { deleteTempUsers, upsertTempUsers } from './sync-records.repository';

// The temporary users (spec §2 /integration-error, /integration-duplicate, /integration-valid; §3
// fix-error and fix-duplicate payloads; §5 'Please select a user'; §8 fix results shown as success or
// error by the action flag). A fixed record is judged again like one read from the directory; after
// the first migration a record that is fixed becomes a person at once.

type TempRow = typeof integrationTempUsers.$inferSelect;

const like = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

function toTempUser(
  lang: Language,
  row: TempRow,
  typeName: string | null,
  dupes: Map<string, TempUser['duplicates'][number]>,
): TempUser {
  return {
    id: row.id,
    external_id: row.externalId,
    state: row.state as TempUserState,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_code: row.phoneCode,
    phone: row.phone,
    id_number: row.idNumber,
    department: row.department,
    user_type_id: row.userTypeId,
    user_type_name: typeName,
    groups: row.groupNames,
    problems: Object.fromEntries(
      Object.entries(row.problems).map(([field, key]) => [field, t(lang, `errors:${key}`, fieldVars(lang, field))]),
    ),
    duplicates: row.duplicateIds.flatMap((id) => (dupes.has(id) ? [dupes.get(id)!] : [])),
    duplicate_reasons: row.duplicateReasons,
  };
}

async function describe(tx: Executor, entityId: string, lang: Language, rows: TempRow[]) {
  const typeIds = [...new Set(rows.flatMap((r) => (r.userTypeId ? [r.userTypeId] : [])))];
  const personIds = [...new Set(rows.flatMap((r) => r.duplicateIds))];
  const [types, persons] = await Promise.all([
    typeIds.length
      ? tx
          .select({ id: userTypes.id, name: userTypes.name })
          .from(userTypes)
          .where(and(eq(userTypes.entityId, entityId), inArray(userTypes.id, typeIds)))
      : [],
    personIds.length
      ? tx
          .select({
            id: people.id,
            first_name: people.firstName,
            last_name: people.lastName,
            email: people.email,
            phone: people.phone,
            id_number: people.idNumber,
            status: people.status,
          })
          .from(people)
          .where(and(eq(people.entityId, entityId), inArray(people.id, personIds)))
      : [],
  ]);
  const typeNames = new Map(types.map((ty) => [ty.id, ty.name]));
  const dupes = new Map(persons.map((p) => [p.id, p]));
  return rows.map((r) => toTempUser(lang, r, r.userTypeId ? (typeNames.get(r.userTypeId) ?? null) : null, dupes));
}

export async function listTempUsers(
  app: FastifyInstance,
  ctx: AccessContext,
  lang: Language,
  id: string,
  q: z.output<typeof tempUsersQuerySchema>,
) {
  return inTenant(app, ctx, async (tx) => {
    await visibleIntegration(tx, ctx, id);
    const where = and(
      eq(integrationTempUsers.entityId, ctx.entityId),
      eq(integrationTempUsers.integrationId, id),
      eq(integrationTempUsers.state, q.state),
      q.search
        ? sql`lower(coalesce(${integrationTempUsers.firstName}, '') || ' ' || coalesce(${integrationTempUsers.lastName}, '') || ' ' || coalesce(${integrationTempUsers.email}, '')) like ${like(q.search)}`
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      tx
        .select()
        .from(integrationTempUsers)
        .where(where)
        .orderBy(asc(integrationTempUsers.lastNameLower), asc(integrationTempUsers.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(integrationTempUsers)
        .where(where),
    ]);
    return { data: await describe(tx, ctx.entityId, lang, rows), count: total?.n ?? 0 };
  });
}

async function tempOf(tx: Executor, ctx: AccessContext, integrationId: string, tempId: string) {
  const [row] = await tx
    .select()
    .from(integrationTempUsers)
    .where(
      and(
        eq(integrationTempUsers.entityId, ctx.entityId),
        eq(integrationTempUsers.integrationId, integrationId),
        eq(integrationTempUsers.id, tempId),
      ),
    )
    .for('update');
  if (!row) throw notFound();
  return row;
}

const candidateOf = (row: TempRow): Candidate => ({
  externalId: row.externalId,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phoneCode: row.phoneCode,
  phone: row.phone,
  idNumber: row.idNumber,
  department: row.department,
  userTypeId: row.userTypeId,
  groupNames: row.groupNames,
  problems: row.problems,
  hash: row.sourceHash,
});

async function whereOf(tx: Executor, ctx: AccessContext, integration: IntegrationRecord): Promise<Where> {
  const siteIds = ((await sitesOf(tx, ctx.entityId, [integration.id])).get(integration.id) ?? []).map((s) => s.id);
  return {
    entityId: ctx.entityId,
    integrationId: integration.id,
    siteIds,
    roleId: await visitorRoleId(tx, ctx.entityId),
  };
}

type FixOutcome = { action: boolean; messageKey: string; row: TempRow | null };

async function answer(tx: Executor, ctx: AccessContext, lang: Language, outcome: FixOutcome) {
  const [user] = outcome.row ? await describe(tx, ctx.entityId, lang, [outcome.row]) : [null];
  return { action: outcome.action, message: t(lang, `errors:${outcome.messageKey}`), user: user ?? null };
}

/** Spec §3 fix-error: the corrected record, judged again; valid → a person (after the first migration) or a valid record. */
export async function fixError(
  app: FastifyInstance,
  ctx: AccessContext,
  lang: Language,
  id: string,
  tempId: string,
  body: z.output<typeof fixErrorBodySchema>,
) {
  return inTenant(app, ctx, async (tx) => {
    const { row: integration } = await visibleIntegration(tx, ctx, id, { change: true, lock: true });
    const temp = await tempOf(tx, ctx, id, tempId);
    if (temp.state === 'duplicate')
      throw new AppError('rule_violation', { field: 'id', messageKey: 'integration_fix_duplicate_instead' });
    if (body.user_type_id && ctx.userTypeIds !== null && !ctx.userTypeIds.includes(body.user_type_id)) {
      throw new AppError('validation_failed', { field: 'user_type_id', messageKey: 'integration_user_type_unknown' });
    }
    const [type] = body.user_type_id
      ? await tx
          .select({ mandatory: userTypes.mandatoryProfileData })
          .from(userTypes)
          .where(and(eq(userTypes.entityId, ctx.entityId), eq(userTypes.id, body.user_type_id)))
      : [];
    if (body.user_type_id && !type)
      throw new AppError('validation_failed', { field: 'user_type_id', messageKey: 'integration_user_type_unknown' });
    const fixed = fixedCandidate(
      candidateOf(temp),
      {
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        phoneCode: body.phone_code,
        phone: body.phone,
        idNumber: body.id_number,
        userTypeId: body.user_type_id,
      },
      new Set(type?.mandatory ?? []),
    );
    const outcome = await place(tx, ctx, integration, fixed);
    await writeAudit(tx, ctx, {
      action: 'integration.fix_error',
      targetType: 'integration',
      targetId: id,
      after: { record: temp.externalId, action: outcome.action },
    });
    return answer(tx, ctx, lang, outcome);
  });
}

/** A judged record: still wrong, a duplicate, valid, or (after the first migration) a person. */
async function place(
  tx: Executor,
  ctx: AccessContext,
  integration: IntegrationRecord,
  c: Candidate,
): Promise<FixOutcome> {
  const where = await whereOf(tx, ctx, integration);
  const reread = async () => tempOf(tx, ctx, integration.id, (await tempIdOf(tx, ctx, integration.id, c.externalId))!);
  if (Object.keys(c.problems).length) {
    await upsertTempUsers(tx, ctx.entityId, integration.id, null, [
      { ...c, state: 'error', duplicateIds: [], duplicateReasons: [] },
    ]);
    return { action: false, messageKey: 'integration_fix_still_wrong', row: await reread() };
  }
  const clash = (await findClashes(tx, where, [c])).get(c.externalId);
  if (clash) {
    await upsertTempUsers(tx, ctx.entityId, integration.id, null, [
      { ...c, state: 'duplicate', duplicateIds: clash.ids, duplicateReasons: clash.reasons },
    ]);
    return { action: true, messageKey: 'integration_fix_now_duplicate', row: await reread() };
  }
  if (integration.migratedAt) {
    await createPeopleFrom(tx, where, [c]);
    await deleteTempUsers(tx, ctx.entityId, integration.id, [c.externalId]);
    return { action: true, messageKey: 'integration_fix_person_created', row: null };
  }
  await upsertTempUsers(tx, ctx.entityId, integration.id, null, [
    { ...c, state: 'valid', duplicateIds: [], duplicateReasons: [] },
  ]);
  return { action: true, messageKey: 'integration_fix_valid', row: await reread() };
}

async function tempIdOf(tx: Executor, ctx: AccessContext, integrationId: string, externalId: string) {
  const [row] = await tx
    .select({ id: integrationTempUsers.id })
    .from(integrationTempUsers)
    .where(
      and(
        eq(integrationTempUsers.entityId, ctx.entityId),
        eq(integrationTempUsers.integrationId, integrationId),
        eq(integrationTempUsers.externalId, externalId),
      ),
    );
  return row?.id ?? null;
}

/**
 * Spec §3 fix-duplicate: the record is the selected person (linked to them, who then follow the
 * directory), or a new person when nothing unique ties it to one. None chosen: 'Please select a user'.
 */
export async function fixDuplicate(
  app: FastifyInstance,
  ctx: AccessContext,
  lang: Language,
  id: string,
  tempId: string,
  body: z.output<typeof fixDuplicateBodySchema>,
) {
  if (!body.selected_user_id && !body.create_new) {
    throw new AppError('validation_failed', { field: 'selected_user_id', messageKey: 'integration_select_user' });
  }
  return inTenant(app, ctx, async (tx) => {
    const { row: integration } = await visibleIntegration(tx, ctx, id, { change: true, lock: true });
    const temp = await tempOf(tx, ctx, id, tempId);
    if (temp.state !== 'duplicate')
      throw new AppError('rule_violation', { field: 'id', messageKey: 'integration_not_a_duplicate' });
    const c = candidateOf(temp);
    const where = await whereOf(tx, ctx, integration);
    let outcome: FixOutcome;
    if (body.selected_user_id) {
      if (!temp.duplicateIds.includes(body.selected_user_id)) {
        throw new AppError('validation_failed', { field: 'selected_user_id', messageKey: 'integration_select_user' });
      }
      const [linked] = await tx
        .select({ id: directoryLinks.personId })
        .from(directoryLinks)
        .where(
          and(
            eq(directoryLinks.entityId, ctx.entityId),
            eq(directoryLinks.integrationId, id),
            eq(directoryLinks.personId, body.selected_user_id),
          ),
        );
      if (linked)
        throw new AppError('rule_violation', {
          field: 'selected_user_id',
          messageKey: 'integration_person_already_linked',
        });
      // The person's own values may differ from the record's: the person follows the directory from now on,
      // unless the record's values belong to someone else.
      const others = (await findClashes(tx, where, [c])).get(c.externalId);
      const blocking = (others?.ids ?? []).filter((pid) => pid !== body.selected_user_id);
      if (blocking.length && others!.reasons.some((r) => r !== 'name')) {
        throw new AppError('rule_violation', { field: 'selected_user_id', messageKey: 'integration_value_taken' });
      }
      await updatePeopleFrom(tx, where, [{ candidate: c, personId: body.selected_user_id }]);
      await deleteTempUsers(tx, ctx.entityId, id, [c.externalId]);
      outcome = { action: true, messageKey: 'integration_fix_linked', row: null };
    } else {
      const clash = (await findClashes(tx, where, [c])).get(c.externalId);
      if (blocksNew(clash))
        throw new AppError('rule_violation', {
          field: 'selected_user_id',
          messageKey: 'integration_cannot_create_new',
        });
      if (integration.migratedAt) {
        await createPeopleFrom(tx, where, [c]);
        await deleteTempUsers(tx, ctx.entityId, id, [c.externalId]);
        outcome = { action: true, messageKey: 'integration_fix_person_created', row: null };
      } else {
        await upsertTempUsers(tx, ctx.entityId, id, null, [
          { ...c, state: 'valid', duplicateIds: [], duplicateReasons: [] },
        ]);
        outcome = { action: true, messageKey: 'integration_fix_valid', row: await tempOf(tx, ctx, id, tempId) };
      }
    }
    await writeAudit(tx, ctx, {
      action: 'integration.fix_duplicate',
      targetType: 'integration',
      targetId: id,
      after: { record: temp.externalId, selected_user_id: body.selected_user_id, create_new: body.create_new },
    });
    return answer(tx, ctx, lang, outcome);
  });
}

/** Spec §2: the valid-users page opened from the view lists the people kept in step. */
export async function listSyncedUsers(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  q: z.output<typeof syncedUsersQuerySchema>,
) {
  return inTenant(app, ctx, async (tx) => {
    await visibleIntegration(tx, ctx, id);
    const where = and(
      eq(directoryLinks.entityId, ctx.entityId),
      eq(directoryLinks.integrationId, id),
      q.search ? sql`${people.searchName} like ${like(q.search)}` : undefined,
    );
    const join = and(eq(people.entityId, directoryLinks.entityId), eq(people.id, directoryLinks.personId));
    const [rows, [total]] = await Promise.all([
      tx
        .select({
          id: people.id,
          external_id: directoryLinks.externalId,
          first_name: people.firstName,
          last_name: people.lastName,
          email: people.email,
          status: people.status,
          archived_by_sync: directoryLinks.archivedBySync,
          updatedAt: directoryLinks.updatedAt,
        })
        .from(directoryLinks)
        .innerJoin(people, join)
        .where(where)
        .orderBy(asc(people.lastName), asc(people.firstName), asc(people.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(directoryLinks)
        .innerJoin(people, join)
        .where(where),
    ]);
    return {
      data: rows.map(({ updatedAt, ...r }) => ({ ...r, updated_at: updatedAt.toISOString() })),
      count: total?.n ?? 0,
    };
  });
}
