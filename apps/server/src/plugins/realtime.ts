import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { SESSION } from '@app/shared/constants';
import {
  entityRoom,
  userRoom,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@app/shared/realtime/events';
import { withTenant } from '../db/client';
import { sha256 } from '../lib/tokens';
import { findMembership } from '../modules/access/access.repository';
import { findLiveSession } from '../modules/auth/sessions.repository';

type SocketData = { userId: string; sessionId: string; entityId: string | null };

const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export type Realtime = {
  io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
  toEntity: <E extends ServerEventName>(entityId: string, event: E, payload: ServerEventPayload<E>) => void;
  toUser: <E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>) => void;
  /** To a person's sockets except those of one session (the tab that made the change). */
  toUserExceptSession: <E extends ServerEventName>(
    userId: string,
    sessionId: string,
    event: E,
    payload: ServerEventPayload<E>,
  ) => void;
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
      socket.data = { userId: found.user.id, sessionId: found.session.id, entityId: found.session.entityId };
      next();
    } catch (err) {
      app.log.error({ err }, 'socket handshake failed');
      next(new Error('unauthenticated'));
    }
  });

  io.on('connection', (socket) => {
    void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)]);
    socket.on('join', async (entityId) => {
      const allowed =
        typeof entityId === 'string' &&
        entityId === socket.data.entityId &&
        (
          await withTenant(app.db.db, entityId, (tx) => findMembership(tx, entityId, socket.data.userId)).catch(
            () => null,
          )
        )?.status === 'active';
      if (!allowed) {
        socket.emit('join_error', { code: 'forbidden', message: 'not a member of this company' });
        return;
      }
      for (const room of socket.rooms) if (room.startsWith('entity:')) void socket.leave(room);
      await socket.join(entityRoom(entityId));
      socket.emit('joined', { entity_id: entityId });
    });
  });

  const emit = (room: string, event: ServerEventName, payload: unknown) => {
    (io.to(room).emit as (e: string, p: unknown) => boolean)(event, payload);
  };
  app.decorate('realtime', {
    io,
    toEntity: (entityId, event, payload) => emit(entityRoom(entityId), event, payload),
    toUser: (userId, event, payload) => emit(userRoom(userId), event, payload),
    toUserExceptSession: (userId, sessionId, event, payload) => {
      (io.to(userRoom(userId)).except(sessionRoom(sessionId)).emit as (e: string, p: unknown) => boolean)(
        event,
        payload,
      );
    },
  } satisfies Realtime);

  // Sockets must go before the HTTP server closes, or open connections keep it waiting.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await Promise.all(redis.map((r) => r.quit().catch(() => undefined)));
  });
});
