// Browsers' sockets in tests: opened with a signed-in client's cookies against an app listening on a
// port, joined to a company as the web app does, and the events they receive.
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerEventName, ServerToClientEvents } from '@app/shared/realtime/events';
import type { TestClient } from './http-client';
import type { TestContext } from './test-app';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const opened: ClientSocket[] = [];

/** Listens on a free port of 127.0.0.1; answers the base URL. */
export async function listen(ctx: TestContext) {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return baseUrl(ctx);
}

export const baseUrl = (ctx: TestContext) => `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;

/** Disconnects every socket the tests opened. */
export function closeSockets() {
  for (const s of opened.splice(0)) s.disconnect();
}

export function openSocket(ctx: TestContext, client: TestClient): Promise<ClientSocket> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const socket: ClientSocket = connect(baseUrl(ctx), {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
  });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** A socket opened without cookies (it must be refused). */
export function openBareSocket(ctx: TestContext): ClientSocket {
  const socket: ClientSocket = connect(baseUrl(ctx), { transports: ['websocket'], reconnection: false });
  opened.push(socket);
  return socket;
}

export function joinRoom(socket: ClientSocket, entityId: string) {
  return new Promise<'joined' | 'refused'>((resolve) => {
    socket.once('joined', () => resolve('joined'));
    socket.once('join_error', () => resolve('refused'));
    socket.emit('join', entityId);
  });
}

/** Collects one event type for a short while; the server has answered the HTTP call before we wait. */
export function collect<E extends ServerEventName>(socket: ClientSocket, event: E, ms = 600) {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  (socket.on as (e: string, fn: (p: unknown) => void) => void)(event, (p) => seen.push(p as never));
  return {
    seen,
    /** What came within `ms`: for events that must not come, or whose number is the point. */
    settle: () => new Promise((r) => setTimeout(r, ms)).then(() => seen),
    /**
     * What came by the time `done` says it is all there (checked on each event), or after `timeoutMs`
     * whatever came: the caller's assertions then say what is missing. No fixed wait to lose under load.
     */
    until: (done: (seen: Parameters<ServerToClientEvents[E]>[0][]) => boolean, timeoutMs = 15_000) =>
      new Promise<typeof seen>((resolve) => {
        if (done(seen)) return resolve(seen);
        const finish = () => {
          clearInterval(poll);
          clearTimeout(timer);
          resolve(seen);
        };
        const poll = setInterval(() => done(seen) && finish(), 20);
        const timer = setTimeout(finish, timeoutMs);
      }),
  };
}

export function waitFor<E extends ServerEventName>(socket: ClientSocket, event: E, ms = 5000) {
  return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    (socket.once as (e: string, fn: (p: unknown) => void) => void)(event, (p) => {
      clearTimeout(timer);
      resolve(p as never);
    });
  });
}
