// Mass actions on the users list (spec §3): archive, activate, change user type, add label. Each
// takes up to 500 ids, works on all of them in a handful of set-based statements, and answers which
// were done and which were left out, and why.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import type { MassResult } from '@app/shared/people/schemas';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import type { AccessContext } from '../access/access.types';
import { writeAudits } from '../audit/audit.repository';
import { listRolesWithPermissions } from '../members/members.repository';
import { sortOut } from './mass-result';
import { personInScope } from './person-scope';
import { groupBy, isSelf, tokenMayNotChange } from './person-view';
import { mandatoryOf, missingProfileFields, typeInScope } from './person-rules';
import { notifyAssignment } from './people.service';
import {
  addLabels,
  findLabelsByIds,
  findPeople,
  findUserTypesByIds,
  labelsOf,
  replaceUserTypes,
  setStatus,
  sitesOf,
  userTypesOf,
  type PersonRecord,
} from './people.repository';
import { inTenant } from '../access/in-tenant';
import { queueWebhooks } from '../webhooks/webhook-outbox';
import { personStatusMessage } from '../webhooks/webhook-payloads';

/** Archive or activate: never the company's default people nor the caller's own person. */
export async function setPeopleStatus(
  app: FastifyInstance,
  ctx: AccessContext,
  ids: string[],
  status: 'active' | 'archived',
  lang: Language,
): Promise<MassResult> {
  return inTenant(app, ctx, async (tx) => {
    const found = await findPeople(tx, ctx.entityId, personInScope(ctx), [...new Set(ids)]);
    const { targets, skipped } = sortOut(ids, found, lang, (p) => {
      if (p.isDefault) return 'default_person';
      if (isSelf(ctx, p)) return 'self';
      if (tokenMayNotChange(ctx, p)) return 'dashboard_member';
      return p.status === status ? 'already_done' : null;
    });
    const done = targets.map((p) => p.id);
    await setStatus(tx, ctx.entityId, done, status);
    await writeAudits(
      tx,
      ctx,
      targets.map((p) => ({
        action: status === 'archived' ? 'person.archive' : 'person.activate',
        targetType: 'person',
        targetId: p.id,
        before: { status: p.status },
        after: { status },
      })),
    );
    await queueWebhooks(
      tx,
      ctx.entityId,
      status === 'archived' ? 'person.archived' : 'person.changed',
      targets.map((p) => personStatusMessage(p, status)),
    );
    return { done, skipped };
  });
}

/** Gives each person exactly these user types ("User Moved"). */
export async function setPeopleUserTypes(
  app: FastifyInstance,
  ctx: AccessContext,
  body: { person_ids: string[]; user_type_ids: string[] },
  lang: Language,
): Promise<MassResult> {
  const typeIds = [...new Set(body.user_type_ids)];
  const { result, notices } = await inTenant(app, ctx, async (tx) => {
    const types = await findUserTypesByIds(tx, ctx.entityId, typeIds);
    if (types.length !== typeIds.length || !types.every((t) => typeInScope(ctx, t.id)))
      throw new AppError('rule_violation', { field: 'user_type_ids', messageKey: 'user_type_not_available' });
    const found = await findPeople(tx, ctx.entityId, personInScope(ctx), [...new Set(body.person_ids)]);
    const current = groupBy(
      await userTypesOf(
        tx,
        ctx.entityId,
        found.map((p) => p.id),
      ),
    );
    const typesOf = (p: PersonRecord) => (current.get(p.id) ?? []).map((u) => u.id);
    const required = mandatoryOf(types);
    const { targets, skipped } = sortOut(body.person_ids, found, lang, (p) => {
      if (tokenMayNotChange(ctx, p)) return 'dashboard_member';
      const now = typesOf(p);
      if (now.length === typeIds.length && now.every((id) => typeIds.includes(id))) return 'already_done';
      // The refusal names what is missing, in the reader's language.
      const missing = missingProfileFields(required, p, true);
      if (missing.length === 0) return null;
      const fields = missing.map((f) => t(lang, `errors:fields.${f}`)).join(', ');
      return { reason: 'profile_incomplete', vars: { fields } };
    });
    const done = targets.map((p) => p.id);
    await replaceUserTypes(tx, ctx.entityId, done, typeIds);
    await writeAudits(
      tx,
      ctx,
      targets.map((p) => ({
        action: 'person.user_types.set',
        targetType: 'person',
        targetId: p.id,
        before: { user_type_ids: typesOf(p) },
        after: { user_type_ids: typeIds },
      })),
    );
    // Those who use the dashboard hear of their new user types, with their sites and role.
    const members = targets.filter((p) => p.userId && ['invited', 'active'].includes(p.dashboardAccess));
    const siteRows = groupBy(
      await sitesOf(
        tx,
        ctx.entityId,
        members.map((p) => p.id),
      ),
    );
    const roleNames = new Map(
      members.length ? (await listRolesWithPermissions(tx, ctx.entityId)).map((r) => [r.id, r.name]) : [],
    );
    const notices = members.map((p) => {
      const siteList = siteRows.get(p.id) ?? [];
      const role = { roleId: p.roleId, roleName: roleNames.get(p.roleId) ?? '' };
      const siteIds = siteList.map((s) => s.id);
      return {
        person: p,
        before: { ...role, siteIds, typeIds: typesOf(p) },
        after: {
          ...role,
          siteIds,
          typeIds,
          siteNames: siteList.map((s) => s.name),
          typeNames: types.map((t) => t.name).sort((a, b) => a.localeCompare(b)),
        },
      };
    });
    return { result: { done, skipped }, notices };
  });
  for (const n of notices) notifyAssignment(app, ctx, n.person, n.before, n.after);
  return result;
}

/** Adds labels to each person; labels they already have stay. */
export async function addPeopleLabels(
  app: FastifyInstance,
  ctx: AccessContext,
  body: { person_ids: string[]; label_ids: string[] },
  lang: Language,
): Promise<MassResult> {
  const labelIds = [...new Set(body.label_ids)];
  return inTenant(app, ctx, async (tx) => {
    if ((await findLabelsByIds(tx, ctx.entityId, labelIds)).length !== labelIds.length)
      throw new AppError('rule_violation', { field: 'label_ids', messageKey: 'label_not_found' });
    const found = await findPeople(tx, ctx.entityId, personInScope(ctx), [...new Set(body.person_ids)]);
    const current = groupBy(
      await labelsOf(
        tx,
        ctx.entityId,
        found.map((p) => p.id),
      ),
    );
    const has = (p: PersonRecord) => (current.get(p.id) ?? []).map((l) => l.id);
    const { targets, skipped } = sortOut(body.person_ids, found, lang, (p) => {
      if (tokenMayNotChange(ctx, p)) return 'dashboard_member';
      return labelIds.every((id) => has(p).includes(id)) ? 'already_done' : null;
    });
    const done = targets.map((p) => p.id);
    await addLabels(tx, ctx.entityId, done, labelIds);
    await writeAudits(
      tx,
      ctx,
      targets.map((p) => ({
        action: 'person.labels.add',
        targetType: 'person',
        targetId: p.id,
        before: { label_ids: has(p) },
        after: { label_ids: [...new Set([...has(p), ...labelIds])] },
      })),
    );
    return { done, skipped };
  });
}
