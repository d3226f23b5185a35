import { z } from 'zod';
import { LANGUAGES, LAYOUT_MODES, LAYOUT_WIDTHS, PACKAGES, PLAN_IDS, SUBSCRIPTIONS } from '../constants';

export const emailField = z
  .email()
  .max(254)
  .transform((v) => v.trim().toLowerCase());
export const passwordField = z.string().min(8).max(200);
export const otpCodeField = z
  .string()
  .trim()
  .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/i);

export const layoutPrefsSchema = z.object({
  mode: z.enum(LAYOUT_MODES).default('light'),
  width: z.enum(LAYOUT_WIDTHS).default('fluid'),
  sidebar: z.enum(['light', 'dark', 'colored']).default('light'),
  topbar: z.enum(['dark', 'light', 'colored']).default('dark'),
  menuPinned: z.boolean().default(true),
});
export type LayoutPrefs = z.infer<typeof layoutPrefsSchema>;
export { DEFAULT_LAYOUT } from './default-layout';

export const permissionMapSchema = z.record(z.string(), z.object({ allowed: z.union([z.literal(0), z.literal(1)]) }));

export const entitySummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subdomain: z.string().nullable(),
  logo: z.string().nullable(),
  package: z.enum(PACKAGES),
  plan: z.union(PLAN_IDS.map((p) => z.literal(p))),
  subscription: z.enum(SUBSCRIPTIONS),
  two_step_enabled: z.boolean(),
  otp_roles: z.array(z.uuid()),
});
export type EntitySummary = z.infer<typeof entitySummarySchema>;

/** Spec §3 "User details". */
export const userDetailsSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  /** The member's own person in the company (the one who adds and hosts visits); absent in logins stored before it was sent. */
  person_id: z.uuid().nullable().default(null),
  fullName: z.string(),
  email: z.string(),
  role_id: z.uuid(),
  is_owner: z.boolean(),
  is_otp_enabled: z.boolean(),
  passport_id: z.string().nullable(),
  image: z.string().nullable(),
  lang: z.enum(LANGUAGES),
  is_support: z.boolean(),
  is_platform_admin: z.boolean(),
  layout: layoutPrefsSchema,
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/** Spec §3 "Login result", plus what the client needs to draw the shell. */
export const loginResultSchema = z.object({
  status: z.literal('ok'),
  user: userDetailsSchema,
  role: z.object({ id: z.uuid(), name: z.string(), key: z.string().nullable() }),
  permissions: permissionMapSchema,
  plan: z.number().int(),
  entity: entitySummarySchema,
  otp_enrolment_required: z.boolean(),
  csrf_token: z.string(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const membershipChoiceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subdomain: z.string().nullable(),
  logo: z.string().nullable(),
  package: z.enum(PACKAGES),
  role: z.string(),
});
export type MembershipChoice = z.infer<typeof membershipChoiceSchema>;

export const chooseEntityResultSchema = z.object({
  status: z.literal('choose_entity'),
  entities: z.array(membershipChoiceSchema),
  csrf_token: z.string(),
});
export const otpPendingResultSchema = z.object({ status: z.literal('otp_required'), csrf_token: z.string() });

export const signInResponseSchema = z.discriminatedUnion('status', [
  loginResultSchema,
  chooseEntityResultSchema,
  otpPendingResultSchema,
]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const loginBodySchema = z.object({
  email: emailField,
  password: z.string().min(1).max(200),
  subdomain: z.string().max(63).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const verifyOtpBodySchema = z.object({ code: otpCodeField });
export const selectEntityBodySchema = z.object({ entity_id: z.uuid() });

export const forgotPasswordBodySchema = z.object({ email: emailField });
export const resetPasswordBodySchema = z
  .object({ token: z.string().min(20).max(200), password: passwordField, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'passwords_do_not_match',
  });
export const resetTokenQuerySchema = z.object({ token: z.string().min(20).max(200) });
/** An emailed unlock link's token (POST /auth/unlock). */
export const unlockBodySchema = z.object({ token: z.string().min(20).max(200) });

export const changePasswordBodySchema = z
  .object({ current_password: z.string().min(1).max(200), password: passwordField, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'passwords_do_not_match',
  });

export const changeLanguageBodySchema = z.object({ lang: z.enum(LANGUAGES) });
// Without defaults: a partial update must not reset the fields it leaves out.
export const updateLayoutBodySchema = z.object({
  mode: z.enum(LAYOUT_MODES).optional(),
  width: z.enum(LAYOUT_WIDTHS).optional(),
  sidebar: z.enum(['light', 'dark', 'colored']).optional(),
  topbar: z.enum(['dark', 'light', 'colored']).optional(),
  menuPinned: z.boolean().optional(),
});

export const otpSetupResponseSchema = z.object({ secret: z.string(), otpauth_url: z.string(), qr_code: z.string() });
export const otpEnableBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});
export const otpEnableResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
export const otpDisableBodySchema = z.object({ password: z.string().min(1).max(200) });

export const ownSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;
