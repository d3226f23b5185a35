// Every process the bench starts, and everything it must undo, in one place: on a normal end, on a
// failure and on Ctrl-C the children are stopped and the temporary databases and folders removed.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { closeSync, createWriteStream, openSync, readFileSync } from 'node:fs';
import { ROOT } from '../dataset/data-set';

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void> | void)[] = [];

/** Runs once at the end (last registered first): dropping copies, removing folders. */
export function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}

/** `fn` made to run at most once, now or at the end, whichever comes first (dropping a copy). */
export function onCleanupOnce(fn: () => Promise<void>): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    await fn();
  };
  onCleanup(once);
  return once;
}

let cleaning: Promise<void> | null = null;
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all([...children].map((child) => stop(child)));
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (error) {
        console.error(`clean-up: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return cleaning;
}

/** Children die with the bench, whatever ends it. */
export function installExitHandlers(): void {
  process.once('exit', () => {
    for (const child of children) killGroup(child, 'SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the bench's processes and removing its temporary data…`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    // Its own process group: whatever it started goes too.
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

export type Started = { child: ChildProcess; logFile: string; exited: Promise<number | null> };

/** Starts a process in its own group with its output in `logFile` (and on the console with `echo`). */
export function start(
  command: string,
  args: string[],
  options: SpawnOptions & { logFile: string; echo?: boolean },
): Started {
  // Once the bench is stopping, nothing new starts (the main flow may still be unwinding).
  if (cleaning) throw new Error('the bench is stopping');
  let child: ChildProcess;
  if (options.echo) {
    child = spawn(command, args, { cwd: ROOT, ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const log = createWriteStream(options.logFile, { flags: 'a' });
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        log.write(chunk);
        process.stdout.write(chunk);
      });
    }
    child.once('exit', () => log.end());
  } else {
    const log = openSync(options.logFile, 'a');
    child = spawn(command, args, { cwd: ROOT, ...options, detached: true, stdio: ['ignore', log, log] });
    closeSync(log);
  }
  children.add(child);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    });
    child.once('error', () => {
      children.delete(child);
      resolve(-1);
    });
  });
  return { child, logFile: options.logFile, exited };
}

/** SIGTERM, then SIGKILL after `graceMs`. */
export async function stop(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

/** A Node script of the bench (TypeScript, through tsx) in its own process, until it ends. */
export async function runNode(
  script: string,
  args: string[],
  logFile: string,
  options: { env?: NodeJS.ProcessEnv; echo?: boolean } = {},
): Promise<void> {
  const started = start(process.execPath, ['--import', 'tsx', script, ...args], {
    logFile,
    echo: options.echo,
    env: { ...process.env, ...options.env },
  });
  const code = await started.exited;
  if (code !== 0) throw new Error(`${script} failed (exit ${code}):\n${tail(logFile)}`);
}
