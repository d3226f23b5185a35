import type { FastifyInstance } from 'fastify';
import type { RollEntry } from '@app/shared/emergency/schemas';
import { emergencySessionRoom, entityEmergencyRoom, userRoom } from '@app/shared/realtime/events';

// What open screens hear about emergency sessions (decision 031), after the change committed:
// - `pongStartSessionDiffAdmin` / `pongEndSessionDiffAdmin` (spec §7, §4 "Session Started / Ended"): to
//   the sockets of members who may join that session (the emergency permission, the sessions screen, at
//   least one of its sites), but not to the member who started or ended it.
// - `updateEmergencySessionData { sessionId, entries }`: the changed roll entries to the sockets watching
//   the session, each entry only to those who may see its site; and `{ sessionId }` alone to every
//   emergency socket of the company, at most LIST_EVERY_MS per session, so lists and counts redraw.

/** Sockets of members who may join sessions covering any site (they see every site). */
export const emergencyJoinAllRoom = (entityId: string) => `entity:${entityId}:emergency:sessions`;
/** Sockets of members who may join sessions covering this site (limited to some sites). */
export const emergencyJoinSiteRoom = (entityId: string, siteId: string) =>
  `entity:${entityId}:emergency:sessions:site:${siteId}`;
/** Sockets watching one session's page, for the entries of one of its sites. */
export const emergencySessionSiteRoom = (sessionId: string, siteId: string) =>
  `${emergencySessionRoom(sessionId)}:site:${siteId}`;

/** A company's session list redraws at most this often per session (the id-only notice). */
const LIST_EVERY_MS = 250;

type SessionRef = { id: string; name: string; siteIds: readonly string[] };

/** The rooms whose sockets may join a session over these sites. */
const joinRooms = (entityId: string, siteIds: readonly string[]) => [
  emergencyJoinAllRoom(entityId),
  ...siteIds.map((s) => emergencyJoinSiteRoom(entityId, s)),
];

/** A session started: the other permitted members' screens show "Session Started" (spec §4). */
export function pongStartSessionDiffAdmin(
  app: FastifyInstance,
  entityId: string,
  session: SessionRef,
  by: { userId: string | null; email: string; fullName: string },
): void {
  const to = app.realtime.io.to(joinRooms(entityId, session.siteIds));
  (by.userId ? to.except(userRoom(by.userId)) : to).emit('pongStartSessionDiffAdmin', {
    sessionId: session.id,
    sessionName: session.name,
    user: { email: by.email, fullName: by.fullName },
  });
  updateEmergencySessionData(app, entityId, session.id);
}

/** A session ended: the other permitted members' screens show "Session Ended" (spec §4). */
export function pongEndSessionDiffAdmin(
  app: FastifyInstance,
  entityId: string,
  session: SessionRef,
  by: { userId: string | null; name: string },
): void {
  const to = app.realtime.io.to(joinRooms(entityId, session.siteIds));
  (by.userId ? to.except(userRoom(by.userId)) : to).emit('pongEndSessionDiffAdmin', {
    sessionId: session.id,
    sessionName: session.name,
    userIdEnded: by.userId ?? '',
    userName: by.name,
  });
  // The session's own watchers see it end at once, and lists redraw.
  app.realtime.toRoom(emergencySessionRoom(session.id), 'updateEmergencySessionData', {
    sessionId: session.id,
    ended: true,
  });
  updateEmergencySessionData(app, entityId, session.id, { ended: true, now: true });
}

type Pending = { timer: NodeJS.Timeout; again: boolean; ended: boolean };
const pendingByApp = new WeakMap<FastifyInstance, Map<string, Pending>>();

/**
 * `{ sessionId }` to every emergency socket of the company (lists, banners, counts read again), at most
 * once per LIST_EVERY_MS per session: the first at once, the rest of a burst once after it. `now`: at
 * once whatever the pace (a start or an end).
 */
export function updateEmergencySessionData(
  app: FastifyInstance,
  entityId: string,
  sessionId: string,
  opts: { ended?: boolean; now?: boolean } = {},
): void {
  let pending = pendingByApp.get(app);
  if (!pending) {
    // Timers are unref'd: a closing app is not kept waiting by a trailing notice.
    pending = new Map();
    pendingByApp.set(app, pending);
  }
  const send = (ended: boolean) =>
    app.realtime.toRoom(entityEmergencyRoom(entityId), 'updateEmergencySessionData', {
      sessionId,
      ...(ended ? { ended: true } : {}),
    });
  const key = `${entityId}:${sessionId}`;
  const state = pending.get(key);
  if (state && !opts.now) {
    state.again = true;
    state.ended ||= Boolean(opts.ended);
    return;
  }
  if (state) clearTimeout(state.timer);
  send(Boolean(opts.ended));
  const map = pending;
  const next: Pending = {
    again: false,
    ended: false,
    timer: setTimeout(function trailing() {
      if (next.again) {
        next.again = false;
        const ended = next.ended;
        next.ended = false;
        send(ended);
        next.timer = setTimeout(trailing, LIST_EVERY_MS).unref();
      } else map.delete(key);
    }, LIST_EVERY_MS).unref(),
  };
  pending.set(key, next);
}

/**
 * Roll entries changed (marks, sign-outs, the "I am safe" link, someone added): each entry to the
 * session's watchers who may see its site (`emergency:<id>:site:<siteId>`; an entry placed nowhere to
 * every watcher, `emergency:<id>`), and the id alone to the company's emergency sockets.
 */
export function sendRollChanges(
  app: FastifyInstance,
  entityId: string,
  sessionId: string,
  entries: readonly RollEntry[],
  opts: { local?: boolean } = {},
): void {
  if (entries.length === 0) return;
  const bySite = new Map<string | null, RollEntry[]>();
  for (const e of entries) {
    const site = e.site?.id ?? null;
    bySite.set(site, [...(bySite.get(site) ?? []), e]);
  }
  for (const [site, list] of bySite) {
    const room = site ? emergencySessionSiteRoom(sessionId, site) : emergencySessionRoom(sessionId);
    if (opts.local) app.realtime.toLocalRoom(room, 'updateEmergencySessionData', { sessionId, entries: list });
    else app.realtime.toRoom(room, 'updateEmergencySessionData', { sessionId, entries: list });
  }
  // Told on every node (the sign-out feed): each node tells its own sockets, once per batch.
  if (opts.local) app.realtime.toLocalRoom(entityEmergencyRoom(entityId), 'updateEmergencySessionData', { sessionId });
  else updateEmergencySessionData(app, entityId, sessionId);
}
