// Open dashboards following sign-ins: bench/load/dashboards.ts opens them (each its own session and
// socket) in one process, bench/load/sign-ins.ts keeps the background sign-ins going in another, and
// the dashboards' process times its own sign-ins until every dashboard has shown them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR } from '../dataset/data-set';
import type { DashboardsResult, DashboardsSettings } from '../load/dashboards';
import type { SignInResult } from '../load/sign-ins';
import { sleep } from '../load/child-io';
import { start, stop, tail } from '../lib/processes';
import type { Options } from '../lib/options';
import type { Row } from '../lib/report';
import { ms, perSecond } from '../lib/stats';
import { big, file, finite, type CaseContext } from './context';
import { signInSettings, startSignIns } from './sign-ins';
import { TARGETS } from './targets';

const INTERVAL_MS = 2_000;
const TIMEOUT_MS = 30_000;
/** The background sign-ins settle before the timed ones begin. */
const SETTLE_MS = 3_000;

/** How long the background sign-ins may have to last: the timed part, its timeout, and room to spare. */
export const liveBackgroundSeconds = (options: Options) =>
  (options.liveSignIns * INTERVAL_MS + TIMEOUT_MS + SETTLE_MS) / 1000 + 30;

export async function measureLive(ctx: CaseContext): Promise<Row> {
  const company = big(ctx);
  const { dashboards, liveBackgroundRate } = ctx.options;
  const settings: DashboardsSettings = {
    baseUrl: ctx.server.baseUrl,
    entityId: company.id,
    admin: company.admin,
    token: company.token,
    areaId: company.signInAreaId,
    dashboards,
    people: ctx.people.live,
    intervalMs: INTERVAL_MS,
    timeoutMs: TIMEOUT_MS,
    out: file(ctx, 'live.json'),
    readyFile: file(ctx, 'live.ready'),
    goFile: file(ctx, 'live.go'),
  };
  const settingsFile = file(ctx, 'live-settings.json');
  writeFileSync(settingsFile, JSON.stringify(settings));
  const dashboardsProcess = start(
    process.execPath,
    ['--import', 'tsx', path.join(BENCH_DIR, 'load/dashboards.ts'), settingsFile],
    { logFile: file(ctx, 'live.log') },
  );
  let background: ReturnType<typeof startSignIns> | null = null;
  let bg: SignInResult | null = null;
  try {
    // Opening a hundred sessions takes a while: each sign-in checks a password.
    const openBy = performance.now() + 300_000;
    while (!existsSync(settings.readyFile)) {
      if (dashboardsProcess.child.exitCode !== null)
        throw new Error(`the dashboards ended early:\n${tail(dashboardsProcess.logFile)}`);
      if (performance.now() > openBy) throw new Error('the dashboards did not open within 5 minutes');
      await sleep(200);
    }
    const backgroundSettings = signInSettings(
      ctx,
      ctx.people.liveBackground,
      liveBackgroundRate,
      liveBackgroundSeconds(ctx.options),
      'live-background',
    );
    background = startSignIns(ctx, backgroundSettings, 'live-background');
    await sleep(SETTLE_MS);
    writeFileSync(settings.goFile, '');
    const code = await dashboardsProcess.exited;
    if (code !== 0) throw new Error(`the dashboards failed (exit ${code}):\n${tail(dashboardsProcess.logFile)}`);
    bg = await background.finish();
  } finally {
    await stop(dashboardsProcess.child);
    if (background && !bg) await background.finish().catch(() => null);
  }
  const r = JSON.parse(readFileSync(settings.out, 'utf8')) as DashboardsResult;
  const p95 = finite(r.latency.p95);
  // Missed updates count as later than any other: a percentile among them is beyond the timeout.
  const at = (value: number | null) =>
    Number.isFinite(finite(value)) ? `${ms(finite(value))} ms` : `> ${TIMEOUT_MS / 1000} s`;
  const problems = [
    r.missed ? `${r.missed} not shown within ${TIMEOUT_MS / 1000} s` : '',
    r.signInErrors.length ? `${r.signInErrors.length} sign-ins refused (${r.signInErrors[0]})` : '',
    r.refreshErrors ? `${r.refreshErrors} refreshes failed (${r.firstRefreshError})` : '',
    bg.errors ? `${bg.errors} background sign-ins failed (${bg.firstError})` : '',
  ].filter(Boolean);
  return {
    case: `live: ${r.dashboards} dashboards, sign-in → all updated`,
    database: ctx.kind,
    figure:
      `p50 ${at(r.latency.p50)} / p95 ${at(r.latency.p95)} / p99 ${at(r.latency.p99)} over ${r.latency.n} dashboard updates ` +
      `(${r.signIns} sign-ins; ${r.events} events, ${r.refreshes} refreshes, ${r.cancelled} cancelled; background ${bg.ok} sign-ins at ${perSecond(bg.rate)}/s${bg.exhausted ? ', until its people ran out' : ''})` +
      (problems.length ? `; ${problems.join('; ')}` : ''),
    against: `p95 ≤ ${TARGETS.liveP95Ms} ms with ${perSecond(liveBackgroundRate)} sign-ins/s in the background`,
    met: r.signInErrors.length === 0 && r.refreshErrors === 0 && bg.errors === 0 && p95 <= TARGETS.liveP95Ms,
  };
}
