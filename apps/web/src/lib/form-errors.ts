import type { z } from 'zod';
import { fieldMessage, fieldName } from '@app/shared/http/field-messages';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * Validates form values with a shared zod schema and returns one translated message per field,
 * worded like the server's messages for the same rules.
 */
export function zodFormErrors(schema: z.ZodType, values: unknown, t: Translate): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = fieldName(issue.path);
    if (errors[name]) continue;
    const { key, vars } = fieldMessage(issue);
    errors[name] = t(key, { ...vars, field: t(`errors:fields.${name}`) });
  }
  return errors;
}

/** The server's per-field messages (already translated) in the shape a form shows them. */
export const serverFormErrors = (fields: Record<string, string[]>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([name, messages]) => [name, messages.join(' ')]));
