// GET throughput from wrk, in its own process: the same threads, connections and duration for the
// baseline and for every case, so the ratios compare like with like.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { BENCH_DIR } from '../dataset/data-set';

const SCRIPT = path.join(BENCH_DIR, 'load/wrk-report.lua');

export type WrkResult = {
  rps: number;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};

type WrkJson = {
  requests: number;
  durationUs: number;
  connectErrors: number;
  readErrors: number;
  writeErrors: number;
  statusErrors: number;
  timeouts: number;
  p50Us: number;
  p95Us: number;
  p99Us: number;
  maxUs: number;
};

/** null when wrk runs; else what to tell the person running the bench. */
export function wrkMissing(): string | null {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (probe.error)
    return 'wrk is not installed. Install it (Debian: sudo apt-get install wrk) and run the bench again.';
  return null;
}

export type WrkSettings = { threads: number; connections: number; seconds: number };

export async function runWrk(url: string, settings: WrkSettings, cookie?: string): Promise<WrkResult> {
  const args = [
    `-t${settings.threads}`,
    `-c${settings.connections}`,
    `-d${settings.seconds}s`,
    '--timeout',
    '10s',
    '-s',
    SCRIPT,
    url,
  ];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args, { env: { ...process.env, BENCH_COOKIE: cookie ?? '' } });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited ${code}: ${out}`))));
  });
  const line = output.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`wrk printed no figures: ${output}`);
  const r = JSON.parse(line.slice('BENCH_JSON '.length)) as WrkJson;
  const errors = r.connectErrors + r.readErrors + r.writeErrors + r.statusErrors + r.timeouts;
  return {
    rps: r.requests / (r.durationUs / 1e6),
    requests: r.requests,
    errors,
    p50: r.p50Us / 1000,
    p95: r.p95Us / 1000,
    p99: r.p99Us / 1000,
    max: r.maxUs / 1000,
  };
}
