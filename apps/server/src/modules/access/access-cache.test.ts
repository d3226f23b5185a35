import { describe, expect, it } from 'vitest';
import { AccessCache } from './access-cache';
import type { SessionAccess } from './access.service';
import type { EntityRecord } from './access.types';

const entity = (id: string) => ({ id, name: id, timezone: 'UTC' }) as EntityRecord;

const sessionOf = (userId: string, entityId: string | null, expiresInMs = 3_600_000): SessionAccess =>
  ({
    found: {
      session: { id: `s-${userId}`, entityId, lastSeenAt: new Date(0), expiresAt: new Date(Date.now() + expiresInMs) },
      user: { id: userId },
    },
    access: null,
  }) as unknown as SessionAccess;

const listening = () => {
  const cache = new AccessCache(60_000, 3);
  cache.resume();
  return cache;
};

describe('AccessCache', () => {
  it('caches nothing until the notices are heard, and forgets everything when they stop', () => {
    const cache = new AccessCache();
    cache.setSession('a', sessionOf('u1', 'e1'), cache.generation);
    expect(cache.getSession('a')).toBeUndefined();
    cache.resume();
    cache.setSession('a', sessionOf('u1', 'e1'), cache.generation);
    expect(cache.getSession('a')).toBeDefined();
    cache.suspend();
    expect(cache.getSession('a')).toBeUndefined();
    cache.setSession('a', sessionOf('u1', 'e1'), cache.generation);
    expect(cache.size).toBe(0);
  });

  it('drops by session, by login and by company, and everything on a notice it does not know', () => {
    const cache = listening();
    cache.setSession('a', sessionOf('u1', 'e1'), cache.generation);
    cache.setSession('b', sessionOf('u2', 'e1'), cache.generation);
    cache.setToken('t', entity('e2'), cache.generation);
    cache.drop('u:u1');
    expect(cache.getSession('a')).toBeUndefined();
    expect(cache.getSession('b')).toBeDefined();
    cache.drop('e:e2');
    expect(cache.getToken('t')).toBeUndefined();
    expect(cache.getSession('b')).toBeDefined();
    cache.drop('s:b');
    expect(cache.getSession('b')).toBeUndefined();
    cache.setSession('a', sessionOf('u1', 'e1'), cache.generation);
    cache.drop('nonsense');
    expect(cache.size).toBe(0);
  });

  it('does not store what was read while something was dropped', () => {
    const cache = listening();
    const seen = cache.generation;
    cache.drop('e:e1');
    cache.setSession('a', sessionOf('u1', 'e1'), seen);
    cache.setToken('t', entity('e1'), seen);
    expect(cache.size).toBe(0);
    // Named by its session, its login or everything at once, as well.
    for (const notice of ['s:a', 'u:u1', 'unknown']) {
      const before = cache.generation;
      cache.drop(notice);
      cache.setSession('a', sessionOf('u1', 'e1'), before);
      expect(cache.size, notice).toBe(0);
    }
  });

  it('stores what was read while others were dropped: other sessions, logins and companies', () => {
    const cache = listening();
    const seen = cache.generation;
    for (const notice of ['s:b', 'u:u2', 'e:e2']) cache.drop(notice);
    cache.setSession('a', sessionOf('u1', 'e1'), seen);
    cache.setToken('t', entity('e1'), seen);
    expect(cache.size).toBe(2);
    // Unless more was dropped meanwhile than it remembers: then it cannot tell.
    const long = cache.generation;
    for (let i = 0; i < 600; i++) cache.drop(`u:other-${i}`);
    cache.setSession('c', sessionOf('u3', 'e1'), long);
    expect(cache.getSession('c')).toBeUndefined();
    // And never across a suspension.
    const before = cache.generation;
    cache.suspend();
    cache.resume();
    cache.setSession('d', sessionOf('u4', 'e1'), before);
    expect(cache.getSession('d')).toBeUndefined();
  });

  it('forgets an entry after its time, or when the session expires', () => {
    const cache = listening();
    const now = Date.now();
    cache.setSession('a', sessionOf('u1', 'e1'), cache.generation, now);
    expect(cache.getSession('a', now + 59_000)).toBeDefined();
    expect(cache.getSession('a', now + 61_000)).toBeUndefined();
    cache.setSession('b', sessionOf('u1', 'e1', 1_000), cache.generation, now);
    expect(cache.getSession('b', now + 2_000)).toBeUndefined();
  });

  it('keeps at most its number of entries, the oldest going first', () => {
    const cache = listening();
    for (const id of ['a', 'b', 'c', 'd']) cache.setSession(id, sessionOf(`u-${id}`, 'e1'), cache.generation);
    expect(cache.getSession('a')).toBeUndefined();
    expect(cache.getSession('d')).toBeDefined();
    cache.drop('e:e1');
    expect(cache.size).toBe(0);
  });

  it('hands out cached contexts that nobody can change', () => {
    const cache = listening();
    cache.setSession('a', sessionOf('u1', 'e1'), cache.generation);
    const cached = cache.getSession('a')!;
    expect(() => {
      (cached.found.user as { id: string }).id = 'someone else';
    }).toThrow(TypeError);
  });

  it('lets one request write the last-seen time once a minute', () => {
    const cache = listening();
    const value = sessionOf('u1', 'e1');
    const now = Date.now();
    cache.setSession('a', value, cache.generation, now);
    expect(cache.claimTouch('a', value.found.session.lastSeenAt, 60_000, now)).toBe(true);
    expect(cache.claimTouch('a', value.found.session.lastSeenAt, 60_000, now + 1)).toBe(false);
    expect(cache.claimTouch('a', value.found.session.lastSeenAt, 60_000, now + 61_000)).toBe(true);
  });
});
