import { z } from 'zod';
import { cursorPageQuery } from '../http/paging';

// A company's people (the spec's "users", §3 Users list): staff, visitors, contractors. Field rules
// follow spec §5: phone digits only with a country code, unique email / phone / id, role, site and
// user type required.

export const PERSON_STATUSES = ['active', 'archived'] as const;
export type PersonStatus = (typeof PERSON_STATUSES)[number];

/** Dashboard (passport) access: never invited, invited (no password yet), active, revoked. */
export const DASHBOARD_ACCESS = ['none', 'invited', 'active', 'revoked'] as const;
export type DashboardAccess = (typeof DASHBOARD_ACCESS)[number];

export const PERSON_LIMITS = {
  nameMax: 50,
  emailMax: 255,
  phoneCodeMax: 4,
  phoneMax: 13,
  idNumberMax: 20,
  companyNameMax: 100,
  /** Most ids one mass action takes. */
  massMax: 500,
  labelNameMax: 30,
  departmentNameMax: 50,
} as const;

/** The fields that must be unique in a company (spec §5), as the availability check names them. */
export const UNIQUE_PERSON_FIELDS = ['email', 'phone', 'id_number'] as const;
export type UniquePersonField = (typeof UNIQUE_PERSON_FIELDS)[number];

const DIGITS = /^\d*$/;
const EMAIL = z.regexes.email;

const name = z.string().trim().min(1).max(PERSON_LIMITS.nameMax);

/** Optional text: '' and null both mean "none" (forms send '', the API answers null). */
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

// Spec §5: 'Invalid email address' (errors:invalid_email).
const email = z
  .string()
  .trim()
  .max(PERSON_LIMITS.emailMax)
  .refine((v) => v === '' || EMAIL.test(v), { message: 'invalid_email' })
  .nullable()
  .optional();

const phoneCode = z
  .string()
  .trim()
  .transform((v) => v.replace(/^\+/, ''))
  .pipe(z.string().max(PERSON_LIMITS.phoneCodeMax).regex(DIGITS, { message: 'phone_code_digits_only' }))
  .nullable()
  .optional();

const phone = z
  .string()
  .trim()
  .max(PERSON_LIMITS.phoneMax)
  .regex(DIGITS, { message: 'phone_digits_only' })
  .nullable()
  .optional();

const ids = (max: number) => z.array(z.uuid()).max(max);

/** A custom field value as sent: its type is the field's (see @app/shared/custom-fields). */
export const personFieldValueInputSchema = z.object({
  custom_field_id: z.uuid(),
  value: z.union([z.string().max(5000), z.number(), z.boolean(), z.array(z.string().max(500)).max(100), z.null()]),
});
export type PersonFieldValueInput = z.infer<typeof personFieldValueInputSchema>;

/** Create and update body; on update every field is replaced (PUT). */
export const personBodyObject = z.object({
  first_name: name,
  last_name: name,
  email,
  phone_code: phoneCode,
  phone,
  id_number: optionalText(PERSON_LIMITS.idNumberMax),
  /** The organisation a visitor or contractor comes from. */
  company_name: optionalText(PERSON_LIMITS.companyNameMax),
  role_id: z.uuid(),
  department_id: z.uuid().nullable().optional(),
  // Spec §5: site and user type required.
  site_ids: ids(200).min(1, { message: 'choice_required' }),
  user_type_ids: ids(200).min(1, { message: 'choice_required' }),
  label_ids: ids(100).optional(),
  custom_fields: z.array(personFieldValueInputSchema).max(500).optional(),
});

/** Spec §5: a phone needs its country code ("Country code required"). */
export const personBodySchema = personBodyObject.superRefine((body, ctx) => {
  if (body.phone && !body.phone_code)
    ctx.addIssue({ code: 'custom', path: ['phone_code'], message: 'phone_code_required' });
});
export type PersonBody = z.input<typeof personBodySchema>;
export type PersonBodyParsed = z.output<typeof personBodySchema>;

const ref = z.object({ id: z.uuid(), name: z.string() });

export const personFieldValueSchema = z.object({
  custom_field_id: z.uuid(),
  type: z.string(),
  value: z.unknown(),
});
export type PersonFieldValue = z.infer<typeof personFieldValueSchema>;

export const labelSchema = z.object({ id: z.uuid(), name: z.string(), color: z.string() });
export type Label = z.infer<typeof labelSchema>;

export const departmentSchema = z.object({ id: z.uuid(), name: z.string() });
export type Department = z.infer<typeof departmentSchema>;

export const personSchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone_code: z.string().nullable(),
  phone: z.string().nullable(),
  id_number: z.string().nullable(),
  company_name: z.string().nullable(),
  role: ref,
  department: ref.nullable(),
  status: z.enum(PERSON_STATUSES),
  has_photo: z.boolean(),
  /** Authenticated URL of the photo (changes when the photo changes), or null. */
  photo_url: z.string().nullable(),
  has_rfid: z.boolean(),
  /**
   * The person's sites. `accessible` is false for a site outside the caller's assigned sites: it is
   * shown but cannot be removed (spec §6 "removing inaccessible sites is not allowed").
   */
  sites: z.array(ref.extend({ accessible: z.boolean() })),
  user_types: z.array(ref),
  labels: z.array(labelSchema),
  dashboard_access: z.enum(DASHBOARD_ACCESS),
  /** People the company cannot do without (its owner): never archived or deleted, no QuickPass. */
  is_default: z.boolean(),
  /** The caller's own person record: cannot be deleted, archived or revoked by the caller. */
  is_self: z.boolean(),
  custom_fields: z.array(personFieldValueSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Person = z.infer<typeof personSchema>;

export const PERSON_SORT_FIELDS = ['name', 'email', 'role', 'status', 'created_at'] as const;
export type PersonSortField = (typeof PERSON_SORT_FIELDS)[number];

/** One id or many (`?site_id=a&site_id=b`), always read as a list. */
const idList = z
  .union([z.uuid(), z.array(z.uuid()).max(200)])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .optional();

export const listPeopleQuerySchema = cursorPageQuery.extend({
  /** Matches first name, last name, full name, email, phone (with or without code), id number and company. */
  search: z.string().trim().max(100).optional(),
  sortField: z.enum(PERSON_SORT_FIELDS).default('name'),
  orderBy: z.enum(['asc', 'desc']).default('asc'),
  user_type_id: idList,
  site_id: idList,
  role_id: idList,
  label_id: idList,
  department_id: idList,
  /** Omitted: every status. */
  status: z.enum(PERSON_STATUSES).optional(),
  dashboard_access: z.enum(DASHBOARD_ACCESS).optional(),
});
export type ListPeopleQuery = z.input<typeof listPeopleQuerySchema>;

export const availabilityQuerySchema = z.object({
  field: z.enum(UNIQUE_PERSON_FIELDS),
  value: z.string().trim().min(1).max(PERSON_LIMITS.emailMax),
  /** With field=phone: the country code (digits). */
  phone_code: z.string().trim().max(PERSON_LIMITS.phoneCodeMax).optional(),
  /** The person being edited, who may keep their own value. */
  exclude_id: z.uuid().optional(),
});
export const availabilitySchema = z.object({
  available: z.boolean(),
  /** The spec's message when taken ('Email address already exists', ...), translated. */
  message: z.string().nullable(),
});
export type Availability = z.infer<typeof availabilitySchema>;

// Mass actions (spec §3 "Users list with mass actions"). Each answers which ids were done and which
// were skipped, and why, so the screen can say exactly what happened.

export const massIdsSchema = z.object({
  person_ids: z.array(z.uuid()).min(1, { message: 'choice_required' }).max(PERSON_LIMITS.massMax),
});
export type MassIds = z.infer<typeof massIdsSchema>;
export const massUserTypesBodySchema = massIdsSchema.extend({
  user_type_ids: z.array(z.uuid()).min(1, { message: 'choice_required' }).max(200),
});
export const massLabelsBodySchema = massIdsSchema.extend({
  label_ids: z.array(z.uuid()).min(1, { message: 'choice_required' }).max(100),
});

/** Why a mass action left a person out; each has a translated `message` beside it. */
export const SKIP_REASONS = [
  'not_found',
  'default_person',
  'self',
  'owner',
  'no_email',
  'email_in_use',
  'already_done',
  'archived',
  /** The person's role allows something the caller may not do (invite). */
  'role_not_assignable',
  /** The person lacks profile data the chosen user types make mandatory (change user type). */
  'profile_incomplete',
  /** The API token does not change people who use the dashboard (decision 017). */
  'dashboard_member',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const massResultSchema = z.object({
  done: z.array(z.uuid()),
  skipped: z.array(z.object({ id: z.uuid(), reason: z.enum(SKIP_REASONS), message: z.string() })),
});
export type MassResult = z.infer<typeof massResultSchema>;

/** `?person_ids=a&person_ids=b`: the people chosen on the users list for the invite page. */
export const inviteCandidatesQuerySchema = z.object({
  person_ids: z
    .union([z.uuid(), z.array(z.uuid()).min(1).max(PERSON_LIMITS.massMax)])
    .transform((v) => (Array.isArray(v) ? v : [v])),
});

/** The invite page (spec "Invited user"): each chosen person and whether they can be invited. */
export const inviteCandidateSchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone_code: z.string().nullable(),
  phone: z.string().nullable(),
  role_id: z.uuid(),
  dashboard_access: z.enum(DASHBOARD_ACCESS),
  /** Null when the person can be invited. */
  error: z.object({ reason: z.enum(SKIP_REASONS), message: z.string() }).nullable(),
});
export type InviteCandidate = z.infer<typeof inviteCandidateSchema>;

export const labelBodySchema = z.object({
  name: z.string().trim().min(1).max(PERSON_LIMITS.labelNameMax),
  color: z
    .string()
    .trim()
    .regex(/^(#[0-9a-fA-F]{6}|[a-z]{3,12})$/)
    .default('blue'),
});
export type LabelBody = z.input<typeof labelBodySchema>;

export const departmentBodySchema = z.object({ name: z.string().trim().min(2).max(PERSON_LIMITS.departmentNameMax) });
export type DepartmentBody = z.infer<typeof departmentBodySchema>;

/** A role the caller may give to a person. */
export const assignableRoleSchema = z.object({ id: z.uuid(), name: z.string(), key: z.string().nullable() });
export type AssignableRole = z.infer<typeof assignableRoleSchema>;

/** The hosts of a user type (spec §3 User type: hosts): people who host its visitors. */
export const userTypeHostsBodySchema = z.object({ person_ids: z.array(z.uuid()).max(PERSON_LIMITS.massMax) });
export const userTypeHostSchema = z.object({ id: z.uuid(), full_name: z.string(), email: z.string().nullable() });
export type UserTypeHost = z.infer<typeof userTypeHostSchema>;

export const PHOTO_FIELD = 'photo';
