// /share?link=<id>: a company's pre-registration form sends its visitor here to fill it from their
// passport (decision 047). The holder goes back to that form on the dashboard, with a holder token in
// the address's fragment when they chose to fill it (`#passport=<token>`: a fragment never reaches a
// server nor a Referer, and the form takes it out of the address at once).
import { isShareLinkId } from '@app/shared/passport/holder-profile';

/** The link id of `?link=`, if it is one a pre-registration link can be (letters, digits, - and _). */
export function shareLinkOf(search: string): string | null {
  const link = new URLSearchParams(search).get('link');
  return isShareLinkId(link) ? link : null;
}

/**
 * The link's form on the dashboard (whose API `api_url` is), with the holder token to fill it, or
 * without one to go back unfilled.
 */
export function preRegistrationUrl(apiUrl: string, link: string, token: string | null): string {
  const url = new URL(`/pre-registration/${encodeURIComponent(link)}`, new URL(apiUrl).origin);
  if (token) url.hash = new URLSearchParams({ passport: token }).toString();
  return url.toString();
}
