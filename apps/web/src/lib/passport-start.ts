// Signing in through the passport starts on the server (GET /auth/passport/start): a page the browser
// opens itself, not a call of the API client, since the server answers with a redirect to the passport.
import { API_BASE } from './api-client';

export type PassportStartOptions = {
  /** The company to open once signed in (its subdomain); none lets the person choose. */
  subdomain?: string | null;
  /** The company's policy asks for two-step: the passport turns it on before it answers. */
  forceOtp?: boolean;
};

/** The address that sends the browser to the passport's sign-in (decision 047). */
export function passportStartHref({ subdomain, forceOtp }: PassportStartOptions = {}): string {
  const query = new URLSearchParams();
  if (forceOtp) query.set('force_otp', '1');
  if (subdomain) query.set('subdomain', subdomain);
  const search = query.toString();
  return `${API_BASE}/auth/passport/start${search ? `?${search}` : ''}`;
}

/** Leaves the app for the passport's sign-in (a full page load). */
export function startPassportSignIn(options: PassportStartOptions = {}): void {
  window.location.assign(passportStartHref(options));
}
