import type { FastifyInstance } from 'fastify';
import {
  companySignInCallbackUrl,
  type IdentityProvider,
  type IdentityProviderBody,
} from '@app/shared/entity/identity-provider';
import { AppError } from '../../lib/app-error';
import { inTenant } from '../access/in-tenant';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import { checkIssuer } from './company-client';
import {
  deleteIdentityProvider,
  findIdentityProvider,
  saveIdentityProvider,
  type IdentityProviderRow,
} from './company-sign-in.repository';

// The company page's "Sign-in with your identity provider": the company's own OpenID Connect provider for
// its staff (decision 047). The client secret is stored sealed (SECRETS_KEY) and never answered back nor
// written to the audit log.

const toSettings = (app: FastifyInstance, row: IdentityProviderRow): IdentityProvider => ({
  issuer: row.issuer,
  client_id: row.clientId,
  enabled: row.enabled,
  has_secret: row.clientSecretSealed !== '',
  redirect_uri: companySignInCallbackUrl(app.env.appUrl),
});

/** What the audit log keeps of the settings: never the secret. */
const audited = (row: IdentityProviderRow) => ({ issuer: row.issuer, client_id: row.clientId, enabled: row.enabled });

const secretRequired = () =>
  new AppError('validation_failed', { field: 'client_secret', messageKey: 'field.required' });

export async function getIdentityProvider(app: FastifyInstance, ctx: AccessContext): Promise<IdentityProvider | null> {
  const row = await inTenant(app, ctx, (tx) => findIdentityProvider(tx, ctx.entityId));
  return row ? toSettings(app, row) : null;
}

/**
 * Saves the settings once the issuer answers as an OpenID Connect provider (its discovery document), kept
 * as the provider spells it. Without a new secret the stored one is kept; with none stored, one is needed.
 */
export async function saveIdentityProviderSettings(
  app: FastifyInstance,
  ctx: AccessContext,
  body: IdentityProviderBody,
): Promise<IdentityProvider> {
  const secret = body.client_secret;
  if (secret === undefined && !(await inTenant(app, ctx, (tx) => findIdentityProvider(tx, ctx.entityId)))) {
    throw secretRequired();
  }
  // Asked before the company's transaction: a slow provider never holds a database connection.
  const checked = await checkIssuer(body.issuer, body.client_id);
  if (!checked.ok) {
    app.log.info({ err: checked.error, entityId: ctx.entityId }, 'identity provider issuer refused');
    throw new AppError('rule_violation', {
      field: 'issuer',
      ...(checked.claimed
        ? { messageKey: 'identity_provider_issuer_mismatch', vars: { issuer: checked.claimed } }
        : { messageKey: 'identity_provider_unreachable' }),
    });
  }
  const saved = await inTenant(app, ctx, async (tx) => {
    const before = await findIdentityProvider(tx, ctx.entityId);
    const sealed = secret !== undefined ? app.secrets.encrypt(secret) : before?.clientSecretSealed;
    if (!sealed) throw secretRequired();
    const after = await saveIdentityProvider(tx, ctx.entityId, {
      issuer: checked.issuer,
      clientId: body.client_id,
      clientSecretSealed: sealed,
      enabled: body.enabled,
    });
    await writeAudit(tx, ctx, {
      action: before ? 'company.identity_provider.update' : 'company.identity_provider.create',
      targetType: 'entity',
      targetId: ctx.entityId,
      before: before ? audited(before) : null,
      after: { ...audited(after), secret_changed: secret !== undefined },
    });
    return after;
  });
  app.companyProviderClients.drop(ctx.entityId);
  return toSettings(app, saved);
}

export async function removeIdentityProvider(app: FastifyInstance, ctx: AccessContext): Promise<void> {
  await inTenant(app, ctx, async (tx) => {
    const before = await deleteIdentityProvider(tx, ctx.entityId);
    if (!before) return;
    await writeAudit(tx, ctx, {
      action: 'company.identity_provider.delete',
      targetType: 'entity',
      targetId: ctx.entityId,
      before: audited(before),
      after: null,
    });
  });
  app.companyProviderClients.drop(ctx.entityId);
}
