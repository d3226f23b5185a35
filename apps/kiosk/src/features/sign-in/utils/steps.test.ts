import { describe, expect, it } from 'vitest';
import { initialDraft } from '@app/shared/visits/sign-in-form';
import { ID, NOW, person, question, reason } from '@app/shared/visits/sign-in-preview.fixture';
import { flowSteps, stepId, stepIssues, stepOfField } from './steps';

const everything = person({
  compliances: [question, { ...question, id: ID.rules, status: 'valid' }],
  checks: { temperature: { threshold_c: 37.5, default_reading_c: 36 }, mask: true },
  host: {
    required: true,
    allow_not_select_host: false,
    select_host_permitted: false,
    note: '',
    options: [],
  },
  custom_fields: [
    { id: ID.field, name: 'Car plate', type: 'text', required: true, options: {}, section: { id: ID.type, name: 'S' } },
  ],
  reasons: {
    type: 'late_sign_in',
    options: [reason(ID.late, 'Traffic'), reason(ID.late2, 'Doctor')],
    preselected: null,
  },
});

describe('the kiosk flow’s screens', () => {
  it('asks each due compliance, then the checks, the host, the fields and the reason, in that order', () => {
    expect(flowSteps(everything).map(stepId)).toEqual([
      `compliance-${ID.health}`,
      'checks',
      'host',
      'fields',
      'reason',
    ]);
  });

  it('asks nothing of a plain visitor, and only the reason of one signing out when there are several', () => {
    expect(flowSteps(person())).toEqual([]);
    expect(flowSteps({ ...everything, action: 'sign_out' }).map(stepId)).toEqual(['reason']);
    const oneReason = { ...everything.reasons, options: [reason(ID.late, 'Traffic')] };
    expect(flowSteps({ ...everything, action: 'sign_out', reasons: oneReason })).toEqual([]);
  });

  it('holds the person on a screen while its own rules are broken, and only those', () => {
    const draft = initialDraft(everything);
    const [compliance, checks, host, fields, reasonStep] = flowSteps(everything);
    expect(stepIssues(compliance!, everything, draft, NOW, 'UTC').map((i) => i.field)).toEqual([
      `compliances.${ID.health}`,
    ]);
    // No mask yet: letting the person through would need a reason.
    expect(stepIssues(checks!, everything, draft, NOW, 'UTC').map((i) => i.field)).toEqual(['override_reason']);
    expect(stepIssues(checks!, everything, { ...draft, mask: true }, NOW, 'UTC')).toEqual([]);
    expect(stepIssues(host!, everything, draft, NOW, 'UTC').map((i) => i.key)).toEqual(['errors:visit_host_required']);
    expect(stepIssues(fields!, everything, draft, NOW, 'UTC').map((i) => i.field)).toEqual([
      `custom_fields.${ID.field}`,
    ]);
    expect(stepIssues(reasonStep!, everything, draft, NOW, 'UTC').map((i) => i.field)).toEqual(['reason_id']);

    const answered = {
      ...draft,
      compliances: { [ID.health]: { ...draft.compliances[ID.health]!, answers: { q1: 'no' } } },
      mask: true,
      temperature: '38.4',
    };
    expect(stepIssues(compliance!, everything, answered, NOW, 'UTC')).toEqual([]);
    // A fever asks for a reason to let the person through.
    expect(stepIssues(checks!, everything, answered, NOW, 'UTC').map((i) => i.field)).toContain('override_reason');
  });

  it('finds the screen of a field the server refused', () => {
    const steps = flowSteps(everything);
    expect(stepOfField(steps, 'host_ids')).toBe(2);
    expect(stepOfField(steps, `custom_fields.${ID.field}`)).toBe(3);
    expect(stepOfField(steps, 'temperature')).toBe(1);
    expect(stepOfField(steps, 'area_id')).toBe(-1);
  });
});
