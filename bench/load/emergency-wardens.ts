// Fifty fire wardens' phones on one evacuation's session page (bench/cases/emergency.ts): each its own
// signed-in session and Socket.IO connection, joined to the company and watching the session as the
// session page does (`join`, then `watchEmergencySession`). Every `updateEmergencySessionData` with
// entries is noted per socket: when (the machine's clock, to the microsecond) it first carried each roll
// entry, so the bench can time each mark from its POST (sent by another process) to every other warden.
// Runs until the bench writes `stopFile`.
//   node --import tsx bench/load/emergency-wardens.ts <settings.json>
import { existsSync, writeFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/shared/realtime/events';
import { readSettings, sleep, writeResult } from './child-io';

export type WardensSettings = {
  baseUrl: string;
  entityId: string;
  sessionId: string;
  /** One signed-in session's cookies per warden. */
  cookies: string[];
  /** Written once every socket watches the session. */
  readyFile: string;
  /** The bench writes it when the marks are over and the stragglers have had their time. */
  stopFile: string;
  maxSeconds: number;
  out: string;
};

export type WardensResult = {
  sockets: number;
  /** Per roll entry: when each socket (by index) first received it, in ms since the epoch; null: never. */
  received: Record<string, (number | null)[]>;
  /** Events with entries, and the id-only notices of the company's emergency room, over every socket. */
  entryEvents: number;
  notices: number;
  /** The highest version seen per entry (a check that the entries carry the mark). */
  versions: Record<string, number>;
  disconnects: number;
};

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const settings = readSettings<WardensSettings>();
/** Wall-clock milliseconds with the precision of the monotonic clock: comparable across processes. */
const now = () => performance.timeOrigin + performance.now();

const received = new Map<string, (number | null)[]>();
const versions = new Map<string, number>();
let entryEvents = 0;
let notices = 0;
let disconnects = 0;

async function openWarden(index: number, cookie: string): Promise<AppSocket> {
  // As the web app's socket: default transports (polling, then upgrade), no reconnection of its own.
  const socket: AppSocket = io(settings.baseUrl, { path: '/socket.io', reconnection: false, extraHeaders: { cookie } });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`warden ${index}: no answer to join within 30 s`)), 30_000);
    socket.on('connect', () => socket.emit('join', settings.entityId));
    socket.on('joined', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.on('join_error', (e) => reject(new Error(`warden ${index}: join refused: ${e.message}`)));
    socket.on('connect_error', (e) => reject(new Error(`warden ${index}: ${e.message}`)));
  });
  socket.on('updateEmergencySessionData', (payload) => {
    const at = now();
    if (payload.sessionId !== settings.sessionId) return;
    if (!payload.entries) {
      notices++;
      return;
    }
    entryEvents++;
    for (const entry of payload.entries) {
      let row = received.get(entry.id);
      if (!row) {
        row = Array.from({ length: settings.cookies.length }, () => null);
        received.set(entry.id, row);
      }
      row[index] ??= at;
      versions.set(entry.id, Math.max(versions.get(entry.id) ?? 0, entry.version));
    }
  });
  socket.on('disconnect', () => disconnects++);
  const ack = await new Promise<{ ok: boolean }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`warden ${index}: no answer to watchEmergencySession`)), 30_000);
    socket.emit('watchEmergencySession', settings.sessionId, (result) => {
      clearTimeout(timer);
      resolve(result);
    });
  });
  if (!ack.ok) throw new Error(`warden ${index}: watchEmergencySession refused`);
  return socket;
}

const sockets: AppSocket[] = [];
for (const [index, cookie] of settings.cookies.entries()) sockets.push(await openWarden(index, cookie));
writeFileSync(settings.readyFile, '');
const until = performance.now() + settings.maxSeconds * 1000;
while (!existsSync(settings.stopFile) && performance.now() < until) await sleep(100);
for (const socket of sockets) socket.disconnect();
const result: WardensResult = {
  sockets: sockets.length,
  received: Object.fromEntries(received),
  entryEvents,
  notices,
  versions: Object.fromEntries(versions),
  disconnects: disconnects - sockets.length,
};
writeResult(settings.out, result);
process.exit(0);
