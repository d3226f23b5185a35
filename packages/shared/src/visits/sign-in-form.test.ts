import { describe, expect, it } from 'vitest';
import { signInBodySchema, signOutBodySchema, type PersonPreview } from './schemas';
import {
  complianceState,
  emptyComplianceDraft,
  flowIssues,
  flowMode,
  formIssues,
  initialDraft,
  needsOverride,
  newIdempotencyKey,
  signInBody,
  signInPersonBody,
  signOutBodies,
  signOutIssues,
  type PersonDraft,
} from './sign-in-form';
import { idempotencyKeySchema } from './schemas';
import { ID, LONG, NOW, ZONE, person, preview, question, reason, statement, vaccine } from './sign-in-preview.fixture';

const keysOf = (p: PersonPreview, d: PersonDraft) => flowIssues(p, d, NOW, ZONE).map((i) => `${i.field}:${i.key}`);

describe('the answer status shown live (spec §4)', () => {
  const answer = (answerId: string, notes = '') => ({ ...emptyComplianceDraft(), answers: { q1: answerId }, notes });

  it('is unanswered, then success for a right answer', () => {
    expect(complianceState(question, emptyComplianceDraft(), NOW, ZONE).status).toBe('unanswered');
    expect(complianceState(question, answer('no'), NOW, ZONE).status).toBe('success');
  });

  it('is failed when wrong with notes under 20 characters, justified with 20 or more', () => {
    expect(complianceState(question, answer('yes', 'short'), NOW, ZONE).status).toBe('failed');
    expect(complianceState(question, answer('yes', 'x'.repeat(19)), NOW, ZONE).status).toBe('failed');
    expect(complianceState(question, answer('yes', 'x'.repeat(20)), NOW, ZONE).status).toBe('justified');
  });

  it('judges a vaccination or a test as the server does', () => {
    const doc = (document: Partial<ReturnType<typeof emptyComplianceDraft>['document']>) => ({
      ...emptyComplianceDraft(),
      document: { ...emptyComplianceDraft().document, ...document },
    });
    expect(complianceState(vaccine, doc({ date: '2024-05-01' }), NOW, ZONE)).toEqual({
      status: 'incomplete',
      key: 'errors:compliance_protocol_required',
    });
    expect(complianceState(vaccine, doc({ date: '2024-05-01', protocol: 'comirnaty' }), NOW, ZONE)).toMatchObject({
      status: 'success',
      vaccineStatus: 'vaccinated',
    });
    // A negative test taken 5 days ago, counted for 3 days: expired, so wrong.
    expect(
      complianceState(vaccine, doc({ type: 'test', result: 'negative', date: '2025-03-05' }), NOW, ZONE),
    ).toMatchObject({ status: 'failed', vaccineStatus: 'expired' });
    expect(
      complianceState(vaccine, doc({ type: 'test', result: 'negative', date: '2025-03-09' }), NOW, ZONE),
    ).toMatchObject({ status: 'success', vaccineStatus: 'negative_pcr' });
  });
});

describe("a person's issues", () => {
  it('asks a required compliance, lets an optional one be skipped, and refuses a failed answer', () => {
    const p = person({ compliances: [question, statement] });
    const draft = initialDraft(p);
    expect(keysOf(p, draft)).toEqual([`compliances.${ID.health}:errors:visit_compliance_required`]);
    draft.compliances[ID.health] = { ...emptyComplianceDraft(), answers: { q1: 'yes' }, notes: 'short' };
    expect(keysOf(p, draft)).toEqual([`compliances.${ID.health}:errors:visit_compliance_failed`]);
    draft.compliances[ID.health] = { ...emptyComplianceDraft(), answers: { q1: 'yes' }, notes: LONG };
    expect(keysOf(p, draft)).toEqual([]);
  });

  it('starts at 36 °C and needs an override reason of 20 characters above the threshold', () => {
    const p = person({ checks: { temperature: { threshold_c: 37.5, default_reading_c: 36 }, mask: false } });
    const draft = initialDraft(p);
    expect(draft.temperature).toBe('36');
    expect(keysOf(p, draft)).toEqual([]);
    expect(needsOverride(p, draft)).toBe(false);
    const hot = { ...draft, temperature: '38.2' };
    expect(needsOverride(p, hot)).toBe(true);
    expect(keysOf(p, hot)).toEqual(['override_reason:errors:visit_temperature_override_required']);
    expect(keysOf(p, { ...hot, overrideReason: 'too short' })).toHaveLength(1);
    expect(keysOf(p, { ...hot, overrideReason: LONG })).toEqual([]);
  });

  it('reads Fahrenheit by the unit, by an "f" or by a number above 85', () => {
    const p = person({ checks: { temperature: { threshold_c: 37.5, default_reading_c: 36 }, mask: false } });
    const draft = initialDraft(p);
    expect(needsOverride(p, { ...draft, temperature: '98.6', unit: 'F' })).toBe(false);
    expect(needsOverride(p, { ...draft, temperature: '100.4' })).toBe(true);
    expect(needsOverride(p, { ...draft, temperature: '99.1f' })).toBe(false);
    expect(keysOf(p, { ...draft, temperature: 'warm' })).toEqual(['temperature:errors:visit_temperature_invalid']);
  });

  it('needs a mask or an override reason', () => {
    const p = person({ checks: { temperature: null, mask: true } });
    const draft = initialDraft(p);
    expect(keysOf(p, draft)).toEqual(['override_reason:errors:visit_mask_override_required']);
    expect(keysOf(p, { ...draft, mask: true })).toEqual([]);
  });

  it('asks for a host when required, never the person themselves', () => {
    const host = {
      required: true,
      allow_not_select_host: false,
      select_host_permitted: false,
      note: '',
      options: [{ id: ID.host, full_name: 'Hana Host', email: null }],
    };
    const p = person({ host });
    expect(keysOf(p, initialDraft(p))).toEqual(['host_ids:errors:visit_host_required']);
    const self = { ...initialDraft(p), hosts: [{ id: ID.ada, full_name: 'Ada Tester', email: null }] };
    expect(keysOf(p, self)).toEqual(['host_ids:errors:visit_host_self']);
    expect(keysOf(person({ host: { ...host, required: false } }), initialDraft(p))).toEqual([]);
    // A single permitted host is chosen from the start.
    const only = person({ host: { ...host, select_host_permitted: true } });
    expect(initialDraft(only).hosts.map((h) => h.id)).toEqual([ID.host]);
    // Never the person themself.
    expect(initialDraft({ ...only, person_id: ID.host }).hosts).toEqual([]);
    // Arriving for an expected visit: its hosts, chosen when it was expected.
    const expected = person({
      host,
      expected_visit: {
        id: ID.area,
        stage: 'approved',
        expected: null,
        hosts: [{ id: ID.bob, full_name: 'Bob Host', email: null }],
      },
    });
    expect(initialDraft(expected).hosts.map((h) => h.id)).toEqual([ID.bob]);
    expect(keysOf(expected, initialDraft(expected))).toEqual([]);
    // With no host check in the flow, none is sent.
    expect(initialDraft({ ...expected, host: null }).hosts).toEqual([]);
  });

  it('preselects the one reason that applies and asks to pick among several', () => {
    const one = person({
      reasons: { type: 'late_sign_in', options: [reason(ID.late, 'Traffic')], preselected: ID.late },
    });
    expect(initialDraft(one).reasonId).toBe(ID.late);
    const two = person({
      reasons: {
        type: 'late_sign_in',
        options: [reason(ID.late, 'Traffic'), reason(ID.late2, 'Doctor')],
        preselected: null,
      },
    });
    expect(keysOf(two, initialDraft(two))).toEqual(['reason_id:sign-in:flow.reason_required']);
    expect(keysOf(two, { ...initialDraft(two), reasonId: ID.late2 })).toEqual([]);
  });

  it('checks required custom fields by their type', () => {
    const p = person({
      custom_fields: [
        {
          id: ID.field,
          name: 'Badge number',
          type: 'number',
          required: true,
          options: {},
          section: { id: ID.type, name: 'Main' },
        },
      ],
    });
    expect(keysOf(p, initialDraft(p))).toEqual([`custom_fields.${ID.field}:errors:custom_value_required`]);
    expect(keysOf(p, { ...initialDraft(p), customFields: { [ID.field]: 12 } })).toEqual([]);
  });
});

describe('the request body', () => {
  it('sends what the flow asks, accepted by the shared schema', () => {
    const p = person({
      compliances: [question, statement],
      checks: { temperature: { threshold_c: 37.5, default_reading_c: 36 }, mask: true },
      host: {
        required: true,
        allow_not_select_host: false,
        select_host_permitted: true,
        note: 'Who are you meeting?',
        options: [{ id: ID.host, full_name: 'Hana Host', email: null }],
      },
      reasons: { type: 'late_sign_in', options: [reason(ID.late, 'Traffic')], preselected: ID.late },
    });
    const draft: PersonDraft = {
      ...initialDraft(p),
      temperature: ' 38 ',
      mask: true,
      overrideReason: `  ${LONG} `,
      hostMessage: ' At the desk ',
    };
    draft.compliances[ID.health] = { ...emptyComplianceDraft(), answers: { q1: 'no' } };
    const body = signInPersonBody(p, draft);
    expect(body).toEqual({
      person_id: ID.ada,
      user_type_id: ID.type,
      // The optional statement was not answered: it is not sent.
      compliances: [
        { compliance_id: ID.health, version: 2, notes: null, answers: [{ question_id: 'q1', answer_id: 'no' }] },
      ],
      temperature: { value: '38', unit: 'C' },
      mask: true,
      override_reason: LONG,
      host_ids: [ID.host],
      host_message: 'At the desk',
      reason_id: ID.late,
      custom_fields: [],
    });
    expect(signInBodySchema.safeParse({ area_id: ID.area, people: [body] }).success).toBe(true);
  });

  it('leaves out the override reason when no check fails, and checks the flow does not ask', () => {
    const p = person();
    const body = signInPersonBody(p, { ...initialDraft(p), overrideReason: LONG, mask: true });
    expect(body.override_reason).toBeNull();
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('mask');
    expect(body.host_ids).toEqual([]);
  });

  it('signs in only the people who can go ahead', () => {
    const ada = person();
    const bob = person({
      person_id: ID.bob,
      full_name: 'Bob',
      blocker: { code: 'awaiting_approval', message: 'Waiting' },
    });
    const here = person({ person_id: ID.area, action: 'sign_out', badge_label: 'sign_out', signed_in: true });
    const body = signInBody(preview([ada, bob, here]), {});
    expect(body.people.map((p) => p.person_id)).toEqual([ID.ada]);
    expect(flowMode(preview([ada, here]))).toBe('sign_in');
    expect(flowMode(preview([here, bob]))).toBe('sign_out');
  });

  it('keys the issues by person and field, as the server names them', () => {
    const p = person({ compliances: [question] });
    expect(Object.keys(formIssues(preview([p]), {}, NOW))).toEqual([`${ID.ada}.compliances.${ID.health}`]);
  });

  it('groups a sign-out by the reason chosen for each person', () => {
    const reasons = {
      type: 'early_sign_out' as const,
      options: [reason(ID.late, 'Doctor'), reason(ID.late2, 'Family')],
      preselected: null,
    };
    const out = (id: string) =>
      person({ person_id: id, action: 'sign_out', badge_label: 'sign_out', signed_in: true, reasons });
    const pv = preview([out(ID.ada), out(ID.bob)]);
    expect(Object.keys(signOutIssues(pv, {}))).toEqual([`${ID.ada}.reason_id`, `${ID.bob}.reason_id`]);
    const drafts = {
      [ID.ada]: { ...initialDraft(out(ID.ada)), reasonId: ID.late },
      [ID.bob]: { ...initialDraft(out(ID.bob)), reasonId: ID.late2 },
    };
    const bodies = signOutBodies(pv, drafts);
    expect(bodies).toEqual([
      { person_ids: [ID.ada], area_id: ID.area, reason_id: ID.late },
      { person_ids: [ID.bob], area_id: ID.area, reason_id: ID.late2 },
    ]);
    for (const b of bodies) expect(signOutBodySchema.safeParse(b).success).toBe(true);
  });

  it('makes a new valid idempotency key each time', () => {
    const a = newIdempotencyKey();
    expect(idempotencyKeySchema.safeParse(a).success).toBe(true);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
