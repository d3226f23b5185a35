// The first start: the compiled server started the way `npm start` starts it (the same node flags,
// read from the root package.json), on a fresh embedded data folder or a fresh PostgreSQL database,
// with the default settings (so the demo seed); once its start-up work is done it idles, and its
// resident memory is read from /proc (Linux). Then it is restarted on the same data, twice, each time
// under the dashboard's load for 15 s (decision 037): once from its first answer (as a balancer that
// does not wait for readiness), once from GET /api/health/ready answering 200; the p99 of those
// requests shows what the first seconds after a start cost, cold and warm.
//   BENCH_STARTUP_IDLE_SECONDS   idle time before reading RSS (default 30)
//   BENCH_STARTUP_LOAD_SECONDS   load after each restart (default 15)
//   BENCH_STARTUP_CLIENTS        concurrent clients of that load (default 8)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { NO_RATE_LIMITS } from '../lib/server-under-test';
import { latency, type Latency } from '../lib/stats';
import { freePort } from '../../apps/server/scripts/free-port';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILD_SCRIPT = path.join(ROOT, 'apps/server/scripts/build.ts');
const IDLE_MS = Number(process.env.BENCH_STARTUP_IDLE_SECONDS ?? 30) * 1000;
const START_TIMEOUT_MS = 120_000;
const LOAD_MS = Number(process.env.BENCH_STARTUP_LOAD_SECONDS ?? 15) * 1000;
const CLIENTS = Number(process.env.BENCH_STARTUP_CLIENTS ?? 8);
// The dashboard's two requests on every refresh: the logbook's first page and today's counts.
const HOT_PATHS = ['/api/v1/visits?page=1&limit=10&sortField=activity&orderBy=desc', '/api/v1/dashboard'];
// npm start's environment: nothing set but where to listen and which database.
const UNSET = ['NODE_OPTIONS', 'DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'WEB_DIST', 'HOST', 'APP_URL', 'LOG_LEVEL'];

/** The last command of the root `start` script: `node <flags> apps/server/dist/server.js`. */
function serverArgs(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = (pkg.scripts.start.split('&&').at(-1) ?? '').trim().split(/\s+/);
  if (words[0] !== 'node' || !words.at(-1)?.endsWith('dist/server.js')) {
    throw new Error(`npm start no longer ends with "node … dist/server.js": ${pkg.scripts.start}`);
  }
  return words.slice(1);
}

let built = false;
/** What `npm start` builds first (only what is stale); not part of the timing. */
function ensureBuilt() {
  if (built) return;
  const result = spawnSync(process.execPath, ['--import', 'tsx', BUILD_SCRIPT], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm start's build failed:\n${result.stderr}${result.stdout}`);
  built = true;
}

function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line.split(/\s+/)[1]) / 1024;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** A scratch database beside the one `url` names; dropped by the returned function. */
async function scratchDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_start_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return { url: scratch.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The demo admin's sign-in, printed once by the first start (server.ts). */
function demoAdmin(log: string): { email: string; password: string } {
  const m = log.match(/Admin:\s+(\S+)\s+\/\s+(\S+)/);
  if (!m) throw new Error('the demo admin was not printed at the first start');
  return { email: m[1]!, password: m[2]! };
}

async function sessionCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`demo sign-in: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Waits for `path` to answer 200; answers the time since `started`. */
async function answered(url: string, started: number, check: (what: string) => void, what: string): Promise<number> {
  for (;;) {
    check(what);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await pause(20);
  }
}

/** `CLIENTS` clients asking for the dashboard's requests back to back for `LOAD_MS`; every latency. */
async function dashboardLoad(baseUrl: string, cookie: string): Promise<{ load: Latency; failed: number }> {
  const samples: number[] = [];
  let failed = 0;
  const until = performance.now() + LOAD_MS;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = client; performance.now() < until; i++) {
        const t0 = performance.now();
        const res = await fetch(`${baseUrl}${HOT_PATHS[i % HOT_PATHS.length]}`, { headers: { cookie } });
        await res.arrayBuffer();
        samples.push(performance.now() - t0);
        if (res.status !== 200) failed++;
      }
    }),
  );
  return { load: latency(samples), failed };
}

export type RestartFigures = { readyMs: number; load: Latency; failed: number };

/** Starts the built server as `npm start` would, on a fresh embedded data folder or a fresh PostgreSQL database,
 *  times it to the first 200 of GET /api/v1/public/config, then lets it idle and reads its RSS. */
export async function measureStartup(database: { kind: 'embedded' } | { kind: 'postgres'; url: string }): Promise<{
  firstAnswerMs: number;
  readyMs: number;
  idleRssMb: number;
  /** Restarted on the same data, loaded from the first answer (cold) and from readiness (warm). */
  cold: RestartFigures;
  warm: RestartFigures;
}> {
  ensureBuilt();
  const args = serverArgs();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'fd-bench-start-'));
  const scratch = database.kind === 'postgres' ? await scratchDatabase(database.url) : null;
  const port = await freePort();
  // Eight clients on one session ask some 800 requests a second, far past a session's limit: the
  // limits are off, as for the server under test, so every answer is the dashboard's own.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...NO_RATE_LIMITS,
    PORT: String(port),
    DATA_DIR: path.join(workDir, 'data'),
  };
  for (const name of UNSET) delete env[name];
  if (scratch) env.DATABASE_URL = scratch.url;

  const logFile = path.join(workDir, 'server.log');
  const log = openSync(logFile, 'a');
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const launch = () => {
    const started = performance.now();
    const server = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', log, log] });
    child = server;
    const check = (what: string) => {
      if (server.exitCode !== null || server.signalCode !== null) {
        throw new Error(`the server exited during start-up:\n${readFileSync(logFile, 'utf8')}`);
      }
      if (performance.now() - started > START_TIMEOUT_MS) throw new Error(`${what} took too long`);
    };
    return { server, started, check };
  };
  try {
    const first = launch();
    const firstAnswerMs = await answered(
      `${baseUrl}/api/v1/public/config`,
      first.started,
      first.check,
      'the first answer',
    );
    const readyMs = await answered(`${baseUrl}/api/health/ready`, first.started, first.check, 'readiness');
    // The demo seed comes after the first answer (server.ts): the idle time starts once it is done.
    while (!readFileSync(logFile, 'utf8').includes('"msg":"start-up work done"')) {
      first.check('the start-up work');
      await pause(100);
    }
    await pause(IDLE_MS);
    const idleRssMb = Math.round(residentMb(first.server.pid!));
    const admin = demoAdmin(readFileSync(logFile, 'utf8'));
    const cookie = await sessionCookie(baseUrl, admin.email, admin.password);
    await stop(first.server);

    const restart = async (loadFrom: 'first answer' | 'ready'): Promise<RestartFigures> => {
      const again = launch();
      const probe = loadFrom === 'ready' ? '/api/health/ready' : '/api/v1/public/config';
      const from = await answered(`${baseUrl}${probe}`, again.started, again.check, loadFrom);
      const figures = await dashboardLoad(baseUrl, cookie);
      const ready = await answered(`${baseUrl}/api/health/ready`, again.started, again.check, 'readiness');
      await stop(again.server);
      return { readyMs: Math.round(loadFrom === 'ready' ? from : ready), ...figures };
    };
    const cold = await restart('first answer');
    const warm = await restart('ready');
    return { firstAnswerMs: Math.round(firstAnswerMs), readyMs: Math.round(readyMs), idleRssMb, cold, warm };
  } finally {
    if (child) await stop(child);
    closeSync(log);
    await scratch?.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
