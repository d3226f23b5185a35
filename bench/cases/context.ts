// What every case of one database gets: the options, the working copy and its world, the running
// server, a signed-in admin of the big company, and the people it may still sign in.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runNode } from '../lib/processes';
import type { CompanyWorld, DatabaseKind, World } from '../dataset/data-set';
import type { WorkingCopy } from '../lib/data-sets';
import type { Options } from '../lib/options';
import type { Row } from '../lib/report';
import type { RunningServer } from '../lib/server-under-test';

export type CaseContext = {
  kind: DatabaseKind;
  options: Options;
  copy: WorkingCopy;
  server: RunningServer;
  /** The big company's owner's session: `sid` and `csrf` cookies. */
  cookie: string;
  workDir: string;
  /**
   * People of the big company to sign in, each once in the run: every case has its own share. The kiosk
   * cases' are people the paired kiosk reaches (its site), with the code their QR carries for the scans.
   */
  people: {
    signIns: string[];
    live: string[];
    liveBackground: string[];
    kioskScans: { id: string; qr: string }[];
    kioskReplay: string[];
    watchlist: string[];
  };
};

export const bigCompany = (world: World): CompanyWorld => world.companies.find((c) => c.big)!;
export const big = (ctx: Pick<CaseContext, 'copy'>) => bigCompany(ctx.copy.world);

export const file = (ctx: Pick<CaseContext, 'workDir' | 'kind'>, name: string) =>
  path.join(ctx.workDir, `${ctx.kind}-${name}`);

export const failedRow = (name: string, kind: DatabaseKind | '–', error: unknown): Row => ({
  case: name,
  database: kind,
  figure: `failed: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300)}`,
  against: '–',
  met: false,
});

/** Runs a case; a failure becomes its row (with the error) and the bench goes on. */
export async function guard(name: string, kind: DatabaseKind | '–', run: () => Promise<Row[]>): Promise<Row[]> {
  try {
    return await run();
  } catch (error) {
    console.error(`[${kind}] ${name} failed:`, error instanceof Error ? error.message : error);
    return [failedRow(name, kind, error)];
  }
}

/** The session cookies of a password sign-in. */
export async function signInCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * After a case that overloads the server, its requests that the load gave up on may still be queued
 * for the database: the next case waits until a company query answers quickly again (at most `maxMs`).
 * Returns how long it waited.
 */
export async function waitUntilIdle(ctx: Pick<CaseContext, 'server' | 'cookie'>, maxMs = 180_000): Promise<number> {
  const started = performance.now();
  let quick = 0;
  while (quick < 3 && performance.now() - started < maxMs) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${ctx.server.baseUrl}/api/v1/sites`, {
        headers: { cookie: ctx.cookie },
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
    } catch {
      // still swamped
    }
    quick = performance.now() - t0 < 200 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return performance.now() - started;
}

/** A JSON null where a load process wrote an infinite latency (JSON has no Infinity). */
export const finite = (value: number | null | undefined) => value ?? Infinity;

/**
 * Runs one of the bench's load scripts (bench/load/*.ts) in its own process: its settings written to
 * `<name>-settings.json`, its log to `<name>.log`, its figures read back from `settings.out`.
 */
export async function runLoad<T>(
  ctx: Pick<CaseContext, 'workDir' | 'kind'>,
  script: string,
  name: string,
  settings: { out: string },
): Promise<T> {
  const settingsFile = file(ctx, `${name}-settings.json`);
  writeFileSync(settingsFile, JSON.stringify(settings));
  await runNode(script, [settingsFile], file(ctx, `${name}.log`));
  return JSON.parse(readFileSync(settings.out, 'utf8')) as T;
}
