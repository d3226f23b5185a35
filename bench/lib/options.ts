// The bench's options, read once from the environment (described at the top of bench/run.ts).
import type { DatabaseKind } from '../dataset/data-set';

export const CASES = [
  'auth-me',
  'sites',
  'people',
  'logbook',
  'reports',
  'summary',
  'exports',
  'sign-ins',
  'live',
  'duplicates',
  'import',
  'emergency',
  'web',
  'kiosk-app',
  'kiosk-scan',
  'kiosk-replay',
  'startup',
  'directory-sync',
  'faces',
  'watchlist',
  'cluster',
] as const;
export type CaseName = (typeof CASES)[number];

export type Options = {
  databases: DatabaseKind[];
  cases: CaseName[];
  /** Seconds of each wrk throughput case (and of the baseline). */
  seconds: number;
  /** Seconds of each list variant (people, logbook), after one second of warm-up. */
  latencySeconds: number;
  concurrency: number;
  wrkThreads: number;
  wrkConnections: number;
  signInRate: number;
  signInSeconds: number;
  dashboards: number;
  liveSignIns: number;
  liveBackgroundRate: number;
  /** The emergency case: people on site in the big company, wardens watching, marks per second and for how long. */
  emergencyPeople: number;
  wardens: number;
  markRate: number;
  markSeconds: number;
  /** The kiosk-scan case: timed QR scans, one after another, as one kiosk at the door (after a few untimed). */
  kioskScans: number;
  /** The directory-sync case: users of the Microsoft Graph fake read by a first sync (and a quarter of them for memory). */
  directoryUsers: number;
  /** The cluster case: seconds each run of sign-ins is counted (after its warm-up), and its concurrent callers. */
  clusterSeconds: number;
  clusterConcurrency: number;
  /** The Redis the cluster case's nodes share. */
  redisUrl: string;
  /** The PostgreSQL server, as a URL to its maintenance database. */
  postgresUrl: string;
  scale: number;
  regenerate: boolean;
};

function list<T extends string>(name: string, allowed: readonly T[], fallback: readonly T[]): T[] {
  const raw = process.env[name]?.trim();
  if (!raw) return [...fallback];
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = items.filter((item) => !(allowed as readonly string[]).includes(item));
  if (unknown.length) throw new Error(`${name}: unknown ${unknown.join(', ')} (allowed: ${allowed.join(', ')})`);
  return items as T[];
}

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}: expected a positive number, got "${raw}"`);
  return value;
}

export function readOptions(): Options {
  return {
    databases: list('BENCH_DB', ['postgres', 'embedded'] as const, ['postgres', 'embedded']),
    cases: list('BENCH_CASES', CASES, CASES),
    seconds: positive('BENCH_SECONDS', 10),
    latencySeconds: positive('BENCH_LATENCY_SECONDS', 5),
    concurrency: Math.round(positive('BENCH_CONCURRENCY', 4)),
    wrkThreads: Math.round(positive('BENCH_WRK_THREADS', 1)),
    wrkConnections: Math.round(positive('BENCH_WRK_CONNECTIONS', 32)),
    // 5 % above the target, so that reaching it is not down to where the measuring window falls.
    signInRate: positive('BENCH_SIGNIN_RATE', 315),
    signInSeconds: positive('BENCH_SIGNIN_SECONDS', 15),
    dashboards: Math.round(positive('BENCH_DASHBOARDS', 100)),
    liveSignIns: Math.round(positive('BENCH_LIVE_SIGNINS', 10)),
    liveBackgroundRate: positive('BENCH_LIVE_BACKGROUND_RATE', 10),
    emergencyPeople: Math.round(positive('BENCH_EMERGENCY_PEOPLE', 5_000)),
    wardens: Math.max(2, Math.round(positive('BENCH_WARDENS', 50))),
    markRate: positive('BENCH_MARK_RATE', 10),
    markSeconds: positive('BENCH_MARK_SECONDS', 20),
    kioskScans: Math.round(positive('BENCH_KIOSK_SCANS', 200)),
    directoryUsers: Math.round(positive('BENCH_DIRECTORY_USERS', 50_000)),
    clusterSeconds: positive('BENCH_CLUSTER_SECONDS', 10),
    clusterConcurrency: Math.round(positive('BENCH_CLUSTER_CONCURRENCY', 16)),
    redisUrl: process.env.BENCH_REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    postgresUrl: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    scale: positive('BENCH_SCALE', 1),
    regenerate: process.env.BENCH_REGENERATE === '1',
  };
}
