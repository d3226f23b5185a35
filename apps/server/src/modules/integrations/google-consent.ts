import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { withTenant } from '../../db/client';
import { integrationAuthorizations } from '../../db/schema/index';
import { AppError, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { exchangeGoogleCode, googleAuthorizationUrl } from './connectors/google-directory';
import { connectorDeps, openSecrets, sealSecrets } from './directory-access';

// Google Workspace's consent (SPEC-NOTES: tokens never travel in an address). The admin's browser
// goes to Google with a state and a PKCE challenge; Google's code comes back to the server, which
// exchanges it and keeps the tokens sealed in an authorization row; the browser is then sent to the
// spec's /googleAD/auth/... route with the row's opaque id, and the page creates (or re-authenticates)
// the integration with it. A row lasts 15 minutes and is used once.

const LIFETIME_MS = 15 * 60_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const googleRedirectUri = (app: FastifyInstance) => `${app.env.appUrl}/api/v1/integrations/google/callback`;

export async function startGoogleConsent(app: FastifyInstance, ctx: AccessContext, integrationId: string | null) {
  const deps = connectorDeps(app);
  if (!deps.endpoints.googleClientId || !deps.endpoints.googleClientSecret) {
    throw new AppError('rule_violation', { field: 'dir_code', messageKey: 'integration_google_not_configured' });
  }
  const state = randomBytes(24).toString('base64url');
  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  await inTenant(app, ctx, async (tx) => {
    await tx
      .delete(integrationAuthorizations)
      .where(
        and(eq(integrationAuthorizations.entityId, ctx.entityId), lt(integrationAuthorizations.expiresAt, new Date())),
      );
    await tx.insert(integrationAuthorizations).values({
      entityId: ctx.entityId,
      id: newId(),
      stateHash: sha256(state),
      codeVerifier: app.secrets.encrypt(verifier),
      integrationId,
      requestedByPersonId: ctx.actor.kind === 'user' ? ctx.actor.personId : null,
      expiresAt: new Date(Date.now() + LIFETIME_MS),
    });
  });
  return {
    url: googleAuthorizationUrl({
      endpoints: deps.endpoints,
      state,
      codeChallenge: challenge,
      redirectUri: googleRedirectUri(app),
    }),
  };
}

/**
 * Google's answer (the admin's browser, with its session). Answers the web address to open: the
 * spec's route with the authorization's id, or /integration?google=denied when consent was refused.
 */
export async function finishGoogleConsent(
  app: FastifyInstance,
  ctx: AccessContext,
  query: { code?: string; state?: string; error?: string },
): Promise<string> {
  if (!query.state) return '/integration?google=failed';
  const row = await inTenant(app, ctx, async (tx) => {
    const [found] = await tx
      .select()
      .from(integrationAuthorizations)
      .where(
        and(
          eq(integrationAuthorizations.entityId, ctx.entityId),
          eq(integrationAuthorizations.stateHash, sha256(query.state!)),
        ),
      );
    return found ?? null;
  });
  if (!row || row.expiresAt < new Date() || row.secrets) return '/integration?google=failed';
  if (query.error || !query.code) return '/integration?google=denied';
  const deps = connectorDeps(app);
  let result: { secrets: Record<string, string>; account: string };
  try {
    result = await exchangeGoogleCode({
      http: deps.http,
      endpoints: deps.endpoints,
      code: query.code,
      codeVerifier: app.secrets.decrypt(row.codeVerifier),
      redirectUri: googleRedirectUri(app),
      now: deps.now,
    });
  } catch (err) {
    app.log.warn({ err }, 'google consent: code exchange failed');
    return '/integration?google=failed';
  }
  await withTenant(app.db.db, ctx.entityId, (tx) =>
    tx
      .update(integrationAuthorizations)
      .set({ secrets: sealSecrets(app, result.secrets), account: result.account })
      .where(and(eq(integrationAuthorizations.entityId, ctx.entityId), eq(integrationAuthorizations.id, row.id))),
  );
  const account = encodeURIComponent(result.account || '-');
  return `/googleAD/auth/${row.id}/${row.integrationId ?? 'new'}/${account}`;
}

export async function getGoogleAuthorization(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, async (tx) => {
    const [row] = await tx
      .select()
      .from(integrationAuthorizations)
      .where(and(eq(integrationAuthorizations.entityId, ctx.entityId), eq(integrationAuthorizations.id, id)));
    if (!row || row.expiresAt < new Date()) throw notFound();
    return { id: row.id, account: row.account, integration_id: row.integrationId, ready: row.secrets !== null };
  });
}

/** Uses a consent up (once): its tokens and account, for the integration it was asked for. */
export async function takeGoogleAuthorization(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  integrationId: string | null,
) {
  return inTenant(app, ctx, async (tx) => {
    const [row] = await tx
      .delete(integrationAuthorizations)
      .where(and(eq(integrationAuthorizations.entityId, ctx.entityId), eq(integrationAuthorizations.id, id)))
      .returning();
    if (!row || row.expiresAt < new Date() || !row.secrets || row.integrationId !== integrationId) {
      throw new AppError('rule_violation', { field: 'authorization_id', messageKey: 'integration_consent_expired' });
    }
    return { secrets: openSecrets(app, row.secrets), account: row.account };
  });
}
