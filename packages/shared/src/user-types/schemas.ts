import { z } from 'zod';
import { LIMITS } from '../constants';

/** Registration methods (spec §4). */
export const REGISTRATION_METHODS = [
  'registration_allowed',
  'pre_registered_with_approval',
  'pre_registered_by_admin',
  'pre_registered_only',
  'registration_not_required',
] as const;
export type RegistrationMethod = (typeof REGISTRATION_METHODS)[number];

/**
 * The registration methods whose people may register themselves at a kiosk (spec §4): those that allow
 * registration, or need none. The pre-registered ones expect a visitor someone registered before.
 */
export const SELF_REGISTERING_METHODS: readonly RegistrationMethod[] = [
  'registration_allowed',
  'registration_not_required',
];

/** Profile data a user type can make mandatory. */
export const PROFILE_FIELDS = ['email', 'phone', 'company_name', 'id_number', 'photo'] as const;

export const userTypeBodySchema = z.object({
  name: z.string().trim().min(2).max(50),
  parent_id: z.uuid().nullable().default(null),
  registration_method: z.enum(REGISTRATION_METHODS),
  grace_period_minutes: z
    .number()
    .int()
    .min(LIMITS.gracePeriodMinMinutes)
    .max(7 * 24 * 60),
  mandatory_profile_data: z.array(z.enum(PROFILE_FIELDS)).max(PROFILE_FIELDS.length).default([]),
  can_switch_own_type: z.boolean().default(false),
  auto_approve_visits: z.boolean().default(false),
  /** Visits of this type need a visit permit that allows them at that moment (decision 026). */
  visits_need_permit: z.boolean().default(false),
});
export type UserTypeBody = z.infer<typeof userTypeBodySchema>;
export const updateUserTypeBodySchema = userTypeBodySchema.omit({ parent_id: true });
export const moveUserTypeBodySchema = z.object({ parent_id: z.uuid().nullable() });

export const userTypeSchema = z.object({
  id: z.uuid(),
  parent_id: z.uuid().nullable(),
  name: z.string(),
  registration_method: z.enum(REGISTRATION_METHODS),
  grace_period_minutes: z.number().int(),
  mandatory_profile_data: z.array(z.enum(PROFILE_FIELDS)),
  can_switch_own_type: z.boolean(),
  auto_approve_visits: z.boolean(),
  visits_need_permit: z.boolean(),
  child_count: z.number().int(),
});
export type UserType = z.infer<typeof userTypeSchema>;

export type UserTypeNode = UserType & { children: UserTypeNode[] };
// Recursive: registered with an id so the API document can refer to it as a component.
const userTypeNodeSchema: z.ZodType<UserTypeNode> = userTypeSchema
  .extend({ children: z.array(z.lazy(() => userTypeNodeSchema)) })
  .meta({ id: 'UserTypeNode' });
export const userTypeTreeSchema = z.array(userTypeNodeSchema);

export const userTypeQrSchema = z.object({ url: z.string(), qr_code: z.string() });
