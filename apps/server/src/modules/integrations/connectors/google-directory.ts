import { GoogleApi, isRecord, type GoogleBackoff } from './google-api';
import { GoogleTokens, type GoogleSecrets } from './google-oauth';
import { googleRecordOf } from './google-records';
import {
  DirectoryAuthError,
  DirectoryUnavailableError,
  type DirectoryConnector,
  type DirectoryGroup,
  type DirectoryPage,
  type DirectoryRecord,
  type DirectorySession,
} from './types';

export { exchangeGoogleCode, googleAuthorizationUrl } from './google-oauth';

// Google Workspace through the Admin SDK Directory API, on the admin's OAuth consent (google-oauth.ts).
// Groups are the domain's Google Groups (groups.list). A read is always full (users.list has no delta):
// members.list of each selected group with includeDerivedMembership=true, so the users of groups nested
// in a selected group count as its members (an admin who maps "Staff" means the teachers of its nested
// "Teachers" too); a CUSTOMER member makes every user of the domain a member. Then the users themselves:
// users.list of the domain, 500 a page, keeping the members; or users.get one by one when so few members
// are left unread that fetching them is cheaper than reading on (each call is one of the 2,400 a minute).

/** The spec's rule: an integration's token is refreshed when older than 24 hours. */
const REFRESH_AFTER_MS = 24 * 60 * 60_000;
/** Members left to read at or below which users.get one by one beats more pages of users.list. */
const GET_INSTEAD_MAX = 25;
const USERS_PER_PAGE = '500';
const MEMBERS_PER_PAGE = '200';
const GROUPS_PER_PAGE = '200';
/** Records per page when users are fetched one by one. */
const GET_PAGE = 100;
/** Google's own id of the account whose directory the token reaches. */
const MY_CUSTOMER = 'my_customer';

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Members = {
  /** Per user id, the selected groups they are a member of (directly or through a nested group). */
  byUser: Map<string, Set<string>>;
  /** Selected groups that have the whole domain as a member. */
  everyone: Set<string>;
};

async function membersOf(api: GoogleApi, groupIds: string[]): Promise<Members> {
  const members: Members = { byUser: new Map(), everyone: new Set() };
  for (const groupId of groupIds) {
    const path = `/groups/${encodeURIComponent(groupId)}/members`;
    const query = { includeDerivedMembership: 'true', maxResults: MEMBERS_PER_PAGE };
    try {
      for await (const { items } of api.pages(path, query, 'members')) {
        for (const member of items) {
          if (!isRecord(member)) continue;
          if (member.type === 'CUSTOMER') members.everyone.add(groupId);
          // Nested groups' users are listed too (derived membership); the GROUP rows themselves are not people.
          if (member.type !== 'USER' || typeof member.id !== 'string' || !member.id) continue;
          const groups = members.byUser.get(member.id) ?? new Set<string>();
          groups.add(groupId);
          members.byUser.set(member.id, groups);
        }
      }
    } catch (err) {
      // A mapped group deleted in Google: fail the read rather than archive everyone who was in it.
      if (err instanceof DirectoryUnavailableError && err.status === 404)
        throw new DirectoryUnavailableError(
          `Google has no group ${groupId} any more: it may have been deleted; map another group`,
          404,
        );
      throw err;
    }
  }
  return members;
}

function openSession(api: GoogleApi, tokens: GoogleTokens, account: string | null): DirectorySession {
  return {
    refreshedSecrets: () => tokens.refreshedSecrets(),
    account: () => account,

    async groups() {
      const groups: DirectoryGroup[] = [];
      const query = { customer: MY_CUSTOMER, maxResults: GROUPS_PER_PAGE };
      for await (const { items } of api.pages('/groups', query, 'groups')) {
        for (const g of items) {
          if (!isRecord(g) || typeof g.id !== 'string' || !g.id) continue;
          const name = [g.name, g.email].find((v): v is string => typeof v === 'string' && v.trim() !== '');
          // directMembersCount is an int64, which Google's JSON sends as a string.
          const count = Number(g.directMembersCount);
          groups.push({
            id: g.id,
            name: name?.trim() ?? g.id,
            kind: 'group',
            memberCount: g.directMembersCount !== undefined && Number.isFinite(count) ? count : null,
          });
        }
      }
      return groups;
    },

    async users({ groupIds }) {
      const selected = [...new Set(groupIds)];

      async function* byGets(ids: Iterable<string>, groupsOf: (id: string) => string[]): AsyncGenerator<DirectoryPage> {
        let records: DirectoryRecord[] = [];
        for (const id of ids) {
          const path = `/users/${encodeURIComponent(id)}`;
          const answer = await api.send(path, { projection: 'full' });
          // A member outside the domain (or deleted since) is no user of this directory.
          if (answer.status === 404) continue;
          if (answer.status < 200 || answer.status >= 300) throw api.failure(answer, path);
          const record = googleRecordOf(answer.json, groupsOf(id));
          // Asked for by its ID, a user sent without one is still known.
          records.push(!record.ok && record.externalId === null ? { ...record, externalId: id } : record);
          if (records.length >= GET_PAGE) {
            yield { records, removed: [] };
            records = [];
          }
        }
        if (records.length) yield { records, removed: [] };
      }

      async function* pages(): AsyncGenerator<DirectoryPage> {
        if (!selected.length) return;
        const { byUser, everyone } = await membersOf(api, selected);
        const groupsOf = (id: string) => selected.filter((g) => everyone.has(g) || byUser.get(id)?.has(g));
        const unread = new Set(byUser.keys());
        const fewLeft = () => everyone.size === 0 && unread.size <= GET_INSTEAD_MAX;
        if (fewLeft()) {
          yield* byGets(unread, groupsOf);
          return;
        }
        const query = { customer: MY_CUSTOMER, maxResults: USERS_PER_PAGE, projection: 'full' };
        // Paging shifts when users are added mid-read: a user met twice is the same one.
        const seen = new Set<string>();
        for await (const { items, more } of api.pages('/users', query, 'users')) {
          const records: DirectoryRecord[] = [];
          for (const raw of items) {
            const id = isRecord(raw) && typeof raw.id === 'string' && raw.id ? raw.id : null;
            // Without an ID a user can't be matched to the groups: it is reported, failing alone.
            if (id === null) {
              records.push(googleRecordOf(raw, []));
              continue;
            }
            if (seen.has(id)) continue;
            seen.add(id);
            if (!unread.delete(id) && everyone.size === 0) continue;
            const groups = groupsOf(id);
            if (groups.length) records.push(googleRecordOf(raw, groups));
          }
          if (records.length) yield { records, removed: [] };
          if (more && fewLeft()) {
            yield* byGets([...unread], groupsOf);
            return;
          }
        }
      }

      return { mode: 'full', pages: pages(), cursor: () => null };
    },
  };
}

/** The connector; tests give it a sleep that records the quota backoff instead of waiting it. */
export function createGoogleDirectoryConnector(options: Partial<GoogleBackoff> = {}): DirectoryConnector {
  const backoff: GoogleBackoff = { sleep: options.sleep ?? realSleep, random: options.random ?? Math.random };
  return {
    code: 'googleAD',
    // Nothing is typed: the tokens come from the admin's consent (google-consent.ts).
    configKeys: [],
    secretKeys: [],
    fields: ['email', 'phone', 'id_number', 'department'],
    writesBack: false,

    async connect(credentials, deps) {
      if (!deps.endpoints.googleClientId || !deps.endpoints.googleClientSecret)
        throw new DirectoryAuthError(
          'Google Workspace is not set up on this installation: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are missing',
        );
      const secrets: GoogleSecrets = {
        refresh_token: credentials.secrets.refresh_token?.trim() ?? '',
        access_token: credentials.secrets.access_token?.trim() ?? '',
        access_expires_at: credentials.secrets.access_expires_at?.trim() ?? '',
      };
      if (!secrets.refresh_token)
        throw new DirectoryAuthError(
          'This integration holds no Google authorization: an admin must sign in with Google',
        );
      const tokens = new GoogleTokens(deps, secrets);
      const stale =
        credentials.refreshedAt !== null &&
        deps.now().getTime() - credentials.refreshedAt.getTime() >= REFRESH_AFTER_MS;
      // Refreshing here (not at the first call) also proves the authorization still holds before a run starts.
      if (stale || tokens.expired()) await tokens.refresh();
      const api = new GoogleApi(deps.endpoints.googleApi, tokens, deps.http, backoff);
      return openSession(api, tokens, credentials.config.account?.trim() || null);
    },
  };
}

export const googleDirectoryConnector: DirectoryConnector = createGoogleDirectoryConnector();
