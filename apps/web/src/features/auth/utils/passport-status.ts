// /passport (the side menu's Passport entry): what the signed-in person's passport status leads to.
import type { PassportStatus } from '@app/shared/auth/passport';

/** The query values /passport hands on to the passport app (spec: "passes journey or add-visitor query values"). */
const HANDED_ON = ['journey', 'add_visitor'] as const;

/** The passport app's address with the journey and add-visitor values of `search` (the /passport query). */
export function passportAppHref(passportUrl: string, search: string, base: string): string {
  const url = new URL(passportUrl, base);
  const from = new URLSearchParams(search);
  for (const name of HANDED_ON) {
    const value = from.get(name);
    if (value !== null) url.searchParams.set(name, value);
  }
  return url.href;
}

export type PassportAction =
  /** An active passport: open the passport app. */
  | { kind: 'open'; href: string }
  /** No passport linked yet: sign in through the passport, which links it. */
  | { kind: 'sign-in' }
  /** A deactivated passport: offer to reactivate it. */
  | { kind: 'reactivate'; days: number | null };

export function passportActionFor(status: PassportStatus, search: string, base: string): PassportAction {
  if (!status.linked) return { kind: 'sign-in' };
  if (status.active) return { kind: 'open', href: passportAppHref(status.passport_url, search, base) };
  return { kind: 'reactivate', days: status.days_deactivated };
}
