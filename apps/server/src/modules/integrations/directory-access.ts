import type { FastifyInstance } from 'fastify';
import type { IntegrationRecord } from './integrations.repository';
import { CONNECTORS, endpointsOf, isReadDirectory } from './connectors/index';
import type { ConnectorDeps, DirectoryCredentials, DirectorySession } from './connectors/types';

// Reaching an integration's directory: its secrets unsealed with the installation's key (never
// answered by the API), the connector for its directory, and the HTTP client every call goes through.

export function sealSecrets(app: FastifyInstance, secrets: Record<string, string>): string | null {
  return Object.keys(secrets).length ? app.secrets.encrypt(JSON.stringify(secrets)) : null;
}

export function openSecrets(app: FastifyInstance, sealed: string | null): Record<string, string> {
  if (!sealed) return {};
  try {
    return JSON.parse(app.secrets.decrypt(sealed)) as Record<string, string>;
  } catch {
    // Sealed with another key (SECRETS_KEY changed): the admin re-authenticates.
    return {};
  }
}

export function connectorDeps(app: FastifyInstance): ConnectorDeps {
  return {
    http: app.directoryHttp,
    now: () => new Date(),
    endpoints: endpointsOf(app.env),
  };
}

export function credentialsOf(app: FastifyInstance, integration: IntegrationRecord): DirectoryCredentials {
  return {
    config: integration.config,
    secrets: openSecrets(app, integration.secrets),
    refreshedAt: integration.tokenRefreshedAt,
  };
}

/** Connects to the integration's directory (throws DirectoryAuthError or DirectoryUnavailableError). */
export async function connectTo(
  app: FastifyInstance,
  dirCode: string,
  credentials: DirectoryCredentials,
): Promise<DirectorySession> {
  if (!isReadDirectory(dirCode)) throw new Error(`${dirCode} is not read by a connector`);
  return CONNECTORS[dirCode].connect(credentials, connectorDeps(app));
}
