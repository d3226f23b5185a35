// GET throughput against the baseline: wrk, from its own process, against the bare node:http server
// and then against the app with the same settings; each case's figure is a ratio to the baseline.
//   auth-me  GET /api/v1/auth/me   session look-up, the company's access, permissions
//   sites    GET /api/v1/sites     the same plus one tenant list query
import { startHello } from '../lib/server-under-test';
import { ms, perSecond } from '../lib/stats';
import { runWrk, type WrkResult, type WrkSettings } from '../lib/wrk';
import type { Row } from '../lib/report';
import { file, type CaseContext } from './context';
import { TARGETS } from './targets';

const WARM_UP_SECONDS = 2;

const settingsOf = (ctx: CaseContext): WrkSettings => ({
  threads: ctx.options.wrkThreads,
  connections: ctx.options.wrkConnections,
  seconds: ctx.options.seconds,
});

async function measure(ctx: CaseContext, url: string, cookie?: string): Promise<WrkResult> {
  await runWrk(url, { ...settingsOf(ctx), seconds: WARM_UP_SECONDS }, cookie);
  return runWrk(url, settingsOf(ctx), cookie);
}

const detail = (r: WrkResult) => `p50 ${ms(r.p50)} / p99 ${ms(r.p99)} ms${r.errors ? `, ${r.errors} errors` : ''}`;

/** The baseline, measured in its own process with the same wrk settings. */
export async function measureHello(ctx: CaseContext): Promise<{ result: WrkResult; row: Row }> {
  const hello = await startHello(file(ctx, 'hello.log'));
  try {
    const result = await measure(ctx, `${hello.baseUrl}/`);
    return {
      result,
      row: {
        case: 'hello (baseline: bare node:http)',
        database: ctx.kind,
        figure: `${perSecond(result.rps)} req/s (${detail(result)})`,
        against: `wrk -t${ctx.options.wrkThreads} -c${ctx.options.wrkConnections} -d${ctx.options.seconds}s`,
        met: null,
      },
    };
  } finally {
    await hello.stop();
  }
}

export async function measureRatio(ctx: CaseContext, name: 'auth-me' | 'sites', hello: WrkResult): Promise<Row> {
  const target = name === 'auth-me' ? TARGETS.authMeRatio : TARGETS.sitesRatio;
  const path = name === 'auth-me' ? '/api/v1/auth/me' : '/api/v1/sites';
  const result = await measure(ctx, `${ctx.server.baseUrl}${path}`, ctx.cookie);
  const ratio = result.rps / hello.rps;
  return {
    case: `${name}: GET ${path}`,
    database: ctx.kind,
    figure: `${perSecond(result.rps)} req/s = ${ratio.toFixed(2)}× hello (${detail(result)})`,
    against: `≥ ${target}× hello (${perSecond(hello.rps)} req/s)`,
    met: result.errors === 0 && ratio >= target,
  };
}
