// Sign-ins as fast as the nodes take them (the cluster case, bench/cases/cluster.ts): POST
// /api/v1/visits/sign-in with the company's API token, one person each, every person once, from
// `concurrency` callers that each send their next sign-in when the last is answered (closed loop, so the
// figure is the nodes' capacity, not the offered rate). The callers spread their requests over the nodes
// in turn, as a round-robin balancer does. A warm-up at the same concurrency comes first and is not
// counted. Over the counted window it reads from /proc the CPU time of each node, of PostgreSQL's
// processes, of Redis, of this load and of the whole machine: where the cores went.
//   node --import tsx bench/load/cluster-sign-ins.ts <settings.json>
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { latency, type Latency } from '../lib/stats';
import { readSettings, sleep, writeResult } from './child-io';
import { countFailure, postSignIn } from './sign-in-request';

export type ClusterSignInSettings = {
  baseUrls: string[];
  token: string;
  areaId: string;
  people: string[];
  concurrency: number;
  warmUpSeconds: number;
  seconds: number;
  /** The nodes' processes, by name: their CPU time is read over the counted window. */
  pids: Record<string, number>;
  /** The nodes' database: its PostgreSQL backends are told from the server's other processes. */
  database: string;
  out: string;
};

export type CpuShare = { name: string; cores: number };

export type ClusterSignInResult = {
  nodes: number;
  concurrency: number;
  sent: number;
  ok: number;
  errors: number;
  statuses: Record<string, number>;
  firstError: string | null;
  /** Sign-ins answered per second in the counted window. */
  rate: number;
  latency: Latency;
  /** Sign-ins answered by each node in the counted window. */
  perNode: number[];
  /** The people ran out before the window ended. */
  exhausted: boolean;
  seconds: number;
  /** Cores used over the counted window, by process (group), and by the whole machine. */
  cpu: CpuShare[];
  machineCores: number;
  cores: number;
};

const settings = readSettings<ClusterSignInSettings>();
const TICKS = 100; // USER_HZ on Linux

/** utime + stime of a process, in ticks (0 once it has gone). */
function ticksOf(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function commOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** Busy ticks of the whole machine (every CPU): all but idle and iowait. */
function machineTicks(): number {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const values = cpu!.split(/\s+/).slice(1).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  return total - (values[3] ?? 0) - (values[4] ?? 0);
}

/** One process's CPU time and the group it counts in. */
type Snapshot = { at: number; processes: Map<string, { group: string; ticks: number }>; machine: number };

/** Which group a PostgreSQL process counts in: a backend of this database, or anything else of the server's. */
function postgresGroup(pid: string): string {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    return command.includes(` ${settings.database} `) ? 'postgres' : 'postgres (other databases, background)';
  } catch {
    return 'postgres (other databases, background)';
  }
}

function snapshot(): Snapshot {
  const processes = new Map<string, { group: string; ticks: number }>();
  for (const [name, pid] of Object.entries(settings.pids))
    processes.set(String(pid), { group: name, ticks: ticksOf(pid) });
  processes.set(String(process.pid), { group: 'load', ticks: ticksOf(process.pid) });
  // Every PostgreSQL process on the machine (this database's backends apart) and Redis.
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    if (processes.has(pid)) continue;
    const comm = commOf(pid);
    const group = comm === 'postgres' ? postgresGroup(pid) : comm.startsWith('redis-server') ? 'redis' : null;
    if (group) processes.set(pid, { group, ticks: ticksOf(pid) });
  }
  return { at: performance.now(), processes, machine: machineTicks() };
}

/**
 * Cores used by each group between two snapshots: each process's own difference (one that started in
 * between counts from zero; one that ended in between is lost, never negative).
 */
function sharesBetween(a: Snapshot, b: Snapshot): { cpu: CpuShare[]; machineCores: number } {
  const seconds = (b.at - a.at) / 1000;
  const cores = (ticks: number) => Math.max(0, ticks) / TICKS / seconds;
  const groups = new Map<string, number>();
  for (const [pid, { group, ticks }] of b.processes) {
    const before = a.processes.get(pid)?.ticks ?? 0;
    groups.set(group, (groups.get(group) ?? 0) + Math.max(0, ticks - before));
  }
  return {
    cpu: [...groups].map(([name, ticks]) => ({ name, cores: cores(ticks) })),
    machineCores: cores(b.machine - a.machine),
  };
}

const samples: number[] = [];
const statuses: Record<string, number> = {};
const perNode = settings.baseUrls.map(() => 0);
let firstError: string | null = null;
let next = 0;
let sent = 0;
let ok = 0;
let inWindow = 0;
const started = performance.now();
const windowStart = started + settings.warmUpSeconds * 1000;
const windowEnd = windowStart + settings.seconds * 1000;
let exhaustedAt: number | null = null;

let first: Snapshot | null = null;
let last: Snapshot | null = null;
const firstTimer = setTimeout(() => (first = snapshot()), windowStart - performance.now());
const lastTimer = setTimeout(() => (last = snapshot()), windowEnd - performance.now());

async function caller() {
  while (performance.now() < windowEnd) {
    const index = next++;
    const personId = settings.people[index];
    if (personId === undefined) {
      exhaustedAt ??= performance.now();
      return;
    }
    const node = index % settings.baseUrls.length;
    const t0 = performance.now();
    sent++;
    try {
      await postSignIn(settings.baseUrls[node]!, settings.token, settings.areaId, personId);
      ok++;
      const t1 = performance.now();
      if (t0 >= windowStart && t1 <= windowEnd) samples.push(t1 - t0);
      if (t1 >= windowStart && t1 <= windowEnd) {
        inWindow++;
        perNode[node]!++;
      }
    } catch (error) {
      const message = countFailure(statuses, error);
      firstError ??= message;
    }
  }
}

await Promise.all(Array.from({ length: settings.concurrency }, caller));
clearTimeout(firstTimer);
clearTimeout(lastTimer);
// The people ran out early: the window is cut where they did.
const end = exhaustedAt !== null && exhaustedAt < windowEnd ? exhaustedAt : windowEnd;
first ??= snapshot();
last ??= snapshot();
await sleep(0);
const shares = sharesBetween(first, last);
const countedSeconds = Math.max(0.001, (end - windowStart) / 1000);
const result: ClusterSignInResult = {
  nodes: settings.baseUrls.length,
  concurrency: settings.concurrency,
  sent,
  ok,
  errors: Object.values(statuses).reduce((a, b) => a + b, 0),
  statuses,
  firstError,
  rate: inWindow / countedSeconds,
  latency: latency(samples),
  perNode,
  exhausted: exhaustedAt !== null && exhaustedAt < windowEnd,
  seconds: countedSeconds,
  cpu: shares.cpu,
  machineCores: shares.machineCores,
  cores: cpus().length,
};
writeResult(settings.out, result);
process.exit(0);
