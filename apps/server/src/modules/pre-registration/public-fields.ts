// The profile fields a visitor fills on a public page (spec §5 "Pre-registration server checks"): which
// are asked of a user type, how their values and the photo are checked, and where the photo is kept.
import { LIMITS } from '@app/shared/constants';
import {
  CUSTOM_FIELD_TYPES,
  checkCustomFieldValue,
  customFieldOptionsSchema,
  planHasCustomFields,
  type CustomFieldType,
} from '@app/shared/custom-fields/schemas';
import type { PersonFieldValueInput } from '@app/shared/people/schemas';
import { PROFILE_FIELDS } from '@app/shared/user-types/schemas';
import { type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { checkImage } from '../../lib/images';
import { randomToken } from '../../lib/tokens';
import type { EntityRecord } from '../access/access.types';
import { isBuiltInFieldLabel } from '@app/shared/pre-registration/built-in-fields';
import { sectionAsksType, sectionTypesOf } from '../custom-fields/section-user-types';
import { profileFieldsWithSections } from './pre-registration.repository';

const asType = (type: string): CustomFieldType =>
  (CUSTOM_FIELD_TYPES as readonly string[]).includes(type) ? (type as CustomFieldType) : 'text';
export const profileData = (list: string[]) =>
  list.filter((x): x is (typeof PROFILE_FIELDS)[number] => (PROFILE_FIELDS as readonly string[]).includes(x));

/**
 * The profile fields a visitor of these user types fills, when the company's plan has custom fields:
 * the sections bound to one of the types or to none (each field says which of the types it is asked
 * of; empty: all). A field named like one of the visitor's own fields is left to the built-in field.
 */
export async function publicFields(tx: Executor, entity: EntityRecord, typeIds: string[]) {
  if (!planHasCustomFields(entity.plan)) return [];
  const rows = await profileFieldsWithSections(tx, entity.id);
  const bound = await sectionTypesOf(tx, entity.id, [...new Set(rows.map((f) => f.sectionId))]);
  return rows
    .filter((f) => typeIds.some((id) => sectionAsksType(bound.get(f.sectionId), id)))
    .filter((f) => !isBuiltInFieldLabel(f.name))
    .map((f) => ({
      id: f.id,
      name: f.name,
      type: asType(f.type),
      options: customFieldOptionsSchema.safeParse(f.options).data ?? {},
      required: f.required,
      section: { id: f.sectionId, name: f.sectionName },
      user_type_ids: (bound.get(f.sectionId) ?? []).filter((id) => typeIds.includes(id)),
    }));
}
/**
 * Custom values a visitor sends: only the profile fields asked of their user type, each checked by its
 * type; the required ones of that type filled. A value for any other field is refused.
 */
export async function checkPublicFieldValues(
  tx: Executor,
  entity: EntityRecord,
  userTypeId: string | null,
  input: PersonFieldValueInput[],
  stored: Set<string>,
) {
  const fields = userTypeId ? await publicFields(tx, entity, [userTypeId]) : [];
  const checked = new Map<string, unknown>();
  for (const item of input) {
    const field = fields.find((f) => f.id === item.custom_field_id);
    if (!field) {
      throw new AppError('rule_violation', {
        field: 'custom_fields',
        messageKey: 'pre_registration_custom_field_not_asked',
      });
    }
    const result = checkCustomFieldValue(
      { type: field.type, options: field.options, required: field.required },
      item.value,
    );
    if (!result.ok) {
      throw new AppError('validation_failed', {
        field: `custom_fields.${field.id}`,
        messageKey: result.error,
        vars: { field: field.name },
      });
    }
    checked.set(field.id, result.value);
  }
  for (const field of fields.filter((f) => f.required)) {
    const filled = checked.has(field.id) ? checked.get(field.id) !== null : stored.has(field.id);
    if (!filled) {
      throw new AppError('validation_failed', {
        field: `custom_fields.${field.id}`,
        messageKey: 'custom_value_required',
        vars: { field: field.name },
      });
    }
  }
  return [...checked].map(([fieldId, value]) => ({ fieldId, value }));
}

/**
 * A photo sent with a pre-registration: png or jpg by content, 250–4096 × 300–2688 px, 3 MB (spec §5),
 * answered re-encoded: its `data` is what is stored.
 */
export async function checkPreRegistrationPhoto(photo: Buffer | null) {
  return photo ? checkImage(photo, LIMITS.preRegistrationPhoto, 'photo') : null;
}

export const photoKey = (entityId: string, personId: string, kind: string) =>
  `entities/${entityId}/people/${personId}/${randomToken(9)}.${kind}`;
