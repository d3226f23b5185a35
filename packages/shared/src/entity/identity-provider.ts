import { z } from 'zod';

// A company's own OpenID Connect provider for its staff's dashboard sign-in (decision 047): set on the
// company page (GET/PUT/DELETE /company/identity-provider), used from the sign-in page
// (GET /auth/company-sign-in/start?subdomain=), matched to the company's members by verified email.

/** Where every company's provider sends the browser back; the `state` says which sign-in it was. */
export const COMPANY_SIGN_IN_CALLBACK_PATH = '/api/v1/auth/company-sign-in/callback';
export const companySignInCallbackUrl = (appUrl: string) => `${appUrl}${COMPANY_SIGN_IN_CALLBACK_PATH}`;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * An issuer is an https address without query or fragment (OpenID Connect Discovery); plain http only on
 * this machine (a provider run beside the product, a test).
 */
export function isIssuerUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
}

export const identityProviderBodySchema = z.object({
  issuer: z.string().trim().min(1).max(500).refine(isIssuerUrl, { message: 'identity_provider_issuer_invalid' }),
  client_id: z.string().trim().min(1).max(255),
  /** Required when none is stored; left out, the stored one is kept. Never answered back. */
  client_secret: z.string().min(1).max(1000).optional(),
  enabled: z.boolean(),
});
export type IdentityProviderBody = z.infer<typeof identityProviderBodySchema>;

export const identityProviderSchema = z.object({
  issuer: z.string(),
  client_id: z.string(),
  enabled: z.boolean(),
  has_secret: z.boolean(),
  /** The address to register at the provider as the client's redirect URI. */
  redirect_uri: z.string(),
});
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

/** The company's provider, or null when it has none. */
export const identityProviderResponseSchema = identityProviderSchema.nullable();

export const companySignInStartQuery = z.object({
  /** The company whose provider signs the person in (the subdomain of the sign-in page). */
  subdomain: z.string().max(63).optional(),
});

/**
 * Why a sign-in with a company's provider came back to `/login?company_sign_in=<outcome>`: the company
 * has no enabled provider (or it cannot be reached), the provider did not vouch for the email, or anything
 * else (cancelled, no active member of this company with that email, a callback this browser did not start).
 */
export const COMPANY_SIGN_IN_OUTCOMES = ['unavailable', 'unverified', 'failed'] as const;
export type CompanySignInOutcome = (typeof COMPANY_SIGN_IN_OUTCOMES)[number];
