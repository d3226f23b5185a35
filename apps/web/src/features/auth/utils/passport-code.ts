// The one-time code a passport sign-in comes back with: the first segment of /sso/<code>/… (the server's
// callback), or /login-one-time?token=<code> (the passport's "open the dashboard").
import { paths } from '@/config/paths';

const SSO_PREFIX = paths.sso.slice(0, paths.sso.indexOf('/', 1) + 1);

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The code in the address, or null when it has none. */
export function passportCodeOf(pathname: string, search: string): string | null {
  const code = pathname.startsWith(SSO_PREFIX)
    ? decoded(pathname.slice(SSO_PREFIX.length).split('/')[0] ?? '')
    : new URLSearchParams(search).get('token');
  return code?.trim() || null;
}
