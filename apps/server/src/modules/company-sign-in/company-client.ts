import * as oidc from 'openid-client';
import type { Secrets } from '../../lib/secrets';
import { discoverProvider } from '../oidc-sign-in/relying-party';
import type { IdentityProviderRow } from './company-sign-in.repository';

// The dashboard as a confidential client of each company's own identity provider (decision 047): one
// configuration per company, read from the provider's discovery document on first use and kept until the
// company's settings change. A failed read is tried again on the next sign-in.

/** How long a company's provider has to answer with its discovery document, in seconds. */
const DISCOVERY_TIMEOUT_S = 5;

export type CompanyProviderClients = {
  /** The configuration for the company's provider as its settings read now. */
  config(row: IdentityProviderRow): Promise<oidc.Configuration>;
  /** Forgets a company's configuration: its settings changed or were removed. */
  drop(entityId: string): void;
};

export function createCompanyProviderClients(secrets: Secrets): CompanyProviderClients {
  const cache = new Map<string, { version: string; config: Promise<oidc.Configuration> }>();
  return {
    config(row) {
      // The settings' own version as well: another node may have changed them since this one read them.
      const version = `${row.updatedAt.getTime()}|${row.issuer}|${row.clientId}`;
      const cached = cache.get(row.entityId);
      if (cached?.version === version) return cached.config;
      const secret = secrets.decrypt(row.clientSecretSealed);
      const config: Promise<oidc.Configuration> = discoverProvider(
        row.issuer,
        { id: row.clientId, secret },
        DISCOVERY_TIMEOUT_S,
      ).catch((err: unknown) => {
        if (cache.get(row.entityId)?.config === config) cache.delete(row.entityId);
        throw err;
      });
      cache.set(row.entityId, { version, config });
      return config;
    },
    drop(entityId) {
      cache.delete(entityId);
    },
  };
}

export type IssuerCheck = { ok: true; issuer: string } | { ok: false; claimed: string | null; error: unknown };

/**
 * Whether an OpenID Connect provider answers at this issuer, and its own spelling of it. `claimed` is the
 * issuer a provider's document names when it is not the one given (a typo of the path, say).
 */
export async function checkIssuer(issuer: string, clientId: string): Promise<IssuerCheck> {
  try {
    // Discovery sends no credentials: no secret is needed here.
    const config = await discoverProvider(issuer, { id: clientId }, DISCOVERY_TIMEOUT_S);
    return { ok: true, issuer: config.serverMetadata().issuer };
  } catch (err) {
    return { ok: false, claimed: claimedIssuer(err), error: err };
  }
}

function claimedIssuer(err: unknown): string | null {
  if (!(err instanceof oidc.ClientError) || err.code !== 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') return null;
  const body = (err.cause as { body?: { issuer?: unknown } } | undefined)?.body;
  return typeof body?.issuer === 'string' ? body.issuer.slice(0, 500) : null;
}
