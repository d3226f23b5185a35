// GET throughput against the baseline: wrk, from its own process, against the bare node:http server
// and then against the app with the same settings; each case's figure is a ratio to the baseline.
//   auth-me  GET /api/v1/auth/me   session look-up, the company's access, permissions
//   sites    GET /api/v1/sites     the same plus one tenant list query
// Beside auth-me, the framework's floor: bare Fastify answering the same body, without and with the
// app's response headers (reference rows, judged by nothing).
import { writeFileSync } from 'node:fs';
import { startFrameworkFloor, startHello } from '../lib/server-under-test';
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

/** Bare Fastify answering the app's own /auth/me body: alone, then with the app's response headers. */
export async function measureFrameworkFloor(ctx: CaseContext, hello: WrkResult): Promise<Row[]> {
  const res = await fetch(`${ctx.server.baseUrl}/api/v1/auth/me`, { headers: { cookie: ctx.cookie } });
  if (!res.ok) throw new Error(`GET /api/v1/auth/me answered ${res.status}`);
  const bodyFile = file(ctx, 'auth-me-body.json');
  writeFileSync(bodyFile, await res.text());
  const floor = await startFrameworkFloor(file(ctx, 'framework-floor.log'), bodyFile);
  try {
    const rows: Row[] = [];
    for (const [path, what] of [
      ['/bare', 'bare Fastify, the same answer'],
      ['/dressed', "bare Fastify, the same answer and the app's response headers"],
    ] as const) {
      const result = await measure(ctx, `${floor.baseUrl}${path}`);
      rows.push({
        case: `floor: ${what}`,
        database: ctx.kind,
        figure: `${perSecond(result.rps)} req/s = ${(result.rps / hello.rps).toFixed(2)}× hello (${detail(result)})`,
        against: 'reference for auth-me',
        met: null,
      });
    }
    return rows;
  } finally {
    await floor.stop();
  }
}
