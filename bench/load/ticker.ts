// Another process's view of the server while a long job runs (bench/cases/reports.ts): a request every
// `everyMs` (the next one as soon as the last has answered when it is late), until the file `stopFile`
// exists. The longest gap between two answers is how long the server kept this client waiting at a time.
//   node --import tsx bench/load/ticker.ts <settings.json>
import { existsSync } from 'node:fs';
import { latency, type Latency } from '../lib/stats';
import { readSettings, sleep, writeResult } from './child-io';

export type TickerSettings = {
  url: string;
  cookie: string;
  everyMs: number;
  stopFile: string;
  /** Stop anyway after this long. */
  maxSeconds: number;
  out: string;
};

export type TickerResult = {
  requests: number;
  errors: number;
  firstError: string | null;
  latency: Latency;
  /** The longest time between two answers (or from the start to the first), in ms. */
  longestGapMs: number;
  /** When it happened, in ms from the ticker's start. */
  longestGapAtMs: number;
  seconds: number;
};

const s = readSettings<TickerSettings>();
const started = performance.now();
const samples: number[] = [];
let errors = 0;
let firstError: string | null = null;
let last = started;
let longestGapMs = 0;
let longestGapAtMs = 0;
let next = started;
while (!existsSync(s.stopFile) && performance.now() - started < s.maxSeconds * 1000) {
  const wait = next - performance.now();
  if (wait > 0) await sleep(wait);
  next = performance.now() + s.everyMs;
  const t0 = performance.now();
  try {
    const res = await fetch(s.url, { headers: { cookie: s.cookie }, signal: AbortSignal.timeout(60_000) });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${res.status}`);
    samples.push(performance.now() - t0);
  } catch (error) {
    errors++;
    firstError ??= error instanceof Error ? error.message : String(error);
  }
  const now = performance.now();
  if (now - last > longestGapMs) {
    longestGapMs = now - last;
    longestGapAtMs = last - started;
  }
  last = now;
}
const result: TickerResult = {
  requests: samples.length,
  errors,
  firstError,
  latency: latency(samples),
  longestGapMs,
  longestGapAtMs,
  seconds: (performance.now() - started) / 1000,
};
writeResult(s.out, result);
