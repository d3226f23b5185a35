// Sign-ins sustained at the target rate for 15 s with the API token, each a different person not on
// site, from bench/load/sign-ins.ts in its own process (PostgreSQL only: the target is the server's).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR } from '../dataset/data-set';
import type { SignInResult, SignInSettings } from '../load/sign-ins';
import { start, stop } from '../lib/processes';
import type { Row } from '../lib/report';
import { ms, perSecond } from '../lib/stats';
import { big, file, finite, runLoad, waitUntilIdle, type CaseContext } from './context';
import { TARGETS } from './targets';

const SCRIPT = path.join(BENCH_DIR, 'load/sign-ins.ts');

export function signInSettings(
  ctx: CaseContext,
  people: string[],
  rate: number,
  seconds: number,
  name: string,
): SignInSettings {
  const company = big(ctx);
  return {
    baseUrl: ctx.server.baseUrl,
    token: company.token,
    areaId: company.signInAreaId,
    people,
    rate,
    seconds,
    out: file(ctx, `${name}.json`),
  };
}

export const readSignIns = (settings: SignInSettings) => JSON.parse(readFileSync(settings.out, 'utf8')) as SignInResult;

/** Sign-ins in the background until stopped (the live case's steady traffic). */
export function startSignIns(ctx: CaseContext, settings: SignInSettings, name: string) {
  const settingsFile = file(ctx, `${name}-settings.json`);
  writeFileSync(settingsFile, JSON.stringify(settings));
  const started = start(process.execPath, ['--import', 'tsx', SCRIPT, settingsFile], {
    logFile: file(ctx, `${name}.log`),
  });
  return {
    /** Ends the sign-ins and reads their figures. */
    finish: async (): Promise<SignInResult> => {
      await stop(started.child);
      return readSignIns(settings);
    },
  };
}

/**
 * Before the timed run, sign-ins at half the rate for a few seconds, with other people: a server that
 * has just started compiles its code and fills its connections and caches, and a backlog made then
 * would be counted against the steady rate the case is about.
 */
export const SIGN_IN_WARM_UP = { seconds: 5, rateShare: 0.5 };

export async function measureSignIns(ctx: CaseContext): Promise<Row> {
  const { signInRate: rate, signInSeconds: seconds } = ctx.options;
  const people = ctx.people.signIns;
  // At a small scale the pool is short: the warm-up takes its share of it, not all of it.
  const warmUpNeed = Math.ceil(rate * SIGN_IN_WARM_UP.rateShare * SIGN_IN_WARM_UP.seconds);
  const warmUpPeople = Math.min(
    warmUpNeed,
    Math.floor((people.length * warmUpNeed) / (warmUpNeed + Math.ceil(rate * seconds))),
  );
  const warmUp = signInSettings(
    ctx,
    people.slice(0, warmUpPeople),
    rate * SIGN_IN_WARM_UP.rateShare,
    SIGN_IN_WARM_UP.seconds,
    'sign-ins-warm-up',
  );
  await runLoad<SignInResult>(ctx, SCRIPT, 'sign-ins-warm-up', warmUp);
  await waitUntilIdle(ctx);
  const settings = signInSettings(ctx, people.slice(warmUpPeople), rate, seconds, 'sign-ins');
  const r = await runLoad<SignInResult>(ctx, SCRIPT, 'sign-ins', settings);
  const p99 = finite(r.latency.p99);
  const short = r.exhausted ? `; only ${settings.people.length} people to sign in at this scale` : '';
  const errors = r.errors ? `, ${r.errors} errors (${r.firstError})` : ', 0 errors';
  return {
    case: `sign-ins: POST /api/v1/visits/sign-in, ${perSecond(rate)}/s offered`,
    database: ctx.kind,
    figure: `${perSecond(r.rate)}/s answered (${r.ok} of ${r.sent} in ${r.seconds.toFixed(1)} s), p50 ${ms(finite(r.latency.p50))} / p99 ${ms(p99)} ms${errors}${short}`,
    against: `≥ ${TARGETS.signInRate}/s for ${seconds} s (after ${SIGN_IN_WARM_UP.seconds} s at half the rate), p99 ≤ ${TARGETS.signInP99Ms} ms, 0 errors`,
    met: !r.exhausted && r.errors === 0 && r.rate >= TARGETS.signInRate && p99 <= TARGETS.signInP99Ms,
  };
}
