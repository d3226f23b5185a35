// Filling the visitor's form from their passport (decision 047): the "Fill in from my Passport" button
// goes to the passport's /share page, which sends the holder back with a holder token in the address's
// fragment (`#passport=<token>`: never sent to a server, never in a Referer). The form then reads the
// passport's details with it and fills only what the visitor has not typed.
import { isShareLinkId, type HolderProfile } from '@app/shared/passport/holder-profile';
import { CALLING_CODES } from '@/lib/country-codes';
import type { VisitorValues } from './registration-form';

/** What a form needs to offer the passport: its /share page, and the token it came back with. */
export type PassportOffer = { shareUrl: string | null; token: string | null };

const FRAGMENT_KEY = 'passport';
/** A compact JWS: three base64url parts (what the passport signs); anything else is not read. */
const HOLDER_TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const TOKEN_MAX = 2000;

const fragmentOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, ''));

/** The address's fragment carries a passport's token (well formed or not): it is taken out of the address. */
export const hasPassportFragment = (hash: string): boolean => fragmentOf(hash).has(FRAGMENT_KEY);

/** The holder token of a `#passport=<token>` fragment, or null. */
export function passportTokenIn(hash: string): string | null {
  const token = fragmentOf(hash).get(FRAGMENT_KEY);
  return token && token.length <= TOKEN_MAX && HOLDER_TOKEN.test(token) ? token : null;
}

/** The passport's page that offers to fill this link's form; null without a passport or for an odd id. */
export function passportShareUrl(passportUrl: string | null, linkId: string): string | null {
  if (!passportUrl || !isShareLinkId(linkId)) return null;
  const url = new URL('/share', passportUrl);
  url.searchParams.set('link', linkId);
  return url.toString();
}

/** The holder's visits in their passport (the success page's "Back to my Passport"). */
export const passportVisitsUrl = (passportUrl: string): string => new URL('/visits', passportUrl).toString();

const CODES = [...new Set(Object.values(CALLING_CODES))].sort((a, b) => b.length - a.length);

/**
 * The passport's phone as the form keeps it: `+<country code><number>` split at its calling code (the
 * longest one it starts with); a number without `+` names no country, so it fills the number only.
 */
export function splitPhone(phone: string): { phone_code: string; phone: string } {
  const trimmed = phone.trim();
  if (!trimmed.startsWith('+')) return { phone_code: '', phone: trimmed.replace(/\D+/g, '') };
  const digits = trimmed.replace(/\D+/g, '');
  const code = CODES.find((c) => digits.startsWith(c) && digits.length > c.length);
  return code ? { phone_code: code, phone: digits.slice(code.length) } : { phone_code: '', phone: digits };
}

type Filled = Partial<Pick<VisitorValues, 'first_name' | 'last_name' | 'email' | 'phone_code' | 'phone'>>;

const blank = (value: string) => value.trim() === '';

/**
 * What the passport fills in: each field the form has empty, never one the visitor (or the company's
 * record of them) already has. The phone comes with its country code, and not at all under another
 * country code chosen already (the number would be wrong there).
 */
export function fillEmptyFields(values: VisitorValues, profile: HolderProfile): Filled {
  const filled: Filled = {};
  if (blank(values.first_name) && profile.first_name) filled.first_name = profile.first_name;
  if (blank(values.last_name) && profile.last_name) filled.last_name = profile.last_name;
  if (blank(values.email) && profile.email) filled.email = profile.email;
  if (blank(values.phone) && profile.phone) {
    const split = splitPhone(profile.phone);
    const code = values.phone_code.trim().replace(/^\+/, '');
    if (split.phone && (!code || !split.phone_code || code === split.phone_code)) {
      filled.phone = split.phone;
      if (!code && split.phone_code) filled.phone_code = split.phone_code;
    }
  }
  return filled;
}
