import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailSink } from './fixtures/mail-sink';
import { freePort } from '../apps/server/scripts/free-port';

// Browser tests run against the built app (server + apps/web/dist) on a fresh embedded database:
// 1. a free port and a temporary DATA_DIR;
// 2. e2e/fixtures/seed.ts seeds the fixture world in its own process and writes it to world.json;
// 3. the server starts on that DATA_DIR (only then: PGlite is single-process);
// 4. tests get the base URL and the world through E2E_BASE_URL and E2E_WORLD_FILE.
// The browser tests always use PGlite, even when TEST_DATABASE_URL is set: one database is all they
// need, and the integration tests already cover the PostgreSQL server.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The compiled server, as `npm start` runs it; built here first if its sources changed since.
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
const SERVER_BUILD = path.join(ROOT, 'apps/server/scripts/build.ts');
const SEED_SCRIPT = path.join(ROOT, 'e2e/fixtures/seed.ts');
// Lets a test move the server's clock instead of waiting for real minutes (e2e/fixtures/server-clock.ts).
const SERVER_CLOCK = path.join(ROOT, 'e2e/tools/server-clock.mjs');
// E2E_WEB_DIST: test a web build kept elsewhere (several builds side by side on one machine).
const WEB_DIST = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(ROOT, 'apps/web/dist');
const WEB_INDEX = path.join(WEB_DIST, 'index.html');
const START_TIMEOUT_MS = 90_000;

function tail(file: string, lines = 60): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

/** The environment the seed and the server share: embedded database, no demo, no throttling of sign-ins. */
function appEnv(dataDir: string, port: number, baseURL: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: baseURL,
    BASE_DOMAIN: 'localhost',
    SEED_DEMO: 'false',
    PUBLIC_RATE_LIMIT: '100000',
    API_RATE_LIMIT: '100000',
    SESSION_RATE_LIMIT: '100000',
    API_TOKEN_RATE_LIMIT: '100000',
    DEVICE_RATE_LIMIT: '100000',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // The directories' local fakes, as the demo runs them, on free ports (the integrations journey).
    DIRECTORY_FAKES: 'true',
    DIRECTORY_FAKES_PORT: '0',
    // The webhooks journey's receiver listens on loopback, as an on-premises installation's would.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  };
  // Embedded database only (see above); mail goes to the outbox table and the tests' mail sink.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.WEB_DIST;
  if (process.env.E2E_WEB_DIST) env.WEB_DIST = WEB_DIST;
  return env;
}

async function waitUntilUp(baseURL: string, passportURL: string, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`The server exited during start-up (${server.exitCode ?? server.signalCode}):\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/v1/public/config`);
      const passport = await fetch(`${passportURL}/.well-known/openid-configuration`);
      if (res.ok && passport.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${tail(logFile)}`);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(WEB_INDEX)) {
    console.warn(`[e2e] ${WEB_DIST} is missing: only API pages can be tested. Run \`npm run build\` first.`);
  }
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'fd-e2e-'));
  const dataDir = path.join(workDir, 'data');
  const worldFile = path.join(workDir, 'world.json');
  const logFile = path.join(workDir, 'server.log');
  const clockFile = path.join(workDir, 'clock');
  writeFileSync(clockFile, '0');
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const env = appEnv(dataDir, port, baseURL);
  // The passport runs in the server's process on a port of its own (decision 047), as `npm start` runs it.
  const passportPort = await freePort();
  const passportURL = `http://localhost:${passportPort}`;
  env.PASSPORT_PORT = String(passportPort);
  env.PASSPORT_URL = passportURL;

  // Before the seed too: a fresh data folder is a copy of the build's migrated template.
  const build = spawnSync(process.execPath, ['--import', 'tsx', SERVER_BUILD, 'server', 'template'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    rmSync(workDir, { recursive: true, force: true });
    throw new Error(`Building the server failed (${build.status ?? build.signal}):\n${build.stderr}${build.stdout}`);
  }

  const seed = spawnSync(process.execPath, ['--import', 'tsx', SEED_SCRIPT], {
    cwd: ROOT,
    env: { ...env, E2E_WORLD_FILE: worldFile, E2E_BASE_URL: baseURL },
    encoding: 'utf8',
    timeout: START_TIMEOUT_MS,
  });
  if (seed.status !== 0) {
    rmSync(workDir, { recursive: true, force: true });
    throw new Error(
      `Seeding the browser-test database failed (${seed.status ?? seed.signal}):\n${seed.stderr}${seed.stdout}`,
    );
  }

  // Tests read what the server mails (an enrolment link, an invitation) through e2e/fixtures/mail.ts.
  const mailSink = await startMailSink(path.join(workDir, 'mail'));
  env.SMTP_URL = mailSink.url;

  const log = openSync(logFile, 'a');
  const server = spawn(process.execPath, ['--import', SERVER_CLOCK, SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...env, E2E_CLOCK_FILE: clockFile },
    stdio: ['ignore', log, log],
  });
  // If the runner itself is killed, do not leave the server behind.
  process.once('exit', () => server.kill('SIGKILL'));
  const teardown = async () => {
    await stopServer(server);
    await mailSink.close();
    // Keep the server's log beside the test artifacts; the database goes unless asked to stay.
    mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
    copyFileSync(logFile, path.join(ROOT, 'test-results', 'server.log'));
    if (process.env.E2E_KEEP_DATA) console.log(`[e2e] data kept in ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  };

  try {
    await waitUntilUp(baseURL, passportURL, server, logFile);
  } catch (err) {
    await teardown();
    throw err;
  }

  // Read by playwright.config.ts (baseURL) in the workers and by e2e/fixtures/world.ts.
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_PASSPORT_URL = passportURL;
  process.env.E2E_WORLD_FILE = worldFile;
  process.env.E2E_MAIL_DIR = mailSink.dir;
  process.env.E2E_CLOCK_FILE = clockFile;
  return teardown;
}
