// The page a person asked for before signing in (`/login?next=…`). Signing in through the passport
// leaves the app and comes back at /sso, so the sign-in page keeps it in this tab's sessionStorage
// before leaving and the /sso page takes it once signed in.
import { signInPageOf } from '@app/shared/http/sign-in-pages';

const NEXT_KEY = 'sign_in_next';
// Any absolute URL resolves against this base to another origin, which tells it from a path of the app.
const BASE = 'https://app.invalid';

/**
 * The path, query and hash of `next` when it is an address of this app, else null: another origin, a
 * protocol-relative or backslash trick, or a sign-in page (which would open the sign-in again).
 */
export function safeNextPath(next: string | null | undefined): string | null {
  const value = next?.trim();
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || signInPageOf(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Keeps `next` (when it is a page of the app) for after the passport; forgets an earlier one otherwise. */
export function rememberNextPage(next: string | null | undefined, storage: Storage = sessionStorage): void {
  const path = safeNextPath(next);
  if (path) storage.setItem(NEXT_KEY, path);
  else storage.removeItem(NEXT_KEY);
}

/** The page kept for after signing in, once: it is forgotten as it is read. */
export function takeNextPage(storage: Storage = sessionStorage): string | null {
  const path = safeNextPath(storage.getItem(NEXT_KEY));
  storage.removeItem(NEXT_KEY);
  return path;
}

export function forgetNextPage(storage: Storage = sessionStorage): void {
  storage.removeItem(NEXT_KEY);
}
