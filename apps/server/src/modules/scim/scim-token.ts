import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { and, eq, sql } from 'drizzle-orm';
import { findCapabilityKey } from '../../db/capability-keys';
import { rowsOf, type Executor } from '../../db/client';
import { integrations } from '../../db/schema/index';
import { randomToken, safeEqual, sha256 } from '../../lib/tokens';
import { ScimError, unauthorized } from './scim-errors';

// A SCIM connection's bearer token (decision 048): a random token shown once when the integration is
// made, kept only as its SHA-256. A request's token is looked up across companies on the owner's
// connection, before any company's transaction; what it finds is the company and integration every
// later query of the request is limited to.

export const SCIM_TOKEN_PREFIX = 'scim_';

/** The company and SCIM integration a request's token belongs to. */
export type ScimCaller = { entityId: string; integrationId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the SCIM plugin from the bearer token: the caller, or why it is refused. */
    scim: ScimCaller | ScimError | null;
  }
}

/** Makes a new token for the integration (the old one stops working) and answers it, this once. */
export async function issueScimToken(tx: Executor, entityId: string, integrationId: string): Promise<string> {
  const token = `${SCIM_TOKEN_PREFIX}${randomToken(32)}`;
  await tx
    .update(integrations)
    .set({ scimTokenHash: sha256(token), updatedAt: new Date() })
    .where(and(eq(integrations.entityId, entityId), eq(integrations.id, integrationId)));
  return token;
}

type TokenRow = { entityId: string; integrationId: string; hash: string; status: string; package: string };

/**
 * The caller a token names, or the refusal. Looked up by the token's hash: a timing difference of the
 * index look-up tells only about hashes, which lead to no token; the stored hash is then compared in
 * constant time all the same. Runs on the owner's connection (no company's transaction is open).
 */
export async function findScimCaller(db: Executor, token: string): Promise<ScimCaller | ScimError> {
  if (!token.startsWith(SCIM_TOKEN_PREFIX)) return unauthorized();
  const hash = sha256(token);
  const keys = await findCapabilityKey(db, 'integrations.scim_token_hash', hash);
  if (!keys) return unauthorized();
  const [row] = rowsOf<TokenRow>(
    await db.execute(sql`
      select i.entity_id as "entityId", i.id as "integrationId", i.scim_token_hash as hash, i.status,
             e.package
        from integrations i join entities e on e.id = i.entity_id
       where i.entity_id = ${keys.entityId} and i.id = ${keys.id} and i.dir_code = 'scim'`),
  );
  if (!row || !safeEqual(row.hash, hash)) return unauthorized();
  // RFC 7644 §3.12: the token is known, but what it may do is not permitted now.
  if (row.status === 'inactive') return new ScimError(403, null, 'This SCIM connection is turned off');
  if (row.package === 'Standalone') return new ScimError(403, null, "The company's package has no integrations");
  return { entityId: row.entityId, integrationId: row.integrationId };
}

const bearerOf = (req: FastifyRequest) => req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];

/**
 * The SCIM routes' hooks: the token is read when the request arrives, so the rate limit counts a
 * known token on its own allowance; a request without a valid one is refused after it was counted
 * (against its address) and before its body is read.
 */
export function authenticateScim(app: FastifyInstance) {
  app.decorateRequest('scim', null);
  app.addHook('onRequest', async (req) => {
    const token = bearerOf(req);
    req.scim = token ? await findScimCaller(app.db.db, token) : unauthorized();
    if (!(req.scim instanceof ScimError)) req.callerKey = `t:${sha256(token!)}`;
  });
  app.addHook('preParsing', async (req) => {
    if (req.scim instanceof ScimError || !req.scim) throw req.scim ?? unauthorized();
  });
}

/** The caller the hooks found (the hooks refused every other request). */
export function scimCallerOf(req: FastifyRequest): ScimCaller {
  if (!req.scim || req.scim instanceof ScimError) throw unauthorized();
  return req.scim;
}

/**
 * A SCIM route's config. The auth plugin must leave its Bearer alone (it is no API client token), which
 * it does for routes that check their own token (`holderToken`). Rate limit: a known SCIM token has the
 * API tokens' allowance (API_TOKEN_RATE_LIMIT per minute, per route as for every route with its own
 * limit), anything else the public allowance per address. The app's limiter leaves paths outside
 * /api/ alone, hence an allow list of none here.
 */
export const SCIM_ROUTE = {
  access: { auth: 'public' as const, holderToken: true },
  rateLimit: {
    max: (req: FastifyRequest, key: string) =>
      key.startsWith('t:') ? req.server.env.API_TOKEN_RATE_LIMIT : req.server.env.PUBLIC_RATE_LIMIT,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => req.callerKey ?? `a:${normalizeIP(req.ip)}`,
    allowList: () => false,
  },
};
