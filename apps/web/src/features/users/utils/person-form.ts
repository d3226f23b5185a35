// The person form's values, the body it sends (POST / PUT /people) and its checks in the browser,
// which use the same shared schema and custom-field rules as the server.
import { checkCustomFieldValue, type ListedCustomField } from '@app/shared/custom-fields/schemas';
import { personBodySchema, type Person, type PersonBody } from '@app/shared/people/schemas';
import type { PROFILE_FIELDS, UserTypeNode } from '@app/shared/user-types/schemas';
import { toCustomFieldValue, type CustomFieldValue } from '@app/shared/custom-fields/field-values';
import { zodFormErrors } from '@/lib/form-errors';
import { labelVars } from '@app/shared/http/field-messages';

export type ProfileField = (typeof PROFILE_FIELDS)[number];

export type PersonFormValues = {
  first_name: string;
  last_name: string;
  email: string;
  phone_code: string;
  phone: string;
  id_number: string;
  company_name: string;
  role_id: string | null;
  department_id: string | null;
  site_ids: string[];
  user_type_ids: string[];
  label_ids: string[];
  /** By custom field id, in the shape each input holds. */
  custom_fields: Record<string, CustomFieldValue>;
};

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** The form's starting values: a person's, or a new person's with the company's usual country code. */
export function personFormValues(
  person: Person | null,
  fields: readonly ListedCustomField[],
  defaults: { phoneCode: string; roleId: string | null },
): PersonFormValues {
  const stored = new Map((person?.custom_fields ?? []).map((v) => [v.custom_field_id, v.value]));
  return {
    first_name: person?.first_name ?? '',
    last_name: person?.last_name ?? '',
    email: person?.email ?? '',
    // A person's own code (none when they have no phone), never the one last used for someone else.
    phone_code: person ? (person.phone_code ?? '') : defaults.phoneCode,
    phone: person?.phone ?? '',
    id_number: person?.id_number ?? '',
    company_name: person?.company_name ?? '',
    role_id: person?.role.id ?? defaults.roleId,
    department_id: person?.department?.id ?? null,
    site_ids: person?.sites.map((s) => s.id) ?? [],
    user_type_ids: person?.user_types.map((u) => u.id) ?? [],
    label_ids: person?.labels.map((l) => l.id) ?? [],
    custom_fields: Object.fromEntries(fields.map((f) => [f.id, toCustomFieldValue(f, stored.get(f.id))])),
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** What the form sends. Custom values go only when the company has custom fields (not on a lite plan). */
export function personBody(values: PersonFormValues, fields: readonly ListedCustomField[] | null): PersonBody {
  const phone = orNull(values.phone);
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: orNull(values.email),
    // A country code means nothing without a number.
    phone_code: phone ? orNull(values.phone_code) : null,
    phone,
    id_number: orNull(values.id_number),
    company_name: orNull(values.company_name),
    role_id: values.role_id ?? '',
    department_id: values.department_id,
    site_ids: values.site_ids,
    user_type_ids: values.user_type_ids,
    label_ids: values.label_ids,
    ...(fields
      ? {
          custom_fields: fields.map((field) => {
            const value = values.custom_fields[field.id] ?? null;
            return {
              custom_field_id: field.id,
              // A number being typed ("1.") is sent as the number it is.
              value: field.type === 'number' && typeof value === 'string' ? Number(value) : value,
            };
          }),
        }
      : {}),
  };
}

/** The profile data the chosen user types make mandatory (their own lists, merged). */
export function mandatoryProfileData(tree: readonly UserTypeNode[], chosen: readonly string[]): Set<ProfileField> {
  const required = new Set<ProfileField>();
  const visit = (nodes: readonly UserTypeNode[]) => {
    for (const node of nodes) {
      if (chosen.includes(node.id)) for (const field of node.mandatory_profile_data) required.add(field);
      visit(node.children);
    }
  };
  visit(tree);
  return required;
}

const MANDATORY_MESSAGES: Partial<Record<ProfileField, string>> = {
  email: 'errors:email_required',
  phone: 'errors:phone_required',
  id_number: 'errors:id_number_required',
  company_name: 'errors:company_name_required',
  photo: 'errors:photo_required',
};

/**
 * The form's errors by field name (as the server names them: `first_name`, `site_ids`,
 * `custom_fields.<id>`, `photo`), in the person's language; empty when it may be sent.
 */
export function validatePersonForm(
  values: PersonFormValues,
  context: {
    fields: readonly ListedCustomField[] | null;
    mandatory: ReadonlySet<ProfileField>;
    hasPhoto: boolean;
  },
  t: Translate,
): Record<string, string> {
  const body = personBody(values, context.fields);
  const errors = zodFormErrors(personBodySchema, body, t);
  if (!values.role_id) errors.role_id = t('errors:field.required', labelVars('errors:fields.role_id', t));
  const missing = (field: ProfileField, empty: boolean) => {
    const key = MANDATORY_MESSAGES[field];
    if (key && empty && !errors[field]) errors[field] = t(key);
  };
  if (context.mandatory.has('email')) missing('email', !body.email);
  if (context.mandatory.has('phone')) missing('phone', !body.phone);
  if (context.mandatory.has('id_number')) missing('id_number', !body.id_number);
  if (context.mandatory.has('company_name')) missing('company_name', !body.company_name);
  if (context.mandatory.has('photo')) missing('photo', !context.hasPhoto);
  for (const field of context.fields ?? []) {
    const result = checkCustomFieldValue(field, body.custom_fields?.find((v) => v.custom_field_id === field.id)?.value);
    if (!result.ok) errors[`custom_fields.${field.id}`] = t(`errors:${result.error}`, { field: field.name });
  }
  // zod names list items by their index; the form shows such an error on the list's own field.
  for (const key of Object.keys(errors)) {
    const list = /^(site_ids|user_type_ids|label_ids)\.\d+$/.exec(key);
    if (list) {
      errors[list[1]!] ??= errors[key]!;
      delete errors[key];
    }
  }
  return errors;
}
