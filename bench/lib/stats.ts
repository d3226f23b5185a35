// Latency figures as the cases report them, and a process's memory.
import { readFileSync } from 'node:fs';

export type Latency = { n: number; p50: number; p95: number; p99: number; max: number };

/** Nearest-rank percentiles of latencies in milliseconds (NaN when there are none). */
export function latency(samples: readonly number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]! : NaN;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

export const ms = (value: number) =>
  Number.isFinite(value) ? (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)) : '–';

export const perSecond = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en') : '–');

/** A process's resident memory in MB, from /proc (NaN once it has ended). */
export const rssMb = (pid: number): number => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
};
