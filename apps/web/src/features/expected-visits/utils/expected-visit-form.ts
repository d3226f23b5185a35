// The add-expected-visitor form's values and how they become the API's body. The visit's date and time
// are a reading of the company's clock; the checks are the server's own (the shared schemas and the
// rule that a visit cannot be before now, spec §5), so the form and the API refuse the same things.
import {
  expectedVisitBodySchema,
  isVisitDate,
  newVisitorSchema,
  type ExpectedVisit,
  type ExpectedVisitBody,
  type ValidateExpectedVisitBody,
} from '@app/shared/expected-visits/schemas';
import { floorToMinute, fromLocalDateTime, parseLocalDateTime, toLocalDateTime } from '@app/shared/announcements/times';
import { zodFormErrors } from '@/lib/form-errors';
import { labelVars } from '@app/shared/http/field-messages';

export type VisitorMode = 'new' | 'existing';
type Ref = { id: string; name: string };
/** An existing person chosen as the visitor; their user types when known (a search gives them). */
export type PersonChoice = { id: string; full_name: string; email: string | null; user_types: Ref[] | null };
/** email: shown beside the name when known, to tell two hosts of one name apart. */
export type HostChoice = { id: string; full_name: string; email?: string | null };

export type ExpectedVisitFormValues = {
  mode: VisitorMode;
  person: PersonChoice | null;
  first_name: string;
  last_name: string;
  company_name: string;
  email: string;
  phone_code: string;
  phone: string;
  user_type_id: string | null;
  site_id: string | null;
  area_id: string | null;
  /** YYYY-MM-DD on the company's clock. */
  visit_date: string | null;
  /** HH:mm (the time picker may answer HH:mm:ss). */
  visit_time: string;
  hosts: HostChoice[];
  notes: string;
};

/** Which form field shows a message the API or a schema gives for one of its fields. */
export function formFieldOf(name: string): string {
  if (name.startsWith('visitor.')) return name.slice('visitor.'.length);
  if (name === 'visitor') return 'first_name';
  if (name === 'person_id') return 'person';
  if (name === 'host_ids') return 'hosts';
  return name;
}

const pad = (n: number) => String(n).padStart(2, '0');
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** A new visit's values: at the next quarter hour of the company's clock (`now`, YYYY-MM-DDTHH:mm). */
export function newExpectedVisitValues(now: string): ExpectedVisitFormValues {
  const w = parseLocalDateTime(now);
  let date = now.slice(0, 10);
  let minutes = Math.ceil(((w ? w.hour * 60 + w.minute : 0) + 1) / 15) * 15;
  if (minutes >= 24 * 60) {
    minutes -= 24 * 60;
    date = addDays(date, 1);
  }
  return {
    mode: 'new',
    person: null,
    first_name: '',
    last_name: '',
    company_name: '',
    email: '',
    phone_code: '',
    phone: '',
    user_type_id: null,
    site_id: null,
    area_id: null,
    visit_date: date,
    visit_time: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`,
    hosts: [],
    notes: '',
  };
}

/** The values of a visit being changed: its person is the visitor. */
export const expectedVisitValues = (visit: ExpectedVisit): ExpectedVisitFormValues => ({
  mode: 'existing',
  person: { id: visit.person.id, full_name: visit.person.full_name, email: visit.person.email, user_types: null },
  first_name: '',
  last_name: '',
  company_name: '',
  email: '',
  phone_code: '',
  phone: '',
  user_type_id: visit.user_type?.id ?? null,
  site_id: visit.site.id,
  area_id: visit.area.id,
  visit_date: visit.visit_date,
  visit_time: visit.visit_time.slice(0, 5),
  hosts: visit.hosts.map((h) => ({ id: h.id, full_name: h.full_name })),
  notes: visit.notes ?? '',
});

const visitorOf = (v: ExpectedVisitFormValues) => ({
  first_name: v.first_name,
  last_name: v.last_name,
  email: v.email,
  phone_code: v.phone_code,
  phone: v.phone,
  company_name: v.company_name.trim() === '' ? null : v.company_name,
});

/** The body as typed so far, blanks included, for the schema to judge. */
const draftOf = (v: ExpectedVisitFormValues) => ({
  person_id: v.mode === 'existing' ? (v.person?.id ?? null) : null,
  visitor: v.mode === 'new' ? visitorOf(v) : null,
  user_type_id: v.user_type_id,
  site_id: v.site_id,
  area_id: v.area_id,
  visit_date: v.visit_date,
  visit_time: v.visit_time.slice(0, 5),
  host_ids: v.hosts.map((h) => h.id),
  notes: v.notes.trim() === '' ? null : v.notes,
});

/** The API's body; only for values that passed `validateExpectedVisitForm`. */
export function toExpectedVisitBody(v: ExpectedVisitFormValues): ExpectedVisitBody {
  const draft = draftOf(v);
  return {
    ...draft,
    user_type_id: draft.user_type_id ?? '',
    site_id: draft.site_id ?? '',
    area_id: draft.area_id ?? '',
    visit_date: draft.visit_date ?? '',
  };
}

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** Whether the visit's date and time are the ones it had before the change (a kept time may have passed). */
const keptTime = (v: ExpectedVisitFormValues, initial?: ExpectedVisitFormValues) =>
  !!initial && initial.visit_date === v.visit_date && initial.visit_time.slice(0, 5) === v.visit_time.slice(0, 5);

/**
 * The form's messages, one per field: the shared schemas', then the rule that a visit cannot be before
 * now on the company's clock (spec §5). A time kept from the visit being changed may have passed.
 */
export function validateExpectedVisitForm(
  values: ExpectedVisitFormValues,
  options: { timeZone: string; now: Date; initial?: ExpectedVisitFormValues },
  t: Translate,
): Record<string, string> {
  const draft = draftOf(values);
  const errors: Record<string, string> = {};
  const add = (name: string, message: string) => {
    errors[formFieldOf(name)] ??= message;
  };
  // The visitor's own fields are judged on their own, so each message names its field.
  if (values.mode === 'new') {
    for (const [name, message] of Object.entries(zodFormErrors(newVisitorSchema, draft.visitor, t))) add(name, message);
  } else if (!values.person) {
    add('person_id', t('errors:expected_visit_person_required'));
  }
  for (const [name, message] of Object.entries(zodFormErrors(expectedVisitBodySchema, draft, t))) {
    if (name !== 'visitor' && !name.startsWith('visitor.')) add(name, message);
  }
  // A day before today (typed, or kept on a phone) is refused on the date itself, never moved to today.
  const today = toLocalDateTime(options.now, options.timeZone).slice(0, 10);
  if (
    draft.visit_date &&
    isVisitDate(draft.visit_date) &&
    !keptTime(values, options.initial) &&
    draft.visit_date < today
  ) {
    add('visit_date', t('errors:expected_visit_in_past', labelVars('errors:fields.visit_date', t)));
  } else if (
    draft.visit_date &&
    isVisitDate(draft.visit_date) &&
    !errors.visit_time &&
    !keptTime(values, options.initial)
  ) {
    const at = fromLocalDateTime(`${draft.visit_date}T${draft.visit_time}`, options.timeZone);
    if (at && at.getTime() < floorToMinute(options.now).getTime()) {
      add('visit_time', t('errors:expected_visit_in_past', labelVars('errors:fields.visit_time', t)));
    }
  }
  return errors;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What the live check asks about what is typed so far (spec expected-visit-validate, check_user_found),
 * or null when nothing is worth asking. A date and time are sent together or not at all.
 */
export function liveCheckOf(v: ExpectedVisitFormValues, visitId: string | null): ValidateExpectedVisitBody | null {
  const body: ValidateExpectedVisitBody = {};
  if (visitId) body.exclude_visit_id = visitId;
  if (v.mode === 'existing' && v.person) body.person_id = v.person.id;
  if (v.mode === 'new') {
    if (EMAIL.test(v.email.trim())) body.email = v.email.trim();
    if (v.phone_code && v.phone.length >= 4) {
      body.phone_code = v.phone_code;
      body.phone = v.phone;
    }
  }
  if (v.user_type_id) body.user_type_id = v.user_type_id;
  if (v.site_id) body.site_id = v.site_id;
  if (v.area_id) body.area_id = v.area_id;
  if (v.visit_date && /^\d{2}:\d{2}/.test(v.visit_time)) {
    body.visit_date = v.visit_date;
    body.visit_time = v.visit_time.slice(0, 5);
  }
  const asked = Object.keys(body).filter((k) => k !== 'exclude_visit_id');
  // Nothing typed about the visitor: the live check has nothing to say beyond what the form checks.
  if (!body.person_id && !body.email && !body.phone) return null;
  return asked.length ? body : null;
}
