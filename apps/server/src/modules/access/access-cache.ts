import type { EntityRecord } from './access.types';
import type { SessionAccess } from './access.service';

/**
 * Who is calling, remembered per session and per API token for a short while, so that most requests
 * reach their handler without a database round trip.
 *
 * An entry is dropped the moment anything it was made of changes. The database announces every such
 * change on the channel `access_changed` (triggers of migration 0018, delivered at commit to every app
 * node listening on the database): `s:<session>`, `u:<login>`, `e:<company>`. The node that made a
 * change also drops what it changed at once (`drop`), so its very next request never sees the old
 * state, however late the notice arrives. While the notices cannot be heard (the listening connection
 * is down), nothing is cached. Entries also expire after `ttlMs` in any case.
 *
 * A look-up that started before a drop must not store what it read: `generation` counts drops, and an
 * entry is stored only when no drop that names it (its session, its login, its company) or that names
 * nothing in particular happened while it was being read. Drops about others do not keep it out: on a
 * node serving many companies, notices about someone somewhere arrive all the time.
 */
export type AccessNotice = `s:${string}` | `u:${string}` | `e:${string}`;

/** Drops remembered to judge a look-up that overlapped them: far more than arrive during one look-up. */
const RECENT_DROPS = 512;

/** touchedAt: when the session's last_seen_at was last written (the cached row keeps its old value). */
type SessionEntry = { value: SessionAccess; until: number; touchedAt: number };
type TokenEntry = { value: { entity: EntityRecord }; until: number };

export class AccessCache {
  private readonly sessions = new Map<string, SessionEntry>();
  private readonly tokens = new Map<string, TokenEntry>();
  /** Secondary indexes: the sessions of a login, and the sessions and tokens of a company. */
  private readonly byUser = new Map<string, Set<string>>();
  private readonly byEntity = new Map<string, Set<string>>();
  private readonly tokensByEntity = new Map<string, Set<string>>();
  private listening = false;
  private readonly subscribers = new Set<(notice: string) => void>();
  generation = 0;
  /** The last drops, oldest first, each with the generation it made; `*` for a drop of everything. */
  private readonly recent: { generation: number; notice: string }[] = [];

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 20_000,
  ) {}

  /** Whether entries may be used: only while the change notices are heard. */
  get enabled(): boolean {
    return this.listening;
  }

  /** The notices can be heard (again): start from nothing, since some may have been missed. */
  resume(): void {
    this.clear();
    this.listening = true;
  }

  /** The notices cannot be heard: forget everything and cache nothing until `resume`. */
  suspend(): void {
    this.listening = false;
    this.clear();
  }

  getSession(id: string, now = Date.now()): SessionAccess | undefined {
    const entry = this.sessions.get(id);
    if (!entry) return undefined;
    if (entry.until <= now || entry.value.found.session.expiresAt.getTime() <= now) {
      this.deleteSession(id);
      return undefined;
    }
    return entry.value;
  }

  /** Stores a session read while `generation` was `seenGeneration`, unless something was dropped since. */
  setSession(id: string, value: SessionAccess, seenGeneration: number, now = Date.now()): void {
    const entityId = value.found.session.entityId;
    const names = [`s:${id}`, `u:${value.found.user.id}`, ...(entityId ? [`e:${entityId}`] : [])];
    if (!this.mayStore(seenGeneration, names)) return;
    this.makeRoom(this.sessions);
    this.deleteSession(id);
    this.sessions.set(id, {
      value: deepFreeze(value),
      until: now + this.ttlMs,
      touchedAt: value.found.session.lastSeenAt.getTime(),
    });
    addTo(this.byUser, value.found.user.id, id);
    if (entityId) addTo(this.byEntity, entityId, id);
  }

  /**
   * Whether the session's last_seen_at is due to be written (at most once every `everyMs`); when it is,
   * it counts as written from now on, so concurrent requests write it once.
   */
  claimTouch(id: string, lastSeenAt: Date, everyMs: number, now = Date.now()): boolean {
    const entry = this.sessions.get(id);
    const touchedAt = entry?.touchedAt ?? lastSeenAt.getTime();
    if (now - touchedAt <= everyMs) return false;
    if (entry) entry.touchedAt = now;
    return true;
  }

  getToken(hash: string, now = Date.now()): { entity: EntityRecord } | undefined {
    const entry = this.tokens.get(hash);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.deleteToken(hash);
      return undefined;
    }
    return entry.value;
  }

  setToken(hash: string, entity: EntityRecord, seenGeneration: number, now = Date.now()): void {
    if (!this.mayStore(seenGeneration, [`e:${entity.id}`])) return;
    this.makeRoom(this.tokens);
    this.deleteToken(hash);
    this.tokens.set(hash, { value: deepFreeze({ entity }), until: now + this.ttlMs });
    addTo(this.tokensByEntity, entity.id, hash);
  }

  /** Hears every notice after the cache has acted on it (open sockets check their access again). */
  subscribe(listener: (notice: string) => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  /** Forgets what a notice names. Unknown notices forget everything: better slow than wrong. */
  drop(notice: string): void {
    this.forget(notice);
    for (const listener of this.subscribers) listener(notice);
  }

  /**
   * Whether what was read at `seenGeneration` may be stored: no drop since names it or everything.
   * When the drops since are no longer all remembered, it may not.
   */
  private mayStore(seenGeneration: number, names: readonly string[]): boolean {
    if (!this.listening) return false;
    if (seenGeneration === this.generation) return true;
    const oldest = this.recent[0];
    if (!oldest || oldest.generation > seenGeneration + 1) return false;
    // Newest first, down to the look-up's start: only the drops it overlapped are read.
    for (let i = this.recent.length - 1; i >= 0 && this.recent[i]!.generation > seenGeneration; i--) {
      const notice = this.recent[i]!.notice;
      if (notice === '*' || names.includes(notice)) return false;
    }
    return true;
  }

  private remember(notice: string): void {
    this.generation++;
    this.recent.push({ generation: this.generation, notice });
    if (this.recent.length > RECENT_DROPS) this.recent.shift();
  }

  private forget(notice: string): void {
    const kind = notice.slice(0, 2);
    const id = notice.slice(2);
    if (kind !== 's:' && kind !== 'u:' && kind !== 'e:') return this.clear();
    this.remember(notice);
    if (kind === 's:') this.deleteSession(id);
    else if (kind === 'u:') for (const sid of [...(this.byUser.get(id) ?? [])]) this.deleteSession(sid);
    else if (kind === 'e:') {
      for (const sid of [...(this.byEntity.get(id) ?? [])]) this.deleteSession(sid);
      for (const hash of [...(this.tokensByEntity.get(id) ?? [])]) this.deleteToken(hash);
    }
  }

  clear(): void {
    this.remember('*');
    this.sessions.clear();
    this.tokens.clear();
    this.byUser.clear();
    this.byEntity.clear();
    this.tokensByEntity.clear();
  }

  get size(): number {
    return this.sessions.size + this.tokens.size;
  }

  private deleteSession(id: string): void {
    const entry = this.sessions.get(id);
    if (!entry) return;
    this.sessions.delete(id);
    removeFrom(this.byUser, entry.value.found.user.id, id);
    const entityId = entry.value.found.session.entityId;
    if (entityId) removeFrom(this.byEntity, entityId, id);
  }

  private deleteToken(hash: string): void {
    const entry = this.tokens.get(hash);
    if (!entry) return;
    this.tokens.delete(hash);
    removeFrom(this.tokensByEntity, entry.value.entity.id, hash);
  }

  /** Maps keep insertion order: the oldest entry goes first. */
  private makeRoom(map: Map<string, unknown>): void {
    if (map.size < this.maxEntries) return;
    const oldest = map.keys().next().value;
    if (oldest === undefined) return;
    if (map === this.sessions) this.deleteSession(oldest);
    else this.deleteToken(oldest);
  }
}

function addTo(index: Map<string, Set<string>>, key: string, value: string): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom(index: Map<string, Set<string>>, key: string, value: string): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) index.delete(key);
}

/** Cached contexts are shared by concurrent requests: nobody may change one in place. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
