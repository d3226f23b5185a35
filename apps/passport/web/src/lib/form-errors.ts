// A form checks its values with the operation's own schema (@app/shared/passport/schemas) before sending
// them, and says what is wrong in the person's language: one message per field, the form's own words.
import type { ZodType } from 'zod';
import type { FieldErrors } from './api-error';

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** `values` through `schema`; each field with a problem gets `messageFor(field)`. */
export function checkForm<T>(schema: ZodType<T>, values: unknown, messageFor: (field: string) => string): Checked<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : '';
    errors[field] ??= messageFor(field);
  }
  return { ok: false, errors };
}
