// Open dashboards following sign-ins live. Each simulated dashboard is one browser: its own session
// (signed in with the admin's password), its own Socket.IO connection joined to the company as the web
// app joins it (apps/web/src/lib/socket.ts), and on every live event it does what the web app does,
// with the web app's own code: patches the logbook it shows from the event's rows, and reads the page
// again (coalesced) only where a patch cannot be exact. The bench then signs people in one at a time and times, for each
// sign-in and each dashboard, from the sign-in request's send to the last response the dashboard
// needed to show it. Other sign-ins run in the background meanwhile (bench/load/sign-ins.ts).
// Run by the bench in its own process:  node --import tsx bench/load/dashboards.ts <settings.json>
import { existsSync, writeFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/shared/realtime/events';
import type { ListVisitsParams, VisitList } from '@app/shared/visits/schemas';
import { coalescedRefresh, type CoalescedRefresh } from '../../apps/web/src/lib/coalesced-refresh';
import { patchLogbookPage } from '../../apps/web/src/features/visits/utils/live-patch';
import { latency, type Latency } from '../lib/stats';
import { readSettings, sleep, writeResult } from './child-io';

export type DashboardsSettings = {
  baseUrl: string;
  entityId: string;
  admin: { email: string; password: string };
  token: string;
  areaId: string;
  dashboards: number;
  /** People to sign in, one per measured sign-in. */
  people: string[];
  intervalMs: number;
  /** How long a dashboard may take to show a sign-in before it counts as missed. */
  timeoutMs: number;
  out: string;
  /** Written once every dashboard is open; the sign-ins begin when the bench writes `goFile`. */
  readyFile: string;
  goFile: string;
};

export type DashboardsResult = {
  dashboards: number;
  signIns: number;
  /** Sign-in send → a dashboard's last needed response, over every dashboard and sign-in. */
  latency: Latency;
  /** Dashboard × sign-in pairs not updated within the timeout. */
  missed: number;
  signInErrors: string[];
  /** `updateVisits` and `dashboardCounts` events received, over every dashboard. */
  events: number;
  countEvents: number;
  /** Refreshes the dashboards started, and how many a newer event cancelled (as TanStack Query does). */
  refreshes: number;
  cancelled: number;
  refreshErrors: number;
  firstRefreshError: string | null;
};

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The logbook a fresh dashboard shows: page 1, 10 rows, latest activity first. */
const LOGBOOK: ListVisitsParams = { page: 1, limit: 10, sortField: 'activity', orderBy: 'desc' };

type Dashboard = {
  cookie: string;
  socket: AppSocket;
  /** What the page shows: the logbook's first page and the company's day, as last read or patched. */
  page: VisitList | null;
  today: string | null;
  /** When the page first showed each visit's change: patched in from its event, or read by a refresh. */
  shown: Map<string, number>;
  /** Visits whose event arrived but could not be patched in: shown by the next refresh's answer. */
  owed: Set<string>;
  /** Each refresh: when it started and when its last response was read (null: cancelled or failed). */
  refreshes: { startedAt: number; doneAt: number | null }[];
  current: AbortController | null;
  later: CoalescedRefresh;
  events: number;
  counts: number;
};

const settings = readSettings<DashboardsSettings>();
const api = (path: string) => `${settings.baseUrl}/api/v1${path}`;
let refreshErrors = 0;
let cancelled = 0;
let firstRefreshError: string | null = null;

async function signInSession(): Promise<string> {
  const res = await fetch(api('/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings.admin),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { status: string };
  // The bench's admins belong to one company and have no two-step: sign-in opens it directly.
  if (body.status === 'choose_entity' || body.status === 'otp_required') throw new Error(`sign-in: ${body.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * Reading the page again (MIRRORS apps/web/src/features/visits/hooks/use-live-visits.ts with the
 * queries of features/visits/components/dashboard-page.tsx; change both together):
 * invalidateQueries({ queryKey: ['visits'] }) refetches today's counts (GET /dashboard, no place
 * chosen) and the logbook's first page, cancelling a refetch still running. The refresh is done when
 * both answers are read; the visits owed to it are on screen then.
 */
function refreshDashboard(d: Dashboard) {
  if (d.current) {
    d.current.abort();
    cancelled++;
  }
  const controller = new AbortController();
  d.current = controller;
  const refresh = { startedAt: performance.now(), doneAt: null as number | null };
  d.refreshes.push(refresh);
  const owed = [...d.owed];
  d.owed.clear();
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(api(path), { headers: { cookie: d.cookie }, signal: controller.signal });
    const body = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
    return JSON.parse(body) as T;
  };
  const query = Object.entries(LOGBOOK)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('&');
  Promise.all([get<VisitList>(`/visits?${query}`), get<{ date: string }>('/dashboard')]).then(
    ([page, counts]) => {
      refresh.doneAt = performance.now();
      d.page = page;
      d.today = counts.date;
      for (const id of owed) if (!d.shown.has(id)) d.shown.set(id, refresh.doneAt);
      if (d.current === controller) d.current = null;
    },
    (error: unknown) => {
      for (const id of owed) d.owed.add(id);
      if (controller.signal.aborted) return;
      refreshErrors++;
      firstRefreshError ??= error instanceof Error ? error.message : String(error);
      if (d.current === controller) d.current = null;
    },
  );
}

async function openDashboard(cookie: string): Promise<Dashboard> {
  // As the web app's socket: default transports (polling, then upgrade), no reconnection of its own.
  const socket: AppSocket = io(settings.baseUrl, {
    path: '/socket.io',
    reconnection: false,
    extraHeaders: { cookie },
  });
  const d: Dashboard = {
    cookie,
    socket,
    page: null,
    today: null,
    shown: new Map(),
    owed: new Set(),
    refreshes: [],
    current: null,
    later: coalescedRefresh(() => refreshDashboard(d)),
    events: 0,
    counts: 0,
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket: no answer to join within 30 s')), 30_000);
    socket.on('connect', () => socket.emit('join', settings.entityId));
    socket.on('joined', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.on('join_error', (e) => reject(new Error(`socket join refused: ${e.message}`)));
    socket.on('connect_error', (e) => reject(new Error(`socket: ${e.message}`)));
  });
  // The admin sees the whole company: events carry the changed rows, patched in where exact.
  socket.on('updateVisits', (event) => {
    d.events++;
    const at = performance.now();
    const patched =
      event.visits && d.page && d.today
        ? patchLogbookPage(d.page, LOGBOOK, { visits: event.visits, createdIds: event.created_ids ?? [] }, d.today, {
            all: true,
          })
        : null;
    if (patched) d.page = patched.page;
    // An exact patch brings the page up to date at once, whether or not the visit falls on it (a
    // sign-in sorts below visits expected later today).
    for (const id of event.visit_ids) {
      if (patched?.exact) {
        if (!d.shown.has(id)) d.shown.set(id, at);
      } else d.owed.add(id);
    }
    if (!patched?.exact) d.later.schedule();
  });
  socket.on('dashboardCounts', (counts) => {
    d.counts++;
    d.today = counts.date;
  });
  return d;
}

// Sessions one after another: sign-ins are counted per account as they are tried.
const cookies: string[] = [];
for (let i = 0; i < settings.dashboards; i++) cookies.push(await signInSession());
const dashboards: Dashboard[] = [];
for (const cookie of cookies) dashboards.push(await openDashboard(cookie));
// Each page's first load, as when the dashboard is opened; the timed part begins once all have loaded.
for (const d of dashboards) refreshDashboard(d);
const loadedBy = performance.now() + 120_000;
while (dashboards.some((d) => d.current !== null) && performance.now() < loadedBy) await sleep(100);
// The bench starts the background sign-ins now, and says when they are under way.
writeFileSync(settings.readyFile, '');
const waitUntil = performance.now() + 60_000;
while (!existsSync(settings.goFile) && performance.now() < waitUntil) await sleep(100);

// One sign-in every interval, whether or not the last has answered: the timed part lasts the same
// however slow the server is, and the background sign-ins cover all of it.
const signIns: { sentAt: number; visitId: string | null }[] = [];
const signInErrors: string[] = [];
const signInRequests: Promise<void>[] = [];
const firstAt = performance.now();
for (const [i, personId] of settings.people.entries()) {
  await sleep(Math.max(0, firstAt + i * settings.intervalMs - performance.now()));
  const signIn = { sentAt: performance.now(), visitId: null as string | null };
  signIns.push(signIn);
  signInRequests.push(
    fetch(api('/visits/sign-in'), {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ area_id: settings.areaId, people: [{ person_id: personId }] }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    })
      .then(async (res) => {
        const body = await res.text();
        if (res.status !== 201) throw new Error(`${res.status} ${body.slice(0, 200)}`);
        signIn.visitId = (JSON.parse(body) as { data: { id: string }[] }).data[0]?.id ?? null;
      })
      .catch((error: unknown) => {
        signInErrors.push(error instanceof Error ? error.message : String(error));
      }),
  );
}
await Promise.all(signInRequests);

/** When dashboard `d` had the visit on screen (patched in, or read by a refresh after its event). */
const shownAt = (d: Dashboard, visitId: string): number | null => d.shown.get(visitId) ?? null;

// Wait until every dashboard shows every sign-in, or the timeout after the last one was sent.
const deadline = (signIns.at(-1)?.sentAt ?? performance.now()) + settings.timeoutMs;
const pending = () =>
  signIns.some((s) => s.visitId !== null && dashboards.some((d) => shownAt(d, s.visitId!) === null));
while (pending() && performance.now() < deadline) await sleep(100);

// A missed update counts as longer than any other in the percentiles (JSON writes it as null).
const samples: number[] = [];
let missed = 0;
for (const s of signIns) {
  for (const d of dashboards) {
    const at = s.visitId === null ? null : shownAt(d, s.visitId);
    if (at === null || at - s.sentAt > settings.timeoutMs) {
      missed++;
      samples.push(Infinity);
    } else samples.push(at - s.sentAt);
  }
}
for (const d of dashboards) {
  d.later.stop();
  d.current?.abort();
  d.socket.disconnect();
}
const result: DashboardsResult = {
  dashboards: dashboards.length,
  signIns: signIns.length,
  latency: latency(samples),
  missed,
  signInErrors,
  events: dashboards.reduce((n, d) => n + d.events, 0),
  countEvents: dashboards.reduce((n, d) => n + d.counts, 0),
  refreshes: dashboards.reduce((n, d) => n + d.refreshes.length, 0),
  cancelled,
  refreshErrors,
  firstRefreshError,
};
writeResult(settings.out, result);
process.exit(0);
