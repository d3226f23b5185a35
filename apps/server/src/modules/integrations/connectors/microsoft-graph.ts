import { GraphApi, GraphToken, isRecord, type GraphCredentials } from './microsoft-graph-api';
import { graphIdOf } from './microsoft-graph-records';
import { cursorOf, deltaRead, followable, fullRead } from './microsoft-graph-reads';
import {
  DirectoryAuthError,
  type ConnectorDeps,
  type DirectoryConnector,
  type DirectoryGroup,
  type DirectorySession,
} from './types';

// Microsoft Entra ID (dir_code `azureAD`) through Microsoft Graph v1.0, as an app registration of the
// tenant with application permissions (User.Read.All, GroupMember.Read.All; Organization.Read.All to show
// the tenant's name) and a client secret: the admin types the tenant ID, the application (client) ID and
// the secret's value. Client-credentials tokens have no refresh token: one is asked for at each connect,
// and again when Graph answers 401 mid-run (microsoft-graph-api.ts). Groups are the tenant's groups
// (GET /groups); people are read with delta queries (microsoft-graph-reads.ts).

export const MICROSOFT_CONFIG_KEYS = ['tenant_id', 'client_id'] as const;
export const MICROSOFT_SECRET_KEYS = ['client_secret'] as const;

/** Graph's largest page of groups. */
const GROUPS_PATH = '/groups?$select=id,displayName&$top=999';
const ORGANIZATION_PATH = '/organization?$select=id,displayName';

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The tenant's name, when the app may read the organization (Organization.Read.All); else its ID. */
async function accountOf(api: GraphApi, tenantId: string): Promise<string> {
  const answer = await api.send(ORGANIZATION_PATH);
  if (answer.status === 403 || answer.status === 404) return tenantId;
  if (answer.status !== 200) throw api.failure(answer, ORGANIZATION_PATH);
  const list: unknown = isRecord(answer.json) ? answer.json.value : undefined;
  const organization: unknown = Array.isArray(list) ? list[0] : undefined;
  return (isRecord(organization) ? textOf(organization.displayName) : null) ?? tenantId;
}

function openSession(api: GraphApi, deps: ConnectorDeps, account: string): DirectorySession {
  return {
    // Nothing to store: a client-credentials token is asked for again at each connect.
    refreshedSecrets: () => null,
    account: () => account,

    async groups() {
      const groups: DirectoryGroup[] = [];
      for await (const { items } of api.pages(GROUPS_PATH, 'groups'))
        for (const g of items) {
          const id = graphIdOf(g);
          if (!id || !isRecord(g)) continue;
          groups.push({ id, name: textOf(g.displayName) ?? id, kind: 'group', memberCount: null });
        }
      return groups;
    },

    async users({ groupIds, cursor }) {
      const selected = [...new Set(groupIds)];
      const startedAt = deps.now().getTime();
      if (!selected.length) {
        const none = (async function* () {})();
        return { mode: 'full', pages: none, cursor: () => null };
      }
      const stored = cursorOf(cursor);
      if (stored && followable(api, stored, selected, startedAt)) {
        const delta = await deltaRead(api, stored, selected, startedAt);
        if (delta) return delta;
      }
      return fullRead(api, selected, startedAt);
    },
  };
}

export const microsoftGraphConnector: DirectoryConnector = {
  code: 'azureAD',
  configKeys: MICROSOFT_CONFIG_KEYS,
  secretKeys: MICROSOFT_SECRET_KEYS,
  fields: ['email', 'phone', 'id_number', 'department'],
  writesBack: false,

  async connect(credentials, deps) {
    const creds: GraphCredentials = {
      tenantId: credentials.config.tenant_id?.trim() ?? '',
      clientId: credentials.config.client_id?.trim() ?? '',
      clientSecret: credentials.secrets.client_secret?.trim() ?? '',
    };
    if (!creds.tenantId || !creds.clientId || !creds.clientSecret)
      throw new DirectoryAuthError(
        'The Microsoft Entra integration needs the tenant ID, the application (client) ID and a client secret',
      );
    const token = new GraphToken(deps, creds);
    // Asking for the token here proves the credentials before a run starts.
    await token.renew();
    const api = new GraphApi(deps.endpoints.microsoftGraph, token, deps);
    return openSession(api, deps, await accountOf(api, creds.tenantId));
  },
};
