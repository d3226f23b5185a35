import { createHash } from 'node:crypto';
import type { HttpAnswer } from './http';
import { graphError, isRecord, type GraphApi } from './microsoft-graph-api';
import { GRAPH_USER_SELECT, graphIdOf, graphRecordOf, isRemoved } from './microsoft-graph-records';
import { DirectoryUnavailableError, type DirectoryPage, type DirectoryRead, type DirectoryRecord } from './types';

// Reads of the selected groups' people through delta queries (graph/delta-query-overview, user: delta,
// group: delta). A full read is an initial round of groups/delta (the selected groups by id, $select
// members: their direct members in members@delta, one group possibly repeated over several pages) and of
// users/delta (every user of the tenant; those in a selected group are kept). Each round ends with an
// @odata.deltaLink; later reads follow those links and get only what changed: users changed or
// "@removed", and groups whose members@delta lists members added or "@removed". A changed user's groups
// are looked up (GET /users/{id}/memberOf) since the change alone does not say whether they are in scope.
// Delta links of directory objects last seven days; an expired or reset one is answered 40x with
// syncStateNotFound or resyncRequired, or 410 Gone ("Synchronization reset"): the read is then full.

/** Directory objects' delta tokens last seven days (delta query overview, "Token duration"). */
export const DELTA_LINK_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** A link this close to its end is not trusted to last through a read. */
const DELTA_LINK_MARGIN_MS = 60 * 60_000;
/** group: delta and user: delta filter on at most 50 ids. */
export const FILTER_MAX_IDS = 50;
/** Users looked up by id in delta mode: a page of them, a few at a time. */
const LOOKUP_PAGE = 100;
const LOOKUP_PARALLEL = 4;
const RESYNC_CODES = new Set(['syncstatenotfound', 'resyncrequired']);
const USER_TYPE = '#microsoft.graph.user';

export type GraphCursor = { usersDelta: string; groupsDelta: string; issuedAt: number; groupKey: string };

/** Which groups a cursor was made for: a cursor of other groups can't tell who entered or left these. */
export function groupKeyOf(groupIds: string[]): string {
  const sorted = [...new Set(groupIds)].sort();
  return createHash('sha256').update(sorted.join('\n')).digest('base64url').slice(0, 22);
}

export function cursorOf(raw: Record<string, string | number | null> | null): GraphCursor | null {
  if (!raw) return null;
  const { usersDelta, groupsDelta, issuedAt, groupKey } = raw;
  if (typeof usersDelta !== 'string' || !usersDelta || typeof groupsDelta !== 'string' || !groupsDelta) return null;
  if (typeof issuedAt !== 'number' || !Number.isFinite(issuedAt) || typeof groupKey !== 'string') return null;
  return { usersDelta, groupsDelta, issuedAt, groupKey };
}

/** More than 50 groups take several groups/delta rounds: their links are kept as a JSON list. */
const encodeLinks = (links: string[]) => (links.length === 1 ? links[0]! : JSON.stringify(links));

function decodeLinks(value: string): string[] | null {
  if (!value.startsWith('[')) return [value];
  try {
    const links: unknown = JSON.parse(value);
    return Array.isArray(links) && links.every((l) => typeof l === 'string' && l) ? (links as string[]) : null;
  } catch {
    return null;
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** OData string literals double their quotes. */
const groupsDeltaPath = (ids: string[]) =>
  `/groups/delta?$select=id,displayName,members&$filter=${encodeURIComponent(
    ids.map((id) => `id eq '${id.replaceAll("'", "''")}'`).join(' or '),
  )}`;
const USERS_DELTA_PATH = `/users/delta?$select=${GRAPH_USER_SELECT}`;

/** Graph's word that a delta link can no longer be followed and a full synchronization must start. */
function needsResync(answer: HttpAnswer): boolean {
  if (answer.status === 410) return true;
  if (answer.status < 400 || answer.status >= 500) return false;
  return graphError(answer.json).codes.some((code) => RESYNC_CODES.has(code.toLowerCase()));
}

const groupGone = (id: string) =>
  new DirectoryUnavailableError(
    `Microsoft Entra has no group ${id} any more: it may have been deleted; map another group`,
    404,
    'integration_group_gone',
  );

/** A group's members@delta that are users (nested groups, devices and contacts are not people). */
function memberChangesOf(group: Record<string, unknown>): { id: string; removed: boolean }[] {
  const members = group['members@delta'];
  if (!Array.isArray(members)) return [];
  return members.flatMap((m) => {
    const id = graphIdOf(m);
    if (!id || !isRecord(m)) return [];
    const type = m['@odata.type'];
    if (type !== undefined && (typeof type !== 'string' || type.toLowerCase() !== USER_TYPE)) return [];
    return [{ id, removed: isRemoved(m) }];
  });
}

/** Runs `work` on each item, `limit` at a time, the results in the items' order. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** The initial groups/delta rounds: who is a direct member of which selected group, and the rounds' links. */
async function readMemberships(api: GraphApi, selected: string[]) {
  const byUser = new Map<string, string[]>();
  const links: string[] = [];
  for (const chunk of chunks(selected, FILTER_MAX_IDS)) {
    const wanted = new Set(chunk);
    const found = new Set<string>();
    let link: string | null = null;
    for await (const page of api.pages(groupsDeltaPath(chunk), 'groups')) {
      for (const group of page.items) {
        const groupId = graphIdOf(group);
        if (!groupId || !wanted.has(groupId) || !isRecord(group) || isRemoved(group)) continue;
        found.add(groupId);
        for (const { id, removed } of memberChangesOf(group)) {
          const groups = byUser.get(id) ?? [];
          if (removed)
            byUser.set(
              id,
              groups.filter((g) => g !== groupId),
            );
          else if (!groups.includes(groupId)) byUser.set(id, [...groups, groupId]);
        }
      }
      link = page.deltaLink ?? link;
    }
    // A mapped group deleted in Entra: fail the read rather than archive everyone who was in it.
    const missing = chunk.find((id) => !found.has(id));
    if (missing) throw groupGone(missing);
    if (link) links.push(link);
  }
  return { byUser, links: links.length === chunks(selected, FILTER_MAX_IDS).length ? links : null };
}

export function fullRead(api: GraphApi, selected: string[], issuedAt: number): DirectoryRead {
  let cursor: GraphCursor | null = null;
  async function* pages(): AsyncGenerator<DirectoryPage> {
    const { byUser, links } = await readMemberships(api, selected);
    // A user may come twice in one round (delta query overview): the first is kept.
    const kept = new Set<string>();
    let usersDelta: string | null = null;
    for await (const page of api.pages(USERS_DELTA_PATH, 'users')) {
      const records: DirectoryRecord[] = [];
      for (const raw of page.items) {
        if (isRemoved(raw)) continue;
        const id = graphIdOf(raw);
        // Without an id a user can't be matched to the groups: it is reported, failing alone.
        if (id === null) {
          records.push(graphRecordOf(raw, []));
          continue;
        }
        const groups = byUser.get(id);
        if (!groups?.length || kept.has(id)) continue;
        kept.add(id);
        records.push(graphRecordOf(raw, groups));
      }
      usersDelta = page.deltaLink ?? usersDelta;
      if (records.length) yield { records, removed: [] };
    }
    if (usersDelta && links)
      cursor = { usersDelta, groupsDelta: encodeLinks(links), issuedAt, groupKey: groupKeyOf(selected) };
  }
  return { mode: 'full', pages: pages(), cursor: () => cursor };
}

/** Whether a cursor can be followed for these groups now, before asking Graph. */
export function followable(api: GraphApi, cursor: GraphCursor | null, selected: string[], now: number) {
  if (!cursor || cursor.groupKey !== groupKeyOf(selected)) return false;
  const age = now - cursor.issuedAt;
  if (age < 0 || age >= DELTA_LINK_LIFETIME_MS - DELTA_LINK_MARGIN_MS) return false;
  const links = decodeLinks(cursor.groupsDelta);
  return !!links && links.every((l) => api.isOwnLink(l)) && api.isOwnLink(cursor.usersDelta);
}

/**
 * A delta read from `cursor` (already found followable), or null when Graph says its links can't be
 * followed any more and a full read must be done instead. The groups' rounds and the users' first page
 * are read here, so that the answer is known before the read says it is a delta.
 */
export async function deltaRead(
  api: GraphApi,
  cursor: GraphCursor,
  selected: string[],
  issuedAt: number,
): Promise<DirectoryRead | null> {
  const selectedSet = new Set(selected);
  // Users who joined or left a selected group since the cursor.
  const touched = new Set<string>();
  const groupLinks: string[] = [];
  for (const link of decodeLinks(cursor.groupsDelta) ?? []) {
    const first = await api.send(link);
    if (needsResync(first)) return null;
    if (first.status !== 200) throw api.failure(first, link);
    let next: string | null = null;
    for await (const page of api.pages(link, 'groups', first.json)) {
      for (const group of page.items) {
        const groupId = graphIdOf(group);
        if (!groupId || !selectedSet.has(groupId) || !isRecord(group)) continue;
        if (isRemoved(group)) throw groupGone(groupId);
        for (const { id } of memberChangesOf(group)) touched.add(id);
      }
      next = page.deltaLink ?? next;
    }
    if (next) groupLinks.push(next);
  }
  const firstUsers = await api.send(cursor.usersDelta);
  if (needsResync(firstUsers)) return null;
  if (firstUsers.status !== 200) throw api.failure(firstUsers, cursor.usersDelta);

  /** The selected groups the user is a direct member of now; null when the user is gone. */
  async function groupsOf(id: string): Promise<string[] | null> {
    const path = `/users/${encodeURIComponent(id)}/memberOf?$select=id&$top=999`;
    const first = await api.send(path);
    if (first.status === 404) return null;
    if (first.status !== 200) throw api.failure(first, path);
    const found = new Set<string>();
    for await (const page of api.pages(path, 'memberships', first.json))
      for (const item of page.items) {
        const groupId = graphIdOf(item);
        if (groupId && selectedSet.has(groupId)) found.add(groupId);
      }
    return selected.filter((g) => found.has(g));
  }

  async function userById(id: string): Promise<unknown> {
    const path = `/users/${encodeURIComponent(id)}?$select=${GRAPH_USER_SELECT}`;
    const answer = await api.send(path);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw api.failure(answer, path);
    return answer.json;
  }

  /** What one changed user means for the selected groups: a record, a removal, or nothing. */
  async function outcomeOf(raw: unknown, knownId: string | null): Promise<DirectoryRecord | string | null> {
    const id = graphIdOf(raw) ?? knownId;
    if (id === null) return graphRecordOf(raw, []);
    if (raw === null || isRemoved(raw)) return id;
    const groups = await groupsOf(id);
    if (groups === null) return id;
    if (groups.length) {
      const record = graphRecordOf(raw, groups);
      // Asked for by its id, a user sent without one is still known.
      return !record.ok && record.externalId === null ? { ...record, externalId: id } : record;
    }
    // In no selected group now: gone from scope if they were in one, else never ours.
    return touched.has(id) ? id : null;
  }

  const pageOf = (outcomes: (DirectoryRecord | string | null)[]): DirectoryPage => ({
    records: outcomes.filter((o): o is DirectoryRecord => typeof o === 'object' && o !== null),
    removed: outcomes.filter((o): o is string => typeof o === 'string'),
  });

  let next: GraphCursor | null = null;
  async function* pages(): AsyncGenerator<DirectoryPage> {
    const seen = new Set<string>();
    let usersDelta: string | null = null;
    for await (const page of api.pages(cursor.usersDelta, 'users', firstUsers.json)) {
      const fresh = page.items.filter((raw) => {
        const id = graphIdOf(raw);
        if (id === null) return true;
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      });
      const out = pageOf(await mapLimited(fresh, LOOKUP_PARALLEL, (raw) => outcomeOf(raw, null)));
      usersDelta = page.deltaLink ?? usersDelta;
      if (out.records.length || out.removed.length) yield out;
    }
    // Members who joined or left without their user changing: read them one by one.
    const rest = [...touched].filter((id) => !seen.has(id));
    for (const chunk of chunks(rest, LOOKUP_PAGE)) {
      const out = pageOf(await mapLimited(chunk, LOOKUP_PARALLEL, async (id) => outcomeOf(await userById(id), id)));
      if (out.records.length || out.removed.length) yield out;
    }
    if (usersDelta && groupLinks.length === (decodeLinks(cursor.groupsDelta) ?? []).length)
      next = { usersDelta, groupsDelta: encodeLinks(groupLinks), issuedAt, groupKey: cursor.groupKey };
  }
  return { mode: 'delta', pages: pages(), cursor: () => next };
}
