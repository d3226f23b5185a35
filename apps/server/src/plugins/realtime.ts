import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { SESSION } from '@app/shared/constants';
import {
  emergencySessionRoom,
  entityRoom,
  sessionRoom,
  userRoom,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@app/shared/realtime/events';
import { sha256 } from '../lib/tokens';
import { loadSessionAccess } from '../modules/access/access.service';
import { findLiveSession } from '../modules/auth/sessions.repository';
import type { AccessContext } from '../modules/access/access.types';
import { emergencyWatchRooms } from '../modules/emergency/session-watch';
import { companyRoomsOf, isCompanyRoom, roomOfEntityEvent, type EntityEventName } from './realtime-rooms';

/**
 * entityId: the company whose room the socket joined, once the server allowed it. watching: the
 * emergency sessions whose page it watches (`watchEmergencySession`), checked again with the rest.
 */
type SocketData = { userId: string; sessionId: string; entityId: string | null; watching: string[] };

const isWatchRoom = (room: string) => room.startsWith('emergency:');

/** How long access notices are gathered before the sockets they concern are checked again. */
const RECHECK_DELAY_MS = 50;

/** Longest timer Node keeps (about 24.8 days); sessions are shorter. */
const MAX_TIMER_MS = 2_147_483_647;

export type Realtime = {
  io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
  /** To the company's members who may see what the event tells (`ENTITY_EVENT_AUDIENCE`). */
  toEntity: <E extends EntityEventName>(entityId: string, event: E, payload: ServerEventPayload<E>) => void;
  /** To a room (`entityAllRoom`, …), but for the sockets also in `except`. */
  toRoom: <E extends ServerEventName>(room: string, event: E, payload: ServerEventPayload<E>, except?: string) => void;
  /**
   * To this node's sockets in a room only: for what every node hears by itself (the database's notices
   * of changed visits, decision 056), which sent to every node would arrive once per node.
   */
  toLocalRoom: <E extends ServerEventName>(
    room: string,
    event: E,
    payload: ServerEventPayload<E>,
    except?: string,
  ) => void;
  /** Whether any of this node's sockets is in a room (work done only for them can be skipped). */
  hasLocalListeners: (room: string) => boolean;
  /** Closes this node's sockets joined to a company: their browsers reconnect and read again what they show. */
  resyncLocalSockets: () => void;
  toUser: <E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>) => void;
  /** To a person's sockets except those of one session (the tab that made the change). */
  toUserExceptSession: <E extends ServerEventName>(
    userId: string,
    sessionId: string,
    event: E,
    payload: ServerEventPayload<E>,
  ) => void;
  /** Disconnects the sockets of ended sessions, on every node. */
  closeSessions: (sessionIds: string[]) => void;
  /**
   * Checks again the sockets in a room (`userRoom`, `entityRoom` or a session's): one whose session,
   * membership or two-step state no longer lets it see its company leaves the company's rooms; the
   * others are moved to the rooms their permissions, sites and user types give now.
   */
  recheckSockets: (room: string) => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/**
 * Socket.IO gateway. A socket is authenticated by the session cookie at the handshake, put in its
 * person's room, and joins a company's room only after the server checks the membership.
 * With REDIS_URL, events raised on any app node reach sockets on every node.
 */
export const realtimePlugin = fp(async (app: FastifyInstance, opts: { redisUrl?: string }) => {
  const io: Realtime['io'] = new Server(app.server, { path: '/socket.io', serveClient: false });
  const redis: Redis[] = [];
  if (opts.redisUrl) {
    // Loaded only with REDIS_URL: a single node never needs them.
    const [{ createAdapter }, { Redis }] = await Promise.all([import('@socket.io/redis-adapter'), import('ioredis')]);
    const pub = new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    redis.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }

  io.use(async (socket, next) => {
    try {
      const sid = readCookie(socket.handshake.headers.cookie, SESSION.cookie);
      const found = sid ? await findLiveSession(app.db.db, sha256(sid)) : null;
      if (!found || found.session.otpPending) return next(new Error('unauthenticated'));
      socket.data = { userId: found.user.id, sessionId: found.session.id, entityId: null, watching: [] };
      // A socket lasts no longer than its session.
      const timer = setTimeout(
        () => socket.disconnect(true),
        Math.min(MAX_TIMER_MS, Math.max(0, found.session.expiresAt.getTime() - Date.now())),
      ).unref();
      socket.once('disconnect', () => clearTimeout(timer));
      next();
    } catch (err) {
      app.log.error({ err }, 'socket handshake failed');
      next(new Error('unauthenticated'));
    }
  });

  /**
   * Whether a session may receive a company's events now (live, its company, active, two-step done),
   * and the company's rooms its member's access puts it in (`companyRoomsOf`).
   */
  const mayJoin = async (
    sessionId: string,
    entityId: string,
  ): Promise<{ allowed: boolean; rooms: string[]; access: AccessContext | null }> => {
    const refused = { allowed: false, rooms: [], access: null };
    try {
      const current = await loadSessionAccess(app.db.db, sessionId);
      if (!current || current.found.session.otpPending || current.found.session.entityId !== entityId) return refused;
      const access = current.access;
      if (access === null || access.otpEnrolmentRequired) return refused;
      return { allowed: true, rooms: companyRoomsOf(access), access };
    } catch (err) {
      app.log.error({ err }, 'socket access check failed');
      return refused;
    }
  };
  const refused = { code: 'forbidden', message: 'not a member of this company' };

  io.on('connection', (socket) => {
    void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)]);
    socket.on('join', async (entityId) => {
      const may = typeof entityId === 'string' ? await mayJoin(socket.data.sessionId, entityId) : null;
      for (const room of socket.rooms) if (isCompanyRoom(room) || isWatchRoom(room)) void socket.leave(room);
      socket.data.entityId = null;
      socket.data.watching = [];
      if (!may?.allowed) {
        socket.emit('join_error', refused);
        return;
      }
      socket.data.entityId = entityId;
      await socket.join(may.rooms);
      socket.emit('joined', { entity_id: entityId });
    });

    // A session page watching one emergency session's roll (decision 031): its rooms by the sites the
    // member may see, and the session's own room (entries placed nowhere, the session ending).
    socket.on('watchEmergencySession', async (sessionId, ack) => {
      const answer = typeof ack === 'function' ? ack : () => undefined;
      const { entityId } = socket.data;
      if (typeof sessionId !== 'string' || !entityId) return answer({ ok: false });
      try {
        const may = await mayJoin(socket.data.sessionId, entityId);
        const rooms = may.access ? await emergencyWatchRooms(app.db.db, may.access, sessionId) : null;
        // The socket may have left the company, or joined another, meanwhile.
        if (!rooms || socket.data.entityId !== entityId || !socket.connected) return answer({ ok: false });
        for (const room of socket.rooms)
          if (room.startsWith(`${emergencySessionRoom(sessionId)}:`)) void socket.leave(room);
        await socket.join(rooms);
        if (!socket.data.watching.includes(sessionId)) socket.data.watching.push(sessionId);
        answer({ ok: true });
      } catch (err) {
        app.log.error({ err }, 'watching an emergency session failed');
        answer({ ok: false });
      }
    });
    socket.on('unwatchEmergencySession', (sessionId) => {
      if (typeof sessionId !== 'string') return;
      leaveWatch(socket, sessionId);
    });
  });

  const leaveWatch = (
    socket: { rooms: Set<string>; leave: (room: string) => unknown; data: SocketData },
    sessionId: string,
  ) => {
    const own = emergencySessionRoom(sessionId);
    for (const room of [...socket.rooms]) if (room === own || room.startsWith(`${own}:`)) void socket.leave(room);
    socket.data.watching = socket.data.watching.filter((id) => id !== sessionId);
  };

  const recheckSockets = async (room: string) => recheck(await io.in(room).fetchSockets());
  const recheckLocalSockets = async (room: string) => recheck(await io.local.in(room).fetchSockets());
  const recheck = async (sockets: Awaited<ReturnType<typeof io.fetchSockets>>) => {
    for (const socket of sockets) {
      const { entityId, sessionId } = socket.data;
      if (!entityId || !socket.rooms.has(entityRoom(entityId))) continue;
      const local = io.sockets.sockets.has(socket.id);
      const may = await mayJoin(sessionId, entityId);
      // The watched sessions' rooms are read before the socket is looked at again, so that nothing is
      // awaited between that look and the joins: a socket that leaves the company meanwhile (a join
      // refused, another company joined) is never put back into its rooms.
      const watched = new Map<string, string[] | null>();
      if (may.allowed && may.access)
        for (const id of socket.data.watching) watched.set(id, await emergencyWatchRooms(app.db.db, may.access, id));
      // Checks may overlap (a direct one and a notice's): a socket of this node that another check
      // has taken out meanwhile, or that has gone, is not told twice.
      const live = io.sockets.sockets.get(socket.id);
      if (local && (!live || !live.rooms.has(entityRoom(entityId)))) continue;
      if (may.allowed) {
        // The member's permissions, sites or user types may have changed: the company's rooms as they
        // give now (a topic's events, whole rows, the emergency rooms), and the sessions watched only
        // while they may still join them.
        const rooms = live?.rooms ?? socket.rooms;
        for (const room of [...rooms]) if (isCompanyRoom(room) && !may.rooms.includes(room)) socket.leave(room);
        socket.join(may.rooms);
        const still: string[] = [];
        for (const id of live?.data.watching ?? socket.data.watching) {
          // A session begun to be watched during this check was checked by its own watch.
          if (!watched.has(id)) {
            still.push(id);
            continue;
          }
          const own = emergencySessionRoom(id);
          const allowed = watched.get(id) ?? null;
          for (const room of [...rooms])
            if ((room === own || room.startsWith(`${own}:`)) && !allowed?.includes(room)) socket.leave(room);
          if (allowed) {
            socket.join(allowed);
            still.push(id);
          }
        }
        if (live) live.data.watching = still;
        continue;
      }
      for (const room of socket.rooms) if (isCompanyRoom(room) || isWatchRoom(room)) socket.leave(room);
      if (live) live.data.watching = [];
      socket.data.entityId = null;
      socket.emit('join_error', refused);
    }
  };

  // Whatever changes who may see what (a role, a member's sites or user types, a two-step policy, a
  // session) is announced by the database to every node (access notices): each node checks again its
  // own sockets in the room concerned, a moment after a burst of notices.
  const roomOfNotice = (notice: string) =>
    notice.startsWith('u:')
      ? userRoom(notice.slice(2))
      : notice.startsWith('e:')
        ? entityRoom(notice.slice(2))
        : notice.startsWith('s:')
          ? sessionRoom(notice.slice(2))
          : null;
  const dueRechecks = new Set<string>();
  let recheckTimer: NodeJS.Timeout | null = null;
  const unsubscribe = app.accessCache.subscribe((notice) => {
    const room = roomOfNotice(notice);
    if (!room) return;
    dueRechecks.add(room);
    recheckTimer ??= setTimeout(() => {
      recheckTimer = null;
      const rooms = [...dueRechecks];
      dueRechecks.clear();
      for (const r of rooms) {
        void recheckLocalSockets(r).catch((err: unknown) => app.log.error({ err }, 'socket recheck failed'));
      }
    }, RECHECK_DELAY_MS);
  });

  const emit = (room: string, event: ServerEventName, payload: unknown) => {
    (io.to(room).emit as (e: string, p: unknown) => boolean)(event, payload);
  };
  app.decorate('realtime', {
    io,
    toEntity: (entityId, event, payload) => emit(roomOfEntityEvent(entityId, event), event, payload),
    toRoom: (room, event, payload, except) => {
      const to = except ? io.to(room).except(except) : io.to(room);
      (to.emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    toLocalRoom: (room, event, payload, except) => {
      const to = except ? io.local.to(room).except(except) : io.local.to(room);
      (to.emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    hasLocalListeners: (room) => (io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0,
    resyncLocalSockets: () => {
      for (const socket of io.sockets.sockets.values()) if (socket.data.entityId) socket.disconnect(true);
    },
    toUser: (userId, event, payload) => emit(userRoom(userId), event, payload),
    toUserExceptSession: (userId, sessionId, event, payload) => {
      (io.to(userRoom(userId)).except(sessionRoom(sessionId)).emit as (e: string, p: unknown) => boolean)(
        event,
        payload,
      );
    },
    closeSessions: (sessionIds) => {
      for (const id of sessionIds) io.in(sessionRoom(id)).disconnectSockets(true);
    },
    recheckSockets,
  } satisfies Realtime);

  // Sockets must go before the HTTP server closes, or open connections keep it waiting.
  app.addHook('preClose', async () => {
    unsubscribe();
    if (recheckTimer) clearTimeout(recheckTimer);
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await Promise.all(redis.map((r) => r.quit().catch(() => undefined)));
  });
});
