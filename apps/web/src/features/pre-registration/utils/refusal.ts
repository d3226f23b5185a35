// How a form on these pages shows a refused request: each field the server names on its field, the
// photo beside the photo, a link that stopped working on /link-expired with the server's message, and
// anything else as one message above the button (a 500 already showed the spec's alert).
import { ApiError } from '@/lib/api-client';
import { formFieldOf } from './registration-form';

export type Refusal = {
  fields: Record<string, string>;
  photo: string | null;
  /** The link no longer works: its message (null for the generic one). */
  expired: { message: string | null } | null;
  message: string | null;
};

const LINK_FIELDS = new Set(['token', 'link_id', 'id']);

export function readRefusal(error: unknown, fallback: string): Refusal {
  const refusal: Refusal = { fields: {}, photo: null, expired: null, message: null };
  if (!(error instanceof ApiError)) return { ...refusal, message: fallback };
  if (error.status === 404) return { ...refusal, expired: { message: null } };
  for (const [name, messages] of Object.entries(error.fields)) {
    const text = messages.join(' ');
    if (LINK_FIELDS.has(name)) return { ...refusal, expired: { message: error.message || text } };
    if (name === 'photo') refusal.photo = text;
    else refusal.fields[formFieldOf(name)] = text;
  }
  const placed = refusal.photo !== null || Object.keys(refusal.fields).length > 0;
  if (!placed && error.status !== 500 && error.status !== 502) refusal.message = error.message || fallback;
  return refusal;
}
