import type { z } from 'zod';
import { ApiError } from './api-client';
import { showFirstInvalidOfActiveForm } from './first-error';
import { fieldName, issueText, valueAt } from '@app/shared/http/field-messages';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * Validates form values with a shared zod schema and returns one translated message per field,
 * worded like the server's messages for the same rules and naming the field by its label (never a
 * raw key, whatever the path's depth).
 */
export function zodFormErrors(schema: z.ZodType, values: unknown, t: Translate): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = fieldName(issue.path);
    if (errors[name]) continue;
    // What was typed decides between "is required" (left empty) and "has the wrong type".
    errors[name] = issueText({ ...issue, input: valueAt(values, issue.path) }, t, 'body', schema);
  }
  return errors;
}

/** The server's per-field messages (already translated) in the shape a form shows them. */
export const serverFormErrors = (fields: Record<string, string[]>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([name, messages]) => [name, messages.join(' ')]));

/** What showServerErrors needs of a form (Mantine's useForm gives both). */
export type ErrorTarget = {
  setErrors: (errors: Record<string, string>) => void;
  setFieldError: (field: string, message: string) => void;
};

/**
 * Shows a failed request on its form: every field the server named gets its message; a failure that
 * names no field (a refused code, a taken name checked elsewhere) shows its message on `fallback`,
 * the field the action is about. Anything but an API error is left to the caller.
 */
export function showServerErrors(form: ErrorTarget, error: unknown, fallback?: string): void {
  if (!(error instanceof ApiError)) return;
  const fields = serverFormErrors(error.fields);
  if (Object.keys(fields).length > 0) form.setErrors(fields);
  else if (fallback) form.setFieldError(fallback, error.message);
  else return;
  showFirstInvalidOfActiveForm();
}

/**
 * A refused request on a dialog with one field (a password asked before a deletion): the messages
 * about that field, and the rest of what the server said (a refusal naming another field, or none)
 * as one text the dialog shows above its buttons. Anything but an API error gives neither.
 */
export function oneFieldErrors(error: unknown, field: string): { field: string | null; other: string | null } {
  if (!(error instanceof ApiError)) return { field: null, other: null };
  const { [field]: own, ...rest } = error.fields;
  const others = Object.values(rest).flat().join(' ');
  const mine = own?.length ? own.join(' ') : null;
  return { field: mine, other: others || (mine ? null : error.message) };
}
