// The kiosk at the door (decisions 044 and 045), on a kiosk paired at the big company's sign-in area the
// way a tablet and an admin pair one, running the journey with the couriers' flow:
// - kiosk-app: the kiosk app's first load on that paired tablet (/kiosk/, nothing cached), Lighthouse's
//   mobile settings on a 1024×768 landscape screen: what it transfers, and the performance score;
// - kiosk-scan (PostgreSQL): a QR scan → "Welcome", the three calls the app makes after a scan
//   (bench/load/kiosk-scans.ts), one person after another, p50/p95;
// - kiosk-replay (PostgreSQL): an offline queue of 1,000 sign-ins of different people, with their keys and
//   the times they happened, replayed by the app's own replay code (bench/load/kiosk-replay.ts); then the
//   database is asked whether each key made exactly one visit, and the same queue is replayed again.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { KIOSK_PAIRING_SECRET_HEADER, type Pairing, type PairingStatus } from '@app/shared/kiosks/schemas';
import type { SignInPerson } from '@app/shared/visits/schemas';
import { newIdempotencyKey } from '@app/shared/visits/sign-in-form';
import { KIOSK_STORAGE_KEY, parseStoredToken } from '../../apps/kiosk/src/lib/device-token';
import type { QueuedAction } from '../../apps/kiosk/src/lib/offline-queue';
import { NO_QUESTIONS_TYPE, VISITOR_JOURNEY } from '../dataset/company-setup';
import { BENCH_DIR, ROOT, type DatabaseKind } from '../dataset/data-set';
import type { KioskReplayPass, KioskReplaySettings } from '../load/kiosk-replay';
import type { KioskScansResult, KioskScansSettings } from '../load/kiosk-scans';
import { csrfOf } from '../lib/cookies';
import type { WorkingCopy } from '../lib/data-sets';
import { lighthouse, type LighthouseRequest } from '../lib/lighthouse';
import type { Options } from '../lib/options';
import type { Row } from '../lib/report';
import { kioskDist } from '../lib/server-under-test';
import { latency, ms } from '../lib/stats';
import { big, file, finite, runLoad, type CaseContext } from './context';
import { TARGETS } from './targets';

const SCANS_SCRIPT = path.join(BENCH_DIR, 'load/kiosk-scans.ts');
const REPLAY_SCRIPT = path.join(BENCH_DIR, 'load/kiosk-replay.ts');
const KIOSK_PATH = '/kiosk/';
/** A tablet in landscape, as the kiosk app is made for (its manifest's orientation). */
const TABLET = { tablet: { width: 1024, height: 768, deviceScaleFactor: 2 } };
/** Scans before the timed ones: the server's first calls compile its code. */
const SCAN_WARM_UP = 10;
/** The offline queue's sign-ins happened this far apart, the last of them this long ago. */
const QUEUE_STEP_MS = 10_000;
const QUEUE_END_AGO_MS = 2 * 60_000;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const seconds = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;

// ── People ──────────────────────────────────────────────────────────────────────────────────────────

/** How many of the pool the kiosk cases of this run sign in: the scans (and their warm-up) and the queue. */
export function kioskPeopleNeed(kind: DatabaseKind, options: Options) {
  if (kind !== 'postgres') return { scans: 0, replay: 0 };
  return {
    scans: options.cases.includes('kiosk-scan') ? options.kioskScans + SCAN_WARM_UP : 0,
    replay: options.cases.includes('kiosk-replay') ? TARGETS.kioskReplayItems : 0,
  };
}

/**
 * People of the sign-in pool the paired kiosk reaches (its journey's couriers at its site), with no visit
 * in the last two days nor one expected (so neither case meets a stay it would merge with), in the pool's
 * order; the scans get their QR codes. Read from the working copy before the server starts; the others
 * split what is left of the pool. At a small scale there are fewer than asked: the two share them.
 */
export async function reserveKioskPeople(
  copy: WorkingCopy,
  pool: readonly string[],
  need: { scans: number; replay: number },
): Promise<{ scans: { id: string; qr: string }[]; replay: string[] }> {
  if (need.scans + need.replay === 0) return { scans: [], replay: [] };
  const company = big({ copy });
  const client = new pg.Client({ connectionString: copy.location });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; qr: string }>(
      `select p.id::text as id, p.qr_code as qr
       from unnest($2::uuid[]) with ordinality as pool(id, n)
       join people p on p.entity_id = $1 and p.id = pool.id
       where p.status = 'active'
         and exists (
           select 1 from person_sites ps join areas a on a.entity_id = ps.entity_id and a.site_id = ps.site_id
           where ps.entity_id = p.entity_id and ps.person_id = p.id and a.id = $3)
         and not exists (
           select 1 from visits v where v.entity_id = p.entity_id and v.person_id = p.id
             and (v.state in ('on_site', 'checked_in') or v.signed_in_at > now() - interval '2 days'
                  or v.expected_at > now() - interval '2 days'))
       order by pool.n
       limit $4`,
      [company.id, pool, company.signInAreaId, need.scans + need.replay],
    );
    const replay = Math.min(need.replay, Math.floor((rows.length * need.replay) / (need.replay + need.scans)));
    return { replay: rows.slice(0, replay).map((r) => r.id), scans: rows.slice(replay) };
  } finally {
    await client.end();
  }
}

// ── The paired kiosk ────────────────────────────────────────────────────────────────────────────────

type PairedKiosk = {
  token: string;
  /** What the pairing page keeps in the tablet's localStorage once the kiosk is added. */
  stored: string;
};

async function call<T>(
  ctx: CaseContext,
  method: 'GET' | 'POST' | 'PUT',
  apiPath: string,
  options: { body?: unknown; headers?: Record<string, string>; status?: number } = {},
): Promise<T> {
  const res = await fetch(`${ctx.server.baseUrl}/api/v1${apiPath}`, {
    method,
    headers: { ...options.headers, ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  if (res.status !== (options.status ?? 200))
    throw new Error(`${method} ${apiPath}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** A locally administered MAC address (a real tablet's is unique across companies). */
const randomMac = () => ['02', ...[...randomBytes(5)].map((b) => b.toString(16).padStart(2, '0'))].join(':');

const kioskVersion = () =>
  (JSON.parse(readFileSync(path.join(ROOT, 'apps/kiosk/package.json'), 'utf8')) as { version: string }).version;

/**
 * As the tablet (a pairing code) and the owner (adds it to the sign-in area, then moves it to the
 * visitors' and couriers' journey), through the API (apps/server/test/helpers/kiosk-pairing.ts).
 */
async function pairKiosk(ctx: CaseContext): Promise<PairedKiosk> {
  const company = big(ctx);
  const device = { mac: randomMac(), version: kioskVersion() };
  const pairing = await call<Pairing>(ctx, 'POST', '/public/kiosk-pairings', {
    body: { mac_address: device.mac, app_version: device.version },
    status: 201,
  });
  const owner = { cookie: ctx.cookie, 'x-csrf-token': csrfOf(ctx.cookie) };
  const kiosk = await call<{ id: string }>(ctx, 'POST', '/kiosks', {
    headers: owner,
    body: { code: pairing.code, name: 'Bench kiosk', area_id: company.signInAreaId },
    status: 201,
  });
  const status = await call<PairingStatus>(ctx, 'GET', '/public/kiosk-pairings/status', {
    headers: { [KIOSK_PAIRING_SECRET_HEADER]: pairing.secret },
  });
  if (status.status !== 'registered' || !status.device_token)
    throw new Error(`the pairing answered ${status.status} without a device token`);
  const journeys = await call<{ data: { id: string; name: string }[] }>(
    ctx,
    'GET',
    `/journeys?search=${encodeURIComponent(VISITOR_JOURNEY)}`,
    { headers: owner },
  );
  const journey = journeys.data.find((j) => j.name === VISITOR_JOURNEY);
  if (!journey) throw new Error(`the big company has no journey "${VISITOR_JOURNEY}"`);
  await call(ctx, 'PUT', `/journeys/${journey.id}/kiosks`, { headers: owner, body: { kiosk_ids: [kiosk.id] } });
  const stored = JSON.stringify({
    kind: 'registered',
    device,
    token: status.device_token,
    registration: status.registration,
  });
  // The kiosk app must read it as a paired tablet's (else it would go to the pairing page).
  if (!parseStoredToken(stored)) throw new Error('the kiosk app does not read the stored pairing');
  return { token: status.device_token, stored };
}

/** One kiosk per server (so per database), paired when a kiosk case first needs it. */
const paired = new Map<string, Promise<PairedKiosk>>();
const pairedKiosk = (ctx: CaseContext) => {
  let found = paired.get(ctx.server.baseUrl);
  if (!found) {
    found = pairKiosk(ctx);
    paired.set(ctx.server.baseUrl, found);
  }
  return found;
};

// ── kiosk-app ───────────────────────────────────────────────────────────────────────────────────────

type Bytes = { bytes: number; requests: number };
const sum = (requests: LighthouseRequest[]): Bytes => ({
  bytes: requests.reduce((a, r) => a + r.transferSize, 0),
  requests: requests.length,
});

/**
 * The first load of a paired kiosk with nothing cached: Lighthouse's mobile settings (simulated slow 4G,
 * 4× CPU slowdown) on a tablet's screen. What it transfers is split into the app (its page, scripts,
 * styles and images under /kiosk/, which the target is about), the data it fetches (/api/: the journey,
 * then the people it keeps for offline use, in the background) and what its service worker fetches to
 * keep the app offline.
 */
export async function measureKioskApp(ctx: CaseContext): Promise<Row[]> {
  const dist = kioskDist();
  if (!existsSync(path.join(dist, 'index.html')))
    throw new Error(`no built kiosk app in ${dist}: run npm run build (or set KIOSK_DIST)`);
  const kiosk = await pairedKiosk(ctx);
  const r = await lighthouse(
    ctx.server.baseUrl,
    KIOSK_PATH,
    TABLET,
    { localStorage: { [KIOSK_STORAGE_KEY]: kiosk.stored }, storagePage: `${KIOSK_PATH}version.json` },
    file(ctx, 'kiosk-lighthouse.json'),
  );
  const origin = new URL(ctx.server.baseUrl).origin;
  const own = (req: LighthouseRequest) => req.url.startsWith(origin);
  const pathOf = (req: LighthouseRequest) => new URL(req.url).pathname;
  const fromPage = r.requests.filter((req) => req.sessionTargetType !== 'worker');
  const app = sum(fromPage.filter((req) => own(req) && pathOf(req).startsWith(KIOSK_PATH)));
  const data = sum(fromPage.filter((req) => own(req) && pathOf(req).startsWith('/api/')));
  const worker = sum(r.requests.filter((req) => req.sessionTargetType === 'worker'));
  const other = r.totalBytes - app.bytes - data.bytes - worker.bytes;
  return [
    {
      case: 'kiosk-app: /kiosk/ first load, transferred',
      database: ctx.kind,
      figure:
        `app ${kb(app.bytes)} in ${app.requests} files; besides: data ${kb(data.bytes)} in ${data.requests} API calls` +
        `${worker.requests ? `, service worker ${kb(worker.bytes)} in ${worker.requests}` : ''}` +
        `${Math.abs(other) >= 500 ? `, other ${kb(other)}` : ''}; ${kb(r.totalBytes)} in all`,
      against: `app ≤ ${TARGETS.kioskAppKb} KB as served`,
      met: app.bytes <= TARGETS.kioskAppKb * 1000,
    },
    {
      case: 'kiosk-app: Lighthouse /kiosk/ (tablet 1024×768)',
      database: ctx.kind,
      figure: `performance ${r.performance.toFixed(2)}, FCP ${ms(r.fcpMs)} ms, LCP ${ms(r.lcpMs)} ms, TBT ${ms(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}`,
      against: `performance ≥ ${TARGETS.kioskLighthousePerformance} (mobile throttling)`,
      met: r.performance >= TARGETS.kioskLighthousePerformance,
    },
  ];
}

// ── kiosk-scan ──────────────────────────────────────────────────────────────────────────────────────

export async function measureKioskScans(ctx: CaseContext): Promise<Row> {
  const kiosk = await pairedKiosk(ctx);
  const people = ctx.people.kioskScans;
  const warmUp = Math.min(SCAN_WARM_UP, Math.floor(people.length / 10));
  const settings: KioskScansSettings = {
    baseUrl: ctx.server.baseUrl,
    token: kiosk.token,
    people,
    warmUp,
    out: file(ctx, 'kiosk-scans.json'),
  };
  const r = await runLoad<KioskScansResult>(ctx, SCANS_SCRIPT, 'kiosk-scans', settings);
  const p95 = finite(r.chain.p95);
  const short = people.length - warmUp < ctx.options.kioskScans;
  const parts = `resolve p95 ${ms(finite(r.resolve.p95))}, preview p95 ${ms(finite(r.preview.p95))}, sign-in p95 ${ms(finite(r.signIn.p95))} ms`;
  const errors = r.errors ? `; ${r.errors} errors (${r.firstError})` : '';
  const scale = short ? `; only ${people.length} people the kiosk reaches at this scale` : '';
  return {
    case: 'kiosk-scan: QR scan → "Welcome" (resolve, preview, sign-in)',
    database: ctx.kind,
    figure: `p50 ${ms(finite(r.chain.p50))} / p95 ${ms(p95)} / p99 ${ms(finite(r.chain.p99))} ms over ${r.timed} scans, one kiosk (${parts})${errors}${scale}`,
    against: `p95 ≤ ${TARGETS.kioskScanP95Ms} ms, 0 errors`,
    met: !short && r.errors === 0 && p95 <= TARGETS.kioskScanP95Ms,
  };
}

// ── kiosk-replay ────────────────────────────────────────────────────────────────────────────────────

type Made = { visits: number; people: number; ledger: number; sinceQueue: number };

/** What the queue made, read as the database owner: visits with its keys, its ledger rows, and every visit of its people since its first sign-in. */
async function made(client: pg.Client, entityId: string, queue: QueuedAction[]): Promise<Made> {
  const keys = queue.map((q) => q.key);
  const personIds = queue.map((q) => (q.kind === 'sign_in' ? q.person.person_id : q.person_id));
  const visitKeys = queue.map((q, i) => `${q.key}:${personIds[i]}`);
  const one = async (text: string, values: unknown[]) =>
    Number((await client.query<{ n: number }>(text, values)).rows[0]?.n ?? NaN);
  const [byKey] = (
    await client.query<{ visits: number; people: number }>(
      `select count(*)::int as visits, count(distinct person_id)::int as people
       from visits where entity_id = $1 and idempotency_key = any($2::text[])`,
      [entityId, visitKeys],
    )
  ).rows;
  return {
    visits: byKey?.visits ?? NaN,
    people: byKey?.people ?? NaN,
    ledger: await one(
      `select count(*)::int as n from kiosk_offline_actions where entity_id = $1 and idempotency_key = any($2::text[])`,
      [entityId, keys],
    ),
    sinceQueue: await one(
      `select count(*)::int as n from visits where entity_id = $1 and person_id = any($2::uuid[]) and signed_in_at >= $3`,
      [entityId, personIds, queue[0]?.occurred_at ?? new Date().toISOString()],
    ),
  };
}

const statusText = (pass: KioskReplayPass) =>
  Object.entries(pass.statuses)
    .map(([status, n]) => `${n} ${status}`)
    .join(', ') || 'no answers';

/**
 * The couriers' sign-ins a kiosk queued while offline, oldest first, each as the sign-in flow queues it
 * (api/kiosk-calls.ts): its own key, the time it happened, and the person's part of the form as the
 * offline preview opens it for a courier (their user type, no checks, the optional host skipped).
 */
function offlineQueue(people: string[], userTypeId: string): QueuedAction[] {
  const last = Date.now() - QUEUE_END_AGO_MS;
  return people.map((personId, i) => {
    const person: SignInPerson = {
      person_id: personId,
      user_type_id: userTypeId,
      compliances: [],
      override_reason: null,
      host_ids: [],
      host_message: null,
      reason_id: null,
      custom_fields: [],
    };
    return {
      kind: 'sign_in',
      key: newIdempotencyKey('kiosk'),
      occurred_at: new Date(last - (people.length - 1 - i) * QUEUE_STEP_MS).toISOString(),
      person,
      first_name: '',
    };
  });
}

export async function measureKioskReplay(ctx: CaseContext): Promise<Row[]> {
  const kiosk = await pairedKiosk(ctx);
  const company = big(ctx);
  const client = new pg.Client({ connectionString: ctx.copy.location });
  await client.connect();
  try {
    const [type] = (
      await client.query<{ id: string }>(`select id::text as id from user_types where entity_id = $1 and name = $2`, [
        company.id,
        NO_QUESTIONS_TYPE,
      ])
    ).rows;
    if (!type) throw new Error(`the big company has no user type ${NO_QUESTIONS_TYPE}`);
    const queue = offlineQueue(ctx.people.kioskReplay, type.id);
    if (queue.length === 0) throw new Error('no one the kiosk reaches is left to sign in');
    const replay = async (name: string) => {
      const settings: KioskReplaySettings = {
        baseUrl: ctx.server.baseUrl,
        token: kiosk.token,
        queue,
        out: file(ctx, `${name}.json`),
      };
      return runLoad<KioskReplayPass>(ctx, REPLAY_SCRIPT, name, settings);
    };
    const first = await replay('kiosk-replay');
    const afterFirst = await made(client, company.id, queue);
    const second = await replay('kiosk-replay-again');
    const afterSecond = await made(client, company.id, queue);

    const n = queue.length;
    const short = n < TARGETS.kioskReplayItems;
    const batches = latency(first.batchMs);
    const exact = (m: Made) => m.visits === n && m.people === n && m.ledger === n && m.sinceQueue === n;
    const check = (m: Made) =>
      `${m.visits} visits with the queue's keys (${m.people} people), ${m.ledger} ledger rows, ${m.sinceQueue} visits of those people since its first`;
    const error = (pass: KioskReplayPass) => (pass.error ? `; failed: ${pass.error}` : '');
    const scale = short ? `; only ${n} people the kiosk reaches at this scale` : '';
    return [
      {
        case: `kiosk-replay: offline queue of ${n.toLocaleString('en')} sign-ins, POST /kiosk-device/replay`,
        database: ctx.kind,
        figure:
          `${seconds(first.ms)} for ${first.sent} of ${n} in ${first.batchMs.length} batches (batch p50 ${ms(batches.p50)} / max ${ms(batches.max)} ms); ` +
          `${statusText(first)}; ${check(afterFirst)}${error(first)}${scale}`,
        against: `≤ ${TARGETS.kioskReplayMs / 1000} s, every sign-in one visit (none lost or doubled)`,
        met:
          !short && first.error === null && first.left === 0 && exact(afterFirst) && first.ms <= TARGETS.kioskReplayMs,
      },
      {
        case: 'kiosk-replay: the same queue again',
        database: ctx.kind,
        figure: `${seconds(second.ms)}; ${statusText(second)}; ${check(afterSecond)}${error(second)}`,
        against: 'every item replayed, nothing added',
        met:
          second.error === null &&
          second.left === 0 &&
          second.statuses.replayed === n &&
          exact(afterSecond) &&
          afterSecond.visits === afterFirst.visits,
      },
    ];
  } finally {
    await client.end();
  }
}
