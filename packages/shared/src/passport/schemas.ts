import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { emailField, otpCodeField, passwordField } from '../auth/schemas';

/**
 * The passport service's own API (apps/passport), served on the passport's origin under /api. The
 * passport's web app is its only caller; the dashboard reaches the passport through OpenID Connect.
 */

const nameField = z.string().trim().min(1).max(100);

export const signUpBody = z.object({
  email: emailField,
  first_name: nameField,
  last_name: nameField,
  password: passwordField,
  lang: z.enum(LANGUAGES).default('en'),
});
export type SignUpBody = z.infer<typeof signUpBody>;

/** Sign-up, reset and resend all answer this, whatever the address: no one learns who has a passport. */
export const mailSentResponse = z.object({ status: z.literal('mail_sent') });

export const tokenBody = z.object({ token: z.string().min(10).max(200) });

export const passportSignInBody = z.object({ email: emailField, password: z.string().min(1).max(200) });
export const passportOtpBody = z.object({ code: otpCodeField });
export const forgotBody = z.object({ email: emailField });
export const resetBody = z.object({ token: z.string().min(10).max(200), password: passwordField });

export const signInResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok') }),
  z.object({ status: z.literal('otp_required') }),
]);
export type PassportSignInResponse = z.infer<typeof signInResponse>;

export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  lang: z.enum(LANGUAGES),
  /** Path of the photo on the passport's origin, with a version so a new photo is fetched. */
  photo: z.string().nullable(),
  two_step_enabled: z.boolean(),
  status: z.enum(['active', 'deactivated']),
  created_at: z.string(),
});
export type PassportAccount = z.infer<typeof accountSchema>;

export const accountPatchBody = z.object({
  first_name: nameField.optional(),
  last_name: nameField.optional(),
  /** E.164-ish: digits with an optional leading +, 6 to 20 characters; empty clears it. */
  phone: z
    .string()
    .trim()
    .regex(/^(\+?[0-9]{6,20})?$/)
    .optional(),
  lang: z.enum(LANGUAGES).optional(),
});

export const changePasswordBody = z.object({ current_password: z.string().min(1).max(200), password: passwordField });
export const passwordConfirmBody = z.object({ password: z.string().min(1).max(200) });

export const sessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export const sessionsResponse = z.object({ sessions: z.array(sessionSchema) });

export const twoStepSetupResponse = z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() });
export const twoStepEnableBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export const twoStepDisableBody = z.object({ password: z.string().min(1).max(200), code: otpCodeField });

/** The QR identity: a compact JWS the passport signs, shown as a QR code and replaced every `refresh_in` s. */
export const qrTokenResponse = z.object({
  token: z.string(),
  expires_at: z.string(),
  refresh_in: z.number().int().positive(),
});

/**
 * A token for the dashboard's calls about the holder's own visits (`/passport-holder/*`), with the
 * dashboard's API address; the web app asks again shortly before `expires_at`.
 */
export const holderTokenBody = z.object({ scope: z.enum(['all', 'profile']).default('all') }).default({ scope: 'all' });
export const holderTokenResponse = z.object({
  token: z.string(),
  expires_at: z.string(),
  api_url: z.string(),
});
export type HolderTokenResponse = z.infer<typeof holderTokenResponse>;

/** What an OpenID Connect sign-in that waits on the person needs from them (the passport's interaction page). */
export const interactionResponse = z.object({
  uid: z.string(),
  client_name: z.string(),
  /** The dashboard asked for two-step (force_otp): no code is given until two-step is on. */
  force_otp: z.boolean(),
  signed_in: z.boolean(),
  two_step_enabled: z.boolean(),
});

/** Where the browser goes next (an interaction finished: back to the application). */
export const redirectResponse = z.object({ redirect_to: z.string() });

export const invitationSchema = z.object({
  id: z.string(),
  entity_name: z.string(),
  entity_logo: z.string().nullable(),
  role: z.string().nullable(),
  invited_at: z.string(),
  status: z.enum(['invited', 'accepted', 'rejected', 'revoked']),
});
export const invitationsResponse = z.object({ invitations: z.array(invitationSchema) });
export type PassportInvitation = z.infer<typeof invitationSchema>;

export { emailField, otpCodeField, passwordField };
