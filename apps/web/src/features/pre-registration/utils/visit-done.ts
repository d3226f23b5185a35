// What the success page shows (the visit's QR and where it stands) is kept in this tab's session
// storage under the link's id, so a reload (or a change of language, which reloads) still shows it.
import { preRegistrationDoneSchema, type PreRegistrationDone } from '@app/shared/pre-registration/schemas';

const keyOf = (linkId: string) => `pre-registration.done.${linkId}`;

export function saveVisitDone(linkId: string, done: PreRegistrationDone, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(keyOf(linkId), JSON.stringify(done));
  } catch {
    // Storage full or refused: the page still shows the answer it was given until it reloads.
  }
}

/** The stored answer for a link, or null when there is none or it is not one (never throws). */
export function readVisitDone(linkId: string, storage: Storage = sessionStorage): PreRegistrationDone | null {
  let raw: string | null;
  try {
    raw = storage.getItem(keyOf(linkId));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = preRegistrationDoneSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
