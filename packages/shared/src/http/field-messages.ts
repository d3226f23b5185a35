// Turns a zod issue into a translation key and its values, so the server and the browser forms
// give the same translated message for the same rule.

export type IssueLike = {
  code: string;
  message?: string;
  path?: readonly PropertyKey[];
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  input?: unknown;
  keys?: string[];
};

export type FieldMessage = { key: string; vars: Record<string, string | number> };

const CUSTOM_KEY = /^[a-z][a-z0-9_]*$/;

export function fieldMessage(issue: IssueLike): FieldMessage {
  const vars: Record<string, string | number> = {};
  if (issue.message && CUSTOM_KEY.test(issue.message)) return { key: `errors:${issue.message}`, vars };
  const sized = issue.origin === 'string' || issue.origin === 'array';
  switch (issue.code) {
    case 'invalid_type': {
      // zod reports the input only on request; its message still says what it received.
      const missing =
        'input' in issue
          ? issue.input === undefined || issue.input === null
          : /received (undefined|null)/.test(issue.message ?? '');
      return missing ? { key: 'errors:field.required', vars } : { key: 'errors:field.invalid_type', vars };
    }
    case 'too_small':
      vars.min = Number(issue.minimum ?? 0);
      if (issue.origin === 'string' && vars.min === 1) return { key: 'errors:field.required', vars };
      return { key: sized ? 'errors:field.too_short' : 'errors:field.too_small', vars };
    case 'too_big':
      vars.max = Number(issue.maximum ?? 0);
      return { key: sized ? 'errors:field.too_long' : 'errors:field.too_big', vars };
    case 'invalid_format':
      return issue.format === 'email'
        ? { key: 'errors:field.invalid_email', vars }
        : { key: 'errors:field.invalid_format', vars };
    case 'invalid_value':
    case 'invalid_union':
      return { key: 'errors:field.invalid_value', vars };
    case 'unrecognized_keys':
      return { key: 'errors:field.unknown_key', vars };
    default:
      return { key: 'errors:field.invalid', vars };
  }
}

/** The field name a message speaks of: the first path segment that is a name, for `errors:fields.<name>`. */
export const fieldName = (path: readonly PropertyKey[] | undefined): string =>
  (path ?? []).filter((p): p is string => typeof p === 'string').join('.') || '_';
