// The processes the load is aimed at: the app's server on a working copy (the compiled build when there
// is one, else the TypeScript entry through tsx), and the bare node:http baseline.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, ROOT, type DatabaseKind } from '../dataset/data-set';
import { sleep } from '../load/child-io';
import { start, stop, tail, type Started } from './processes';
import { freePort } from '../../apps/server/scripts/free-port';

const COMPILED_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
const SOURCE_ENTRY = path.join(ROOT, 'apps/server/src/server.ts');
const HELLO_ENTRY = path.join(BENCH_DIR, 'load/hello-server.ts');
const FLOOR_ENTRY = path.join(BENCH_DIR, 'load/framework-floor-server.ts');
/** Requests per minute per address, session, API token and kiosk: the limiter runs on every request but never
 *  refuses the load. */
const NEVER_LIMITED = '1000000000';

export type RunningServer = { baseUrl: string; pid: number; entry: string; stop: () => Promise<void> };

async function waitUntilUp(url: string, started: Started, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(
        `exited during start-up (${started.child.exitCode ?? started.child.signalCode}):\n${tail(started.logFile)}`,
      );
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`no answer within ${timeoutMs / 1000} s:\n${tail(started.logFile)}`);
}

/**
 * The node options `npm start` runs the server with (package.json's start script: the options before
 * apps/server/dist/server.js), so that the server under test is the product as it runs: its heap's
 * young generation and the collections it asks for are part of what is measured.
 */
export function productNodeOptions(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const run = pkg.scripts.start.split('&&').find((part) => part.includes('apps/server/dist/server.js'));
  if (!run) throw new Error('package.json: the start script does not run apps/server/dist/server.js');
  return run
    .trim()
    .split(/\s+/)
    .filter((word) => word.startsWith('--'));
}

/** Which entry the server starts from: the compiled build when another step has made one. */
export function serverEntry(): { command: string[]; entry: string } {
  const options = productNodeOptions();
  if (existsSync(COMPILED_ENTRY)) {
    return { command: [...options, COMPILED_ENTRY], entry: 'apps/server/dist/server.js' };
  }
  return { command: [...options, '--import', 'tsx', SOURCE_ENTRY], entry: 'tsx apps/server/src/server.ts' };
}

/** The load generators ask far more than a person, a session or a kiosk would: no rate limit is hit. */
export const NO_RATE_LIMITS = {
  PUBLIC_RATE_LIMIT: NEVER_LIMITED,
  API_RATE_LIMIT: NEVER_LIMITED,
  SESSION_RATE_LIMIT: NEVER_LIMITED,
  API_TOKEN_RATE_LIMIT: NEVER_LIMITED,
  DEVICE_RATE_LIMIT: NEVER_LIMITED,
};

/** The built kiosk app the server serves under /kiosk/: `KIOSK_DIST` when set, else the app's own build. */
export const kioskDist = () => process.env.KIOSK_DIST || path.join(ROOT, 'apps/kiosk/dist');

/** The environment the app runs with under the bench: production, quiet logs, jobs on, no limits hit. */
export function serverEnv(kind: DatabaseKind, location: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    JOBS: 'true',
    ...NO_RATE_LIMITS,
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    WEB_DIST: path.join(ROOT, 'apps/web/dist'),
    KIOSK_DIST: kioskDist(),
  };
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  delete env.DATABASE_URL;
  if (kind === 'postgres') env.DATABASE_URL = location;
  else env.DATA_DIR = location;
  return env;
}

export async function startServer(kind: DatabaseKind, location: string, logFile: string): Promise<RunningServer> {
  const port = await freePort();
  const { command, entry } = serverEntry();
  // BENCH_SERVER_PROFILE=<dir>: the server writes a CPU profile there when it stops (to find out why).
  const profile = process.env.BENCH_SERVER_PROFILE;
  const args = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`, ...command] : command;
  const started = start(process.execPath, args, { logFile, env: serverEnv(kind, location, port) });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    // A large embedded database takes a while to open; the cases start once the server is warm (decision 037).
    await waitUntilUp(`${baseUrl}/api/health/ready`, started, 300_000);
  } catch (error) {
    await stop(started.child);
    throw new Error(`the server (${entry}) ${error instanceof Error ? error.message : String(error)}`);
  }
  return { baseUrl, pid: started.child.pid!, entry, stop: () => stop(started.child) };
}

export async function startHello(logFile: string): Promise<RunningServer> {
  return startBaseline(HELLO_ENTRY, '/', logFile, {});
}

/** The framework floor (bench/load/framework-floor-server.ts), answering with the body in `bodyFile`. */
export async function startFrameworkFloor(logFile: string, bodyFile: string): Promise<RunningServer> {
  return startBaseline(FLOOR_ENTRY, '/bare', logFile, { FLOOR_BODY: bodyFile });
}

async function startBaseline(
  entry: string,
  probe: string,
  logFile: string,
  env: NodeJS.ProcessEnv,
): Promise<RunningServer> {
  const port = await freePort();
  const started = start(process.execPath, ['--import', 'tsx', entry], {
    logFile,
    env: { ...process.env, ...env, PORT: String(port) },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${baseUrl}${probe}`, started, 30_000);
  return { baseUrl, pid: started.child.pid!, entry: path.relative(ROOT, entry), stop: () => stop(started.child) };
}
