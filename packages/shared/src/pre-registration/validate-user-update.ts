// POST /public/visits/{token}/validate-user-update (spec §7 Pre-registration "POST validate-user-update",
// §5 "Duplicate-user check for the cloud confirm flow"): the confirmation page checks the visitor's
// changed details as they are typed, before the confirm, by the same rules the confirm applies. Every
// field is optional: only what was sent is checked.
import { z } from 'zod';
import { PERSON_LIMITS } from '../people/schemas';

const EMAIL = z.regexes.email;
const DIGITS = /^\d*$/;
const text = (max: number) => z.string().trim().max(max).optional();

export const validateUserUpdateBodySchema = z.object({
  first_name: text(PERSON_LIMITS.nameMax),
  last_name: text(PERSON_LIMITS.nameMax),
  email: z.string().trim().toLowerCase().max(PERSON_LIMITS.emailMax).optional(),
  phone_code: z
    .string()
    .trim()
    .transform((v) => v.replace(/^\+/, ''))
    .pipe(z.string().max(PERSON_LIMITS.phoneCodeMax))
    .optional(),
  phone: text(PERSON_LIMITS.phoneMax),
  company_name: text(PERSON_LIMITS.companyNameMax),
});
export type ValidateUserUpdateBody = z.output<typeof validateUserUpdateBodySchema>;

export const validateUserUpdateResultSchema = z.object({
  /** True when nothing sent breaks a rule the confirm would apply. */
  valid: z.boolean(),
  /** Translated messages by field, as a refused confirm would give them. */
  fields: z.record(z.string(), z.array(z.string())),
});
export type ValidateUserUpdateResult = z.infer<typeof validateUserUpdateResultSchema>;

/** The format checks of the confirm form, by field (message keys of the `errors` catalogue). */
export function contactFormatProblems(body: ValidateUserUpdateBody): Record<string, string> {
  const problems: Record<string, string> = {};
  if (body.first_name !== undefined && !body.first_name) problems.first_name = 'field.required';
  if (body.last_name !== undefined && !body.last_name) problems.last_name = 'field.required';
  if (body.email !== undefined && (!body.email || !EMAIL.test(body.email))) problems.email = 'invalid_email';
  if (body.phone_code !== undefined && !body.phone_code) problems.phone_code = 'phone_code_required';
  else if (body.phone_code && !DIGITS.test(body.phone_code)) problems.phone_code = 'phone_code_digits_only';
  if (body.phone !== undefined && !body.phone) problems.phone = 'phone_required';
  else if (body.phone && !DIGITS.test(body.phone)) problems.phone = 'phone_digits_only';
  return problems;
}
