// `npm run cluster`: the product on several app nodes behind HAProxy, on one PostgreSQL and one Redis, as
// a deployment on several machines runs it (README, "Running several nodes"), all on this machine:
//
//   1. HAProxy: installed from Debian when missing (as root, or with sudo that asks no password).
//   2. PostgreSQL at DATABASE_URL (its database made when absent) and Redis at REDIS_URL answer.
//   3. The installation's secret: SECRETS_KEY, or DATA_DIR/secrets.key made once here, before any
//      node starts, so that every node reads the same one.
//   4. Builds once, as `npm start` does (web, kiosk and passport apps, the server bundle).
//   5. Starts CLUSTER_NODES nodes (default 2) of apps/server/dist/server.js on 127.0.0.1, ports
//      CLUSTER_BASE_PORT (3101) and up, their passports on CLUSTER_BASE_PORT + 100 and up; all share
//      DATA_DIR (the files; a volume every node mounts) and pass through whatever else is set
//      (FILE_STORE, S3_*, SMTP_URL, LOG_LEVEL…).
//   6. Writes HAProxy's configuration from deploy/haproxy.cfg to .tmp/cluster/haproxy.cfg and runs it:
//      the product on PORT (3000) and the passport on PASSPORT_PORT (3001), as `npm start` serves them.
//
// A node that dies is reported and started again (HAProxy's checks take it out of rotation meanwhile);
// Ctrl-C (SIGINT) or SIGTERM stops HAProxy and every node, gracefully; a second Ctrl-C kills them.
//
//   node --import tsx deploy/cluster.ts
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUN_DIR = path.join(ROOT, '.tmp', 'cluster');
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/frontdesk';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

const say = (line: string) => process.stdout.write(`[cluster] ${line}\n`);
const fail = (line: string): never => {
  process.stderr.write(`[cluster] ${line}\n`);
  process.exit(1);
};

function intOf(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    fail(`${name} must be a whole number from ${min} to ${max}`);
  return value;
}

const config = {
  nodes: intOf('CLUSTER_NODES', 2, 1, 9),
  port: intOf('PORT', 3000, 1, 65535),
  passportPort: intOf('PASSPORT_PORT', 3001, 1, 65535),
  basePort: intOf('CLUSTER_BASE_PORT', 3101, 1, 65000),
  statsPort: intOf('CLUSTER_STATS_PORT', 8404, 1, 65535),
  host: process.env.HOST || '0.0.0.0',
  databaseUrl: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
  redisUrl: process.env.REDIS_URL || DEFAULT_REDIS_URL,
  dataDir: path.resolve(ROOT, process.env.DATA_DIR || 'data/cluster'),
  passport: process.env.PASSPORT !== 'false',
};
const appUrl = process.env.APP_URL || `http://localhost:${config.port}`;
const passportUrl = process.env.PASSPORT_URL || `http://localhost:${config.passportPort}`;
const nodePort = (i: number) => config.basePort + i;
const passportPortOf = (i: number) => config.basePort + 100 + i;

/** A URL as it may be printed: without its password. */
function shown(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

// 1. HAProxy ------------------------------------------------------------------------------------------

function haproxyBinary(): string | null {
  for (const candidate of ['haproxy', '/usr/sbin/haproxy']) {
    const probe = spawnSync(candidate, ['-v'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  return null;
}

function ensureHaproxy(): string {
  const found = haproxyBinary();
  if (found) return found;
  const asRoot = process.getuid?.() === 0;
  const sudo = !asRoot && spawnSync('sudo', ['-n', 'true']).status === 0;
  if (!asRoot && !sudo) {
    return fail(
      'HAProxy is not installed. Install it (Debian/Ubuntu: `sudo apt-get install haproxy`) and run `npm run cluster` again.',
    );
  }
  say('HAProxy is not installed: installing the Debian package…');
  const run = (args: string[]) => {
    const [command, ...rest] = asRoot ? args : ['sudo', ...args];
    const done = spawnSync(command!, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (done.status !== 0) fail(`\`${args.join(' ')}\` failed`);
  };
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', '--no-install-recommends', 'haproxy']);
  return haproxyBinary() ?? fail('HAProxy still does not run after installing it');
}

// 2. PostgreSQL and Redis -----------------------------------------------------------------------------

async function ensureDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.end();
    return;
  } catch (error) {
    await client.end().catch(() => undefined);
    const code = (error as { code?: string }).code;
    // 3D000: no such database. Anything else (no server, refused login) is the operator's to fix.
    if (code !== '3D000') {
      fail(`PostgreSQL does not answer at ${shown(url)}: ${(error as Error).message}. Start it, or set DATABASE_URL.`);
    }
  }
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
    connectionTimeoutMillis: 5_000,
  });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    say(`created the database ${name}`);
  } catch (error) {
    fail(`could not create the database ${name}: ${(error as Error).message}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

async function ensureRedis(url: string): Promise<void> {
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
  } catch (error) {
    fail(`Redis does not answer at ${shown(url)}: ${(error as Error).message}. Start redis-server, or set REDIS_URL.`);
  } finally {
    redis.disconnect();
  }
}

// 3. The installation's secret ------------------------------------------------------------------------

/** As the server makes it (lib/secrets.ts): 32 random bytes, base64, readable by its owner only. */
function ensureSecretsKey(): void {
  if (process.env.SECRETS_KEY) return;
  const file = path.join(config.dataDir, 'secrets.key');
  if (existsSync(file)) return;
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  say(
    `made the installation's secret in ${path.relative(ROOT, file)} (every node reads it; keep it, or set SECRETS_KEY)`,
  );
}

// 4. The build ----------------------------------------------------------------------------------------

function build(): void {
  // What `npm start` builds, but the embedded database's template: the nodes run on PostgreSQL.
  say('building what is stale (web, kiosk and passport apps, server)…');
  const done = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/scripts/build.ts', 'web', 'kiosk', 'passport', 'server'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (done.status !== 0) fail('the build failed');
}

/** The node options `npm start` runs the server with (package.json's start script). */
function productNodeOptions(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const run = pkg.scripts.start.split('&&').find((part) => part.includes('apps/server/dist/server.js'));
  return (run ?? '')
    .trim()
    .split(/\s+/)
    .filter((word) => word.startsWith('--'));
}

// 5. Ports --------------------------------------------------------------------------------------------

function portFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

async function checkPorts(): Promise<void> {
  const wanted: [number, string, string][] = [
    [config.port, config.host, 'PORT (the balancer)'],
    [config.statsPort, '127.0.0.1', "CLUSTER_STATS_PORT (HAProxy's statistics)"],
  ];
  if (config.passport) wanted.push([config.passportPort, config.host, "PASSPORT_PORT (the balancer's passport)"]);
  for (let i = 0; i < config.nodes; i++) {
    wanted.push([nodePort(i), '127.0.0.1', `node ${i + 1}`]);
    if (config.passport) wanted.push([passportPortOf(i), '127.0.0.1', `node ${i + 1}'s passport`]);
  }
  const taken: string[] = [];
  for (const [port, host, what] of wanted) if (!(await portFree(port, host))) taken.push(`${port} (${what})`);
  if (taken.length) {
    fail(
      `port${taken.length > 1 ? 's' : ''} ${taken.join(', ')} already in use (is \`npm start\` or another cluster running?). ` +
        'Stop it, or move the cluster: PORT, PASSPORT_PORT, CLUSTER_BASE_PORT, CLUSTER_STATS_PORT.',
    );
  }
}

// 6. HAProxy's configuration --------------------------------------------------------------------------

function haproxyConfig(): string {
  const template = readFileSync(path.join(ROOT, 'deploy/haproxy.cfg'), 'utf8');
  const names = Array.from({ length: config.nodes }, (_, i) => `node${i + 1}`);
  const lines = (f: (name: string, i: number) => string) => names.map((n, i) => `    ${f(n, i)}`).join('\n');
  let text = template
    .replaceAll('{{HOST}}', config.host === '0.0.0.0' ? '' : config.host)
    .replaceAll('{{PORT}}', String(config.port))
    .replaceAll('{{PASSPORT_PORT}}', String(config.passportPort))
    .replaceAll('{{STATS_PORT}}', String(config.statsPort))
    .replace(
      '{{APP_SERVERS}}',
      lines((n, i) => `server ${n} 127.0.0.1:${nodePort(i)} check`),
    )
    .replace(
      '{{REALTIME_SERVERS}}',
      lines((n, i) => `server ${n} 127.0.0.1:${nodePort(i)} track app/${n} cookie ${n}`),
    )
    .replace(
      '{{PASSPORT_SERVERS}}',
      lines((n, i) => `server ${n} 127.0.0.1:${passportPortOf(i)} check`),
    );
  if (!config.passport) text = text.replace(/# passport-begin[\s\S]*?# passport-end\n/, '');
  return `# Written by deploy/cluster.ts from deploy/haproxy.cfg: edit the template, not this file.\n${text}`;
}

// Processes -------------------------------------------------------------------------------------------

let stopping = false;

/** A child whose output goes to the console, each line after its name. */
function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
    stream.on('end', () => {
      if (rest) out.write(`[${name}] ${rest}\n`);
    });
  }
  return child;
}

type Node = { index: number; name: string; child: ChildProcess | null; startedAt: number; restarts: number };

const nodeOptions = productNodeOptions();
const nodes: Node[] = Array.from({ length: config.nodes }, (_, index) => ({
  index,
  name: `node${index + 1}`,
  child: null,
  startedAt: 0,
  restarts: 0,
}));
let haproxy: ChildProcess | null = null;

function nodeEnv(i: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV || 'production',
    // Every request would otherwise be logged twice per node, health checks included: LOG_LEVEL=info to see them.
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    HOST: '127.0.0.1',
    PORT: String(nodePort(i)),
    APP_URL: appUrl,
    DATABASE_URL: config.databaseUrl,
    REDIS_URL: config.redisUrl,
    DATA_DIR: config.dataDir,
    PASSPORT: config.passport ? 'true' : 'false',
    PASSPORT_PORT: String(passportPortOf(i)),
    PASSPORT_URL: passportUrl,
    // HAProxy, on this machine, forwards each caller's address (X-Forwarded-For): limits and the
    // sign-in lock-out count callers, not the balancer.
    TRUST_PROXY: process.env.TRUST_PROXY || 'loopback',
  };
}

function startNode(node: Node): void {
  node.startedAt = Date.now();
  const child = startChild(
    node.name,
    process.execPath,
    [...nodeOptions, 'apps/server/dist/server.js'],
    nodeEnv(node.index),
  );
  node.child = child;
  child.once('exit', (code, signal) => {
    node.child = null;
    if (stopping) return;
    // A node that keeps dying right after its start waits longer each time (up to 30 s).
    const quick = Date.now() - node.startedAt < 30_000;
    node.restarts = quick ? node.restarts + 1 : 0;
    const delay = Math.min(30_000, 1_000 * 2 ** Math.min(node.restarts, 5));
    say(
      `${node.name} (pid ${child.pid}) exited (${signal ?? `code ${code}`}): HAProxy takes it out of rotation; ` +
        `starting it again in ${delay / 1000} s`,
    );
    setTimeout(() => {
      if (!stopping) startNode(node);
    }, delay).unref();
  });
}

function stopAll(signal: NodeJS.Signals): void {
  stopping = true;
  haproxy?.kill(signal === 'SIGKILL' ? 'SIGKILL' : 'SIGTERM');
  for (const node of nodes) node.child?.kill(signal);
}

function waitForExit(): Promise<void> {
  const all = [haproxy, ...nodes.map((n) => n.child)].filter(
    (c): c is ChildProcess => c !== null && c.exitCode === null,
  );
  return Promise.all(all.map((c) => new Promise<void>((resolve) => c.once('exit', () => resolve())))).then(
    () => undefined,
  );
}

async function shutDown(signal: NodeJS.Signals) {
  if (stopping) {
    say('stopping at once');
    stopAll('SIGKILL');
    return;
  }
  say(`${signal}: stopping HAProxy and the nodes (Ctrl-C again to kill them)…`);
  stopAll('SIGTERM');
  const timer = setTimeout(() => stopAll('SIGKILL'), 20_000).unref();
  await waitForExit();
  clearTimeout(timer);
  say('stopped');
  process.exit(0);
}

/** Whether `url` answers 200 within `ms` (a node's, or the balancer's, health check). */
async function readyAt(url: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !stopping) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) return true;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

// Main ------------------------------------------------------------------------------------------------

const haproxyPath = ensureHaproxy();
await ensureDatabase(config.databaseUrl);
await ensureRedis(config.redisUrl);
await checkPorts();
ensureSecretsKey();
build();

mkdirSync(RUN_DIR, { recursive: true });
const configFile = path.join(RUN_DIR, 'haproxy.cfg');
writeFileSync(configFile, haproxyConfig());
const checked = spawnSync(haproxyPath, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
if (checked.status !== 0)
  fail(`HAProxy refuses ${path.relative(ROOT, configFile)}:\n${checked.stdout}${checked.stderr}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutDown(signal));

say(
  `starting ${config.nodes} node${config.nodes > 1 ? 's' : ''} on PostgreSQL ${shown(config.databaseUrl)} and Redis ${shown(config.redisUrl)}, ` +
    `files in ${path.relative(ROOT, config.dataDir) || '.'}…`,
);
// All at once, as nodes restarted together do: migrations and the demo seed run once, under a lock.
for (const node of nodes) startNode(node);
// HAProxy once every node is ready (or after 3 minutes with those that are): started earlier, it would
// count the nodes up, then report each down until it answers.
await Promise.all(nodes.map((node) => readyAt(`http://127.0.0.1:${nodePort(node.index)}/api/health/ready`, 180_000)));
if (stopping) await new Promise(() => undefined);
// -db: in the foreground, its messages (a node down, a node up) on the console.
haproxy = startChild('haproxy', haproxyPath, ['-db', '-f', configFile], process.env);
haproxy.once('exit', (code, signal) => {
  if (stopping) return;
  say(`HAProxy exited (${signal ?? `code ${code}`}): stopping the nodes`);
  stopAll('SIGTERM');
  void waitForExit().then(() => process.exit(1));
});

if (await readyAt(`http://127.0.0.1:${config.port}/api/health/ready`, 60_000)) {
  const ports = nodes.map((n) => `${n.name} :${nodePort(n.index)}`).join(', ');
  const lines = [
    '',
    `Front Desk on ${config.nodes} node${config.nodes > 1 ? 's' : ''} behind HAProxy:`,
    `  ${appUrl}   the product (${ports})`,
    ...(config.passport
      ? [`  ${passportUrl}   the passport (${nodes.map((n) => `:${passportPortOf(n.index)}`).join(', ')})`]
      : []),
    `  http://127.0.0.1:${config.statsPort}/   HAProxy's statistics: which nodes are up`,
    `  configuration: ${path.relative(ROOT, configFile)}`,
    'Ctrl-C stops HAProxy and every node.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} else if (!stopping) {
  say('the balancer answers no ready node: see the output above');
}
