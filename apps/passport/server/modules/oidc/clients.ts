import type { ClientMetadata } from 'oidc-provider';
import { z } from 'zod';

/** A confidential client with exact redirect addresses: code + PKCE, refresh tokens on request. */
const clientSchema = z.object({
  client_id: z
    .string()
    .min(3)
    .max(100)
    .regex(/^[\w.-]+$/),
  client_secret: z.string().min(32).max(500),
  client_name: z.string().min(1).max(100),
  redirect_uris: z.array(z.url()).min(1),
  post_logout_redirect_uris: z.array(z.url()).optional(),
});

/**
 * PASSPORT_CLIENTS: the other applications the installation lets sign in with the passport. A value
 * that is not a valid list stops the start with the reason, rather than running without them.
 */
export function clientsFromEnv(value: string | undefined): ClientMetadata[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('PASSPORT_CLIENTS is not JSON');
  }
  const result = z.array(clientSchema).safeParse(parsed);
  if (!result.success) {
    throw new Error(
      `PASSPORT_CLIENTS: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return result.data.map((c) => ({
    ...c,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    id_token_signed_response_alg: 'ES256',
  }));
}
