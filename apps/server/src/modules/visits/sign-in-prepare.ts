// One person's sign-in checked against every rule of the area's flow (sign-in.service.ts signs the
// request's people in once each of them passed): what to write, or the issues found.
import { applicableReasons, localMoment } from '@app/shared/attendance/applicable-reasons';
import { isGradeProblem, gradeResponse } from '@app/shared/compliances/responses';
import { checkCustomFieldValue } from '@app/shared/custom-fields/schemas';
import { checkHealth } from '@app/shared/visits/rules';
import type { SignInBodyParsed } from '@app/shared/visits/schemas';
import { type Executor } from '../../db/client';
import type { AccessContext } from '../access/access.types';
import { findPeople, type PersonRecord } from '../people/people.repository';
import { type ActionField } from './visit-flow';
import { type Issue } from './visit-refusal';
import { type PersonPlan } from './sign-in-plan';
import { type FailedCheckItem } from './failed-check-notices';

export type Prepared = {
  plan: PersonPlan;
  input: SignInBodyParsed['people'][number];
  temperatureC: number | null;
  mask: boolean | null;
  overrideReason: string | null;
  hostIds: string[];
  /** The chosen hosts' rows, in name order. */
  hosts: Pick<PersonRecord, 'id' | 'firstName' | 'lastName' | 'email'>[];
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
export async function preparePerson(
  tx: Executor,
  ctx: AccessContext,
  plan: PersonPlan,
  input: SignInBodyParsed['people'][number],
  fields: ActionField[],
  now: Date,
  timeZone: string,
): Promise<{ issues: Issue[]; prepared: Prepared | null; failed: FailedCheckItem[] }> {
  const issues: Issue[] = [];
  if (plan.blocker)
    return {
      issues: [{ field: 'person_id', key: plan.blocker.key, vars: plan.blocker.vars }],
      prepared: null,
      failed: [],
    };
  if (plan.action === 'sign_out') {
    return { issues: [{ field: 'person_id', key: 'visit_already_on_site' }], prepared: null, failed: [] };
  }
  const flow = plan.choice?.flow ?? null;
  // The checks that failed, refused or let through: the flow may email its admins of them.
  const failed: FailedCheckItem[] = [];

  // Compliances: every due required one answered, none failed (spec §4 Compliance answer status).
  const responses: Prepared['responses'] = [];
  for (const c of plan.compliances) {
    const item = input.compliances.find((i) => i.compliance_id === c.id);
    if (!item) {
      if (c.required && c.status === 'due') {
        // Failed online (spec §4 "compliance failed"): the failed answer does not count; it is asked again.
        const failedOnline = plan.expected?.stage === 'compliance_failed';
        issues.push({
          field: `compliances.${c.id}`,
          key: failedOnline ? 'visit_compliance_failed_online' : 'visit_compliance_required',
          vars: { name: c.asked.name },
        });
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
      failed.push({ kind: 'compliance', name: c.asked.name });
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
    : { temperatureC: null, mask: input.mask ?? null, overridden: false, failed: [], issues: [] };
  for (const issue of health.issues) issues.push({ field: issue.field, key: issue.key, vars: issue.vars });
  for (const kind of health.failed) {
    failed.unshift(
      kind === 'mask'
        ? { kind }
        : { kind, temperature: health.temperatureC!, threshold: flow!.settings.checks.temperature_threshold },
    );
  }

  // Hosts (spec Host payload): chosen from the flow's list when only those are permitted; required
  // unless the flow allows none.
  const checks = flow?.settings.checks;
  const hostIds = input.host_ids;
  let hosts: Prepared['hosts'] = [];
  if (hostIds.length) {
    const found = await findPeople(tx, ctx.entityId, undefined, hostIds);
    const usable = found.filter((p) => p.status === 'active');
    hosts = usable
      .map(({ id, firstName, lastName, email }) => ({ id, firstName, lastName, email }))
      .sort((a, b) => a.firstName.localeCompare(b.firstName) || a.lastName.localeCompare(b.lastName));
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

  if (issues.length) return { issues, prepared: null, failed };
  return {
    issues,
    failed,
    prepared: {
      plan,
      input,
      temperatureC: health.temperatureC,
      mask: health.mask,
      overrideReason: health.overridden ? (input.override_reason?.trim() ?? null) : null,
      hostIds,
      hosts,
      reasonId,
      customFields,
      responses,
    },
  };
}
