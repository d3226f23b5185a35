import type * as oidc from 'openid-client';
import type { Env } from '../../config/env';
import type { Secrets } from '../../lib/secrets';
import { discoverProvider } from '../oidc-sign-in/relying-party';

// The dashboard is a confidential client of the passport (decision 047): client `dashboard`, its secret
// derived from the installation's SECRETS_KEY, exactly one callback. The passport's discovery document
// is read on first use and kept; a failed read is tried again on the next sign-in.

export const DASHBOARD_CLIENT_ID = 'dashboard';
export const dashboardClientSecret = (secrets: Secrets) => secrets.derive('oidc-client:dashboard');
export const passportCallbackUrl = (appUrl: string) => `${appUrl}/api/v1/auth/passport/callback`;

export type PassportClient = { config: () => Promise<oidc.Configuration> };

export function createPassportClient(env: Env, secrets: Secrets): PassportClient {
  let discovered: Promise<oidc.Configuration> | null = null;
  return {
    config() {
      discovered ??= discoverProvider(
        env.passportUrl,
        {
          id: DASHBOARD_CLIENT_ID,
          secret: dashboardClientSecret(secrets),
          metadata: { id_token_signed_response_alg: 'ES256' },
        },
        10,
      ).catch((err: unknown) => {
        discovered = null;
        throw err;
      });
      return discovered;
    },
  };
}
