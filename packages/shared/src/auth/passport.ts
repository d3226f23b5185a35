import { z } from 'zod';
import { signInResponseSchema } from './schemas';

/**
 * The dashboard's side of signing in through the passport (decision 047). GET /auth/passport/start sends
 * the browser to the passport; its callback brings it back to /sso/<code>, and the passport's "open the
 * dashboard" to /login-one-time?token=<code>: either page exchanges the one-time code here.
 */
export const passportStartQuery = z.object({
  /** The company to open (the subdomain the person came from). */
  subdomain: z.string().max(63).optional(),
  /** The company's policy asks for two-step: the passport gives no code until it is on. */
  force_otp: z.enum(['0', '1']).optional(),
});

export const passportCodeBody = z.object({ code: z.string().min(20).max(200) });

/** A deactivated passport: the 'Reactivate My Passport Account' dialog, with the days since. */
export const passportDeactivatedSchema = z.object({
  status: z.literal('passport_deactivated'),
  days: z.number().int().min(0),
});

export const passportExchangeResponse = z.union([signInResponseSchema, passportDeactivatedSchema]);
export type PassportExchangeResponse = z.infer<typeof passportExchangeResponse>;

/** check-activation-status: the signed-in person's passport, for the side menu's Passport entry. */
export const passportStatusResponse = z.object({
  passport_url: z.string(),
  linked: z.boolean(),
  active: z.boolean(),
  days_deactivated: z.number().int().min(0).nullable(),
});
export type PassportStatus = z.infer<typeof passportStatusResponse>;
