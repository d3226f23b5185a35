// What the flow asks of each person at an area now, read for all of them at once (spec "Mass-action
// data"). Used by sign-in and its preview (sign-in-preview.ts).
import type { AttendanceAction, ModeForReasons } from '@app/shared/attendance/applicable-reasons';
import {
  planHasCustomFields,
  type CustomFieldBinding,
  type CustomFieldOptions,
  type CustomFieldType,
} from '@app/shared/custom-fields/schemas';
import { dayRange, localDay } from '@app/shared/visits/rules';
import { mayArrive, type JourneyStage } from '@app/shared/visits/stages';
import type { PreviewBlocker, SignSource } from '@app/shared/visits/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { findPeople, type PersonRecord } from '../people/people.repository';
import { personInScope } from '../people/person-scope';
import { fullName } from '../people/person-view';
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
import { loginModeOf } from './visit-view';
import { arrivalArea, arrivalVisitsOf, hostsOfVisits, type VisitRecord } from './visits.repository';
import { companyZone } from '../access/company-zone';
import { visitPermitRefusals } from '../visit-permits/permit-rule';
import { inTenant } from '../access/in-tenant';
export { inTenant };

const SOURCES: Record<AccessContext['actor']['kind'], SignSource> = {
  user: 'dashboard',
  client: 'api',
  kiosk: 'kiosk',
  passport: 'passport',
  // A directory only keeps people in step; it never signs anyone in.
  directory: 'api',
  // A host's link only decides a visit; it never signs anyone in.
  host_link: 'dashboard',
};
export const sourceOf = (ctx: AccessContext): SignSource => SOURCES[ctx.actor.kind];

export type AreaInfo = {
  id: string;
  name: string;
  siteId: string;
  siteName: string;
  loginMode: 'signIn_signOut' | 'checkIn_only';
  active: boolean;
  /** The area or its site has a capacity or a daily visitor limit (decision 054). */
  limited: boolean;
};

/** The area of a sign-in; with `arrivalFields`, also the custom fields asked on arrival there. */
export async function mustFindArea(
  tx: Executor,
  ctx: AccessContext,
  areaId: string,
  { arrivalFields = false }: { arrivalFields?: boolean } = {},
): Promise<AreaInfo & { arrivalFields: ActionField[] }> {
  const found = await arrivalArea(tx, {
    entityId: ctx.entityId,
    siteIds: ctx.siteIds,
    areaId,
    withFields: arrivalFields && planHasCustomFields(ctx.entity.plan),
  });
  if (!found) throw new AppError('not_found', { field: 'area_id', messageKey: 'visit_area_not_found' });
  const { area, siteName } = found;
  const limits = [area.capacity, area.dailyVisitorLimit, found.siteCapacity, found.siteDailyLimit];
  return {
    id: area.id,
    name: area.name,
    siteId: area.siteId,
    siteName,
    loginMode: loginModeOf(area.loginMode),
    active: area.active,
    limited: limits.some((l) => l !== null),
    arrivalFields: (found.fields ?? []).map((f) => ({
      id: f.id,
      name: f.name,
      type: f.type as CustomFieldType,
      required: f.required,
      options: f.options as CustomFieldOptions,
      printOnBadge: f.printOnBadge,
      section: { id: f.sectionId, name: f.sectionName },
    })),
  };
}

export type PersonPlan = {
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
export async function planPeople(
  tx: Executor,
  ctx: AccessContext,
  area: AreaInfo,
  wanted: readonly { personId: string; userTypeId?: string | null }[],
  now: Date,
  options: {
    lock: boolean;
    hostOptions: boolean;
    /** Expected visits chosen (a logbook row); a person without one gets the one nearest to now. */
    expectedVisitIds?: readonly string[];
  },
) {
  const timeZone = companyZone(ctx);
  const ids = wanted.map((w) => w.personId);
  // A sign-in locks its people first: the same person signed in twice at once is signed in once.
  const people = await findPeople(tx, ctx.entityId, personInScope(ctx), ids, { lock: options.lock });
  const choices = await flowsForPeopleAtSite(tx, ctx.entityId, area.siteId, wanted);
  const today = localDay(now, timeZone);
  const { onSite, expected } = await arrivalVisitsOf(
    tx,
    ctx.entityId,
    ids,
    area.siteId,
    dayRange(today, today, timeZone),
    now,
  );
  // A chosen visit must be one of these people's expected visits today at this site.
  const chosen = new Set(options.expectedVisitIds ?? []);
  for (const id of chosen) {
    if (!expected.some((v) => v.id === id))
      throw new AppError('rule_violation', { field: 'expected_visit_id', messageKey: 'visit_expected_not_today' });
  }
  const flows = [...choices.values()].flatMap((c) => (c.flow ? [c.flow] : []));
  const flowIds = [...new Set(flows.map((f) => f.flowId))];
  // Each read below is skipped when no flow has anything for it.
  const flowCompliances = await compliancesOfFlows(
    tx,
    ctx.entityId,
    flowIds.filter((id) => flows.some((f) => f.flowId === id && f.hasCompliances)),
  );
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
  const modes = await modesOfFlows(
    tx,
    ctx.entityId,
    flowIds.filter((id) => flows.some((f) => f.flowId === id && f.hasModes)),
  );
  // The hosts a flow offers: shown by the preview, and checked at sign-in only against hosts chosen.
  const hosts = await hostOptionsOfFlows(
    tx,
    ctx.entityId,
    options.hostOptions ? flows.map((f) => ({ flowId: f.flowId, userTypeId: f.userType.id })) : [],
  );

  const plans = wanted.map((w): PersonPlan => {
    const person = people.find((p) => p.id === w.personId) ?? null;
    const choice = person ? (choices.get(w.personId) ?? null) : null;
    const flowId = choice?.flow?.flowId ?? null;
    const mine = onSite.filter((v) => v.visit.personId === w.personId);
    const here = mine.find((v) => v.visit.areaId === area.id)?.visit ?? null;
    const elsewhere = mine.find((v) => v.visit.areaId !== area.id) ?? null;
    const action = area.loginMode === 'checkIn_only' ? 'check_in' : here ? 'sign_out' : 'sign_in';
    const theirs = expected.filter((v) => v.personId === w.personId);
    const exp = action === 'sign_out' ? null : (theirs.find((v) => chosen.has(v.id)) ?? theirs[0] ?? null);
    let blocker: PersonPlan['blocker'] = null;
    if (!person) blocker = { code: 'person_not_found', key: 'visit_person_not_found' };
    else if (person.status !== 'active') blocker = { code: 'person_archived', key: 'visit_person_archived' };
    else if (w.userTypeId && !choice?.userTypes.some((ut) => ut.id === w.userTypeId)) {
      blocker = { code: 'person_not_found', key: 'visit_user_type_not_person' };
    } else if (action === 'sign_in' && elsewhere) {
      blocker = { code: 'on_site_elsewhere', key: 'visit_on_site_elsewhere', vars: { area: elsewhere.areaName } };
    } else if (exp && !mayArrive(exp.stage as JourneyStage | null)) {
      // A compliance failed online needs an admin's approval again (spec §4 stages; stageFor).
      blocker =
        exp.stage === 'rejected'
          ? { code: 'rejected', key: 'visit_expected_rejected' }
          : exp.stage === 'awaiting_approval_compliance_failed'
            ? { code: 'awaiting_approval', key: 'visit_expected_compliance_failed_approval' }
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
  // The visit-permit rule (decision 026) for arrivals nothing else stops; permits are read only when a
  // user type needs one.
  const refusals = await visitPermitRefusals(
    tx,
    ctx.entityId,
    timeZone,
    plans.map((p) => ({
      personId: p.personId,
      personName: p.person ? fullName(p.person) : '',
      userType: !p.blocker && p.action !== 'sign_out' ? (p.choice?.userType ?? null) : null,
      site: { name: area.siteName },
      at: now,
    })),
  );
  // A sign-in's messages already start with the person's name: the message without it.
  for (const [i, refusal] of refusals)
    plans[i]!.blocker = { code: 'no_visit_permit', key: `${refusal.key}_short`, vars: refusal.vars };
  return { plans, timeZone };
}

export const bindingOf = (action: PersonPlan['action']): CustomFieldBinding => action;

export async function actionFields(tx: Executor, ctx: AccessContext, actions: PersonPlan['action'][]) {
  const result = new Map<CustomFieldBinding, ActionField[]>();
  if (!planHasCustomFields(ctx.entity.plan)) return result;
  for (const binding of new Set(actions.map(bindingOf)))
    result.set(binding, await fieldsOfBinding(tx, ctx.entityId, binding));
  return result;
}

export const reasonAction = (action: PersonPlan['action']): AttendanceAction =>
  action === 'sign_out' ? 'sign_out' : 'sign_in';
