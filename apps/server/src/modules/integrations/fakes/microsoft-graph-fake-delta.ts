import { randomBytes } from 'node:crypto';
import { json, type FakeAnswer, type FakeRequest } from './fake-server';
import type { GraphFakeDirectory, GraphFakeUser } from './microsoft-graph-fake-data';

// The fake's delta queries (graph/delta-query-overview, user: delta, group: delta): an initial round pages
// through the current state with opaque $skiptoken values in @odata.nextLink and ends with an
// @odata.deltaLink holding an opaque $deltatoken; following that link pages through what changed since.
// Users changed come whole (the selected properties; one never set is left out), deleted ones as
// { id, "@removed": { reason } }; groups/delta ($filter=id eq '…' or …, at most 50 ids) sends members in
// members@delta, a large group repeated over pages, and later only the members added or "@removed".
// A delta token older than seven days is answered syncStateNotFound; after resetSync() every delta token
// is answered 410 Gone with a Location to start over ("Synchronization reset").

export const DELTA_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60_000;
const FILTER_MAX_IDS = 50;

/** Graph's error body. */
export function graphErrorAnswer(
  status: number,
  code: string,
  message: string,
  headers?: Record<string, string>,
): FakeAnswer {
  const innerError = { date: new Date().toISOString().slice(0, 19), 'request-id': randomBytes(16).toString('hex') };
  return json(status, { error: { code, message, innerError } }, headers);
}

type Round =
  | { kind: 'users'; select: string[] | null; since: number | null; until: number; pos: number; ids: string[] }
  | {
      kind: 'groups';
      select: string[] | null;
      filter: string[] | null;
      since: number | null;
      until: number;
      pos: number;
      /** Initial rounds: the slot the current group's member scan is at. */
      slot: number;
      changes: Record<string, unknown>[];
    };

type DeltaToken = {
  kind: Round['kind'];
  select: string[] | null;
  filter: string[] | null;
  since: number;
  issuedAt: number;
  generation: number;
};

export type GraphFakeDeltaContext = {
  dir: GraphFakeDirectory;
  now: () => number;
  render: (user: GraphFakeUser, select: string[] | null, omitNulls: boolean) => Record<string, unknown>;
  expiredStatus: 400 | 410;
};

/** $select's properties (id is always sent), or null for the default set. */
export function selectOf(req: FakeRequest): string[] | null {
  const value = req.query.get('$select');
  return value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : null;
}

/** `id eq '…' or id eq '…'`, the only filter the delta functions take. */
function filterOf(value: string | null): string[] | null | 'unsupported' {
  if (value === null) return null;
  const ids: string[] = [];
  for (const part of value.split(/\s+or\s+/i)) {
    const match = /^\s*id\s+eq\s+'((?:[^']|'')*)'\s*$/i.exec(part);
    if (!match) return 'unsupported';
    ids.push(match[1]!.replaceAll("''", "'"));
  }
  return ids;
}

export function createGraphFakeDelta(ctx: GraphFakeDeltaContext) {
  const { dir } = ctx;
  const skipTokens = new Map<string, Round>();
  const deltaTokens = new Map<string, DeltaToken>();
  let generation = 0;

  const token = () => randomBytes(24).toString('base64url');

  /** The round a request continues or starts, or the error that answers it. */
  function roundOf(req: FakeRequest, kind: Round['kind'], base: string): Round | FakeAnswer {
    const skip = req.query.get('$skiptoken');
    if (skip) {
      const round = skipTokens.get(skip);
      return round && round.kind === kind
        ? round
        : graphErrorAnswer(400, 'Request_BadRequest', 'The specified page token value has expired or is invalid.');
    }
    const deltaToken = req.query.get('$deltatoken');
    if (deltaToken) {
      const state = deltaTokens.get(deltaToken);
      if (!state || state.kind !== kind)
        return graphErrorAnswer(400, 'Request_BadRequest', 'The specified delta token value is invalid.');
      if (state.generation !== generation) {
        const params = new URLSearchParams();
        if (state.select) params.set('$select', state.select.join(','));
        if (state.filter) params.set('$filter', state.filter.map((id) => `id eq '${id}'`).join(' or '));
        params.set('$deltatoken', '');
        return graphErrorAnswer(
          410,
          'resyncRequired',
          'The delta token is no longer valid, and the app must reset the sync state.',
          {
            location: `${base}/v1.0/${kind}/delta?${params.toString()}`,
          },
        );
      }
      if (ctx.now() - state.issuedAt > DELTA_TOKEN_LIFETIME_MS)
        return graphErrorAnswer(
          ctx.expiredStatus,
          'syncStateNotFound',
          'The sync state generation is not found. The delta token is expired and data must be synchronized again.',
        );
      const until = dir.seq;
      if (kind === 'users')
        return {
          kind,
          select: state.select,
          since: state.since,
          until,
          pos: 0,
          ids: dir.usersChangedSince(state.since),
        };
      return {
        kind,
        select: state.select,
        filter: state.filter,
        since: state.since,
        until,
        pos: 0,
        slot: 0,
        changes: groupChangesSince(state.since, state.filter, state.select),
      };
    }
    const filter = filterOf(req.query.get('$filter'));
    if (filter === 'unsupported') return graphErrorAnswer(400, 'Request_UnsupportedQuery', 'Unsupported Query.');
    if (filter && filter.length > FILTER_MAX_IDS)
      return graphErrorAnswer(
        400,
        'Request_UnsupportedQuery',
        `The $filter may name at most ${FILTER_MAX_IDS} objects.`,
      );
    if (kind === 'users') {
      if (filter) return graphErrorAnswer(400, 'Request_UnsupportedQuery', 'Unsupported Query.');
      return { kind, select: selectOf(req), since: null, until: dir.seq, pos: 0, ids: [] };
    }
    return { kind, select: selectOf(req), filter, since: null, until: dir.seq, pos: 0, slot: 0, changes: [] };
  }

  /** One object per group with what changed after `since`: its name, its deletion, members added or removed. */
  function groupChangesSince(since: number, filter: string[] | null, select: string[] | null) {
    const wanted = (id: string) => !filter || filter.includes(id);
    const members = new Map<string, Map<string, boolean>>();
    for (const change of dir.memberLog) {
      if (change.seq <= since || !wanted(change.groupId)) continue;
      const net = members.get(change.groupId) ?? new Map<string, boolean>();
      net.set(change.memberId, change.added);
      members.set(change.groupId, net);
    }
    const changed = new Set([...members.keys()]);
    for (const [id, seq] of dir.groupSeq) if (seq > since && wanted(id)) changed.add(id);
    return dir.groups
      .filter((g) => changed.has(g.id))
      .map((g): Record<string, unknown> => {
        if (g.deleted) return { id: g.id, '@removed': { reason: 'changed' } };
        const object: Record<string, unknown> = { id: g.id };
        if (!select || select.includes('displayName')) object.displayName = g.displayName;
        const net = members.get(g.id);
        if (net && (!select || select.includes('members')))
          object['members@delta'] = [...net].map(([id, added]) => ({
            '@odata.type': '#microsoft.graph.user',
            id,
            ...(added ? {} : { '@removed': { reason: 'deleted' } }),
          }));
        return object;
      });
  }

  /** The page's link: on to the next page, or the delta link ending the round. */
  function linkOf(round: Round, more: boolean, base: string) {
    if (more) {
      const skip = token();
      skipTokens.set(skip, round);
      return { '@odata.nextLink': `${base}/v1.0/${round.kind}/delta?$skiptoken=${skip}` };
    }
    const delta = token();
    deltaTokens.set(delta, {
      kind: round.kind,
      select: round.select,
      filter: round.kind === 'groups' ? round.filter : null,
      since: round.until,
      issuedAt: ctx.now(),
      generation,
    });
    return { '@odata.deltaLink': `${base}/v1.0/${round.kind}/delta?$deltatoken=${delta}` };
  }

  function usersPage(round: Extract<Round, { kind: 'users' }>, size: number) {
    const value: Record<string, unknown>[] = [];
    let pos = round.pos;
    if (round.since === null) {
      for (; pos < dir.slots && value.length < size; pos++) {
        const user = dir.user(dir.idAt(pos));
        if (user) value.push(ctx.render(user, round.select, true));
      }
      return { value, next: { ...round, pos }, more: pos < dir.slots };
    }
    for (; pos < round.ids.length && value.length < size; pos++) {
      const id = round.ids[pos]!;
      const user = dir.user(id);
      value.push(user ? ctx.render(user, round.select, true) : { id, '@removed': { reason: 'changed' } });
    }
    return { value, next: { ...round, pos }, more: pos < round.ids.length };
  }

  /** Initial groups rounds: each group with its members, `size` members a page at most. */
  function groupsPage(round: Extract<Round, { kind: 'groups' }>, size: number) {
    if (round.since !== null) {
      const value = round.changes.slice(round.pos, round.pos + size);
      const pos = round.pos + value.length;
      return { value, next: { ...round, pos }, more: pos < round.changes.length };
    }
    const targets = dir.groups.filter((g) => !g.deleted && (!round.filter || round.filter.includes(g.id)));
    const value: Record<string, unknown>[] = [];
    let { pos, slot } = round;
    let room = size;
    while (pos < targets.length && room > 0) {
      const group = targets[pos]!;
      const members: Record<string, unknown>[] = [];
      for (; slot < dir.slots && members.length < room; slot++) {
        const id = dir.idAt(slot);
        if (dir.isMember(group.id, id)) members.push({ '@odata.type': '#microsoft.graph.user', id });
      }
      const done = slot >= dir.slots;
      if (done)
        for (const id of dir.groupMembersOf(group.id)) members.push({ '@odata.type': '#microsoft.graph.group', id });
      const object: Record<string, unknown> = { id: group.id };
      if (!round.select || round.select.includes('displayName')) object.displayName = group.displayName;
      if (members.length && (!round.select || round.select.includes('members'))) object['members@delta'] = members;
      value.push(object);
      room -= Math.max(1, members.length);
      if (done) {
        pos++;
        slot = 0;
      }
    }
    return { value, next: { ...round, pos, slot }, more: pos < targets.length };
  }

  return {
    answer(req: FakeRequest, kind: Round['kind'], base: string, size: number): FakeAnswer {
      const round = roundOf(req, kind, base);
      if (!('kind' in round)) return round;
      const page = round.kind === 'users' ? usersPage(round, size) : groupsPage(round, size);
      const context = `${base}/v1.0/$metadata#${kind}`;
      return json(200, { '@odata.context': context, ...linkOf(page.next, page.more, base), value: page.value });
    },
    /** Every delta token issued so far is answered 410 Gone. */
    resetSync() {
      generation++;
    },
  };
}
