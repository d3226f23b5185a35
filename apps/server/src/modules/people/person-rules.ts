// The rules a person's data must meet before it is written (spec §5 "Fields", §6 admin scope and
// custom-field plans). Each failure names the field it is about.
import {
  CUSTOM_FIELD_TYPES,
  checkCustomFieldValue,
  customFieldOptionsSchema,
  planHasCustomFields,
  type CustomFieldOptions,
  type CustomFieldType,
} from '@app/shared/custom-fields/schemas';
import type { PersonBodyParsed, PersonFieldValueInput } from '@app/shared/people/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { assertMayChangeRole } from '../access/role-rules';
import { listRolesWithPermissions } from '../members/members.repository';
import {
  fieldValuesOf,
  findDepartment,
  findLabelsByIds,
  findSitesByIds,
  findTakenValues,
  findUserTypesByIds,
  listProfileFields,
  type PersonRecord,
} from './people.repository';

export const siteInScope = (ctx: AccessContext, siteId: string) => ctx.siteIds === null || ctx.siteIds.includes(siteId);
export const typeInScope = (ctx: AccessContext, typeId: string) =>
  ctx.userTypeIds === null || ctx.userTypeIds.includes(typeId);

const unique = <T>(list: T[]) => [...new Set(list)];
const blank = (value: string | null | undefined) => {
  const v = value?.trim();
  return v ? v : null;
};

export type CheckedPerson = {
  columns: {
    firstName: string;
    lastName: string;
    email: string | null;
    phoneCode: string | null;
    phone: string | null;
    idNumber: string | null;
    companyName: string | null;
    roleId: string;
    departmentId: string | null;
  };
  role: { id: string; name: string };
  /** Every site the person will have: the given ones and, on update, those the caller cannot see. */
  sites: { id: string; name: string }[];
  userTypes: { id: string; name: string }[];
  /** Undefined: the labels stay as they are. */
  labelIds: string[] | undefined;
  /** Undefined: the custom values stay as they are. Null values clear a field. */
  fieldValues: { fieldId: string; value: unknown }[] | undefined;
};

export type PersonBefore = { person: PersonRecord; siteIds: string[] };

/** Which profile data the user types make mandatory, as one list. */
export const mandatoryOf = (types: { mandatory: string[] }[]) => new Set(types.flatMap((t) => t.mandatory));

/** Every piece of mandatory profile data a person lacks (field names, in the form's order). */
export function missingProfileFields(
  required: Set<string>,
  person: {
    email: string | null;
    phone: string | null;
    idNumber: string | null;
    companyName: string | null;
    image: string | null;
  },
  checkPhoto: boolean,
): string[] {
  const lacking: [string, boolean][] = [
    ['email', !person.email],
    ['phone', !person.phone],
    ['id_number', !person.idNumber],
    ['company_name', !person.companyName],
    ['photo', checkPhoto && !person.image],
  ];
  return lacking.filter(([field, missing]) => missing && required.has(field)).map(([field]) => field);
}

/** A person's data against the mandatory profile data of their user types. */
export function missingProfileData(
  required: Set<string>,
  person: {
    email: string | null;
    phone: string | null;
    idNumber: string | null;
    companyName: string | null;
    image: string | null;
  },
  checkPhoto: boolean,
): { field: string; messageKey: string } | null {
  if (required.has('email') && !person.email) return { field: 'email', messageKey: 'email_required' };
  if (required.has('phone') && !person.phone) return { field: 'phone', messageKey: 'phone_required' };
  if (required.has('id_number') && !person.idNumber) return { field: 'id_number', messageKey: 'id_number_required' };
  if (required.has('company_name') && !person.companyName)
    return { field: 'company_name', messageKey: 'company_name_required' };
  if (checkPhoto && required.has('photo') && !person.image) return { field: 'photo', messageKey: 'photo_required' };
  return null;
}

/** Stored options as the value check reads them; anything unexpected counts as none. */
const readOptions = (raw: unknown): CustomFieldOptions => {
  const parsed = customFieldOptionsSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
};

const asType = (type: string): CustomFieldType =>
  (CUSTOM_FIELD_TYPES as readonly string[]).includes(type) ? (type as CustomFieldType) : 'text';

/**
 * Custom values sent with a person: profile fields of this company only, each checked against its
 * type, and every required profile field filled once the change is applied. A lite plan has no
 * custom fields: any value is refused and nothing is required.
 */
async function checkFieldValues(
  tx: Executor,
  ctx: AccessContext,
  input: PersonFieldValueInput[] | undefined,
  personId: string | null,
): Promise<CheckedPerson['fieldValues']> {
  if (!planHasCustomFields(ctx.entity.plan)) {
    if (input?.length)
      throw new AppError('plan_required', { field: 'custom_fields', messageKey: 'custom_fields_plan' });
    return undefined;
  }
  const fields = await listProfileFields(tx, ctx.entityId);
  const checked = new Map<string, unknown>();
  for (const item of input ?? []) {
    const field = fields.find((f) => f.id === item.custom_field_id);
    if (!field) throw new AppError('rule_violation', { field: 'custom_fields', messageKey: 'custom_field_not_found' });
    const result = checkCustomFieldValue(
      { type: asType(field.type), options: readOptions(field.options), required: field.required },
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
  const stored = personId ? new Set((await fieldValuesOf(tx, ctx.entityId, [personId])).map((v) => v.fieldId)) : null;
  for (const field of fields.filter((f) => f.required)) {
    const filled = checked.has(field.id) ? checked.get(field.id) !== null : Boolean(stored?.has(field.id));
    if (!filled) {
      throw new AppError('validation_failed', {
        field: `custom_fields.${field.id}`,
        messageKey: 'custom_value_required',
        vars: { field: field.name },
      });
    }
  }
  if (input === undefined) return undefined;
  return [...checked].map(([fieldId, value]) => ({ fieldId, value }));
}

/** Checks a create (before = null) or update body and resolves everything it names in this company. */
export async function checkPersonBody(
  tx: Executor,
  ctx: AccessContext,
  body: PersonBodyParsed,
  before: PersonBefore | null,
): Promise<CheckedPerson> {
  const email = blank(body.email)?.toLowerCase() ?? null;
  const phone = blank(body.phone);
  const columns: CheckedPerson['columns'] = {
    firstName: body.first_name,
    lastName: body.last_name,
    email,
    // A country code without a number means nothing: it is kept only with a phone.
    phoneCode: phone ? blank(body.phone_code) : null,
    phone,
    idNumber: blank(body.id_number),
    companyName: blank(body.company_name),
    roleId: body.role_id,
    departmentId: body.department_id ?? null,
  };

  // Role: one of this company's, and, when it changes, one the caller may give to this person.
  const roles = await listRolesWithPermissions(tx, ctx.entityId);
  const role = roles.find((r) => r.id === body.role_id);
  if (!role) throw new AppError('rule_violation', { field: 'role_id', messageKey: 'role_not_found' });
  if (!before || before.person.roleId !== role.id) {
    assertMayChangeRole(
      ctx,
      {
        membershipId: before?.person.membershipId,
        isOwner: before?.person.isDefault ?? false,
        current: before ? (roles.find((r) => r.id === before.person.roleId) ?? null) : null,
      },
      role,
      'role_id',
    );
  }

  if (columns.departmentId && !(await findDepartment(tx, ctx.entityId, columns.departmentId)))
    throw new AppError('rule_violation', { field: 'department_id', messageKey: 'department_not_found' });

  // Sites: the company's, and the caller's own unless the person already has it. Sites the caller
  // cannot see are kept on update: removing them is not allowed (spec §6).
  const givenSites = unique(body.site_ids);
  const keptSites = (before?.siteIds ?? []).filter((id) => !siteInScope(ctx, id));
  const allSites = unique([...givenSites, ...keptSites]);
  const siteRows = await findSitesByIds(tx, ctx.entityId, allSites);
  const siteAvailable = (id: string) =>
    siteRows.some((s) => s.id === id) && (siteInScope(ctx, id) || Boolean(before?.siteIds.includes(id)));
  if (!givenSites.every(siteAvailable))
    throw new AppError('rule_violation', { field: 'site_ids', messageKey: 'site_not_available' });
  // Without one of the caller's sites the person would drop out of the caller's reach.
  if (!givenSites.some((id) => siteInScope(ctx, id)))
    throw new AppError('rule_violation', { field: 'site_ids', messageKey: 'site_in_scope_required' });

  const typeRows = await findUserTypesByIds(tx, ctx.entityId, unique(body.user_type_ids));
  if (typeRows.length !== unique(body.user_type_ids).length || !typeRows.every((t) => typeInScope(ctx, t.id)))
    throw new AppError('rule_violation', { field: 'user_type_ids', messageKey: 'user_type_not_available' });

  const labelIds = body.label_ids === undefined ? undefined : unique(body.label_ids);
  if (labelIds?.length && (await findLabelsByIds(tx, ctx.entityId, labelIds)).length !== labelIds.length)
    throw new AppError('rule_violation', { field: 'label_ids', messageKey: 'label_not_found' });

  // A photo is uploaded once the person exists, so it is required from the first update on.
  const missing = missingProfileData(
    mandatoryOf(typeRows),
    { ...columns, image: before?.person.image ?? null },
    before !== null,
  );
  if (missing) throw new AppError('rule_violation', missing);

  const taken = await findTakenValues(tx, ctx.entityId, columns, before?.person.id);
  if (taken.email) throw new AppError('conflict', { field: 'email', messageKey: 'email_taken' });
  if (taken.phone) throw new AppError('conflict', { field: 'phone', messageKey: 'phone_taken' });
  if (taken.idNumber) throw new AppError('conflict', { field: 'id_number', messageKey: 'id_number_taken' });

  const fieldValues = await checkFieldValues(tx, ctx, body.custom_fields, before?.person.id ?? null);

  return {
    columns,
    role: { id: role.id, name: role.name },
    sites: siteRows.filter((s) => allSites.includes(s.id)).sort((a, b) => a.name.localeCompare(b.name)),
    userTypes: typeRows.map((t) => ({ id: t.id, name: t.name })).sort((a, b) => a.name.localeCompare(b.name)),
    labelIds,
    fieldValues,
  };
}

/** A unique index the database refused, as the field and message the person form shows. */
export function uniqueViolation(error: unknown): AppError | null {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code !== '23505') continue;
    if (e.constraint === 'people_entity_email_key')
      return new AppError('conflict', { field: 'email', messageKey: 'email_taken' });
    if (e.constraint === 'people_entity_phone_key')
      return new AppError('conflict', { field: 'phone', messageKey: 'phone_taken' });
    if (e.constraint === 'people_entity_id_number_key')
      return new AppError('conflict', { field: 'id_number', messageKey: 'id_number_taken' });
    return null;
  }
  return null;
}
