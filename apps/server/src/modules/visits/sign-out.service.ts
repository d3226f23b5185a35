// Signing people out (spec /user_action, sign-out of an area's visits when its mode changes).
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { checkCustomFieldValue } from '@app/shared/custom-fields/schemas';
import { applicableReasons, localMoment } from '@app/shared/attendance/applicable-reasons';
import { type Language } from '@app/shared/constants';
import { readFlowSettings } from '@app/shared/journeys/flow-settings';
import type { VisitActionResult } from '@app/shared/visits/schemas';
import type { z } from 'zod';
import type { signOutBodySchema } from '@app/shared/visits/schemas';
import { type Executor } from '../../db/client';
import { journeyFlows, visits } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import type { AccessContext } from '../access/access.types';
import { writeAudits } from '../audit/audit.repository';
import { findPeople } from '../people/people.repository';
import { fullName } from '../people/person-view';
import { fieldsOfBinding, modesOfFlows } from './visit-flow';
import { visitEditorOf } from '../expected-visits/visit-editor';
import { toVisits } from './visit-view';
import {
  findVisitRows,
  hostsOfVisits,
  lockOnSiteInArea,
  lockOnSiteVisitsOf,
  lockVisits,
  signOutVisits,
  visitInScope,
} from './visits.repository';
import { companyZone } from '../access/company-zone';
import { type PersonIssues, VisitRefusal } from './visit-refusal';
import { inTenant, sourceOf, mustFindArea } from './sign-in-plan';
import { type Arrival, notifyHosts } from './host-notices';
import { queueWebhooks } from '../webhooks/webhook-outbox';
import { visitMessage } from '../webhooks/webhook-payloads';
import { queueVisitMessages } from '../webhooks/visit-messages';

type SignOutParsed = z.output<typeof signOutBodySchema>;

/**
 * POST /visits/sign-out (spec /user_action): signs out visits, or the people's visits on site (in one
 * area when given), with an early sign-out reason (one given must be of the visit's flow; none given
 * takes the one that applies). Anyone not on site is refused by name and nothing changes.
 */
export async function signOut(
  app: FastifyInstance,
  ctx: AccessContext,
  body: Omit<SignOutParsed, 'custom_fields'> & { custom_fields?: SignOutParsed['custom_fields'] },
  opts: { lang: Language; now?: Date },
): Promise<VisitActionResult> {
  const now = opts.now ?? new Date();
  const timeZone = companyZone(ctx);
  const outcome = await inTenant(app, ctx, async (tx) => {
    const scope = visitInScope(ctx);
    const byId = await lockVisits(tx, ctx.entityId, scope, body.visit_ids);
    if (byId.length !== body.visit_ids.length) throw new AppError('not_found', { field: 'visit_ids' });
    if (body.area_id) await mustFindArea(tx, ctx, body.area_id);
    const byPerson = await lockOnSiteVisitsOf(tx, ctx.entityId, scope, body.person_ids, body.area_id);
    const refused: PersonIssues[] = [];
    const names = new Map(
      (
        await findPeople(tx, ctx.entityId, undefined, [
          ...new Set([...byId.map((v) => v.personId), ...body.person_ids]),
        ])
      ).map((p) => [p.id, fullName(p)]),
    );
    for (const v of byId) {
      if (v.state !== 'on_site') {
        refused.push({
          personId: v.personId,
          fullName: names.get(v.personId) ?? null,
          issues: [{ field: `visit_ids.${v.id}`, key: 'visit_not_on_site' }],
        });
      }
    }
    for (const personId of body.person_ids) {
      if (!byPerson.some((v) => v.personId === personId)) {
        refused.push({
          personId,
          fullName: names.get(personId) ?? null,
          issues: [{ field: 'person_ids', key: 'visit_person_not_on_site' }],
        });
      }
    }
    const targets = [...byId, ...byPerson.filter((v) => !byId.some((b) => b.id === v.id))];
    const flowIds = [...new Set(targets.flatMap((v) => (v.journeyFlowId ? [v.journeyFlowId] : [])))];
    const modes = await modesOfFlows(tx, ctx.entityId, flowIds);
    const moment = localMoment(now, timeZone);
    const reasons = new Map<string, string | null>();
    for (const v of targets) {
      const own = modes.filter((m) => m.flowId === v.journeyFlowId).map((m) => m.mode);
      if (body.reason_id) {
        const known = own.flatMap((m) => m.reasons).find((r) => r.id === body.reason_id);
        if (!known || known.type !== 'early_sign_out') {
          refused.push({
            personId: v.personId,
            fullName: names.get(v.personId) ?? null,
            issues: [{ field: 'reason_id', key: 'visit_reason_not_available' }],
          });
        } else reasons.set(v.id, known.id);
      } else {
        // As at sign-in (spec §4): one reason that applies is taken; of several, someone must choose.
        const applicable = applicableReasons(own, 'sign_out', moment);
        if (applicable.reasons.length > 1) {
          refused.push({
            personId: v.personId,
            fullName: names.get(v.personId) ?? null,
            issues: [{ field: 'reason_id', key: 'visit_reason_required' }],
          });
        } else reasons.set(v.id, applicable.preselected_id);
      }
    }
    const given = await signOutFields(tx, ctx.entityId, body.custom_fields ?? []);
    if (given.issues.length) {
      for (const v of targets) {
        refused.push({ personId: v.personId, fullName: names.get(v.personId) ?? null, issues: given.issues });
      }
    }
    if (refused.length) throw new VisitRefusal(refused);
    const source = sourceOf(ctx);
    const done = await signOutVisits(
      tx,
      ctx.entityId,
      targets.map((v) => ({ id: v.id, at: now, source, earlyReasonId: reasons.get(v.id) ?? null })),
    );
    if (given.values.length && done.length) {
      // Beside what sign-in kept (extra.custom_fields): the History report shows both.
      await tx
        .update(visits)
        .set({
          extra: sql`${visits.extra} || jsonb_build_object('sign_out_custom_fields', ${JSON.stringify(given.values)}::jsonb)`,
        })
        .where(and(eq(visits.entityId, ctx.entityId), inArray(visits.id, done)));
    }
    await writeAudits(
      tx,
      ctx,
      targets.map((v) => ({
        action: 'visit.signed_out',
        targetType: 'visit',
        targetId: v.id,
        before: { state: v.state },
        after: { state: 'left', signed_out_at: now.toISOString(), early_reason_id: reasons.get(v.id) ?? null },
      })),
    );
    const rows = await findVisitRows(tx, ctx.entityId, undefined, done);
    const ordered = targets.map((v) => rows.find((r) => r.visit.id === v.id)!).filter(Boolean);
    const flows = flowIds.length
      ? await tx
          .select({ id: journeyFlows.id, settings: journeyFlows.settings })
          .from(journeyFlows)
          .where(and(eq(journeyFlows.entityId, ctx.entityId), inArray(journeyFlows.id, flowIds)))
      : [];
    const hosts = await hostsOfVisits(tx, ctx.entityId, done);
    const departures: Arrival[] = ordered.map((r) => {
      const settings = readFlowSettings(flows.find((f) => f.id === r.visit.journeyFlowId)?.settings ?? {});
      return {
        visitId: r.visit.id,
        areaId: r.visit.areaId,
        hostIds: hosts.filter((h) => h.visitId === r.visit.id).map((h) => h.id),
        notify: settings.notifications.notify_host_on_departure,
        personName: fullName(r.person),
      };
    });
    const data = await toVisits(tx, ctx.entityId, timeZone, ordered, visitEditorOf(ctx));
    await queueWebhooks(tx, ctx.entityId, 'visit.signed_out', data.map(visitMessage), { now });
    return { data, departures };
  });
  await notifyHosts(app, ctx, outcome.departures, 'departure', opts.lang, now);
  return {
    message: t(opts.lang, 'errors:visit_done.signed_out', { count: outcome.data.length }),
    data: outcome.data,
    replayed: false,
  };
}

/**
 * The custom-field values given at sign-out, each checked against the fields asked at sign-out (spec §3
 * binding sign_out) by its type; values of fields not asked are refused. A field left out is not
 * demanded here: automatic and mass sign-outs leave without answering.
 */
async function signOutFields(
  tx: Executor,
  entityId: string,
  input: SignOutParsed['custom_fields'],
): Promise<{ values: { custom_field_id: string; value: unknown }[]; issues: PersonIssues['issues'] }> {
  if (input.length === 0) return { values: [], issues: [] };
  const fields = await fieldsOfBinding(tx, entityId, 'sign_out');
  const values: { custom_field_id: string; value: unknown }[] = [];
  const issues: PersonIssues['issues'] = [];
  for (const item of input) {
    const field = fields.find((f) => f.id === item.custom_field_id);
    if (!field) {
      issues.push({ field: `custom_fields.${item.custom_field_id}`, key: 'visit_custom_field_not_asked' });
      continue;
    }
    const checked = checkCustomFieldValue(field, item.value);
    if (!checked.ok)
      issues.push({ field: `custom_fields.${field.id}`, key: checked.error, vars: { field: field.name } });
    else if (checked.value !== null) values.push({ custom_field_id: field.id, value: checked.value });
  }
  return { values, issues };
}

/**
 * Spec §4 "Changing an area's login mode ends signed-in visits": everyone on site in the area is signed
 * out now (source area_mode_change), with an audit row each. Call inside the area change's transaction
 * (the database tells the live views and the emergency rolls' watchers at its commit).
 */
export async function signOutEveryoneInArea(
  tx: Executor,
  ctx: Pick<AccessContext, 'entityId' | 'actor' | 'entity'>,
  areaId: string,
  now: Date,
): Promise<{ id: string; areaId: string }[]> {
  const onSite = await lockOnSiteInArea(tx, ctx.entityId, areaId);
  const done = await signOutVisits(
    tx,
    ctx.entityId,
    onSite.map((v) => ({ id: v.id, at: now, source: 'area_mode_change' })),
  );
  await writeAudits(
    tx,
    ctx,
    done.map((id) => ({
      action: 'visit.signed_out',
      targetType: 'visit',
      targetId: id,
      after: { state: 'left', sign_out_source: 'area_mode_change', signed_out_at: now.toISOString() },
    })),
  );
  await queueVisitMessages(tx, ctx.entity, 'visit.signed_out', done, now);
  return done.map((id) => ({ id, areaId }));
}
