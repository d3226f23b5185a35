// The journey flow a person goes through when signed in from the dashboard or at a kiosk (spec
// "Mass-action data", "Host payload", "Checks payload"; §4 Compliance answer status, Temperature,
// Attendance reasons; §5 override reason): what the form holds per person, the rules it shows live (the
// same shared rules the server applies), and the request it sends.
import { COMPLIANCE_LIMITS, type VaccineProtocol } from '../compliances/schemas';
import {
  gradeResponse,
  isGradeProblem,
  vaccineDocumentSchema,
  type ResponseItem,
  type VaccineStatus,
} from '../compliances/responses';
import { notesLength, type AnswerStatus } from '../compliances/answer-status';
import { checkCustomFieldValue } from '../custom-fields/schemas';
import { hostQueryReady } from '../pre-registration/schemas';
import { checkHealth, type HealthResult } from './rules';
import {
  VISIT_LIMITS,
  type DueCompliance,
  type PersonPreview,
  type SignInBody,
  type SignInPerson,
  type SignInPreview,
  type SignOutBody,
  type Visit,
  type VisitActionResult,
} from './schemas';
import { emptyCustomFieldValue, type CustomFieldValue } from '../custom-fields/field-values';

export { hostQueryReady };

/** Spec §5: notes and override reasons of at least 20 characters. */
export const REASON_MIN = VISIT_LIMITS.overrideReasonMin;

export type DocumentDraft = {
  type: 'vaccine' | 'test';
  protocol: VaccineProtocol | null;
  result: 'negative' | 'positive' | null;
  /** YYYY-MM-DD, or null until given. */
  date: string | null;
  expiry_date: string | null;
};

/** One due compliance as it is being answered. */
export type ComplianceDraft = {
  /** Question format: the answer chosen for each question, by question id. */
  answers: Record<string, string>;
  /** Agreement and statement formats: agrees (true), does not (false), not said yet (null). */
  accepted: boolean | null;
  document: DocumentDraft;
  notes: string;
};

export type HostChoice = { id: string; full_name: string; email: string | null };

/** One person's part of the form. */
export type PersonDraft = {
  compliances: Record<string, ComplianceDraft>;
  /** The reading as typed, and its unit. */
  temperature: string;
  unit: 'C' | 'F';
  mask: boolean;
  overrideReason: string;
  hosts: HostChoice[];
  hostMessage: string;
  reasonId: string | null;
  customFields: Record<string, CustomFieldValue>;
};

/** A rule a person's answers break: the field (as the server names it) and a translation key with its values. */
export type FlowIssue = { field: string; key: string; vars?: Record<string, string | number> };

/** Who the form signs in: not stopped by a blocker and not already signed in to this area. */
export const canSignIn = (p: PersonPreview): boolean => p.blocker === null && p.action !== 'sign_out';

/** Who a sign-out form signs out: on site in this area and not stopped. */
export const canSignOut = (p: PersonPreview): boolean => p.blocker === null && p.action === 'sign_out';

/**
 * What the form does for the people chosen: sign out when every one who can go ahead is signed in here
 * (the person's next action, spec §4 Badge label), otherwise sign in (or check in) those who can.
 */
export function flowMode(preview: SignInPreview): 'sign_in' | 'sign_out' {
  const open = preview.people.filter((p) => p.blocker === null);
  return open.length > 0 && open.every((p) => p.action === 'sign_out') ? 'sign_out' : 'sign_in';
}

const emptyDocument = (): DocumentDraft => ({
  type: 'vaccine',
  protocol: null,
  result: null,
  date: null,
  expiry_date: null,
});

export const emptyComplianceDraft = (): ComplianceDraft => ({
  answers: {},
  accepted: null,
  document: emptyDocument(),
  notes: '',
});

/** The compliances the person answers now (an earlier answer that still counts is not asked again). */
export const dueNow = (p: PersonPreview): DueCompliance[] => p.compliances.filter((c) => c.status === 'due');

/** A person's form as it opens: the default reading (36 °C), the one reason that applies, nothing answered. */
export function initialDraft(p: PersonPreview): PersonDraft {
  const host = p.host;
  // A required host with a single choice is that one (unless it is the person themself).
  const choices = host?.options.filter((h) => h.id !== p.person_id) ?? [];
  const onlyHost = host?.required && host.select_host_permitted && host.options.length === 1 ? choices : [];
  // Arriving for an expected visit: the hosts chosen when it was expected.
  const expectedHosts = host ? (p.expected_visit?.hosts ?? []).filter((h) => h.id !== p.person_id) : [];
  return {
    compliances: Object.fromEntries(dueNow(p).map((c) => [c.id, emptyComplianceDraft()])),
    temperature: String(p.checks.temperature?.default_reading_c ?? ''),
    unit: 'C',
    mask: false,
    overrideReason: '',
    hosts: (expectedHosts.length ? expectedHosts : onlyHost).map((h) => ({
      id: h.id,
      full_name: h.full_name,
      email: h.email,
    })),
    hostMessage: '',
    reasonId: p.reasons.preselected ?? (p.reasons.options.length === 1 ? p.reasons.options[0]!.id : null),
    customFields: Object.fromEntries(p.custom_fields.map((f) => [f.id, emptyCustomFieldValue(f.type)])),
  };
}

/** The answer the server is sent for a compliance, or null when nothing has been given. */
export function responseItem(c: DueCompliance, d: ComplianceDraft): ResponseItem | null {
  const notes = d.notes.trim() === '' ? null : d.notes.trim();
  const base = { compliance_id: c.id, version: c.version, notes };
  switch (c.asked.format) {
    case 'question': {
      const answers = c.asked.content.questions.flatMap((q) =>
        d.answers[q.id] ? [{ question_id: q.id, answer_id: d.answers[q.id]! }] : [],
      );
      return answers.length === 0 ? null : { ...base, answers };
    }
    case 'agreement':
    case 'statement':
      return d.accepted === null ? null : { ...base, accepted: d.accepted };
    case 'vaccine': {
      const doc = d.document;
      if (!doc.date) return null;
      return {
        ...base,
        document: {
          type: doc.type,
          protocol: doc.type === 'vaccine' ? doc.protocol : null,
          result: doc.type === 'test' ? doc.result : null,
          date: doc.date,
          expiry_date: doc.expiry_date,
        },
      };
    }
  }
}

export type ComplianceState =
  | { status: 'unanswered' }
  | { status: 'incomplete'; key: string }
  | { status: AnswerStatus; wrong: boolean; vaccineStatus: VaccineStatus };

/**
 * Where an answer stands, judged as the server will judge it (spec §4): failed when wrong with notes
 * under 20 characters, justified when wrong with 20 or more, success otherwise.
 */
export function complianceState(c: DueCompliance, d: ComplianceDraft, now: Date, timeZone: string): ComplianceState {
  const item = responseItem(c, d);
  if (!item) return { status: 'unanswered' };
  if (item.document) {
    const parsed = vaccineDocumentSchema.safeParse(item.document);
    if (!parsed.success) return { status: 'incomplete', key: `errors:${parsed.error.issues[0]!.message}` };
    item.document = parsed.data;
  }
  const graded = gradeResponse(c.asked, item, now, timeZone);
  if (isGradeProblem(graded)) return { status: 'incomplete', key: `errors:${graded.messageKey}` };
  return { status: graded.status, wrong: graded.isWrong, vaccineStatus: graded.vaccineStatus };
}

/** The temperature and mask checks of the person's flow, read live (spec §4 Temperature, §5). */
export function healthOf(p: PersonPreview, d: PersonDraft): HealthResult {
  return checkHealth(
    {
      temperature_check: p.checks.temperature !== null,
      mask_check: p.checks.mask,
      temperature_threshold: p.checks.temperature?.threshold_c ?? 0,
    },
    {
      temperature: p.checks.temperature ? { value: d.temperature, unit: d.unit } : null,
      mask: p.checks.mask ? d.mask : null,
      overrideReason: d.overrideReason,
    },
  );
}

/** Whether a temperature above the limit or a missing mask asks for an override reason. */
export function needsOverride(p: PersonPreview, d: PersonDraft): boolean {
  const health = healthOf(p, d);
  return health.overridden || health.issues.some((i) => i.field === 'override_reason');
}

/** Everything that stops the person's sign-in, worded with the server's messages for the same rules. */
export function flowIssues(p: PersonPreview, d: PersonDraft, now: Date, timeZone: string): FlowIssue[] {
  const issues: FlowIssue[] = [];
  for (const c of dueNow(p)) {
    const state = complianceState(c, d.compliances[c.id] ?? emptyComplianceDraft(), now, timeZone);
    const field = `compliances.${c.id}`;
    const vars = { name: c.asked.name };
    if (state.status === 'unanswered') {
      if (c.required) issues.push({ field, key: 'errors:visit_compliance_required', vars });
    } else if (state.status === 'incomplete') issues.push({ field, key: state.key, vars });
    else if (state.status === 'failed') issues.push({ field, key: 'errors:visit_compliance_failed', vars });
  }
  for (const issue of healthOf(p, d).issues) {
    issues.push({ field: issue.field, key: `errors:${issue.key}`, vars: issue.vars });
  }
  if (p.host) {
    if (d.hosts.length === 0 && p.host.required) issues.push({ field: 'host_ids', key: 'errors:visit_host_required' });
    else if (d.hosts.some((h) => h.id === p.person_id))
      issues.push({ field: 'host_ids', key: 'errors:visit_host_self' });
  }
  // Spec §4: one reason is preselected; with more than one, the person at the desk picks.
  if (p.reasons.options.length > 1 && !d.reasonId)
    issues.push({ field: 'reason_id', key: 'sign-in:flow.reason_required' });
  for (const f of p.custom_fields) {
    const checked = checkCustomFieldValue(f, d.customFields[f.id] ?? null);
    if (!checked.ok)
      issues.push({ field: `custom_fields.${f.id}`, key: `errors:${checked.error}`, vars: { field: f.name } });
  }
  return issues;
}

/** One person of POST /visits/sign-in, from their form. */
export function signInPersonBody(p: PersonPreview, d: PersonDraft): SignInPerson {
  const compliances = dueNow(p).flatMap((c) => {
    const item = responseItem(c, d.compliances[c.id] ?? emptyComplianceDraft());
    return item ? [item] : [];
  });
  const reason = d.overrideReason.trim();
  const customFields = p.custom_fields.flatMap((f) => {
    const checked = checkCustomFieldValue(f, d.customFields[f.id] ?? null);
    return checked.ok && checked.value !== null ? [{ custom_field_id: f.id, value: checked.value }] : [];
  });
  return {
    person_id: p.person_id,
    ...(p.user_type ? { user_type_id: p.user_type.id } : {}),
    // The visit the form showed is the one signed in, not whichever the server would pick now.
    ...(p.expected_visit ? { expected_visit_id: p.expected_visit.id } : {}),
    compliances,
    ...(p.checks.temperature ? { temperature: { value: d.temperature.trim(), unit: d.unit } } : {}),
    ...(p.checks.mask ? { mask: d.mask } : {}),
    override_reason: needsOverride(p, d) && reason !== '' ? reason : null,
    host_ids: p.host ? d.hosts.map((h) => h.id) : [],
    host_message: p.host && d.hostMessage.trim() !== '' ? d.hostMessage.trim() : null,
    reason_id: d.reasonId,
    custom_fields: customFields,
  };
}

/** POST /visits/sign-in for everyone the form can sign in. */
export function signInBody(preview: SignInPreview, drafts: Record<string, PersonDraft>): SignInBody {
  return {
    area_id: preview.area.id,
    people: preview.people.filter(canSignIn).map((p) => signInPersonBody(p, drafts[p.person_id] ?? initialDraft(p))),
  };
}

/** Every issue of the people signed in, keyed `<person_id>.<field>` as the server's errors are. */
export function formIssues(
  preview: SignInPreview,
  drafts: Record<string, PersonDraft>,
  now: Date,
): Record<string, FlowIssue> {
  const found: Record<string, FlowIssue> = {};
  for (const p of preview.people.filter(canSignIn)) {
    for (const issue of flowIssues(p, drafts[p.person_id] ?? initialDraft(p), now, preview.timezone)) {
      found[`${p.person_id}.${issue.field}`] ??= issue;
    }
  }
  return found;
}

/**
 * A key that makes a retried sign-in answer the first result (one per opened form, never two visits),
 * named for where it was made (`dashboard-sign-in`, `kiosk-sign-in`).
 */
export function newIdempotencyKey(source = 'dashboard-sign-in'): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `${source}:${random}`;
}

/** Characters of notes or a reason as the rule counts them (trimmed, each letter once). */
export { notesLength };

export const COMPLIANCE_NOTES_MAX = COMPLIANCE_LIMITS.notesMax;

/** A sign-out form's issues: with more than one early sign-out reason, one is picked (spec §4). */
export function signOutIssues(preview: SignInPreview, drafts: Record<string, PersonDraft>): Record<string, FlowIssue> {
  const found: Record<string, FlowIssue> = {};
  for (const p of preview.people.filter(canSignOut)) {
    const draft = drafts[p.person_id] ?? initialDraft(p);
    if (p.reasons.options.length > 1 && !draft.reasonId) {
      found[`${p.person_id}.reason_id`] = { field: 'reason_id', key: 'sign-in:flow.reason_required' };
    }
  }
  return found;
}

/**
 * POST /visits/sign-out bodies for a sign-out form: one request takes one reason, so the people are
 * sent in groups of the reason chosen for them (none chosen: the server takes the one that applies).
 */
export function signOutBodies(preview: SignInPreview, drafts: Record<string, PersonDraft>): SignOutBody[] {
  const groups = new Map<string | null, string[]>();
  for (const p of preview.people.filter(canSignOut)) {
    const reasonId = (drafts[p.person_id] ?? initialDraft(p)).reasonId;
    groups.set(reasonId, [...(groups.get(reasonId) ?? []), p.person_id]);
  }
  return [...groups.entries()].map(([reasonId, personIds]) => ({
    person_ids: personIds,
    area_id: preview.area.id,
    reason_id: reasonId,
  }));
}

/** Sends the sign-out groups one after the other; the visits signed out, in order. */
export async function signOutByReason(
  preview: SignInPreview,
  drafts: Record<string, PersonDraft>,
  send: (body: SignOutBody) => Promise<VisitActionResult>,
): Promise<Visit[]> {
  const visits: Visit[] = [];
  for (const body of signOutBodies(preview, drafts)) visits.push(...(await send(body)).data);
  return visits;
}
