// The real-time connection (spec §4 "Sockets"): one socket on the app's origin, authenticated by the
// session cookie. On connect it joins the current company's room; after a disconnect it reconnects
// after 3 s. socket.io's own reconnection is off so that this rule is the only one.
//
// Where the connection stands is published (`useRealtimeStatus`): live once the company's room is
// joined; reconnecting from a disconnect, or the moment the browser says it is offline, until the
// next join, when every live view reads again what it may have missed (`onRealtimeResync`).
//
// socket.io's client loads when the connection is first wanted (the signed-in layout mounts), after the
// page has shown: it is not part of what a page downloads before it shows. Handlers registered before
// it has loaded are attached as it arrives, and the room is joined on connect, as before.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { TIMINGS } from '@app/shared/constants';
import type {
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
} from '@app/shared/realtime/events';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
let loadingSocket: Promise<AppSocket> | null = null;
/** The handlers of server events by name, attached to the socket once it exists. */
const handlers = new Map<string, Set<(...args: never[]) => void>>();
let entityId: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

export type RealtimeStatus = {
  /** connecting: not joined yet; live: events arrive; reconnecting: they may be missed until the next join. */
  state: 'connecting' | 'live' | 'reconnecting';
  /** When the connection was last live (set as it drops): what was shown was current until then. */
  liveUntil: number | null;
};

let status: RealtimeStatus = { state: 'connecting', liveUntil: null };
const statusListeners = new Set<() => void>();
const resyncListeners = new Set<() => void>();
/** Whether the room was joined before: a join after a drop means events may have been missed. */
let joinedBefore = false;

/** Where the connection stands is also on the document (`data-realtime`), for styles and checks. */
function publish(next: RealtimeStatus): void {
  status = next;
  document.documentElement.dataset.realtime = next.state;
  for (const listener of statusListeners) listener();
}

function setStatus(state: RealtimeStatus['state']): void {
  if (status.state === state) return;
  publish({ state, liveUntil: status.state === 'live' ? Date.now() : status.liveUntil });
}

function dropped(): void {
  if (status.state === 'live' || joinedBefore) setStatus('reconnecting');
}

function scheduleReconnect(): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    // Offline, the browser's 'online' event connects again (an attempt now could only fail).
    if (entityId !== null && navigator.onLine) socket?.connect();
  }, TIMINGS.socketReconnectMs);
}

/** The socket, once socket.io's client has loaded (it loads once; a failed load is tried again). */
function loadSocket(): Promise<AppSocket> {
  loadingSocket ??= import('socket.io-client').then(
    ({ io }) => socket ?? createSocket(io),
    (error: unknown) => {
      loadingSocket = null;
      throw error;
    },
  );
  return loadingSocket;
}

function createSocket(io: typeof import('socket.io-client').io): AppSocket {
  const created: AppSocket = io({ path: '/socket.io', autoConnect: false, reconnection: false, withCredentials: true });
  for (const [event, listeners] of handlers) {
    for (const listener of listeners) created.on(event as never, listener as never);
  }
  created.on('connect', () => {
    if (entityId !== null) created.emit('join', entityId);
  });
  created.on('joined', () => {
    const again = joinedBefore;
    joinedBefore = true;
    setStatus('live');
    if (again) for (const listener of [...resyncListeners]) listener();
  });
  created.on('join_error', dropped);
  created.on('disconnect', (reason) => {
    if (entityId !== null) dropped();
    if (reason !== 'io client disconnect') scheduleReconnect();
  });
  created.on('connect_error', (error) => {
    dropped();
    // A refused handshake means the session is over: the next API call takes the person to /error.
    if (error.message !== 'unauthenticated') scheduleReconnect();
  });
  // The browser knows first that the network is gone (the socket would notice only at its next
  // heartbeat): say so at once, and connect again as soon as the network is back.
  window.addEventListener('offline', () => {
    if (entityId === null) return;
    clearTimeout(retryTimer);
    created.disconnect();
    dropped();
  });
  window.addEventListener('online', () => {
    if (entityId !== null && !created.connected) {
      clearTimeout(retryTimer);
      created.connect();
    }
  });
  socket = created;
  return created;
}

/** Connects for a company (or moves the connection to another one). */
function connectRealtime(forEntityId: string): void {
  const changed = entityId !== forEntityId;
  entityId = forEntityId;
  loadSocket().then(
    (current) => {
      // Left or moved to another company while the client loaded: that call has its say.
      if (entityId !== forEntityId) return;
      if (!current.connected) current.connect();
      else if (changed) current.emit('join', forEntityId);
    },
    () => {
      // The client could not load (the network is gone): try again as a dropped connection would.
      if (entityId !== forEntityId) return;
      dropped();
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        if (entityId === forEntityId) connectRealtime(forEntityId);
      }, TIMINGS.socketReconnectMs);
    },
  );
}

function disconnectRealtime(): void {
  entityId = null;
  clearTimeout(retryTimer);
  socket?.disconnect();
  joinedBefore = false;
  publish({ state: 'connecting', liveUntil: null });
}

/** Where the real-time connection stands, redrawn as it changes. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
    () => status,
  );
}

/**
 * Calls `listener` each time the company's room is joined again after the connection dropped (events
 * may have been missed meanwhile). Answers how to stop.
 */
export function onRealtimeResync(listener: () => void): () => void {
  resyncListeners.add(listener);
  return () => resyncListeners.delete(listener);
}

/**
 * Sends a request of ours on the connection when it is up (answers whether it was sent). Rooms asked
 * for this way are lost with the connection: callers ask again each time it is live again.
 */
export function emitRealtime<E extends keyof ClientToServerEvents>(
  event: E,
  ...args: Parameters<ClientToServerEvents[E]>
): boolean {
  const current = socket;
  if (!current?.connected) return false;
  // socket.io cannot narrow its argument list from a generic event name.
  (current.emit as (name: string, ...rest: unknown[]) => void)(event, ...args);
  return true;
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
    const typed = listener as unknown as (...args: never[]) => void;
    let listeners = handlers.get(event);
    if (!listeners) handlers.set(event, (listeners = new Set()));
    listeners.add(typed);
    socket?.on(event, typed as never);
    return () => {
      listeners.delete(typed);
      socket?.off(event, typed as never);
    };
  }, [event]);
}
