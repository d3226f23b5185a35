// A refused sign-in or sign-out (422): spec §8 "Check-in errors … show all values of the errors object
// joined by line breaks", and each person's messages put on the fields they name.
import { visitErrorsSchema } from '@app/shared/visits/schemas';
import { ApiError, joinErrorMessages } from '@/lib/api-client';

export type RefusalView = {
  /** Every message, one per line, each naming its person. */
  message: string;
  /** The messages by `<person_id>.<field>`, for the form's fields. */
  fields: Record<string, string>;
};

/** The refusal a failed request carries, or null when it is not one (the caller shows the error's message). */
export function readRefusal(error: unknown): RefusalView | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const parsed = visitErrorsSchema.safeParse(error.body);
  if (!parsed.success) return null;
  const fields: Record<string, string> = {};
  for (const person of parsed.data.people) {
    for (const [field, messages] of Object.entries(person.fields)) {
      fields[`${person.person_id}.${field}`] = messages.join(' ');
    }
  }
  return { message: joinErrorMessages(parsed.data.errors) || parsed.data.message, fields };
}

/** What a failed request says on screen: the refusal's lines, or the error's own message. */
export function failureMessage(error: unknown, fallback: string): string {
  const refusal = readRefusal(error);
  if (refusal) return refusal.message;
  return error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
}
