// The browser's side of the server's Socket.IO gateway, over a WebSocket only (decision 043): the
// Engine.IO 4 and Socket.IO 5 protocols, as far as the app uses them: the main namespace, events
// without binary attachments, the server's answers to ours (acknowledgements), the server's heartbeat. socket.io-client
// (11.6 KB as served, most of it the long-polling transport and its upgrade) weighed as much as the
// whole dashboard page's own code; this is about 1 KB. Reconnection is the caller's (lib/socket.ts).
//
// Frames: the server opens with `0{"sid",…,"pingInterval","pingTimeout"}`, pings with `2` (answered
// `3`); Socket.IO packets travel as engine messages `4…`: `40` connects to the namespace (answered
// `40{"sid"}`, or `44{"message"}` when the server's middleware refuses), `42["event",…args]` is an
// event (`42<id>[…]` when it asks for an answer, which comes as `43<id>[…args]`), `41` a disconnection.

export type DisconnectReason =
  'io server disconnect' | 'io client disconnect' | 'ping timeout' | 'transport close' | 'transport error';

export type RealtimeClientEvents = {
  /** Connected to the namespace: events flow. */
  onConnect: () => void;
  /** A connection that was up has ended. */
  onDisconnect: (reason: DisconnectReason) => void;
  /** A connection could not be made: refused by the server (its message) or the network. */
  onConnectError: (error: Error) => void;
};

type Listener = (...args: never[]) => void;

/** What the client needs of a WebSocket: the browser's, or another of its shape. */
export type WebSocketLike = Pick<WebSocket, 'readyState' | 'onmessage' | 'onclose' | 'onerror' | 'send' | 'close'>;

const OPEN = 1;

/** A decoded Socket.IO packet of the main namespace: its type, and the event's name and arguments. */
export type SocketPacket =
  | { type: 'connect' }
  | { type: 'disconnect' }
  | { type: 'event'; name: string; args: unknown[] }
  | { type: 'ack'; id: number; args: unknown[] }
  | { type: 'connect_error'; message: string }
  | { type: 'other' };

/** Decodes the Socket.IO packet an engine message carries (without its leading `4`). */
export function decodeSocketPacket(data: string): SocketPacket {
  const type = data[0];
  const rest = data.slice(1);
  // Another namespace's packets (`/admin,…`) are not ours.
  if (rest.startsWith('/')) return { type: 'other' };
  if (type === '0') return { type: 'connect' };
  if (type === '1') return { type: 'disconnect' };
  if (type === '4') {
    const body = parseJson(rest) as { message?: unknown } | undefined;
    return { type: 'connect_error', message: typeof body?.message === 'string' ? body.message : 'refused' };
  }
  if (type === '2' || type === '3') {
    // An acknowledgement id (digits) comes before the arguments of an answer, and of an event that asks
    // for one (the app's server asks for none).
    const id = /^\d+/.exec(rest)?.[0];
    const body = parseJson(rest.slice(id?.length ?? 0));
    if (!Array.isArray(body)) return { type: 'other' };
    if (type === '3') return id === undefined ? { type: 'other' } : { type: 'ack', id: Number(id), args: body };
    if (typeof body[0] === 'string') return { type: 'event', name: body[0], args: body.slice(1) };
  }
  return { type: 'other' };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The gateway's WebSocket address on the page's origin. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>, path: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${path.replace(/\/$/, '')}/?EIO=4&transport=websocket`;
}

export type RealtimeClient = {
  /** Opens the connection unless it is open or opening. */
  connect(): void;
  /** Closes it; `onDisconnect('io client disconnect')` when it was up. */
  disconnect(): void;
  readonly connected: boolean;
  on(event: string, listener: Listener): void;
  off(event: string, listener: Listener): void;
  /**
   * Sends an event when connected (answers whether it was sent); nothing is kept for later. A function
   * as the last argument is called with the server's answer (not when the connection ends first).
   */
  emit(event: string, ...args: unknown[]): boolean;
};

export function createRealtimeClient(
  url: string,
  events: RealtimeClientEvents,
  open: (url: string) => WebSocketLike = (to) => new WebSocket(to),
): RealtimeClient {
  const listeners = new Map<string, Set<Listener>>();
  let ws: WebSocketLike | null = null;
  let connected = false;
  let heartbeat: ReturnType<typeof setTimeout> | undefined;
  /** Callbacks waiting for the server's answers, by id; they go with the connection. */
  const acks = new Map<number, (...args: unknown[]) => void>();
  let nextAck = 0;
  /** Answers the server's ping on the current connection (set as it opens). */
  let onPing = () => {};

  /** Ends the current WebSocket; says so when the namespace was connected, else that it failed. */
  function end(reason: DisconnectReason, error?: Error): void {
    const current = ws;
    if (!current) return;
    ws = null;
    clearTimeout(heartbeat);
    acks.clear();
    current.onmessage = current.onclose = current.onerror = null;
    if (current.readyState <= OPEN) current.close();
    const wasConnected = connected;
    connected = false;
    if (wasConnected) events.onDisconnect(reason);
    else if (reason !== 'io client disconnect') events.onConnectError(error ?? new Error('websocket error'));
  }

  function onFrame(frame: string, socket: WebSocketLike): void {
    const engineType = frame[0];
    if (engineType === '0') {
      const { pingInterval = 25_000, pingTimeout = 20_000 } = (parseJson(frame.slice(1)) ?? {}) as {
        pingInterval?: number;
        pingTimeout?: number;
      };
      const expectPing = () => {
        clearTimeout(heartbeat);
        heartbeat = setTimeout(() => end('ping timeout'), pingInterval + pingTimeout);
      };
      expectPing();
      socket.send('40');
      onPing = () => {
        socket.send('3');
        expectPing();
      };
    } else if (engineType === '2') {
      onPing();
    } else if (engineType === '1') {
      end('transport close');
    } else if (engineType === '4') {
      const packet = decodeSocketPacket(frame.slice(1));
      if (packet.type === 'connect') {
        connected = true;
        events.onConnect();
      } else if (packet.type === 'event') {
        for (const listener of [...(listeners.get(packet.name) ?? [])])
          (listener as (...a: unknown[]) => void)(...packet.args);
      } else if (packet.type === 'ack') {
        const answer = acks.get(packet.id);
        acks.delete(packet.id);
        answer?.(...packet.args);
      } else if (packet.type === 'disconnect') {
        end('io server disconnect');
      } else if (packet.type === 'connect_error') {
        end('transport close', new Error(packet.message));
      }
    }
  }

  return {
    connect() {
      if (ws) return;
      const socket = open(url);
      ws = socket;
      socket.onmessage = ({ data }) => {
        if (typeof data === 'string') onFrame(data, socket);
      };
      socket.onerror = () => end('transport error');
      socket.onclose = () => end('transport close');
    },
    disconnect() {
      if (connected && ws?.readyState === OPEN) ws.send('41');
      end('io client disconnect');
    },
    get connected() {
      return connected;
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    emit(event, ...args) {
      if (!connected || ws?.readyState !== OPEN) return false;
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        const id = nextAck++;
        acks.set(id, last as (...answer: unknown[]) => void);
        ws.send(`42${id}${JSON.stringify([event, ...args.slice(0, -1)])}`);
      } else ws.send(`42${JSON.stringify([event, ...args])}`);
      return true;
    },
  };
}
