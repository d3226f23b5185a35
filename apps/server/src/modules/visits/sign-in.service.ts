// Signing people in and out at an area with their journey's flow (spec §3 Mass-action data, Host
// payload, Checks payload, User compliance; §4 Badge label, Attendance reasons, Compliance answer
// status, Temperature; §7 /mass-action-signin, /mass-action-apply-signin, /checkin_users, /user_action,
// user_visiting). One request may sign in many people: every person is checked first, and a refusal of
// any answers 422 with every person's messages (spec §8) and changes nothing.
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import {
  applicableReasons,
  localMoment,
  type AttendanceAction,
  type ModeForReasons,
} from '@app/shared/attendance/applicable-reasons';
import { isGradeProblem, gradeResponse } from '@app/shared/compliances/responses';
import { checkCustomFieldValue, planHasCustomFields, type CustomFieldBinding } from '@app/shared/custom-fields/schemas';
import { isLanguage, type Language } from '@app/shared/constants';
import { readFlowSettings } from '@app/shared/journeys/flow-settings';
import { checkHealth, dayRange, localDay, localStamp } from '@app/shared/visits/rules';
import { badgeLabel, mayArrive, type JourneyStage, type VisitAction } from '@app/shared/visits/stages';
import type {
  PersonPreview,
  PreviewBlocker,
  SignInBodyParsed,
  SignInPreview,
  SignInPreviewBody,
  SignSource,
  VisitActionResult,
  VisitErrors,
} from '@app/shared/visits/schemas';
import type { z } from 'zod';
import type { signOutBodySchema } from '@app/shared/visits/schemas';
import { withTenant, type Executor } from '../../db/client';
import { journeyFlows } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { writeAudits, type AuditEntry } from '../audit/audit.repository';
import { insertComplianceResponses } from '../compliances/compliances.repository';
import type { Mail } from '../mail/mailer';
import { findPeople, findRecipients, type PersonRecord } from '../people/people.repository';
import { personInScope } from '../people/person-scope';
import { fullName, photoUrl } from '../people/person-view';
import { findArea, findSite } from '../sites/sites.repository';
import {
  compliancesOfFlows,
  dueCompliances,
  fieldsOfBinding,
  flowsForPeopleAtSite,
  hostOptionsOfFlows,
  modesOfFlows,
  validAnswers,
  type ActionField,
  type FlowReason,
  type HostOption,
  type PersonFlowChoice,
} from './visit-flow';
import { emitVisits, loginModeOf, toVisits } from './visit-view';
import {
  expectedVisitsOf,
  findVisitRows,
  hostsOfVisits,
  insertVisitHosts,
  insertVisits,
  lockIdempotencyKey,
  lockOnSiteInArea,
  lockOnSiteVisitsOf,
  lockVisits,
  markHostsNotified,
  onSiteVisitsOf,
  signOutVisits,
  updateVisit,
  visitInScope,
  visitsByIdempotencyKey,
  type VisitRecord,
} from './visits.repository';
import { companyZone } from '../access/company-zone';

type SignOutParsed = z.output<typeof signOutBodySchema>;
type Issue = { field: string; key: string; vars?: Record<string, string | number> };
type PersonIssues = { personId: string; fullName: string | null; issues: Issue[] };

/** A refused request: each person's broken rules, turned into the 422 body by the route. */
export class VisitRefusal extends Error {
  constructor(readonly people: PersonIssues[]) {
    super('visit_refused');
  }
}

/** Spec §8: `errors` holds every message, each naming its person, so a screen joins them with line breaks. */
export function refusalBody(lang: Language, refusal: VisitRefusal): VisitErrors {
  const errors: Record<string, string> = {};
  const people = refusal.people.map((p) => {
    const fields: Record<string, string[]> = {};
    for (const issue of p.issues) {
      const text = t(lang, `errors:${issue.key}`, issue.vars);
      (fields[issue.field] ??= []).push(text);
      const key = `${p.personId}.${issue.field}`;
      const line = p.fullName ? `${p.fullName}: ${text}` : text;
      errors[key] = errors[key] ? `${errors[key]}\n${line}` : line;
    }
    return { person_id: p.personId, full_name: p.fullName, fields };
  });
  const first = Object.values(errors)[0] ?? t(lang, 'errors:rule_violation');
  return { code: 'rule_violation', message: first, errors, people };
}

const inTenant = <T>(app: FastifyInstance, ctx: AccessContext, fn: (tx: Executor) => Promise<T>) =>
  withTenant(app.db.db, ctx.entityId, fn);

const sourceOf = (ctx: AccessContext): SignSource => (ctx.actor.kind === 'client' ? 'api' : 'dashboard');

type AreaInfo = {
  id: string;
  name: string;
  siteId: string;
  siteName: string;
  loginMode: 'signIn_signOut' | 'checkIn_only';
  active: boolean;
};

async function mustFindArea(tx: Executor, ctx: AccessContext, areaId: string): Promise<AreaInfo> {
  const area = await findArea(tx, ctx.entityId, ctx.siteIds, areaId);
  if (!area) throw new AppError('not_found', { field: 'area_id', messageKey: 'visit_area_not_found' });
  const site = await findSite(tx, ctx.entityId, ctx.siteIds, area.siteId);
  if (!site) throw new AppError('not_found', { field: 'area_id', messageKey: 'visit_area_not_found' });
  return {
    id: area.id,
    name: area.name,
    siteId: area.siteId,
    siteName: site.site.name,
    loginMode: loginModeOf(area.loginMode),
    active: area.active,
  };
}

type PersonPlan = {
  personId: string;
  person: PersonRecord | null;
  choice: PersonFlowChoice | null;
  /** On site in this area now (the action is then a sign-out). */
  onSiteHere: VisitRecord | null;
  onSiteElsewhere: { visit: VisitRecord; areaName: string } | null;
  expected: VisitRecord | null;
  /** The hosts of the expected visit, chosen when it was expected. */
  expectedHosts: { id: string; full_name: string; email: string | null }[];
  action: 'sign_in' | 'sign_out' | 'check_in';
  compliances: ReturnType<typeof dueCompliances>;
  modes: ModeForReasons<FlowReason>[];
  hostOptions: HostOption[];
  blocker: { code: PreviewBlocker; key: string; vars?: Record<string, string | number> } | null;
};

/**
 * What the flow asks of each person at the area now, read for all of them at once: their flow, whether
 * they are on site, today's expected visit, the compliances due, reasons, hosts, and what stops them.
 */
async function planPeople(
  tx: Executor,
  ctx: AccessContext,
  area: AreaInfo,
  wanted: readonly { personId: string; userTypeId?: string | null }[],
  now: Date,
) {
  const timeZone = companyZone(ctx);
  const ids = wanted.map((w) => w.personId);
  const people = await findPeople(tx, ctx.entityId, personInScope(ctx), ids);
  const choices = await flowsForPeopleAtSite(tx, ctx.entityId, area.siteId, wanted);
  const onSite = await onSiteVisitsOf(tx, ctx.entityId, ids);
  const today = localDay(now, timeZone);
  const expected = await expectedVisitsOf(tx, ctx.entityId, ids, area.siteId, dayRange(today, today, timeZone), now);
  const flows = [...choices.values()].flatMap((c) => (c.flow ? [c.flow] : []));
  const flowIds = [...new Set(flows.map((f) => f.flowId))];
  const flowCompliances = await compliancesOfFlows(tx, ctx.entityId, flowIds);
  const expectedHosts = await hostsOfVisits(
    tx,
    ctx.entityId,
    expected.map((v) => v.id),
  );
  const complianceIds = [...new Set(flowCompliances.map((c) => c.id))];
  const valid = await validAnswers(
    tx,
    ctx.entityId,
    ids,
    complianceIds,
    now,
    expected.map((v) => v.id),
  );
  const modes = await modesOfFlows(tx, ctx.entityId, flowIds);
  const hosts = await hostOptionsOfFlows(
    tx,
    ctx.entityId,
    flows.map((f) => ({ flowId: f.flowId, userTypeId: f.userType.id })),
  );

  const plans = wanted.map((w): PersonPlan => {
    const person = people.find((p) => p.id === w.personId) ?? null;
    const choice = person ? (choices.get(w.personId) ?? null) : null;
    const flowId = choice?.flow?.flowId ?? null;
    const mine = onSite.filter((v) => v.visit.personId === w.personId);
    const here = mine.find((v) => v.visit.areaId === area.id)?.visit ?? null;
    const elsewhere = mine.find((v) => v.visit.areaId !== area.id) ?? null;
    const action = area.loginMode === 'checkIn_only' ? 'check_in' : here ? 'sign_out' : 'sign_in';
    const exp = action === 'sign_out' ? null : (expected.find((v) => v.personId === w.personId) ?? null);
    let blocker: PersonPlan['blocker'] = null;
    if (!person) blocker = { code: 'person_not_found', key: 'visit_person_not_found' };
    else if (person.status !== 'active') blocker = { code: 'person_archived', key: 'visit_person_archived' };
    else if (w.userTypeId && !choice?.userTypes.some((ut) => ut.id === w.userTypeId)) {
      blocker = { code: 'person_not_found', key: 'visit_user_type_not_person' };
    } else if (action === 'sign_in' && elsewhere) {
      blocker = { code: 'on_site_elsewhere', key: 'visit_on_site_elsewhere', vars: { area: elsewhere.areaName } };
    } else if (exp && !mayArrive(exp.stage as JourneyStage | null)) {
      blocker =
        exp.stage === 'rejected'
          ? { code: 'rejected', key: 'visit_expected_rejected' }
          : { code: 'awaiting_approval', key: 'visit_expected_awaiting_approval' };
    }
    return {
      personId: w.personId,
      person,
      choice,
      onSiteHere: here,
      onSiteElsewhere: elsewhere,
      expected: exp,
      expectedHosts: exp
        ? expectedHosts
            .filter((h) => h.visitId === exp.id)
            .map((h) => ({ id: h.id, full_name: `${h.firstName} ${h.lastName}`.trim(), email: h.email }))
        : [],
      action,
      compliances: action === 'sign_out' ? [] : dueCompliances(flowCompliances, valid, w.personId, flowId),
      modes: modes.filter((m) => m.flowId === flowId).map((m) => m.mode),
      hostOptions: flowId ? (hosts.get(flowId) ?? []) : [],
      blocker,
    };
  });
  return { plans, timeZone };
}

const bindingOf = (action: PersonPlan['action']): CustomFieldBinding => action;

async function actionFields(tx: Executor, ctx: AccessContext, actions: PersonPlan['action'][]) {
  const result = new Map<CustomFieldBinding, ActionField[]>();
  if (!planHasCustomFields(ctx.entity.plan)) return result;
  for (const binding of new Set(actions.map(bindingOf)))
    result.set(binding, await fieldsOfBinding(tx, ctx.entityId, binding));
  return result;
}

const reasonAction = (action: PersonPlan['action']): AttendanceAction =>
  action === 'sign_out' ? 'sign_out' : 'sign_in';

/** POST /visits/sign-in/preview (spec "Mass-action data"): what the flow asks of each person now. */
export async function previewSignIn(
  app: FastifyInstance,
  ctx: AccessContext,
  body: SignInPreviewBody,
  lang: Language,
  now = new Date(),
): Promise<SignInPreview> {
  return inTenant(app, ctx, async (tx) => {
    const area = await mustFindArea(tx, ctx, body.area_id);
    const { plans, timeZone } = await planPeople(
      tx,
      ctx,
      area,
      body.person_ids.map((personId) => ({ personId })),
      now,
    );
    const fields = await actionFields(
      tx,
      ctx,
      plans.map((p) => p.action),
    );
    const moment = localMoment(now, timeZone);
    return {
      area: {
        id: area.id,
        name: area.name,
        site: { id: area.siteId, name: area.siteName },
        login_mode: area.loginMode,
      },
      now: localStamp(now, timeZone),
      timezone: timeZone,
      people: plans.map((p): PersonPreview => {
        const flow = p.choice?.flow ?? null;
        const checks = flow?.settings.checks;
        const reasons = applicableReasons(p.modes, reasonAction(p.action), moment);
        const due = p.compliances;
        return {
          person_id: p.personId,
          full_name: p.person ? fullName(p.person) : null,
          photo_url: p.person ? photoUrl(p.person.id, p.person.image) : null,
          user_type: p.choice?.userType ? { id: p.choice.userType.id, name: p.choice.userType.name } : null,
          journey: flow
            ? {
                id: flow.journey.id,
                name: flow.journey.name,
                logo_url: flow.journey.logo ? `/api/v1/journeys/${flow.journey.id}/logo` : null,
              }
            : null,
          journey_flow_id: flow?.flowId ?? null,
          signed_in: p.onSiteHere !== null,
          action: p.action,
          badge_label: badgeLabel(area.loginMode, p.onSiteHere !== null),
          visit_id: p.onSiteHere?.id ?? p.expected?.id ?? null,
          expected_visit: p.expected
            ? {
                id: p.expected.id,
                stage: (p.expected.stage as JourneyStage | null) ?? null,
                expected: p.expected.expectedAt
                  ? { at: p.expected.expectedAt.toISOString(), local: localStamp(p.expected.expectedAt, timeZone) }
                  : null,
                hosts: p.expectedHosts,
              }
            : null,
          compliances: due,
          documents: due
            .filter((c) => c.status === 'due' && c.asked.format === 'vaccine')
            .map((c) => {
              const content = c.asked.content as {
                protocols?: string[];
                accept_negative_pcr?: boolean;
                pcr_valid_days?: number | null;
              };
              return {
                compliance_id: c.id,
                name: c.asked.name,
                protocols: content.protocols ?? [],
                accept_negative_pcr: content.accept_negative_pcr ?? false,
                pcr_valid_days: content.pcr_valid_days ?? null,
              };
            }),
          checks: {
            temperature:
              checks?.temperature_check && p.action !== 'sign_out'
                ? { threshold_c: checks.temperature_threshold, default_reading_c: 36 }
                : null,
            mask: Boolean(checks?.mask_check) && p.action !== 'sign_out',
          },
          host:
            checks?.host && p.action !== 'sign_out'
              ? {
                  required: !checks.allow_not_select_host,
                  allow_not_select_host: checks.allow_not_select_host,
                  select_host_permitted: checks.select_host_permitted,
                  note: flow!.settings.host_note,
                  options: p.hostOptions.map((h) => ({ id: h.id, full_name: fullName(h), email: h.email })),
                }
              : null,
          reasons: {
            type: reasons.type,
            options: reasons.reasons.map((r) => ({
              id: r.id,
              name: r.name,
              attendance_code: r.attendance_code,
              start_time: r.start_time,
              duration_minutes: r.duration_minutes,
            })),
            preselected: reasons.preselected_id,
          },
          custom_fields: (fields.get(bindingOf(p.action)) ?? []).map((f) => ({
            id: f.id,
            name: f.name,
            type: f.type,
            required: f.required,
            options: f.options,
            section: f.section,
          })),
          blocker: p.blocker
            ? { code: p.blocker.code, message: t(lang, `errors:${p.blocker.key}`, p.blocker.vars) }
            : null,
        };
      }),
    };
  });
}

type Prepared = {
  plan: PersonPlan;
  input: SignInBodyParsed['people'][number];
  temperatureC: number | null;
  mask: boolean | null;
  overrideReason: string | null;
  hostIds: string[];
  reasonId: string | null;
  customFields: { custom_field_id: string; value: unknown }[];
  responses: {
    complianceId: string;
    version: number;
    graded: Exclude<ReturnType<typeof gradeResponse>, { messageKey: string }>;
    notes: string | null;
  }[];
};

/** Every rule of one person's sign-in; the issues found, or what to write. */
async function preparePerson(
  tx: Executor,
  ctx: AccessContext,
  plan: PersonPlan,
  input: SignInBodyParsed['people'][number],
  fields: ActionField[],
  now: Date,
  timeZone: string,
): Promise<{ issues: Issue[]; prepared: Prepared | null }> {
  const issues: Issue[] = [];
  if (plan.blocker)
    return { issues: [{ field: 'person_id', key: plan.blocker.key, vars: plan.blocker.vars }], prepared: null };
  if (plan.action === 'sign_out') {
    return { issues: [{ field: 'person_id', key: 'visit_already_on_site' }], prepared: null };
  }
  const flow = plan.choice?.flow ?? null;

  // Compliances: every due required one answered, none failed (spec §4 Compliance answer status).
  const responses: Prepared['responses'] = [];
  for (const c of plan.compliances) {
    const item = input.compliances.find((i) => i.compliance_id === c.id);
    if (!item) {
      if (c.required && c.status === 'due') {
        issues.push({ field: `compliances.${c.id}`, key: 'visit_compliance_required', vars: { name: c.asked.name } });
      }
      continue;
    }
    if (item.version !== undefined && item.version !== c.version) {
      issues.push({ field: `compliances.${c.id}`, key: 'visit_compliance_changed', vars: { name: c.asked.name } });
      continue;
    }
    const graded = gradeResponse(c.asked, item, now, timeZone);
    if (isGradeProblem(graded)) {
      issues.push({ field: `compliances.${c.id}`, key: graded.messageKey, vars: { name: c.asked.name } });
      continue;
    }
    if (graded.status === 'failed') {
      issues.push({ field: `compliances.${c.id}`, key: 'visit_compliance_failed', vars: { name: c.asked.name } });
      continue;
    }
    responses.push({ complianceId: c.id, version: c.version, graded, notes: item.notes?.trim() || null });
  }
  for (const item of input.compliances) {
    if (!plan.compliances.some((c) => c.id === item.compliance_id)) {
      issues.push({ field: `compliances.${item.compliance_id}`, key: 'visit_compliance_not_in_flow' });
    }
  }

  // Temperature and mask (spec §4 Temperature; §5 override reason of 20 characters or more).
  const health = flow
    ? checkHealth(flow.settings.checks, {
        temperature: input.temperature ?? null,
        mask: input.mask ?? null,
        overrideReason: input.override_reason ?? null,
      })
    : { temperatureC: null, mask: input.mask ?? null, overridden: false, issues: [] };
  for (const issue of health.issues) issues.push({ field: issue.field, key: issue.key, vars: issue.vars });

  // Hosts (spec Host payload): chosen from the flow's list when only those are permitted; required
  // unless the flow allows none.
  const checks = flow?.settings.checks;
  const hostIds = input.host_ids;
  if (hostIds.length) {
    const found = await findPeople(tx, ctx.entityId, undefined, hostIds);
    const usable = found.filter((p) => p.status === 'active');
    if (usable.length !== hostIds.length) {
      issues.push({ field: 'host_ids', key: 'visit_host_not_found' });
    } else if (
      checks?.host &&
      checks.select_host_permitted &&
      hostIds.some((id) => !plan.hostOptions.some((h) => h.id === id))
    ) {
      issues.push({ field: 'host_ids', key: 'visit_host_not_permitted' });
    } else if (hostIds.includes(plan.personId)) {
      issues.push({ field: 'host_ids', key: 'visit_host_self' });
    }
  } else if (checks?.host && !checks.allow_not_select_host) {
    issues.push({ field: 'host_ids', key: 'visit_host_required' });
  }

  // A late sign-in reason (spec §4): one given must be of the flow's modes; none given takes the one
  // that applies, and when several apply the person picks.
  let reasonId: string | null = null;
  if (input.reason_id) {
    const known = plan.modes.flatMap((m) => m.reasons).find((r) => r.id === input.reason_id);
    if (!known || known.type !== 'late_sign_in') issues.push({ field: 'reason_id', key: 'visit_reason_not_available' });
    else reasonId = known.id;
  } else {
    const applicable = applicableReasons(plan.modes, 'sign_in', localMoment(now, timeZone));
    reasonId = applicable.preselected_id;
    if (applicable.reasons.length > 1) issues.push({ field: 'reason_id', key: 'visit_reason_required' });
  }

  // Custom fields of the action (sign-in or check-in), checked by their type.
  const customFields: Prepared['customFields'] = [];
  for (const given of input.custom_fields) {
    if (!fields.some((f) => f.id === given.custom_field_id)) {
      issues.push({ field: `custom_fields.${given.custom_field_id}`, key: 'visit_custom_field_not_asked' });
    }
  }
  for (const field of fields) {
    const given = input.custom_fields.find((f) => f.custom_field_id === field.id);
    const checked = checkCustomFieldValue(field, given?.value);
    if (!checked.ok)
      issues.push({ field: `custom_fields.${field.id}`, key: checked.error, vars: { field: field.name } });
    else if (checked.value !== null) customFields.push({ custom_field_id: field.id, value: checked.value });
  }

  if (issues.length) return { issues, prepared: null };
  return {
    issues,
    prepared: {
      plan,
      input,
      temperatureC: health.temperatureC,
      mask: health.mask,
      overrideReason: health.overridden ? (input.override_reason?.trim() ?? null) : null,
      hostIds,
      reasonId,
      customFields,
      responses,
    },
  };
}

const idempotencyKeyFor = (key: string, personId: string) => `${key}:${personId}`;

function isIdempotencyClash(error: unknown): boolean {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505' && (e.constraint === 'visits_idempotency_key' || !e.constraint)) return true;
  }
  return false;
}

/** The visits an earlier request with the same key made, when it made them for exactly these people. */
async function replayed(tx: Executor, ctx: AccessContext, body: SignInBodyParsed, key: string) {
  const keys = body.people.map((p) => idempotencyKeyFor(key, p.person_id));
  const found = await visitsByIdempotencyKey(tx, ctx.entityId, key);
  if (found.length === 0) return null;
  if (found.length !== keys.length || keys.some((k) => !found.some((f) => f.key === k))) {
    throw new AppError('rule_violation', { field: 'idempotency_key', messageKey: 'visit_idempotency_key_reused' });
  }
  const order = keys.map((k) => found.find((f) => f.key === k)!.id);
  const rows = await findVisitRows(tx, ctx.entityId, undefined, order);
  return order.map((id) => rows.find((r) => r.visit.id === id)!);
}

type Arrival = { visitId: string; areaId: string; hostIds: string[]; notify: boolean; personName: string };

/**
 * POST /visits/sign-in: signs each person in at the area (or checks them in, for check-in-only areas).
 * A person's expected visit for today at the site becomes the arrival when its stage allows; otherwise
 * a new visit is made. With an idempotency key, a retry answers the first result and makes nothing.
 */
export async function signIn(
  app: FastifyInstance,
  ctx: AccessContext,
  body: SignInBodyParsed,
  opts: { lang: Language; idempotencyKey?: string; now?: Date },
): Promise<VisitActionResult> {
  const key = opts.idempotencyKey ?? body.idempotency_key;
  const timeZone = companyZone(ctx);
  const run = () =>
    inTenant(app, ctx, async (tx) => {
      if (key) {
        // Requests with the same key wait for each other, so the later one sees the first one's visits.
        await lockIdempotencyKey(tx, ctx.entityId, key);
        const earlier = await replayed(tx, ctx, body, key);
        if (earlier)
          return { replay: true as const, data: await toVisits(tx, ctx.entityId, timeZone, earlier), arrivals: [] };
      }
      const now = opts.now ?? new Date();
      const area = await mustFindArea(tx, ctx, body.area_id);
      if (!area.active) throw new AppError('rule_violation', { field: 'area_id', messageKey: 'visit_area_inactive' });
      const { plans } = await planPeople(
        tx,
        ctx,
        area,
        body.people.map((p) => ({ personId: p.person_id, userTypeId: p.user_type_id })),
        now,
      );
      const fields = await actionFields(
        tx,
        ctx,
        plans.map((p) => p.action),
      );
      const refused: PersonIssues[] = [];
      const ready: Prepared[] = [];
      for (const [i, plan] of plans.entries()) {
        const { issues, prepared } = await preparePerson(
          tx,
          ctx,
          plan,
          body.people[i]!,
          fields.get(bindingOf(plan.action)) ?? [],
          now,
          timeZone,
        );
        if (prepared) ready.push(prepared);
        else refused.push({ personId: plan.personId, fullName: plan.person ? fullName(plan.person) : null, issues });
      }
      if (refused.length) throw new VisitRefusal(refused);

      const source = sourceOf(ctx);
      const state = area.loginMode === 'checkIn_only' ? 'checked_in' : 'on_site';
      const visitIds: string[] = [];
      const fresh: Parameters<typeof insertVisits>[1] = [];
      for (const p of ready) {
        const flow = p.plan.choice?.flow ?? null;
        const columns = {
          userTypeId: p.plan.choice?.userType?.id ?? null,
          siteId: area.siteId,
          areaId: area.id,
          journeyId: flow?.journey.id ?? null,
          journeyFlowId: flow?.flowId ?? null,
          loginMode: area.loginMode,
          state,
          signedInAt: now,
          signInSource: source,
          temperatureC: p.temperatureC === null ? null : String(p.temperatureC),
          mask: p.mask,
          overrideReason: p.overrideReason,
          lateReasonId: p.reasonId,
          hostMessage: p.input.host_message?.trim() || null,
          idempotencyKey: key ? idempotencyKeyFor(key, p.plan.personId) : null,
        };
        if (p.plan.expected) {
          const extra = { ...p.plan.expected.extra, custom_fields: p.customFields };
          await updateVisit(tx, ctx.entityId, p.plan.expected.id, { ...columns, extra });
          visitIds.push(p.plan.expected.id);
        } else {
          const id = newId(now.getTime());
          fresh.push({
            entityId: ctx.entityId,
            id,
            personId: p.plan.personId,
            ...columns,
            extra: { custom_fields: p.customFields },
          });
          visitIds.push(id);
        }
      }
      await insertVisits(tx, fresh);
      await insertVisitHosts(
        tx,
        ctx.entityId,
        ready.flatMap((p, i) => p.hostIds.map((personId) => ({ visitId: visitIds[i]!, personId }))),
      );
      await insertComplianceResponses(
        tx,
        ready.flatMap((p, i) =>
          p.responses.map((r) => ({
            entityId: ctx.entityId,
            id: newId(),
            personId: p.plan.personId,
            complianceId: r.complianceId,
            complianceVersion: r.version,
            visitId: visitIds[i]!,
            areaId: area.id,
            userTypeId: p.plan.choice?.userType?.id ?? null,
            answers: r.graded.answers,
            notes: r.notes,
            status: r.graded.status,
            isCompleted: true,
            isWrong: r.graded.isWrong,
            answeredAt: now,
            validUntil: r.graded.validUntil,
          })),
        ),
      );
      const action: VisitAction = state === 'checked_in' ? 'checked_in' : 'signed_in';
      await writeAudits(
        tx,
        ctx,
        ready.map((p, i): AuditEntry => ({
          action: `visit.${action}`,
          targetType: 'visit',
          targetId: visitIds[i]!,
          after: {
            person_id: p.plan.personId,
            area_id: area.id,
            from_expected: p.plan.expected?.id ?? null,
            temperature_c: p.temperatureC,
            mask: p.mask,
            override_reason: p.overrideReason,
            host_ids: p.hostIds,
            late_reason_id: p.reasonId,
            compliances: p.responses.map((r) => ({ id: r.complianceId, status: r.graded.status })),
          },
        })),
      );
      const rows = await findVisitRows(tx, ctx.entityId, undefined, visitIds);
      const ordered = visitIds.map((id) => rows.find((r) => r.visit.id === id)!);
      const arrivals: Arrival[] = ready.map((p, i) => ({
        visitId: visitIds[i]!,
        areaId: area.id,
        hostIds: p.hostIds,
        notify: Boolean(p.plan.choice?.flow?.settings.notifications.notify_host_on_arrival),
        personName: fullName(p.plan.person!),
      }));
      return { replay: false as const, data: await toVisits(tx, ctx.entityId, timeZone, ordered), arrivals, action };
    });

  let outcome: Awaited<ReturnType<typeof run>>;
  try {
    outcome = await run();
  } catch (error) {
    // Two identical requests at once: the one that lost the race answers the winner's result.
    if (key && isIdempotencyClash(error)) outcome = await run();
    else throw error;
  }
  if (outcome.replay) {
    return { message: t(opts.lang, 'errors:visit_done.replayed'), data: outcome.data, replayed: true };
  }
  emitVisits(
    app,
    ctx.entityId,
    outcome.action,
    outcome.data.map((v) => ({ id: v.id, areaId: v.area.id })),
  );
  await notifyHosts(app, ctx, outcome.arrivals, 'arrival', opts.lang, opts.now ?? new Date());
  const done = outcome.action === 'checked_in' ? 'checked_in' : 'signed_in';
  return {
    message: t(opts.lang, `errors:visit_done.${done}`, { count: outcome.data.length }),
    data: outcome.data,
    replayed: false,
  };
}

/**
 * Emails the hosts of arrivals (or departures) whose flow asks for it (mailer outbox without SMTP),
 * after the commit, each in the host's own language, and notes when they were told.
 */
async function notifyHosts(
  app: FastifyInstance,
  ctx: AccessContext,
  events: Arrival[],
  kind: 'arrival' | 'departure',
  lang: Language,
  now: Date,
) {
  const wanted = events.filter((e) => e.notify && e.hostIds.length);
  if (wanted.length === 0) return;
  const hostIds = [...new Set(wanted.flatMap((e) => e.hostIds))];
  const { hosts, places } = await inTenant(app, ctx, async (tx) => ({
    hosts: await findRecipients(tx, ctx.entityId, undefined, hostIds),
    places: await findVisitRows(
      tx,
      ctx.entityId,
      undefined,
      wanted.map((e) => e.visitId),
    ),
  }));
  const mails: Mail[] = [];
  for (const event of wanted) {
    const place = places.find((r) => r.visit.id === event.visitId);
    for (const hostId of event.hostIds) {
      const host = hosts.find((h) => h.id === hostId);
      if (!host?.email) continue;
      const mailLang = isLanguage(host.lang) ? host.lang : lang;
      const vars = {
        host: host.firstName,
        visitor: event.personName,
        company: ctx.entity.name,
        site: place?.siteName ?? '',
        area: place?.areaName ?? '',
        time: localStamp(now, companyZone(ctx)),
        message: place?.visit.hostMessage ?? '',
      };
      mails.push({
        to: host.email,
        subject: t(mailLang, `errors:visit_mail.${kind}_subject`, vars),
        text:
          t(mailLang, `errors:visit_mail.${kind}_body`, vars) +
          (vars.message ? `\n\n${t(mailLang, 'errors:visit_mail.message', vars)}` : ''),
      });
    }
  }
  for (const mail of mails) await app.mailer.send(mail);
  if (kind === 'arrival') {
    await inTenant(app, ctx, (tx) =>
      markHostsNotified(
        tx,
        ctx.entityId,
        wanted.map((e) => e.visitId),
        now,
      ),
    );
  }
}

/**
 * POST /visits/sign-out (spec /user_action): signs out visits, or the people's visits on site (in one
 * area when given), with an early sign-out reason (one given must be of the visit's flow; none given
 * takes the one that applies). Anyone not on site is refused by name and nothing changes.
 */
export async function signOut(
  app: FastifyInstance,
  ctx: AccessContext,
  body: SignOutParsed,
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
    if (refused.length) throw new VisitRefusal(refused);
    const source = sourceOf(ctx);
    const done = await signOutVisits(
      tx,
      ctx.entityId,
      targets.map((v) => ({ id: v.id, at: now, source, earlyReasonId: reasons.get(v.id) ?? null })),
    );
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
    return { data: await toVisits(tx, ctx.entityId, timeZone, ordered), departures };
  });
  emitVisits(
    app,
    ctx.entityId,
    'signed_out',
    outcome.data.map((v) => ({ id: v.id, areaId: v.area.id })),
  );
  await notifyHosts(app, ctx, outcome.departures, 'departure', opts.lang, now);
  return {
    message: t(opts.lang, 'errors:visit_done.signed_out', { count: outcome.data.length }),
    data: outcome.data,
    replayed: false,
  };
}

/**
 * Spec §4 "Changing an area's login mode ends signed-in visits": everyone on site in the area is signed
 * out now (source area_mode_change), with an audit row each. Call inside the area change's transaction;
 * emit with emitVisits after it commits.
 */
export async function signOutEveryoneInArea(
  tx: Executor,
  ctx: Pick<AccessContext, 'entityId' | 'actor'>,
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
  return done.map((id) => ({ id, areaId }));
}
