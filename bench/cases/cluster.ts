// Several app nodes on one PostgreSQL and one Redis (issue 30, "Speed"): sign-ins per second sustained by
// one node, then by two, from the same load generator for the same time (bench/load/cluster-sign-ins.ts,
// closed loop, spreading its requests over the nodes in turn as a round-robin balancer does), their
// ratio, and where the machine's cores went meanwhile (CPU time per process from /proc); then a sign-in
// through node A → the `updateVisits` on a dashboard's socket on node B, beside the same dashboard's on
// A (bench/load/cluster-live.ts), with sign-ins in the background.
// The nodes are the product as `npm start` runs it, each with REDIS_URL (the one-node run too, so that
// the two runs differ only in the number of nodes) and the passport off. The case makes its own company
// (bench/load/cluster-setup.ts): on the data set's working copy when the run has one, otherwise on an
// empty database. PostgreSQL only: the embedded database allows one process.
import path from 'node:path';
import { Redis } from 'ioredis';
import { BENCH_DIR, type DatabaseKind } from '../dataset/data-set';
import type { ClusterCompany, ClusterSetupSettings } from '../load/cluster-setup';
import type { ClusterLiveResult, ClusterLiveSettings } from '../load/cluster-live';
import type { ClusterSignInResult, ClusterSignInSettings } from '../load/cluster-sign-ins';
import { sleep } from '../load/child-io';
import type { Options } from '../lib/options';
import { start, stop, tail } from '../lib/processes';
import type { Row } from '../lib/report';
import { freePort } from '../../apps/server/scripts/free-port';
import { serverEntry, serverEnv } from '../lib/server-under-test';
import { ms, perSecond } from '../lib/stats';
import { file, finite, runLoad } from './context';
import { TARGETS } from './targets';

/** Issue 30: two nodes sustain at least 1.6 times one node's sign-ins on the same PostgreSQL. */
const TARGET_RATIO = 1.6;
const WARM_UP_SECONDS = 3;
/** Sign-ins per second the people are counted for (each is signed in once): above what the machine takes. */
const RATE_CEILING = 600;
const LIVE_SIGN_INS = 40;
const LIVE_INTERVAL_MS = 250;
const LIVE_TIMEOUT_MS = 10_000;

export type ClusterContext = { kind: DatabaseKind; options: Options; location: string; workDir: string };

const script = (name: string) => path.join(BENCH_DIR, 'load', name);

type Node = { name: string; url: string; pid: number; stop: () => Promise<void> };

/** One node: the product with Redis, its passport off (each node would take PASSPORT_PORT). */
async function startNode(c: ClusterContext, name: string): Promise<Node> {
  const port = await freePort();
  const { command } = serverEntry();
  const env = { ...serverEnv('postgres', c.location, port), REDIS_URL: c.options.redisUrl, PASSPORT: 'false' };
  const started = start(process.execPath, command, { logFile: file(c, `cluster-${name}.log`), env });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(`${name} exited during start-up:\n${tail(started.logFile)}`);
    }
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop(started.child);
      throw new Error(`${name} not ready within 2 minutes:\n${tail(started.logFile)}`);
    }
    await sleep(200);
  }
  return { name, url, pid: started.child.pid!, stop: () => stop(started.child) };
}

async function redisAnswers(url: string): Promise<string | null> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3_000,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    redis.disconnect();
  }
}

const cores = (r: ClusterSignInResult, name: string) => r.cpu.find((s) => s.name === name)?.cores ?? 0;

/** "postgres 0.81, node1 0.60, load 0.20, …; machine 1.86 of 2 cores; per sign-in: nodes 3.0, postgres 4.1 ms of CPU" */
function profile(r: ClusterSignInResult): string {
  const named = r.cpu
    .filter((s) => s.cores >= 0.005)
    .sort((a, b) => b.cores - a.cores)
    .map((s) => `${s.name} ${s.cores.toFixed(2)}`);
  const others = r.machineCores - r.cpu.reduce((sum, s) => sum + s.cores, 0);
  const nodes = r.cpu.filter((s) => s.name.startsWith('node')).reduce((sum, s) => sum + s.cores, 0);
  const perSignIn = (coresUsed: number) => ((coresUsed / r.rate) * 1000).toFixed(1);
  return (
    `${named.join(', ')}${others > 0.05 ? `, other processes ${others.toFixed(2)}` : ''}; ` +
    `machine ${r.machineCores.toFixed(2)} of ${r.cores} cores; ` +
    `CPU per sign-in: nodes ${perSignIn(nodes)} ms, postgres ${perSignIn(cores(r, 'postgres'))} ms`
  );
}

const runFigure = (r: ClusterSignInResult) =>
  `${perSecond(r.rate)}/s (p50 ${ms(finite(r.latency.p50))} / p95 ${ms(finite(r.latency.p95))} ms` +
  `${r.nodes > 1 ? `; ${r.perNode.map((n) => perSecond(n / r.seconds)).join(' + ')}/s` : ''}` +
  `${r.errors ? `; ${r.errors} errors (${r.firstError})` : ''}${r.exhausted ? '; people ran out' : ''})`;

export async function measureCluster(c: ClusterContext): Promise<Row[]> {
  if (c.kind !== 'postgres') {
    return [
      { case: 'cluster', database: c.kind, figure: 'not run: several nodes need PostgreSQL', against: '–', met: null },
    ];
  }
  const redisDown = await redisAnswers(c.options.redisUrl);
  if (redisDown) throw new Error(`Redis does not answer at ${c.options.redisUrl} (${redisDown}): set BENCH_REDIS_URL`);
  const { clusterSeconds: seconds, clusterConcurrency: concurrency } = c.options;
  const perRun = Math.ceil(RATE_CEILING * (seconds + WARM_UP_SECONDS));
  const backgroundPeople = Math.ceil(
    c.options.liveBackgroundRate * ((LIVE_SIGN_INS * LIVE_INTERVAL_MS) / 1000 + 2 + LIVE_TIMEOUT_MS / 1000),
  );
  const setup: ClusterSetupSettings = {
    location: c.location,
    signInPeople: 2 * perRun + LIVE_SIGN_INS + backgroundPeople,
    out: file(c, 'cluster-setup.json'),
  };
  console.log(`[${c.kind}] cluster: a company with ${setup.signInPeople.toLocaleString('en')} people to sign in…`);
  const company = await runLoad<ClusterCompany>(c, script('cluster-setup.ts'), 'cluster-setup', setup);
  const people = [...company.people];
  const take = (n: number) => people.splice(0, n);

  const signIns = (nodes: Node[], name: string) => {
    const settings: ClusterSignInSettings = {
      baseUrls: nodes.map((n) => n.url),
      token: company.token,
      areaId: company.areaId,
      people: take(perRun),
      concurrency,
      warmUpSeconds: WARM_UP_SECONDS,
      seconds,
      pids: Object.fromEntries(nodes.map((n) => [n.name, n.pid])),
      database: new URL(c.location).pathname.slice(1),
      out: file(c, `${name}.json`),
    };
    return runLoad<ClusterSignInResult>(c, script('cluster-sign-ins.ts'), name, settings);
  };

  const nodes: Node[] = [];
  try {
    nodes.push(await startNode(c, 'node1'));
    console.log(`[${c.kind}] cluster: sign-ins on one node (${concurrency} callers, ${seconds} s)…`);
    const one = await signIns(nodes, 'cluster-one-node');
    nodes.push(await startNode(c, 'node2'));
    console.log(`[${c.kind}] cluster: sign-ins on two nodes…`);
    const two = await signIns(nodes, 'cluster-two-nodes');
    console.log(`[${c.kind}] cluster: sign-in on node A → dashboard on node B…`);
    const liveSettings: ClusterLiveSettings = {
      nodeA: nodes[0]!.url,
      nodeB: nodes[1]!.url,
      entityId: company.entityId,
      admin: company.admin,
      token: company.token,
      areaId: company.areaId,
      people: take(LIVE_SIGN_INS),
      background: take(backgroundPeople),
      backgroundRate: c.options.liveBackgroundRate,
      intervalMs: LIVE_INTERVAL_MS,
      timeoutMs: LIVE_TIMEOUT_MS,
      out: file(c, 'cluster-live.json'),
    };
    const live = await runLoad<ClusterLiveResult>(c, script('cluster-live.ts'), 'cluster-live', liveSettings);

    const ratio = two.rate / one.rate;
    const clean = one.errors === 0 && two.errors === 0 && !one.exhausted && !two.exhausted;
    const p95 = finite(live.otherNode.p95);
    const problems = [
      live.missed.otherNode ? `${live.missed.otherNode} not seen on B within ${LIVE_TIMEOUT_MS / 1000} s` : '',
      live.signInErrors.length ? `${live.signInErrors.length} sign-ins refused (${live.signInErrors[0]})` : '',
      live.background.errors ? `${live.background.errors} background sign-ins failed` : '',
    ].filter(Boolean);
    return [
      {
        case: `cluster: sign-ins sustained, 1 node vs 2 nodes (same PostgreSQL and Redis; ${concurrency} callers, ${seconds} s each)`,
        database: c.kind,
        figure: `1 node ${runFigure(one)}; 2 nodes ${runFigure(two)}; ratio ${ratio.toFixed(2)}×`,
        against: `≥ ${TARGET_RATIO}× (or the limit explained by the profile below), 0 errors`,
        met: clean && ratio >= TARGET_RATIO,
      },
      {
        case: 'cluster: where the cores went (CPU time over each counted window, from /proc)',
        database: c.kind,
        figure: `1 node: ${profile(one)}. 2 nodes: ${profile(two)}`,
        against: `node processes' share: 1 node ${cores(one, 'node1').toFixed(2)}, 2 nodes ${(cores(two, 'node1') + cores(two, 'node2')).toFixed(2)} cores`,
        met: null,
      },
      {
        case: `cluster: sign-in through node A → updateVisits on node B (${LIVE_SIGN_INS} sign-ins, ${perSecond(c.options.liveBackgroundRate)}/s in the background)`,
        database: c.kind,
        figure:
          `other node p50 ${ms(finite(live.otherNode.p50))} / p95 ${ms(p95)} ms; ` +
          `same node p50 ${ms(finite(live.sameNode.p50))} / p95 ${ms(finite(live.sameNode.p95))} ms` +
          (problems.length ? `; ${problems.join('; ')}` : ''),
        against: `p95 ≤ ${TARGETS.liveP95Ms} ms`,
        met: problems.length === 0 && p95 <= TARGETS.liveP95Ms,
      },
    ];
  } finally {
    await Promise.all(nodes.map((n) => n.stop()));
  }
}
