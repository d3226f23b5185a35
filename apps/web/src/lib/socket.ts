// The real-time connection (spec §4 "Sockets"): one socket on the app's origin, authenticated by the
// session cookie. On connect it joins the current company's room; after a disconnect it reconnects
// after 3 s, by this rule only.
//
// Where the connection stands is published (`useRealtimeStatus`): live once the company's room is
// joined; reconnecting from a disconnect, or the moment the browser says it is offline, until the
// next join, when every live view reads again what it may have missed (`onRealtimeResync`).
//
// The connection is the gateway's protocol over a WebSocket (lib/realtime-client.ts, decision 043).
// Handlers registered before the connection exists are attached as it is made, and the room is joined
// on connect, as before.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { TIMINGS } from '@app/shared/constants';
import type { ClientToServerEvents, ServerEventName, ServerEventPayload } from '@app/shared/realtime/events';
import { createRealtimeClient, realtimeUrl, type RealtimeClient } from './realtime-client';

let socket: RealtimeClient | null = null;
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

/** The connection, made once and opened again as needed. */
function theSocket(): RealtimeClient {
  socket ??= createSocket();
  return socket;
}

function createSocket(): RealtimeClient {
  const created = createRealtimeClient(realtimeUrl(window.location, '/socket.io'), {
    onConnect: () => {
      if (entityId !== null) created.emit('join', entityId);
    },
    onDisconnect: (reason) => {
      if (entityId !== null) dropped();
      if (reason !== 'io client disconnect') scheduleReconnect();
    },
    onConnectError: (error) => {
      dropped();
      // A refused handshake means the session is over: the next API call takes the person to /error.
      if (error.message !== 'unauthenticated') scheduleReconnect();
    },
  });
  for (const [event, listeners] of handlers) {
    for (const listener of listeners) created.on(event, listener);
  }
  created.on('joined', () => {
    const again = joinedBefore;
    joinedBefore = true;
    setStatus('live');
    if (again) for (const listener of [...resyncListeners]) listener();
  });
  created.on('join_error', dropped);
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
  return created;
}

/** Connects for a company (or moves the connection to another one). */
function connectRealtime(forEntityId: string): void {
  const changed = entityId !== forEntityId;
  entityId = forEntityId;
  const current = theSocket();
  if (!current.connected) current.connect();
  else if (changed) current.emit('join', forEntityId);
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
  return socket?.emit(event, ...args) ?? false;
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
    // The connection keeps listeners of every event in one map: their payloads differ by name.
    const typed = listener as unknown as (...args: never[]) => void;
    let listeners = handlers.get(event);
    if (!listeners) handlers.set(event, (listeners = new Set()));
    listeners.add(typed);
    socket?.on(event, typed);
    return () => {
      listeners.delete(typed);
      socket?.off(event, typed);
    };
  }, [event]);
}
