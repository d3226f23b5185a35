import type { FixErrorBody, TempUser } from '@app/shared/integrations/schemas';

/** The fields of the fix form, in the order shown; the server names a record's problems by these. */
export const FIX_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone_code',
  'phone',
  'id_number',
  'user_type_id',
] as const;
export type FixField = (typeof FIX_FIELDS)[number];

/** What the form holds: text as typed, the user type chosen (or none). */
export type FixErrorValues = Record<Exclude<FixField, 'user_type_id'>, string> & { user_type_id: string | null };

/** The form starts from the record's values as the directory gave them. */
export function fixErrorValues(user: Pick<TempUser, FixField>): FixErrorValues {
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    email: user.email ?? '',
    phone_code: user.phone_code ?? '',
    phone: user.phone ?? '',
    id_number: user.id_number ?? '',
    user_type_id: user.user_type_id,
  };
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The PUT body (spec §3 fix-error payload): every field, trimmed, an empty one as null. The phone
 * code is sent without its "+" (the records keep the digits); a code without a number is dropped.
 */
export function fixErrorBody(values: FixErrorValues): FixErrorBody {
  const phone = textOrNull(values.phone);
  const code = textOrNull(values.phone_code.replace(/^\+/, ''));
  return {
    first_name: textOrNull(values.first_name),
    last_name: textOrNull(values.last_name),
    email: textOrNull(values.email),
    phone_code: phone ? code : null,
    phone,
    id_number: textOrNull(values.id_number),
    user_type_id: values.user_type_id || null,
  };
}

const isFixField = (field: string): field is FixField => (FIX_FIELDS as readonly string[]).includes(field);

/**
 * A record's problems (the server's translated texts, by field) split into those a form field shows
 * and the rest (about the record as a whole), which the form shows above its fields.
 */
export function problemsOf(problems: Record<string, string>): {
  fields: Partial<Record<FixField, string>>;
  other: string[];
} {
  const fields: Partial<Record<FixField, string>> = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(problems)) {
    if (isFixField(field)) fields[field] = message;
    else other.push(message);
  }
  return { fields, other };
}

/** A refusal's messages (ApiError fields, by body field) as the form shows them: one text per form field, the rest apart. */
export function refusalOf(
  fields: Record<string, string[]>,
  message: string,
): { fields: Partial<Record<FixField, string>>; other: string | null } {
  const joined = Object.fromEntries(Object.entries(fields).map(([name, messages]) => [name, messages.join(' ')]));
  const { fields: mine, other } = problemsOf(joined);
  const rest = other.join(' ');
  return { fields: mine, other: rest || (Object.keys(mine).length === 0 ? message : null) };
}

/** A record's name for titles and screen readers: its names, else its email, else the directory's id. */
export function tempUserName(user: Pick<TempUser, 'first_name' | 'last_name' | 'email' | 'external_id'>): string {
  const name = [user.first_name, user.last_name].filter((part) => part && part.trim() !== '').join(' ');
  return name || user.email || user.external_id;
}

/** A phone as a record keeps it (the country code's digits, the number) as the page writes it. */
export const phoneText = (code: string | null, phone: string | null): string | null =>
  phone ? (code ? `+${code} ${phone}` : phone) : null;
