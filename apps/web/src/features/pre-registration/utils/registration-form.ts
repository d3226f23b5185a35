// The self-registration and confirmation forms' values, their checks and the bodies they send. The
// checks are the server's own (the shared schemas, the custom-field rule, "not before now" on the
// company's clock), so the page and the API refuse the same things, in the same words.
import { LIMITS } from '@app/shared/constants';
import { checkCustomFieldValue } from '@app/shared/custom-fields/schemas';
import {
  confirmVisitFormSchema,
  preRegistrationFormSchema,
  type PreRegistrationInfo,
  type VisitByLink,
} from '@app/shared/pre-registration/schemas';
import { toCustomFieldValue, type CustomFieldValue } from '@app/shared/custom-fields/field-values';
import { zodFormErrors } from '@/lib/form-errors';
import type { HostOption } from '../api/search-hosts';
import { companyNow, isBeforeNow, type ClockReading } from './visit-clock';
import { labelVars } from '@app/shared/http/field-messages';

type Translate = (key: string, vars?: Record<string, string | number>) => string;
type PublicField = PreRegistrationInfo['custom_fields'][number];
type Flow = PreRegistrationInfo['flows'][number];
type Site = Flow['sites'][number];

export type VisitorValues = {
  first_name: string;
  last_name: string;
  email: string;
  phone_code: string;
  phone: string;
  company_name: string;
  host_message: string;
  custom_fields: Record<string, CustomFieldValue>;
};

export type RegistrationValues = VisitorValues & {
  user_type_id: string;
  site_id: string;
  area_id: string;
  visit_date: string | null;
  visit_time: string;
  host: HostOption | null;
};

/** The profile fields asked of a user type: its sections' fields and those of sections bound to no type. */
export const fieldsOfType = (fields: readonly PublicField[], typeId: string): PublicField[] =>
  fields.filter((f) => f.user_type_ids.length === 0 || f.user_type_ids.includes(typeId));

export const emptyCustomFields = (fields: readonly PublicField[]) =>
  Object.fromEntries(fields.map((f) => [f.id, toCustomFieldValue(f, null)]));

const blankVisitor = (fields: readonly PublicField[]): VisitorValues => ({
  first_name: '',
  last_name: '',
  email: '',
  phone_code: '',
  phone: '',
  company_name: '',
  host_message: '',
  custom_fields: emptyCustomFields(fields),
});

// ---- where the visit takes place ----

/** The flows of a user type the link offers (one per journey that has it). */
export const flowsOfType = (info: PreRegistrationInfo, typeId: string): Flow[] =>
  info.flows.filter((f) => f.user_type_id === typeId);

/** The sites a user type may visit, each once, with its areas (the same site may be in two journeys). */
export function sitesOfType(info: PreRegistrationInfo, typeId: string): Site[] {
  const sites = new Map<string, Site>();
  for (const flow of flowsOfType(info, typeId)) {
    for (const site of flow.sites) if (!sites.has(site.id)) sites.set(site.id, site);
  }
  return [...sites.values()];
}

/** The flow that serves a site for a user type: where the host search and the compliance flags come from. */
export const flowOfSite = (info: PreRegistrationInfo, typeId: string, siteId: string): Flow | null =>
  flowsOfType(info, typeId).find((f) => f.sites.some((s) => s.id === siteId)) ?? null;

/** The only choice when there is one, else nothing chosen yet. */
const single = <T extends { id: string }>(list: readonly T[]) => (list.length === 1 ? list[0]!.id : '');

/** The site and area a type starts with: chosen already when the flow offers only one. */
export function placeFor(info: PreRegistrationInfo, typeId: string): { site_id: string; area_id: string } {
  const sites = sitesOfType(info, typeId);
  const site_id = single(sites);
  const site = sites.find((s) => s.id === site_id);
  return { site_id, area_id: site ? single(site.areas) : '' };
}

/** The link's own user type first, when it can register; otherwise the first one that can. */
export function firstUserType(info: PreRegistrationInfo): string {
  const available = info.user_types.filter((x) => x.registration_available);
  return (available[0] ?? info.user_types[0])?.id ?? '';
}

export function registrationValues(info: PreRegistrationInfo, slot: ClockReading): RegistrationValues {
  const typeId = firstUserType(info);
  return {
    ...blankVisitor(info.custom_fields),
    user_type_id: typeId,
    ...placeFor(info, typeId),
    visit_date: slot.date,
    visit_time: slot.time,
    host: null,
  };
}

/** The confirmation form starts with what the visit already knows of the visitor. */
export function confirmationValues(visit: VisitByLink): VisitorValues {
  const fields = visit.validations?.custom_fields ?? [];
  const user = visit.user;
  return {
    ...blankVisitor(fields),
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    phone_code: user?.phone_code ?? '',
    phone: user?.phone ?? '',
    company_name: user?.company_name ?? '',
  };
}

// ---- bodies ----

/** Only the values given: an empty one would erase what the person has, or fail a required field. */
export const customFieldBody = (fields: readonly PublicField[], values: Record<string, CustomFieldValue>) =>
  fields.flatMap((field) => {
    const checked = checkCustomFieldValue({ ...field, required: false }, values[field.id] ?? null);
    return checked.ok && checked.value !== null ? [{ custom_field_id: field.id, value: checked.value }] : [];
  });

const visitorBody = (values: VisitorValues, fields: readonly PublicField[]) => ({
  first_name: values.first_name,
  last_name: values.last_name,
  email: values.email,
  phone_code: values.phone_code,
  phone: values.phone,
  company_name: values.company_name,
  host_message: values.host_message,
  custom_fields: customFieldBody(fields, values.custom_fields),
});

export function registrationBody(linkId: string, values: RegistrationValues, fields: readonly PublicField[]) {
  return {
    link_id: linkId,
    user_type_id: values.user_type_id,
    area_id: values.area_id,
    visit_date: values.visit_date ?? '',
    visit_time: values.visit_time.slice(0, 5),
    host_ids: values.host ? [values.host.id] : [],
    ...visitorBody(values, fields),
  };
}

export const confirmationBody = (values: VisitorValues, fields: readonly PublicField[]) => visitorBody(values, fields);

/** A multipart body: lists as JSON text, the photo only when there is one to send. */
export function toFormData(body: Record<string, unknown>, photo: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  if (photo) form.append('photo', photo);
  return form;
}

// ---- checks ----

export type VisitorRules = {
  /** The user type makes the company name mandatory. */
  companyRequired: boolean;
  /** Custom fields the visitor must fill here (self-registration: a new person has none stored). */
  requiredFields: boolean;
};

function visitorIssues(
  values: VisitorValues,
  fields: readonly PublicField[],
  rules: VisitorRules,
  t: Translate,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (rules.companyRequired && values.company_name.trim() === '') {
    errors.company_name = t('errors:field.required', labelVars('errors:fields.company_name', t));
  }
  for (const field of fields) {
    const result = checkCustomFieldValue(
      { ...field, required: rules.requiredFields && field.required },
      values.custom_fields[field.id] ?? null,
    );
    if (!result.ok) errors[`custom_fields.${field.id}`] = t(`errors:${result.error}`, { field: field.name });
  }
  return errors;
}

export type RegistrationRules = VisitorRules & {
  timezone: string | null;
  hostRequired: boolean;
  now?: number;
};

/** Every message the self-registration form shows before sending, by field; empty when it may be sent. */
export function registrationIssues(
  linkId: string,
  values: RegistrationValues,
  fields: readonly PublicField[],
  rules: RegistrationRules,
  t: Translate,
): Record<string, string> {
  const errors = {
    ...zodFormErrors(preRegistrationFormSchema, registrationBody(linkId, values, fields), t),
    ...visitorIssues(values, fields, rules, t),
  };
  const required = (name: keyof RegistrationValues) =>
    t('errors:field.required', labelVars(`errors:fields.${name}`, t));
  // A choice not made yet is "required", not a malformed id.
  if (!values.user_type_id) errors.user_type_id = required('user_type_id');
  if (!values.site_id) {
    errors.site_id = required('site_id');
    delete errors.area_id;
  } else if (!values.area_id) errors.area_id = required('area_id');
  if (!values.visit_date) errors.visit_date = required('visit_date');
  if (!values.visit_time) errors.visit_time = required('visit_time');
  // A day before today (typed on a phone) is refused on the date itself, never moved to today.
  if (values.visit_date && !errors.visit_date && values.visit_date < companyNow(rules.timezone, rules.now).date) {
    errors.visit_date = t('errors:expected_visit_in_past');
  } else if (
    values.visit_date &&
    !errors.visit_date &&
    !errors.visit_time &&
    isBeforeNow(values.visit_date, values.visit_time, rules.timezone, rules.now)
  ) {
    errors.visit_time = t('errors:expected_visit_in_past');
  }
  if (rules.hostRequired && !values.host) errors.host = t('errors:expected_visit_host_required');
  delete errors.host_ids;
  delete errors.link_id;
  return errors;
}

/** Every message the confirmation form shows before sending, by field. */
export function confirmationIssues(
  values: VisitorValues,
  fields: readonly PublicField[],
  rules: VisitorRules,
  t: Translate,
): Record<string, string> {
  return {
    ...zodFormErrors(confirmVisitFormSchema, confirmationBody(values, fields), t),
    ...visitorIssues(values, fields, rules, t),
  };
}

/** Where the form shows a field the server names (its host list is one picker here). */
export const formFieldOf = (name: string): string => (name === 'host_ids' ? 'host' : name);

export const PHOTO_LIMITS = LIMITS.preRegistrationPhoto;
