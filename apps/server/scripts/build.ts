// Builds what `npm start` runs, skipping whatever is already built from the same sources:
//   web       apps/web/dist                      the web app's own `npm run build`
//   kiosk     apps/kiosk/dist                    the kiosk app's own `npm run build` (with version.json)
//   passport  apps/passport/web/dist             the passport's web app (`vite build` in apps/passport/web)
//   server    apps/server/dist/server.js         one esbuild bundle, @app/shared inlined, + migrations/
//   template  apps/server/dist/pgdata-template-pglite-<version>/   a migrated, empty embedded database
// A target is up to date when its output exists and a hash of its inputs' names and contents matches
// the one recorded when it was last built.
//   node --import tsx apps/server/scripts/build.ts [--force] [web|kiosk|passport|server|template ...]
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { templateDir } from '../src/db/embedded-template';
import { bundleServer } from './bundle-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER = path.join(ROOT, 'apps/server');
const DIST = path.join(SERVER, 'dist');
const STATE_FILE = path.join(DIST, 'build-inputs.json');

const TARGETS = ['web', 'kiosk', 'passport', 'server', 'template'] as const;
type Target = (typeof TARGETS)[number];

type Plan = {
  label: string;
  /** Files and folders, from the repository root. */
  inputs: string[];
  /** The file that exists once the target is built. */
  output: string;
  build: () => Promise<void>;
};

const plans: Record<Target, Plan> = {
  web: {
    label: 'web app',
    inputs: ['apps/web', 'packages/shared/src', 'package-lock.json', 'tsconfig.base.json'],
    output: path.join(ROOT, 'apps/web/dist/index.html'),
    build: buildWeb,
  },
  kiosk: {
    label: 'kiosk app',
    // The web app's build helpers (precompress) are the kiosk's too.
    inputs: ['apps/kiosk', 'apps/web/build', 'packages/shared/src', 'package-lock.json', 'tsconfig.base.json'],
    output: path.join(ROOT, 'apps/kiosk/dist/version.json'),
    build: buildKiosk,
  },
  passport: {
    label: 'passport web app',
    inputs: ['apps/passport/web', 'packages/shared/src', 'package-lock.json', 'tsconfig.base.json'],
    output: path.join(ROOT, 'apps/passport/web/dist/index.html'),
    build: buildPassport,
  },
  server: {
    label: 'server',
    inputs: [
      'apps/server/src',
      // The passport's server is bundled into the same file (decision 047).
      'apps/passport/server',
      'apps/server/scripts',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
      'packages/shared/src',
      'package-lock.json',
      'tsconfig.base.json',
    ],
    output: path.join(DIST, 'server.js'),
    build: buildServer,
  },
  // The folder's name carries the PGlite version: upgrading PGlite makes it missing.
  template: {
    label: 'embedded database template',
    inputs: [
      'apps/server/src/db/migrations',
      'apps/server/src/db/embedded-template.ts',
      'apps/server/scripts/make-template.ts',
    ],
    output: path.join(templateDir(DIST), 'PG_VERSION'),
    build: buildTemplate,
  },
};

// Build outputs, installed packages and tests never change what a target builds.
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results']);
const SKIPPED_FILES = /\.test\.tsx?$/;

function collectFiles(rel: string, out: string[]) {
  const abs = path.join(ROOT, rel);
  if (!existsSync(abs)) return;
  if (!statSync(abs).isDirectory()) {
    out.push(rel);
    return;
  }
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    const child = path.join(rel, entry.name);
    if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) collectFiles(child, out);
    else if (entry.isFile() && !SKIPPED_FILES.test(entry.name)) out.push(child);
  }
}

function inputsHash(plan: Plan): string {
  const files: string[] = [];
  for (const input of plan.inputs) collectFiles(input, files);
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

type State = Partial<Record<Target, string>>;

function readState(): State {
  try {
    return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as State;
  } catch {
    return {};
  }
}

/** Targets build concurrently: each write re-reads the file and changes only its own entry. */
function record(target: Target, hash: string | undefined) {
  writeFileSync(STATE_FILE, `${JSON.stringify({ ...readState(), [target]: hash }, null, 2)}\n`);
}

/** Runs a command from the repository root, quiet unless it fails. */
function runQuietly(what: string, command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${what} failed (${code}):\n${Buffer.concat(output).toString()}`));
    });
  });
}

/** The web app's own build script. */
function buildWeb(): Promise<void> {
  return runQuietly("The web app's build", 'npm', ['run', 'build', '-w', '@app/web']);
}

/** The kiosk app's own build script; it writes version.json last. */
function buildKiosk(): Promise<void> {
  return runQuietly("The kiosk app's build", 'npm', ['run', 'build', '-w', '@app/kiosk']);
}

/**
 * The passport's web app, with its own vite config (apps/passport/web/vite.config.ts). Named as vite's root
 * from the repository root: npx started inside apps/passport/web would run in its workspace, apps/passport.
 */
function buildPassport(): Promise<void> {
  return runQuietly("The passport web app's build", 'npx', ['vite', 'build', 'apps/passport/web']);
}

async function buildServer(): Promise<void> {
  await bundleServer({ entry: path.join(SERVER, 'src/server.ts'), outfile: path.join(DIST, 'server.js') });
  // The passport on its own (PASSPORT=false on the dashboard's nodes): `node apps/server/dist/passport.js`.
  await bundleServer({
    entry: path.join(ROOT, 'apps/passport/server/server.ts'),
    outfile: path.join(DIST, 'passport.js'),
  });
  // The visit summary's counting thread, which the bundle starts from beside itself.
  await bundleServer({
    entry: path.join(SERVER, 'src/modules/reports/visit-summary/visit-summary.counting-worker.ts'),
    outfile: path.join(DIST, 'visit-summary-counting-worker.js'),
  });
  // The faces thread (modules/faces/face-engine.ts), started from beside the bundle through lib/thread-pool.ts.
  await bundleServer({
    entry: path.join(SERVER, 'src/modules/faces/face-worker.ts'),
    outfile: path.join(DIST, 'face-worker.js'),
  });
  // db/client.ts looks for the migrations beside itself (import.meta.url): beside the bundle, then.
  rmSync(path.join(DIST, 'migrations'), { recursive: true, force: true });
  cpSync(path.join(SERVER, 'src/db/migrations'), path.join(DIST, 'migrations'), { recursive: true });
}

/** In its own process (see make-template.ts), so this one never loads PGlite or the schema. */
function buildTemplate(): Promise<void> {
  const script = path.join(SERVER, 'scripts/make-template.ts');
  return runQuietly('Making the embedded database template', process.execPath, [
    '--liftoff-only',
    '--import',
    'tsx',
    script,
  ]);
}

const say = (line: string) => process.stdout.write(`${line}\n`);

async function run(target: Target, force: boolean): Promise<void> {
  const plan = plans[target];
  const hash = inputsHash(plan);
  if (!force && existsSync(plan.output) && readState()[target] === hash) {
    say(`${plan.label}: up to date`);
    return;
  }
  const started = performance.now();
  record(target, undefined);
  await plan.build();
  record(target, hash);
  say(`${plan.label}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const named = args.filter((a) => !a.startsWith('--'));
const unknown = named.filter((a) => !(TARGETS as readonly string[]).includes(a));
if (unknown.length > 0) throw new Error(`Unknown build target ${unknown.join(', ')}; targets: ${TARGETS.join(', ')}`);
const wanted = named.length > 0 ? (named as Target[]) : [...TARGETS];

mkdirSync(DIST, { recursive: true });
// All at once: the web app and the template build in processes of their own, the bundle in esbuild's.
const results = await Promise.allSettled(wanted.map((target) => run(target, force)));
for (const result of results) {
  if (result.status === 'rejected') {
    console.error(result.reason instanceof Error ? result.reason.message : result.reason);
    process.exitCode = 1;
  }
}
