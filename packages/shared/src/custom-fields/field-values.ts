// Values of custom fields in the form the inputs hold them. Stored values arrive in their typed JSON
// form (or, from older clients, as the spec's serialized strings); the inputs need one shape per type.
import { checkCustomFieldValue, isListType, type CustomField, type CustomFieldType } from './schemas';

/**
 * A value as an input holds it: text, long text, date (YYYY-MM-DD) and radio buttons as a string;
 * number and scores as a number; a toggle as 1 or 0; labels and checkboxes as a list of choices;
 * null when there is none. A number being typed may briefly be a string ("-", "1.").
 */
export type CustomFieldValue = string | number | string[] | null;

export type FieldShape = Pick<CustomField, 'type' | 'options'>;

/** What an input starts with when nothing is stored: a switch is off, a list is empty, others blank. */
export function emptyCustomFieldValue(type: CustomFieldType): CustomFieldValue {
  if (type === 'toggleButton') return 0;
  if (isListType(type)) return [];
  return null;
}

/**
 * The stored value in the shape its input holds, read with the same rules the server applies
 * (a serialized checkbox list becomes a list, a toggle `true` becomes 1). A value the field no longer
 * accepts (a choice since removed, a score above a shortened scale) starts empty rather than
 * breaking the form.
 */
export function toCustomFieldValue(field: FieldShape, stored: unknown): CustomFieldValue {
  const checked = checkCustomFieldValue({ ...field, required: false }, stored);
  return checked.ok && checked.value !== null ? checked.value : emptyCustomFieldValue(field.type);
}

/** The choices of a list type, as the checkboxes and label inputs hold them. */
export const asList = (value: CustomFieldValue): string[] =>
  Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : [];

/** A score input's value: 0 draws no star, smiley or segment. */
export const asScore = (value: CustomFieldValue): number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
