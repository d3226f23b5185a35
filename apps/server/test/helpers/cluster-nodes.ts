// Several REAL app processes on one PostgreSQL database and one Redis (issue 30): the server bundled
// once per file (as `npm start` runs it: one compiled file, here in an ignored folder under
// apps/server/dist so that its packages resolve from node_modules), each node a child process of its
// own on a free port of 127.0.0.1, all on a database of the run copied from its migrated template
// and a Redis database index of their own. The nodes share DATA_DIR (a volume every node mounts) and
// SECRETS_KEY, as an installation's nodes must.
//
// Every "browser" (ClusterClient) talks from an address of its own in 127.0.0.0/8, so per-address
// limits and sign-in lock-outs never mix callers, nor this file with other files using Redis at once.
//
//   const cluster = await startCluster({ nodes: 2, env: { API_RATE_LIMIT: '10' } });
//   const [a, b] = cluster.nodes;
//   const admin = await cluster.client(a).login(email, PASSWORD);   // its cookies go to any node
//   const socket = await b!.socket(admin);                          // a socket.io client on node B
//   await cluster.killNode(0);  await cluster.startNode(0);         // SIGKILL, then a fresh process
//   await cluster.close();                                          // in afterAll: always
//
// Processes are killed however the file ends: afterAll (close), the worker's exit (a SIGKILL to each),
// and, should the worker itself be killed, the node notices its stdin pipe close and exits.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { inject } from 'vitest';
import { bundleServer } from '../../scripts/bundle-server';
import { openDatabase, type Database } from '../../src/db/client';
import type { ClientSocket } from './sockets';
import { TEST_SECRETS_KEY } from './test-app';
import { freePort } from '../../scripts/free-port';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START_TIMEOUT_MS = 60_000;

// ---------------------------------------------------------------------------------------------------
// HTTP, as a browser or an integration: cookies (and the CSRF header) kept across nodes, a source address.

export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: <T = Record<string, unknown>>() => T;
};

/** An address of 127.0.0.0/8 nobody else uses: the caller's own per-address counters. */
export function randomLoopback(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `127.${byte()}.${byte()}.${byte()}`;
}

/** One HTTP request from `localAddress`; network failures reject (a killed node's requests). */
export function httpRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string; timeoutMs?: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: opts.method ?? 'GET',
        headers: opts.headers,
        localAddress: opts.localAddress,
        // A connection of its own each time: nothing kept alive towards a node that may be killed.
        agent: false,
        timeout: opts.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: <T>() => JSON.parse(body) as T,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} within ${opts.timeoutMs ?? 15_000} ms`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** A caller of the API: a browser's cookie jar (sid, csrf) or an API token, on whichever node it is pointed at. */
export class ClusterClient {
  constructor(
    readonly node: { url: string },
    readonly jar: Map<string, string> = new Map(),
    readonly address: string = randomLoopback(),
    public bearer?: string,
  ) {}

  /** The same browser (cookies, address, token) talking to another node. */
  on(node: { url: string }): ClusterClient {
    return new ClusterClient(node, this.jar, this.address, this.bearer);
  }

  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const h: Record<string, string> = { ...headers };
    if (this.jar.size) h.cookie = this.cookie;
    const csrf = this.jar.get('csrf');
    if (method !== 'GET' && csrf && !('x-csrf-token' in h)) h['x-csrf-token'] = csrf;
    if (this.bearer) h.authorization = `Bearer ${this.bearer}`;
    if (body !== undefined) h['content-type'] = 'application/json';
    const res = await httpRequest(`${this.node.url}${url.startsWith('/api') ? url : `/api/v1${url}`}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
      localAddress: this.address,
    });
    const set = res.headers['set-cookie'] ?? [];
    for (const line of set) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (value === '' || expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body: unknown = {}, headers?: Record<string, string>) =>
    this.request('POST', url, body, headers);
  put = (url: string, body: unknown = {}, headers?: Record<string, string>) => this.request('PUT', url, body, headers);
  patch = (url: string, body: unknown = {}, headers?: Record<string, string>) =>
    this.request('PATCH', url, body, headers);
  delete = (url: string, headers?: Record<string, string>) => this.request('DELETE', url, undefined, headers);

  /** Signs in with a password (one company: the session opens in it). */
  async login(email: string, password: string): Promise<this> {
    const res = await this.post('/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`sign-in of ${email} on ${this.node.url}: ${res.status} ${res.body}`);
    return this;
  }
}

// ---------------------------------------------------------------------------------------------------
// The nodes.

export type ClusterNode = {
  index: number;
  port: number;
  url: string;
  pid: number;
  /** The environment it was started with (the cluster's, then the node's own). */
  env: Record<string, string>;
  readonly running: boolean;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>;
  /** The end of its log (for failure messages). */
  logTail: (lines?: number) => string;
  /** What it logged at level error or fatal (pino's JSON lines), and any line Node wrote as it crashed. */
  errors: () => string[];
  /** A socket.io client on this node with a browser's cookies (websocket transport, as the web app). */
  socket: (client: ClusterClient | string) => Promise<ClientSocket>;
  /** A caller pointed at this node: a new browser, or `from`'s cookies and address. */
  client: (from?: ClusterClient) => ClusterClient;
};

export type Cluster = {
  databaseUrl: string;
  redisUrl: string;
  /** The DATA_DIR every node mounts (files, unless a node's env says otherwise). */
  dataDir: string;
  /** An in-process handle on the cluster's database: seeding before, checking after. */
  db: Database;
  /** Nodes by index; a killed or stopped node stays here, not running, until started again. */
  nodes: ClusterNode[];
  /** Starts (or starts again) node `index` with the cluster's env and `env`; resolves once it is ready. */
  startNode: (index: number, env?: Record<string, string>) => Promise<ClusterNode>;
  /** SIGTERM: the node shuts down as on Ctrl-C. */
  stopNode: (index: number) => Promise<void>;
  /** SIGKILL: the node dies with whatever it was doing. */
  killNode: (index: number) => Promise<void>;
  /** A new browser pointed at `node`. */
  client: (node: { url: string }) => ClusterClient;
  /** Stops every node, closes the sockets, drops the database and the run's folders. */
  close: () => Promise<void>;
};

export type ClusterOptions = {
  nodes?: number;
  /** Environment of every node (over the defaults below). */
  env?: Record<string, string>;
  /** Runs on the cluster's database before any node starts (companies, people, tokens). */
  seed?: (db: Database) => Promise<void>;
  /**
   * Start every node at the same moment, as nodes restarted together do (the database new to all of
   * them). Otherwise node 0 starts first, and the others together once it is ready.
   */
  together?: boolean;
};

const live = new Set<ChildProcess>();
let exitHandlerInstalled = false;
function killAllOnExit() {
  if (exitHandlerInstalled) return;
  exitHandlerInstalled = true;
  process.once('exit', () => {
    for (const child of live) child.kill('SIGKILL');
  });
}

// The node ends itself when its parent goes without a word (the test worker killed): stdin is a pipe
// from the parent, closed by the kernel when the parent dies.
const WATCH_PARENT =
  'data:text/javascript,process.stdin.on("end",()=>process.exit(70));process.stdin.on("error",()=>process.exit(70));process.stdin.resume();';

/**
 * The server as one file, beside its migrations (db/client.ts finds them beside itself): bundled once
 * per test process while clusters use it, removed when the last one closes (or the process exits).
 */
let bundled: { dir: string; entry: Promise<string>; users: number } | null = null;
function bundle(): { entry: Promise<string>; release: () => void } {
  if (!bundled) {
    // Under dist/ (ignored by git, lint and Prettier), beside the build: its packages resolve from node_modules.
    const dir = path.join(SERVER_DIR, 'dist', `cluster-test-${process.pid}-${Math.random().toString(36).slice(2, 7)}`);
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const outfile = path.join(dir, 'server.js');
    const entry = bundleServer({ entry: path.join(SERVER_DIR, 'src/server.ts'), outfile }).then(() => {
      cpSync(path.join(SERVER_DIR, 'src/db/migrations'), path.join(dir, 'migrations'), { recursive: true });
      return outfile;
    });
    bundled = { dir, entry, users: 0 };
  }
  const current = bundled;
  current.users++;
  let released = false;
  return {
    entry: current.entry,
    release: () => {
      if (released) return;
      released = true;
      current.users--;
      if (current.users > 0) return;
      if (bundled === current) bundled = null;
      rmSync(current.dir, { recursive: true, force: true });
    },
  };
}

/** This run's Redis with a database index of its own (an empty one when there is one). */
async function redisOfRun(): Promise<string> {
  const base = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const url = new URL(base);
  const redis = new Redis(base, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 3_000,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `Redis does not answer at ${base} (${error instanceof Error ? error.message : String(error)}): the cluster suite needs it; set REDIS_URL or start redis-server`,
    );
  }
  try {
    if (url.pathname.length > 1) return base;
    const candidates = Array.from({ length: 15 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
    let chosen = candidates[0]!;
    for (const index of candidates) {
      await redis.select(index);
      if ((await redis.dbsize()) === 0) {
        chosen = index;
        break;
      }
    }
    url.pathname = `/${chosen}`;
    return url.toString();
  } finally {
    redis.disconnect();
  }
}

/** A database of its own copied from the run's migrated template; dropped by `drop` once nobody is connected. */
async function databaseOfRun(): Promise<{ url: string; drop: () => Promise<void> }> {
  const testDb = inject('testDb');
  if (testDb.kind !== 'postgres') throw new Error('the cluster runs on PostgreSQL only (TEST_DATABASE_URL)');
  const template = new URL(testDb.templateUrl);
  const name = `${template.pathname.slice(1)}_cl${Math.random().toString(36).slice(2, 7)}`;
  const adminUrl = Object.assign(new URL(testDb.templateUrl), { pathname: '/postgres' }).toString();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.pathname.slice(1)}`);
  } finally {
    await admin.end();
  }
  return {
    url: Object.assign(new URL(testDb.templateUrl), { pathname: `/${name}` }).toString(),
    drop: async () => {
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      try {
        // Nodes' and pools' connections finish closing first: one ended by the drop fails as it closes.
        for (let i = 0; i < 100; i++) {
          const open = await drop.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (open.rows[0]!.n === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await drop.end();
      }
    },
  };
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  killAllOnExit();
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'fd-cluster-'));
  const dataDir = path.join(runDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const sockets: ClientSocket[] = [];
  const nodes: ClusterNode[] = [];
  const processes = new Map<number, ChildProcess>();

  const server = bundle();
  const [database, redisUrl, entry] = await Promise.all([databaseOfRun(), redisOfRun(), server.entry]).catch(
    (error: unknown) => {
      server.release();
      throw error;
    },
  );
  let db: Database | null = null;
  const cleanUp = async () => {
    await Promise.all([...processes.values()].map((child) => ended(child, 'SIGKILL')));
    await db?.close();
    await database.drop();
    server.release();
    rmSync(runDir, { recursive: true, force: true });
  };
  try {
    db = await openDatabase({ url: database.url, poolSize: 3 });
    await options.seed?.(db);
  } catch (error) {
    await cleanUp();
    throw error;
  }

  const base: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    DATA_DIR: dataDir,
    SECRETS_KEY: TEST_SECRETS_KEY,
    SEED_DEMO: 'false',
    JOBS: 'true',
    PASSPORT: 'false',
    APP_URL: 'http://localhost:3000',
    WEB_DIST: path.join(runDir, 'no-web'),
    KIOSK_DIST: path.join(runDir, 'no-kiosk'),
    ...options.env,
  };

  async function startNode(index: number, env: Record<string, string> = {}): Promise<ClusterNode> {
    const running = processes.get(index);
    if (running && running.exitCode === null && running.signalCode === null)
      throw new Error(`node ${index} is running`);
    for (let attempt = 0; ; attempt++) {
      try {
        const node = await launch(index, env);
        nodes[index] = node;
        return node;
      } catch (error) {
        // Another process took the free port between the probe and the listen: another port.
        if (attempt < 2 && error instanceof Error && error.message.includes('EADDRINUSE')) continue;
        throw error;
      }
    }
  }

  async function launch(index: number, own: Record<string, string>): Promise<ClusterNode> {
    const port = await freePort();
    const env = { ...base, ...own, PORT: String(port) };
    const logFile = path.join(runDir, `node-${index}-${Date.now()}.log`);
    const log = openSync(logFile, 'a');
    const child = spawn(process.execPath, ['--import', WATCH_PARENT, entry], {
      cwd: path.resolve(SERVER_DIR, '../..'),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), TZ: process.env.TZ ?? 'UTC', ...env },
      stdio: ['pipe', log, log],
    });
    closeSync(log);
    live.add(child);
    processes.set(index, child);
    const exited = new Promise<number | string | null>((resolve) =>
      child.once('exit', (code, signal) => {
        live.delete(child);
        resolve(code ?? signal);
      }),
    );
    const logTail = (lines = 30) => {
      try {
        return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
      } catch {
        return '(no log)';
      }
    };
    const errors = () => {
      let text = '';
      try {
        text = readFileSync(logFile, 'utf8');
      } catch {
        return [];
      }
      const found: string[] = [];
      for (const line of text.split('\n')) {
        if (!line.startsWith('{')) {
          if (/^\w*Error\b|^\s*error:|PL\/pgSQL function/i.test(line)) found.push(line.trim());
          continue;
        }
        try {
          const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
          if ((entry.level ?? 0) >= 50)
            found.push(`${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`);
        } catch {
          found.push(line);
        }
      }
      return found;
    };
    const failure = () => [...errors().slice(0, 5), '…', logTail(15)].join('\n');
    const url = `http://127.0.0.1:${port}`;
    const node: ClusterNode = {
      index,
      port,
      url,
      pid: child.pid!,
      env,
      get running() {
        return child.exitCode === null && child.signalCode === null;
      },
      exited,
      logTail,
      errors,
      client: (from) => (from ? from.on(node) : new ClusterClient(node)),
      socket: (client) => {
        const cookie = typeof client === 'string' ? client : client.cookie;
        const socket: ClientSocket = connect(url, {
          path: '/socket.io',
          transports: ['websocket'],
          extraHeaders: { cookie },
          reconnection: false,
          forceNew: true,
        });
        sockets.push(socket);
        return new Promise((resolve, reject) => {
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
        });
      },
    };
    // Ready once GET /api/health/ready answers 200 (warm, decision 037); each probe from an address of
    // its own, so that a low per-address limit never refuses the probes.
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (!node.running) {
        throw new Error(`node ${index} exited during start-up (${String(await exited)}):\n${failure()}`);
      }
      try {
        const res = await httpRequest(`${url}/api/health/ready`, { localAddress: randomLoopback(), timeoutMs: 2_000 });
        if (res.status === 200) return node;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await ended(child, 'SIGKILL');
        throw new Error(`node ${index} not ready within ${START_TIMEOUT_MS / 1000} s:\n${failure()}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function stopNode(index: number) {
    const child = processes.get(index);
    if (child) await ended(child, 'SIGTERM');
  }

  async function killNode(index: number) {
    const child = processes.get(index);
    if (child) await ended(child, 'SIGKILL');
  }

  const cluster: Cluster = {
    databaseUrl: database.url,
    redisUrl,
    dataDir,
    db: db,
    nodes,
    startNode,
    stopNode,
    killNode,
    client: (node) => new ClusterClient(node),
    close: async () => {
      for (const socket of sockets.splice(0)) socket.disconnect();
      // A graceful stop first (pg-boss lets its jobs go), then whatever is left is killed.
      await Promise.all([...processes.keys()].map((i) => stopNode(i)));
      await cleanUp();
    },
  };
  try {
    const count = options.nodes ?? 2;
    if (!options.together) await startNode(0);
    await Promise.all(
      Array.from({ length: count }, (_, i) => i)
        .filter((i) => options.together || i > 0)
        .map((i) => startNode(i)),
    );
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return cluster;
}

/** Sends `signal` and waits for the process to end (SIGKILL after 10 s of a SIGTERM). */
function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = signal === 'SIGKILL' ? null : setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      if (timer) clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}
