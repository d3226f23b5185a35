// The journey's flow at the kiosk as a series of screens, one question at a time: each due compliance,
// the health checks, the host, the custom fields, the late or early reason. The rules are the
// dashboard's own (packages/shared/src/visits/sign-in-form.ts); a screen lets the person go on once
// none of its rules is broken.
import { dueNow, flowIssues, type FlowIssue, type PersonDraft } from '@app/shared/visits/sign-in-form';
import type { DueCompliance, PersonPreview } from '@app/shared/visits/schemas';

export type FlowStep =
  | { kind: 'compliance'; compliance: DueCompliance }
  | { kind: 'checks' }
  | { kind: 'host' }
  | { kind: 'fields' }
  | { kind: 'reason' };

/** The screens a person goes through, in order; none for a plain sign-out with one reason or none. */
export function flowSteps(p: PersonPreview): FlowStep[] {
  const reasonStep: FlowStep[] = p.reasons.options.length > 1 ? [{ kind: 'reason' }] : [];
  if (p.action === 'sign_out') return reasonStep;
  const steps: FlowStep[] = dueNow(p).map((compliance) => ({ kind: 'compliance', compliance }));
  if (p.checks.temperature || p.checks.mask) steps.push({ kind: 'checks' });
  if (p.host) steps.push({ kind: 'host' });
  if (p.custom_fields.length > 0) steps.push({ kind: 'fields' });
  return [...steps, ...reasonStep];
}

/** A stable name for a screen (its key, and what the tests find it by). */
export const stepId = (step: FlowStep): string =>
  step.kind === 'compliance' ? `compliance-${step.compliance.id}` : step.kind;

/** Whether a rule broken on `field` (as the server names it) belongs to this screen. */
export function isOnStep(step: FlowStep, field: string): boolean {
  switch (step.kind) {
    case 'compliance':
      return field === `compliances.${step.compliance.id}`;
    case 'checks':
      return field === 'temperature' || field === 'mask' || field === 'override_reason';
    case 'host':
      return field === 'host_ids' || field === 'host_message';
    case 'fields':
      return field.startsWith('custom_fields.');
    case 'reason':
      return field === 'reason_id';
  }
}

/** What stops the person going on from this screen. */
export function stepIssues(step: FlowStep, p: PersonPreview, d: PersonDraft, now: Date, timeZone: string): FlowIssue[] {
  return flowIssues(p, d, now, timeZone).filter((issue) => isOnStep(step, issue.field));
}

/**
 * The first screen with a broken rule (a server's refusal names the field): the kiosk takes the person
 * back there rather than showing a list of errors. -1 when the field is on no screen.
 */
export function stepOfField(steps: FlowStep[], field: string): number {
  return steps.findIndex((step) => isOnStep(step, field));
}
