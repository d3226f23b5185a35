// Where to go back to after a trip through the mailbox. A person who starts creating a passport (or
// resetting a password) from an application's sign-in comes back through a mailed link, which carries
// only its token: this browser remembers the sign-in they came from, for as long as it can still finish.
import { safeReturnPath } from './router';

const KEY = 'passport.return';
/** An application's sign-in waits about this long (the provider's interaction lifetime). */
export const RETURN_TTL_MS = 60 * 60 * 1000;

/** The remembered path in `raw` (what was stored), if it is still fresh and one of the app's pages. */
export function readPendingReturn(raw: string | null, now: number): string | undefined {
  if (!raw) return undefined;
  try {
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number' || now - at > RETURN_TTL_MS || at > now) return undefined;
    return safeReturnPath(path);
  } catch {
    return undefined;
  }
}

export function rememberReturn(path: string | undefined, now = Date.now()): void {
  const safe = safeReturnPath(path);
  if (!safe) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ path: safe, at: now }));
  } catch {
    // Without storage the person signs in again from the application: nothing is lost.
  }
}

/** The remembered path, forgotten as it is read. */
export function takeReturn(now = Date.now()): string | undefined {
  try {
    const path = readPendingReturn(localStorage.getItem(KEY), now);
    localStorage.removeItem(KEY);
    return path;
  } catch {
    return undefined;
  }
}
