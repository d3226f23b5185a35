// The web and startup cases, measured by their own modules (bench/cases/web.ts, bench/cases/startup.ts),
// loaded when the case runs: a module that is not there yet gives a "not measured" row.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_DIR, type DatabaseKind } from '../dataset/data-set';
import type { Row } from '../lib/report';
import { ms, type Latency } from '../lib/stats';
import type { CaseContext } from './context';
import { TARGETS } from './targets';

type PageWeight = { jsCssBytes: number; files: number };
type WebModule = {
  measureWebWeight: (baseUrl: string, cookie: string) => Promise<{ login: PageWeight; dashboard: PageWeight }>;
  runLighthouse: (
    baseUrl: string,
    pagePath: string,
    cookie?: string,
  ) => Promise<{ performance: number; lcpMs: number; tbtMs: number; cls: number }>;
};
type Restart = { readyMs: number; load: Latency; failed: number };
type StartupModule = {
  measureStartup: (target: { kind: 'embedded' } | { kind: 'postgres'; url: string }) => Promise<{
    firstAnswerMs: number;
    readyMs: number;
    idleRssMb: number;
    cold: Restart;
    warm: Restart;
  }>;
};

/** The module, or null when its file does not exist (yet). */
async function load<T>(name: string): Promise<T | null> {
  const file = path.join(BENCH_DIR, 'cases', name);
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as T;
}

const notMeasured = (name: string, kind: DatabaseKind, against: string): Row => ({
  case: name,
  database: kind,
  figure: 'not measured (module missing)',
  against,
  met: null,
});

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

const LIGHTHOUSE_TARGET = `performance ≥ ${TARGETS.lighthousePerformance}, LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}`;

export async function measureWeb(ctx: CaseContext): Promise<Row[]> {
  const weightTarget = (limit: number) => `≤ ${limit} KB`;
  const web = await load<WebModule>('web.ts');
  if (!web) {
    return [
      notMeasured('web: /login JS+CSS compressed', ctx.kind, weightTarget(TARGETS.loginKb)),
      notMeasured('web: dashboard JS+CSS compressed', ctx.kind, weightTarget(TARGETS.dashboardKb)),
      notMeasured('web: Lighthouse /login', ctx.kind, LIGHTHOUSE_TARGET),
      notMeasured('web: Lighthouse dashboard', ctx.kind, LIGHTHOUSE_TARGET),
    ];
  }
  const rows: Row[] = [];
  const attempt = async (names: string[], against: string[], run: () => Promise<Row[]>) => {
    try {
      rows.push(...(await run()));
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);
      names.forEach((name, i) =>
        rows.push({ case: name, database: ctx.kind, figure: `failed: ${message}`, against: against[i]!, met: false }),
      );
    }
  };
  const weightNames = ['web: /login JS+CSS compressed', 'web: dashboard JS+CSS compressed'];
  const weightTargets = [weightTarget(TARGETS.loginKb), weightTarget(TARGETS.dashboardKb)];
  await attempt(weightNames, weightTargets, async () => {
    const weight = await web.measureWebWeight(ctx.server.baseUrl, ctx.cookie);
    return [
      [weight.login, TARGETS.loginKb],
      [weight.dashboard, TARGETS.dashboardKb],
    ].map(([page, limit], i): Row => {
      const p = page as PageWeight;
      return {
        case: weightNames[i]!,
        database: ctx.kind,
        figure: `${kb(p.jsCssBytes)} in ${p.files} files`,
        against: weightTargets[i]!,
        met: p.jsCssBytes <= (limit as number) * 1000,
      };
    });
  });
  for (const [name, pagePath, cookie] of [
    ['web: Lighthouse /login', '/login', undefined],
    ['web: Lighthouse dashboard', '/', ctx.cookie],
  ] as const) {
    await attempt([name], [LIGHTHOUSE_TARGET], async () => {
      const r = await web.runLighthouse(ctx.server.baseUrl, pagePath, cookie);
      return [
        {
          case: name,
          database: ctx.kind,
          figure: `performance ${r.performance.toFixed(2)}, LCP ${ms(r.lcpMs)} ms, TBT ${ms(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}`,
          against: LIGHTHOUSE_TARGET,
          met:
            r.performance >= TARGETS.lighthousePerformance &&
            r.lcpMs <= TARGETS.lcpMs &&
            r.tbtMs <= TARGETS.tbtMs &&
            r.cls <= TARGETS.cls,
        },
      ];
    });
  }
  return rows;
}

/** Startup is measured on the working copy (PostgreSQL) with the bench's own server stopped. */
export async function measureStartupCase(kind: DatabaseKind, location: string): Promise<Row[]> {
  const rssLimit = TARGETS.idleRssMb[kind];
  const names = [
    'startup: fresh start → first answer',
    'startup: fresh start → ready (warm)',
    'startup: idle RSS',
    'startup: restart, first 15 s from the first answer (cold)',
    'startup: restart, first 15 s from ready (warm)',
  ];
  const stallTarget = `p99 ≤ ${TARGETS.warmStartP99Ms} ms`;
  const against = [`≤ ${TARGETS.startupMs / 1000} s`, '–', `≤ ${rssLimit} MB`, 'was: stalls of 1.2–2.2 s', stallTarget];
  const startup = await load<StartupModule>('startup.ts');
  if (!startup) return names.map((name, i) => notMeasured(name, kind, against[i]!));
  const r = await startup.measureStartup(kind === 'postgres' ? { kind, url: location } : { kind });
  const underLoad = (x: Restart) =>
    `dashboard requests p50 ${ms(x.load.p50)} / p99 ${ms(x.load.p99)} / max ${ms(x.load.max)} ms (n ${x.load.n}` +
    `${x.failed ? `, ${x.failed} not 200` : ''}); ready ${(x.readyMs / 1000).toFixed(1)} s after the start`;
  return [
    {
      case: names[0]!,
      database: kind,
      figure: `${(r.firstAnswerMs / 1000).toFixed(1)} s`,
      against: against[0]!,
      met: r.firstAnswerMs <= TARGETS.startupMs,
    },
    { case: names[1]!, database: kind, figure: `${(r.readyMs / 1000).toFixed(1)} s`, against: against[1]!, met: null },
    {
      case: names[2]!,
      database: kind,
      figure: `${r.idleRssMb.toFixed(0)} MB`,
      against: against[2]!,
      met: r.idleRssMb <= rssLimit,
    },
    { case: names[3]!, database: kind, figure: underLoad(r.cold), against: against[3]!, met: null },
    {
      case: names[4]!,
      database: kind,
      figure: underLoad(r.warm),
      against: against[4]!,
      met: r.warm.failed === 0 && r.warm.load.p99 <= TARGETS.warmStartP99Ms,
    },
  ];
}
