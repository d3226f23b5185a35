// The rules one row of the import must meet, cell by cell, before anything is looked up: the person
// form's rules (spec §5; packages/shared/src/people/schemas.ts and the custom fields' own value check)
// applied to text from a sheet. Each problem is kept on its cell as a translation key, never thrown:
// the grid shows them all at once.
import {
  CUSTOM_FIELD_TYPES,
  checkCustomFieldValue,
  customFieldOptionsSchema,
  isChoiceType,
  isListType,
  type CustomFieldOptions,
  type CustomFieldType,
} from '@app/shared/custom-fields/schemas';
import { IMPORT_LIST_SEPARATOR, importCustomColumn, type ImportBaseColumn } from '@app/shared/people/import';
import { PERSON_LIMITS } from '@app/shared/people/schemas';
import { z } from 'zod';
import type { ImportCellError } from '../../db/schema/index';

export type Cells = Record<string, string | null>;
export type CellErrors = Record<string, ImportCellError>;

export type LookupType = { id: string; name: string; mandatory: string[]; inScope: boolean };
export type LookupSite = { id: string; name: string; inScope: boolean };
export type LookupField = {
  id: string;
  name: string;
  type: CustomFieldType;
  options: CustomFieldOptions;
  required: boolean;
};

/** The company's names the cells are read against, loaded once per check or run. */
export type ImportNames = {
  /** By lower-cased name. */
  userTypes: Map<string, LookupType>;
  sites: Map<string, LookupSite>;
  /** The company's profile fields (none on a plan without custom fields). */
  fields: LookupField[];
};

export type CheckedColumns = {
  firstName: string;
  lastName: string;
  email: string | null;
  phoneCode: string | null;
  phone: string | null;
  idNumber: string | null;
  companyName: string | null;
};

export type CheckedCells = {
  errors: CellErrors;
  columns: CheckedColumns;
  userTypes: LookupType[];
  sites: LookupSite[];
  /** Values of the filled custom cells, as stored; blank cells are left out (an update keeps what is stored). */
  fieldValues: { fieldId: string; value: unknown }[];
  /** The unique values as they are matched, each only when valid. */
  keys: { email: string | null; phone: string | null; idNumber: string | null };
};

const EMAIL = z.regexes.email;
const DIGITS = /^\d+$/;
// Separators people write in phone numbers; what is left must be digits (spec §5).
const PHONE_SEPARATORS = /[\s\-().]/g;
const FORMULA_ESCAPE = /^'(?=[=+\-@])/;

/** A phone's match key: its country code and number, as the people's unique index compares them. */
export const phoneKeyOf = (code: string, phone: string) => `${code}:${phone}`;

export const readOptions = (raw: unknown): CustomFieldOptions => {
  const parsed = customFieldOptionsSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
};

export const asFieldType = (type: string): CustomFieldType =>
  (CUSTOM_FIELD_TYPES as readonly string[]).includes(type) ? (type as CustomFieldType) : 'text';

/** A cell's text, or null when blank; a value the template escaped against formulas is read as written. */
export function cellValue(cells: Cells, key: string): string | null {
  const raw = cells[key];
  if (raw === null || raw === undefined) return null;
  const text = raw.trim().replace(FORMULA_ESCAPE, '');
  return text === '' ? null : text;
}

export const splitList = (text: string) =>
  text
    .split(IMPORT_LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);

const fail = (key: string, vars?: ImportCellError['vars']): ImportCellError => (vars ? { key, vars } : { key });

/** A custom cell read as its field's value: choices matched without case, toggles and lists as the field takes them. */
function fieldInput(field: LookupField, text: string): unknown {
  if (field.type === 'toggleButton') return text.toLowerCase();
  if (!isChoiceType(field.type)) return text;
  const choices = field.options.choices ?? [];
  const canonical = (item: string) => choices.find((c) => c.toLowerCase() === item.toLowerCase()) ?? item;
  return isListType(field.type) ? splitList(text).map(canonical) : canonical(text);
}

/** The cells of one row against the form's rules and the company's names. */
export function checkCells(cells: Cells, names: ImportNames): CheckedCells {
  const errors: CellErrors = {};
  const text = (key: ImportBaseColumn) => cellValue(cells, key);
  const bounded = (key: ImportBaseColumn, max: number) => {
    const v = text(key);
    if (v && v.length > max) errors[key] = fail('field.too_long', { max });
    return v;
  };

  const firstName = bounded('first_name', PERSON_LIMITS.nameMax);
  const lastName = bounded('last_name', PERSON_LIMITS.nameMax);
  if (!firstName) errors.first_name = fail('field.required');
  if (!lastName) errors.last_name = fail('field.required');

  let email = bounded('email', PERSON_LIMITS.emailMax)?.toLowerCase() ?? null;
  if (email && !errors.email && !EMAIL.test(email)) errors.email = fail('invalid_email');

  let phoneCode = text('phone_code')?.replace(/^\+/, '') ?? null;
  let phone = text('phone')?.replace(PHONE_SEPARATORS, '') || null;
  if (phoneCode && (!DIGITS.test(phoneCode) || phoneCode.length > PERSON_LIMITS.phoneCodeMax)) {
    errors.phone_code = DIGITS.test(phoneCode)
      ? fail('field.too_long', { max: PERSON_LIMITS.phoneCodeMax })
      : fail('phone_code_digits_only');
  }
  if (phone && !DIGITS.test(phone)) errors.phone = fail('phone_digits_only');
  else if (phone && phone.length > PERSON_LIMITS.phoneMax)
    errors.phone = fail('field.too_long', { max: PERSON_LIMITS.phoneMax });
  // Spec §5: a phone needs its country code; a code without a number means nothing.
  if (phone && !phoneCode && !errors.phone) errors.phone_code = fail('phone_code_required');
  if (!phone) phoneCode = null;

  const idNumber = bounded('id_number', PERSON_LIMITS.idNumberMax);
  const companyName = bounded('company_name', PERSON_LIMITS.companyNameMax);

  const pick = <T extends { inScope: boolean }>(
    key: 'user_types' | 'sites',
    map: Map<string, T>,
    unknown: string,
    outside: string,
  ): T[] => {
    const v = text(key);
    if (!v) {
      errors[key] = fail('field.required');
      return [];
    }
    const found: T[] = [];
    for (const name of splitList(v)) {
      const hit = map.get(name.toLowerCase());
      if (!hit) {
        errors[key] ??= fail(unknown, { name: name.slice(0, 60) });
      } else if (!hit.inScope) {
        errors[key] ??= fail(outside);
      } else if (!found.includes(hit)) {
        found.push(hit);
      }
    }
    if (found.length === 0) errors[key] ??= fail('field.required');
    return found;
  };
  const userTypes = pick('user_types', names.userTypes, 'import_unknown_user_type', 'user_type_not_available');
  const sites = pick('sites', names.sites, 'import_unknown_site', 'site_not_available');

  const fieldValues: CheckedCells['fieldValues'] = [];
  for (const field of names.fields) {
    const key = importCustomColumn(field.id);
    const v = cellValue(cells, key);
    if (v === null) continue;
    // Required fields are checked once it is known whether the row creates or updates (a stored value counts).
    const result = checkCustomFieldValue({ type: field.type, options: field.options }, fieldInput(field, v));
    if (!result.ok) errors[key] = fail(result.error, { field: field.name });
    else if (result.value !== null) fieldValues.push({ fieldId: field.id, value: result.value });
  }

  if (errors.email) email = null;
  if (errors.phone || errors.phone_code) phone = null;
  return {
    errors,
    columns: {
      firstName: firstName ?? '',
      lastName: lastName ?? '',
      email,
      phoneCode: phone ? phoneCode : null,
      phone,
      idNumber,
      companyName,
    },
    userTypes,
    sites,
    fieldValues,
    keys: {
      email,
      phone: phone && phoneCode ? phoneKeyOf(phoneCode, phone) : null,
      idNumber: idNumber && !errors.id_number ? idNumber.toLowerCase() : null,
    },
  };
}
