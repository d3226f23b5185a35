// The real-time connection (spec §4 "Sockets"): one socket on the app's origin, authenticated by the
// session cookie. On connect it joins the current company's room; after a disconnect it reconnects
// after 3 s. socket.io's own reconnection is off so that this rule is the only one.
import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { TIMINGS } from '@app/shared/constants';
import type {
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
} from '@app/shared/realtime/events';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
let entityId: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleReconnect(): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    if (entityId !== null) socket?.connect();
  }, TIMINGS.socketReconnectMs);
}

function getSocket(): AppSocket {
  if (socket) return socket;
  const created: AppSocket = io({ path: '/socket.io', autoConnect: false, reconnection: false, withCredentials: true });
  created.on('connect', () => {
    if (entityId !== null) created.emit('join', entityId);
  });
  created.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') scheduleReconnect();
  });
  created.on('connect_error', (error) => {
    // A refused handshake means the session is over: the next API call takes the person to /error.
    if (error.message !== 'unauthenticated') scheduleReconnect();
  });
  socket = created;
  return created;
}

/** Connects for a company (or moves the connection to another one). */
function connectRealtime(forEntityId: string): void {
  const current = getSocket();
  const changed = entityId !== forEntityId;
  entityId = forEntityId;
  if (!current.connected) current.connect();
  else if (changed) current.emit('join', forEntityId);
}

function disconnectRealtime(): void {
  entityId = null;
  clearTimeout(retryTimer);
  socket?.disconnect();
}

/** Keeps the socket connected to the company while the calling component is mounted. */
export function useRealtimeConnection(forEntityId: string): void {
  useEffect(() => {
    connectRealtime(forEntityId);
    return disconnectRealtime;
  }, [forEntityId]);
}

/** Calls the handler for each event of that name while the component is mounted; the handler may change freely. */
export function useRealtimeEvent<E extends ServerEventName>(
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = (payload: ServerEventPayload<E>) => latest.current(payload);
    // socket.io cannot narrow its listener type from a generic event name.
    const typed = listener as unknown as ServerToClientEvents[E];
    const current = getSocket();
    current.on(event, typed as never);
    return () => {
      current.off(event, typed as never);
    };
  }, [event]);
}
