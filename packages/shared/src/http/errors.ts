import { z } from 'zod';

// Error codes the API answers with. Each maps to one HTTP status and one translation key
// `errors:<code>` in every language.
export const ERROR_STATUS = {
  validation_failed: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  session_expired: 401,
  otp_required: 401,
  forbidden: 403,
  otp_enrolment_required: 403,
  /** The company's plan does not include the feature (e.g. custom fields on lite). */
  plan_required: 403,
  csrf_failed: 403,
  not_found: 404,
  conflict: 409,
  subdomain_taken: 409,
  email_taken: 409,
  rule_violation: 422,
  invalid_otp_code: 422,
  otp_not_enrolled: 422,
  otp_already_enabled: 422,
  reset_link_expired: 422,
  current_password_incorrect: 422,
  not_a_member: 422,
  invalid_image: 422,
  image_too_small: 422,
  image_too_large: 422,
  file_too_large: 413,
  too_many_requests: 429,
  too_many_login_attempts: 429,
  /** Sign-in to one account paused after wrong passwords, for browsers it does not know (decision 016). */
  sign_in_paused: 429,
  too_many_otp_attempts: 429,
  too_many_password_attempts: 429,
  /** The passport: an address not yet verified, a deactivated passport, two-step a client requires. */
  email_not_verified: 403,
  passport_deactivated: 403,
  two_step_required: 409,
  /** The dashboard: this passport opens no dashboard account here. */
  passport_not_linked: 422,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
  otp_error: z.boolean().optional(),
  retry_after: z.number().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
