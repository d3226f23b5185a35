// A sign-in through node A, seen by a dashboard on node B (the cluster case, bench/cases/cluster.ts):
// the admin's session (signed in on A) opens one socket on each node, joined to the company as the web
// app joins it, over a WebSocket as the web app speaks it (decision 043). Then people are signed in
// through A one at a time, `intervalMs` apart, with the API token, while other sign-ins go on in the
// background at `backgroundRate` per second through both nodes in turn; for each, the time from the
// request's send to the `updateVisits` naming its visit on B's socket (another node: through Redis) and
// on A's (the same node), measured apart.
//   node --import tsx bench/load/cluster-live.ts <settings.json>
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/shared/realtime/events';
import { latency, type Latency } from '../lib/stats';
import { readSettings, sleep, writeResult } from './child-io';

export type ClusterLiveSettings = {
  nodeA: string;
  nodeB: string;
  entityId: string;
  admin: { email: string; password: string };
  token: string;
  areaId: string;
  /** People signed in one at a time, timed. */
  people: string[];
  /** People signed in in the background (each once; the background stops when they run out). */
  background: string[];
  backgroundRate: number;
  intervalMs: number;
  timeoutMs: number;
  out: string;
};

export type ClusterLiveResult = {
  signIns: number;
  /** Sign-in sent through A → `updateVisits` on B's socket. */
  otherNode: Latency;
  /** The same sign-ins → `updateVisits` on A's socket. */
  sameNode: Latency;
  missed: { otherNode: number; sameNode: number };
  signInErrors: string[];
  background: { sent: number; ok: number; errors: number };
};

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const settings = readSettings<ClusterLiveSettings>();

async function signInSession(): Promise<string> {
  const res = await fetch(`${settings.nodeA}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings.admin),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A dashboard's socket on `url`, and when it first heard of each visit. */
async function openDashboard(url: string, cookie: string) {
  const heard = new Map<string, number>();
  const socket: AppSocket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie },
  });
  socket.on('updateVisits', (payload) => {
    const now = performance.now();
    for (const id of payload.visit_ids) if (!heard.has(id)) heard.set(id, now);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => socket.emit('join', settings.entityId));
    socket.once('joined', () => resolve());
    socket.once('join_error', () => reject(new Error(`${url}: join refused`)));
    socket.once('connect_error', reject);
  });
  return { socket, heard };
}

const signIn = (url: string, personId: string) =>
  fetch(`${url}/api/v1/visits/sign-in`, {
    method: 'POST',
    headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ area_id: settings.areaId, people: [{ person_id: personId }] }),
  });

const cookie = await signInSession();
const onB = await openDashboard(settings.nodeB, cookie);
const onA = await openDashboard(settings.nodeA, cookie);

// The background: open loop at its rate, through both nodes in turn.
const background = { sent: 0, ok: 0, errors: 0 };
let stopBackground = false;
const backgroundDone = (async () => {
  const interval = 1000 / settings.backgroundRate;
  const t0 = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < settings.background.length && !stopBackground; i++) {
    const wait = t0 + i * interval - performance.now();
    if (wait > 1) await sleep(wait);
    background.sent++;
    pending.push(
      signIn(i % 2 ? settings.nodeB : settings.nodeA, settings.background[i]!).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.status === 201) background.ok++;
          else background.errors++;
        },
        () => {
          background.errors++;
        },
      ),
    );
  }
  await Promise.all(pending);
})();
await sleep(1_000);

const other: number[] = [];
const same: number[] = [];
const missed = { otherNode: 0, sameNode: 0 };
const signInErrors: string[] = [];
for (const personId of settings.people) {
  const sentAt = performance.now();
  const res = await signIn(settings.nodeA, personId);
  const body = await res.text();
  if (res.status !== 201) {
    signInErrors.push(`${res.status} ${body.slice(0, 200)}`);
    continue;
  }
  const visitId = (JSON.parse(body) as { data: { id: string }[] }).data[0]!.id;
  const deadline = sentAt + settings.timeoutMs;
  while (performance.now() < deadline && !(onA.heard.has(visitId) && onB.heard.has(visitId))) await sleep(2);
  const atB = onB.heard.get(visitId);
  const atA = onA.heard.get(visitId);
  if (atB === undefined) missed.otherNode++;
  else other.push(atB - sentAt);
  if (atA === undefined) missed.sameNode++;
  else same.push(atA - sentAt);
  await sleep(Math.max(0, sentAt + settings.intervalMs - performance.now()));
}
stopBackground = true;
await backgroundDone;
onA.socket.disconnect();
onB.socket.disconnect();

const result: ClusterLiveResult = {
  signIns: settings.people.length,
  otherNode: latency(other),
  sameNode: latency(same),
  missed,
  signInErrors,
  background,
};
writeResult(settings.out, result);
process.exit(0);
