import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, importJWK, jwtVerify, SignJWT } from 'jose';
import type { Executor } from '../../db/client';
import { publishedKeys, SIGNING_ALG, type SigningKey } from './signing-keys';

/**
 * What the passport's web app shows the dashboard when its holder acts on their own visits (decision
 * 047): a compact JWS { sub, iss, aud, iat, exp, jti } signed with the passport's key, for the
 * dashboard's origin only, good for a few minutes. A bearer token: it names the passport account and
 * nothing else; what that account may do is decided by the dashboard from its verified address.
 */
export const HOLDER_TOKEN_TYPE = 'passport-holder+jwt';
export const HOLDER_TOKEN_VALID_S = 300;
/**
 * What a token may do: everything of the holder's (the passport's own pages), or only read the profile
 * (the token handed to a company's pre-registration form through its address, which must not be able to
 * sign anyone in or list their visits).
 */
export type HolderScope = 'all' | 'profile';

export async function signHolderToken(
  key: SigningKey,
  accountId: string,
  issuer: string,
  audience: string,
  opts: { scope?: HolderScope; now?: Date } = {},
) {
  const iat = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  const token = await new SignJWT({ scope: opts.scope ?? 'all' })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: HOLDER_TOKEN_TYPE })
    .setSubject(accountId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + HOLDER_TOKEN_VALID_S)
    .setJti(randomUUID())
    .sign(await importJWK(key.privateJwk, SIGNING_ALG));
  return { token, expiresAt: new Date((iat + HOLDER_TOKEN_VALID_S) * 1000) };
}

/** The passport account a holder token names and its scope, or null: its signature, type, issuer, audience and dates checked. */
export async function checkHolderToken(
  db: Executor,
  token: string,
  issuer: string,
  audience: string,
  now = new Date(),
): Promise<{ accountId: string; scope: HolderScope } | null> {
  if (token.length > 2000 || token.split('.').length !== 3) return null;
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet({ keys: await publishedKeys(db) }), {
      algorithms: [SIGNING_ALG],
      issuer,
      audience,
      typ: HOLDER_TOKEN_TYPE,
      currentDate: now,
      clockTolerance: 5,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if ((payload.exp ?? 0) - (payload.iat ?? 0) > HOLDER_TOKEN_VALID_S) return null;
    const scope = payload.scope === 'profile' ? 'profile' : payload.scope === 'all' ? 'all' : null;
    return payload.sub && scope ? { accountId: payload.sub, scope } : null;
  } catch {
    return null;
  }
}
