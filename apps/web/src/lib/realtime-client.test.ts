// The client against the server's own Socket.IO (the version the server runs), and against a bare
// WebSocket server for a heartbeat that stops.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket, WebSocketServer } from 'ws';
import {
  createRealtimeClient,
  decodeSocketPacket,
  realtimeUrl,
  type DisconnectReason,
  type RealtimeClient,
  type WebSocketLike,
} from './realtime-client';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function listen(http: HttpServer): Promise<string> {
  return new Promise((resolve) =>
    http.listen(0, '127.0.0.1', () => resolve(`127.0.0.1:${(http.address() as AddressInfo).port}`)),
  );
}

/** A Socket.IO server as the app's (path /socket.io) that lets in the cookie `sid=ok` only. */
async function gateway(options: { pingInterval?: number; pingTimeout?: number } = {}) {
  const http = createServer();
  const io = new Server(http, { path: '/socket.io', serveClient: false, ...options });
  io.use((socket, next) =>
    next(socket.handshake.headers.cookie === 'sid=ok' ? undefined : new Error('unauthenticated')),
  );
  const sockets: Socket[] = [];
  io.on('connection', (socket) => sockets.push(socket));
  const host = await listen(http);
  closers.push(() => new Promise((resolve) => void io.close(() => resolve())));
  return { host, sockets };
}

/** A client whose WebSocket sends `cookie`, as the browser sends the session's. */
function client(host: string, cookie = 'sid=ok') {
  const seen = { connects: 0, disconnects: [] as DisconnectReason[], errors: [] as string[] };
  const created: RealtimeClient = createRealtimeClient(
    realtimeUrl({ protocol: 'http:', host }, '/socket.io'),
    {
      onConnect: () => seen.connects++,
      onDisconnect: (reason) => seen.disconnects.push(reason),
      onConnectError: (error) => seen.errors.push(error.message),
    },
    (url) => new NodeWebSocket(url, { headers: { cookie } }) as unknown as WebSocketLike,
  );
  closers.push(() => Promise.resolve(created.disconnect()));
  return { created, seen };
}

describe('the real-time client', () => {
  it('connects, hears events and sends them, and says when the server ends it', async () => {
    const { host, sockets } = await gateway();
    const { created, seen } = client(host);
    const heard: unknown[] = [];
    created.on('updateVisits', (...args: never[]) => heard.push(args));
    expect(created.emit('join', 'early')).toBe(false);
    created.connect();
    await vi.waitFor(() => expect(seen.connects).toBe(1));
    expect(created.connected).toBe(true);

    const joined = new Promise<unknown[]>((resolve) => sockets[0]!.on('join', (...args) => resolve(args)));
    expect(created.emit('join', 'entity-1', { n: 2 })).toBe(true);
    expect(await joined).toEqual(['entity-1', { n: 2 }]);

    // An event that asks for the server's answer.
    sockets[0]!.on('watch', (id: string, answer: (result: { ok: boolean; id: string }) => void) =>
      answer({ ok: true, id }),
    );
    const answered = new Promise<unknown>((resolve) => created.emit('watch', 's-1', resolve));
    expect(await answered).toEqual({ ok: true, id: 's-1' });

    sockets[0]!.emit('updateVisits', { ids: ['a', 'b'] }, 'é – ✓');
    await vi.waitFor(() => expect(heard).toEqual([[{ ids: ['a', 'b'] }, 'é – ✓']]));

    sockets[0]!.disconnect(true);
    await vi.waitFor(() => expect(seen.disconnects).toEqual(['io server disconnect']));
    expect(created.connected).toBe(false);
    // It connects again when asked (the caller's reconnection).
    created.connect();
    await vi.waitFor(() => expect(seen.connects).toBe(2));
  });

  it("tells a handshake the server refuses by the server's message", async () => {
    const { host, sockets } = await gateway();
    const { created, seen } = client(host, 'sid=expired');
    created.connect();
    await vi.waitFor(() => expect(seen.errors).toEqual(['unauthenticated']));
    expect([created.connected, seen.connects, sockets.length]).toEqual([false, 0, 0]);
  });

  it('ends the connection when asked, and the server hears it', async () => {
    const { host, sockets } = await gateway();
    const { created, seen } = client(host);
    created.connect();
    await vi.waitFor(() => expect(seen.connects).toBe(1));
    const gone = new Promise<string>((resolve) => sockets[0]!.on('disconnect', resolve));
    created.disconnect();
    expect(await gone).toBe('client namespace disconnect');
    expect(seen.disconnects).toEqual(['io client disconnect']);
    expect(created.emit('join', 'x')).toBe(false);
  });

  it("answers the server's heartbeat", async () => {
    const { host, sockets } = await gateway({ pingInterval: 50, pingTimeout: 200 });
    const { created, seen } = client(host);
    created.connect();
    await vi.waitFor(() => expect(seen.connects).toBe(1));
    // A dozen heartbeats: without the answers, the server would have closed it after 250 ms.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect([created.connected, sockets[0]!.connected, seen.disconnects]).toEqual([true, true, []]);
  });

  it('notices a server that stops its heartbeat, and a server that is not there', async () => {
    const http = createServer();
    const wss = new WebSocketServer({ server: http });
    wss.on('connection', (ws) => {
      ws.send('0{"sid":"s","upgrades":[],"pingInterval":30,"pingTimeout":30,"maxPayload":1000000}');
      ws.on('message', (data: Buffer) => {
        if (data.toString() === '40') ws.send('40{"sid":"n"}');
      });
    });
    const host = await listen(http);
    closers.push(() => new Promise((resolve) => (wss.close(), http.close(() => resolve()))));
    const { created, seen } = client(host);
    created.connect();
    await vi.waitFor(() => expect(seen.connects).toBe(1));
    await vi.waitFor(() => expect(seen.disconnects).toEqual(['ping timeout']));

    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
    const nobody = client(host);
    nobody.created.connect();
    await vi.waitFor(() => expect(nobody.seen.errors).toEqual(['websocket error']));
  });
});

describe('decodeSocketPacket', () => {
  it('reads events with or without an acknowledgement id, and leaves what is not ours', () => {
    expect(decodeSocketPacket('2["joined","e"]')).toEqual({ type: 'event', name: 'joined', args: ['e'] });
    expect(decodeSocketPacket('212["a",1]')).toEqual({ type: 'event', name: 'a', args: [1] });
    expect(decodeSocketPacket('37[{"ok":true}]')).toEqual({ type: 'ack', id: 7, args: [{ ok: true }] });
    expect(decodeSocketPacket('3[{"ok":true}]')).toEqual({ type: 'other' });
    expect(decodeSocketPacket('0{"sid":"x"}')).toEqual({ type: 'connect' });
    expect(decodeSocketPacket('1')).toEqual({ type: 'disconnect' });
    expect(decodeSocketPacket('4{"message":"unauthenticated"}')).toEqual({
      type: 'connect_error',
      message: 'unauthenticated',
    });
    expect(decodeSocketPacket('2/admin,["a"]')).toEqual({ type: 'other' });
    expect(decodeSocketPacket('51-["a",{"_placeholder":true,"num":0}]')).toEqual({ type: 'other' });
    expect(decodeSocketPacket('2[not json')).toEqual({ type: 'other' });
    expect(decodeSocketPacket('2[1]')).toEqual({ type: 'other' });
  });

  it('gives the address on the page’s origin', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'visit.example.com' }, '/socket.io')).toBe(
      'wss://visit.example.com/socket.io/?EIO=4&transport=websocket',
    );
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' }, '/socket.io/')).toBe(
      'ws://localhost:3000/socket.io/?EIO=4&transport=websocket',
    );
  });
});
