// Visitor sign-ins at a steady rate, as kiosks and integrations send them: POST /api/v1/visits/sign-in
// with the company's API token, one person each, every person once. Open loop: request i is due at
// start + i / rate whether or not earlier ones have answered, and its latency counts from that moment,
// so a server that falls behind shows it in the latency rather than in a slower send.
// Run by the bench in its own process (SIGTERM ends it early and still writes the figures):
//   node --import tsx bench/load/sign-ins.ts <settings.json>
import { latency, type Latency } from '../lib/stats';
import { readSettings, sleep, writeResult } from './child-io';
import { countFailure, postSignIn } from './sign-in-request';

export type SignInSettings = {
  baseUrl: string;
  token: string;
  areaId: string;
  people: string[];
  rate: number;
  seconds: number;
  out: string;
};

export type SignInResult = {
  sent: number;
  ok: number;
  errors: number;
  /** How many of the errors had each status (0: no answer). */
  statuses: Record<string, number>;
  firstError: string | null;
  /**
   * Sign-ins answered per second in the steady part of the run: answers between the first second and
   * the end of the schedule, over that time.
   */
  rate: number;
  latency: Latency;
  /** Each answered sign-in's latency (ms), in the order answered: for cases that pool several runs. */
  samples: number[];
  /** The pool of people ran out before the time was up. */
  exhausted: boolean;
  seconds: number;
};

const settings = readSettings<SignInSettings>();
const samples: number[] = [];
const answeredAt: number[] = [];
const statuses: Record<string, number> = {};
let firstError: string | null = null;
let sent = 0;
let stopping = false;
const inFlight = new Set<Promise<void>>();
const started = performance.now();
let lastAnswer = started;

process.once('SIGTERM', () => {
  stopping = true;
});

async function signIn(personId: string, due: number) {
  try {
    await postSignIn(settings.baseUrl, settings.token, settings.areaId, personId);
    const now = performance.now();
    samples.push(now - due);
    answeredAt.push(now);
  } catch (error) {
    const message = countFailure(statuses, error);
    firstError ??= message;
  } finally {
    lastAnswer = performance.now();
  }
}

const total = Math.min(settings.people.length, Math.ceil(settings.rate * settings.seconds));
const interval = 1000 / settings.rate;
while (!stopping && sent < total) {
  const due = started + sent * interval;
  const wait = due - performance.now();
  if (wait > 1) await sleep(wait);
  const request = signIn(settings.people[sent]!, due);
  sent++;
  inFlight.add(request);
  void request.then(() => inFlight.delete(request));
}
await Promise.race([Promise.all(inFlight), sleep(stopping ? 5_000 : 60_000)]);

const errors = Object.values(statuses).reduce((a, b) => a + b, 0);
const windowStart = started + 1_000;
const windowEnd = started + (sent / settings.rate) * 1_000;
const inWindow = answeredAt.filter((t) => t >= windowStart && t <= windowEnd).length;
const result: SignInResult = {
  sent,
  ok: samples.length,
  errors: errors + inFlight.size,
  statuses: inFlight.size ? { ...statuses, unanswered: inFlight.size } : statuses,
  firstError: firstError ?? (inFlight.size ? 'no answer before the run ended' : null),
  rate: windowEnd > windowStart ? inWindow / ((windowEnd - windowStart) / 1000) : NaN,
  latency: latency(samples),
  samples,
  exhausted: total < Math.ceil(settings.rate * settings.seconds) && !stopping,
  seconds: (lastAnswer - started) / 1000,
};
writeResult(settings.out, result);
process.exit(0);
