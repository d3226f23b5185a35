// Lighthouse in Debian's Chromium against the running server, for the web case (bench/cases/web.ts) and
// the kiosk case (bench/cases/kiosk.ts). Lighthouse stays out of the main install (about 100 MB and a
// clashing @types/pg): the first call installs it under bench/.tools, later calls reuse it.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../../e2e/tools/browser-path';

const run = promisify(execFile);

export const CHROMIUM = '/usr/bin/chromium';
const LIGHTHOUSE = 'lighthouse@12.8.2';
const TOOLS_DIR = fileURLToPath(new URL('../.tools', import.meta.url));
const LIGHTHOUSE_CLI = path.join(TOOLS_DIR, 'node_modules/lighthouse/cli/index.js');

/**
 * How the page is emulated: Lighthouse's desktop preset, or its default mobile settings (simulated slow
 * 4G, 4× CPU slowdown) on a tablet's landscape screen.
 */
export type LighthouseDevice = 'desktop' | { tablet: { width: number; height: number; deviceScaleFactor: number } };

const deviceFlags = (device: LighthouseDevice): string[] =>
  device === 'desktop'
    ? ['--preset=desktop']
    : [
        '--form-factor=mobile',
        '--screenEmulation.mobile',
        `--screenEmulation.width=${device.tablet.width}`,
        `--screenEmulation.height=${device.tablet.height}`,
        `--screenEmulation.deviceScaleFactor=${device.tablet.deviceScaleFactor}`,
      ];

/**
 * What the page's origin holds before Lighthouse opens it (a signed-in session, a paired kiosk's token):
 * cookies, and localStorage written from `storagePage`, a cheap page of that origin.
 */
export type PagePreparation = {
  cookies?: { name: string; value: string; url: string }[];
  localStorage?: Record<string, string>;
  storagePage?: string;
};

/** One request of the run as Lighthouse's network-requests audit lists it. */
export type LighthouseRequest = {
  url: string;
  resourceType: string;
  transferSize: number;
  /** Where the request was made: the page, or a worker (the service worker's precache, say). */
  sessionTargetType?: string;
};

export type LighthouseFigures = {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Every byte the run transferred (the total-byte-weight audit). */
  totalBytes: number;
  requests: LighthouseRequest[];
};

type LighthouseReport = {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } }>;
};

async function ensureLighthouse(): Promise<string> {
  if (!existsSync(LIGHTHOUSE_CLI)) {
    console.log(`Installing ${LIGHTHOUSE} into ${TOOLS_DIR} (once)…`);
    await run('npm', ['install', '--prefix', TOOLS_DIR, '--no-save', '--no-audit', '--no-fund', LIGHTHOUSE], {
      maxBuffer: 16 * 1024 * 1024,
    });
  }
  return LIGHTHOUSE_CLI;
}

/** A script for the page that writes `items` to its origin's localStorage (the bench has no DOM types). */
export const storageScript = (items: Record<string, string>) =>
  `for (const [key, value] of Object.entries(${JSON.stringify(items)})) localStorage.setItem(key, value);`;

/**
 * Chromium with a debugging port and the prepared state in its default profile, which is where
 * Lighthouse opens its tab; Lighthouse is told to keep that storage.
 */
async function launchForLighthouse(profileDir: string, baseUrl: string, prepare: PagePreparation) {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, '--remote-debugging-port=0'],
  });
  if (prepare.cookies?.length) await context.addCookies(prepare.cookies);
  if (prepare.localStorage) {
    const page = context.pages()[0] ?? (await context.newPage());
    // The origin's localStorage is written from a page of that origin; a static file keeps it cheap.
    await page.goto(new URL(prepare.storagePage ?? '/favicon.svg', baseUrl).href);
    await page.evaluate(storageScript(prepare.localStorage));
    await page.goto('about:blank');
  }
  const portFile = path.join(profileDir, 'DevToolsActivePort');
  const port = Number(readFileSync(portFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`No debugging port in ${portFile}`);
  return { context, port };
}

/**
 * One Lighthouse performance run on `pagePath`, which must stay where it is (no guard sends it
 * elsewhere). `reportFile` keeps the whole report (what the main thread did, every request), to find out why.
 */
export async function lighthouse(
  baseUrl: string,
  pagePath: string,
  device: LighthouseDevice,
  prepare: PagePreparation = {},
  reportFile?: string,
): Promise<LighthouseFigures> {
  const cli = await ensureLighthouse();
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'fd-lighthouse-'));
  const { context, port } = await launchForLighthouse(profileDir, baseUrl, prepare);
  try {
    const url = new URL(pagePath, baseUrl).href;
    const { stdout } = await run(
      process.execPath,
      [
        cli,
        url,
        `--port=${port}`,
        ...deviceFlags(device),
        '--only-categories=performance',
        '--disable-storage-reset',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
    );
    if (reportFile) writeFileSync(reportFile, stdout);
    const report = JSON.parse(stdout) as LighthouseReport;
    if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.message}`);
    // A guard that sent the page elsewhere (to the sign-in or pairing page) would measure the wrong page.
    if (new URL(report.finalDisplayedUrl).pathname !== new URL(url).pathname)
      throw new Error(`Lighthouse on ${url} ended on ${report.finalDisplayedUrl}`);
    const metric = (id: string) => {
      const value = report.audits[id]?.numericValue;
      if (value === undefined) throw new Error(`Lighthouse on ${url} reported no ${id}`);
      return value;
    };
    const score = report.categories.performance.score;
    if (score === null) throw new Error(`Lighthouse on ${url} gave no performance score`);
    return {
      performance: score,
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: metric('cumulative-layout-shift'),
      fcpMs: Math.round(metric('first-contentful-paint')),
      totalBytes: metric('total-byte-weight'),
      requests: (report.audits['network-requests']?.details?.items ?? []) as LighthouseRequest[],
    };
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
}
