// The duplicate scan of the big company (issue 16, decision 032), PostgreSQL: its owner asks for a scan
// through the API (`POST /api/v1/people/duplicates/scan`), the job runs it, and the status is polled
// until it is done. The figure is the scan's own time as the job measured it (one transaction: the pairs
// by email, phone, id number and names within blocks, upserted, the old ones dropped), beside the time
// from the request to the board showing it done (which adds the job runner's pick-up). Then the board's
// first page and a searched page, sequentially, as the owner reads them.
import type { DuplicateScan } from '@app/shared/people/duplicates';
import { sleep } from '../load/child-io';
import type { Row } from '../lib/report';
import { latency, ms } from '../lib/stats';
import type { CaseContext } from './context';
import { TARGETS } from './targets';
import { csrfOf } from '../lib/cookies';

const PAGE_READS = 30;
const SCAN_TIMEOUT_MS = 300_000;

async function call<T>(ctx: CaseContext, method: 'GET' | 'POST', path: string): Promise<T> {
  const res = await fetch(`${ctx.server.baseUrl}/api/v1${path}`, {
    method,
    headers: {
      cookie: ctx.cookie,
      ...(method === 'POST' ? { 'x-csrf-token': csrfOf(ctx.cookie), 'content-type': 'application/json' } : {}),
    },
    body: method === 'POST' ? '{}' : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

async function timedReads(ctx: CaseContext, path: string) {
  const samples: number[] = [];
  for (let i = 0; i < PAGE_READS + 3; i++) {
    const started = performance.now();
    await call(ctx, 'GET', path);
    if (i >= 3) samples.push(performance.now() - started);
  }
  return latency(samples);
}

export async function measureDuplicates(ctx: CaseContext): Promise<Row[]> {
  const started = performance.now();
  await call<DuplicateScan>(ctx, 'POST', '/people/duplicates/scan');
  let scan: DuplicateScan | null = null;
  while (performance.now() - started < SCAN_TIMEOUT_MS) {
    scan = (await call<{ scan: DuplicateScan | null }>(ctx, 'GET', '/people/duplicates/scan')).scan;
    if (scan && (scan.status === 'done' || scan.status === 'failed')) break;
    await sleep(250);
  }
  const wall = performance.now() - started;
  if (!scan || scan.status !== 'done') throw new Error(`the scan did not finish: ${scan?.status ?? 'none'}`);
  const took = scan.duration_ms ?? Infinity;
  const first = await timedReads(ctx, '/people/duplicates?limit=20');
  const deep = await timedReads(ctx, '/people/duplicates?limit=20&page=50');
  const searched = await timedReads(ctx, '/people/duplicates?limit=20&search=garcia');
  const worst = Math.max(first.p95, deep.p95, searched.p95);
  return [
    {
      case: 'duplicates: scan of the big company',
      database: ctx.kind,
      figure: `${(took / 1000).toFixed(1)} s in the job over ${(scan.people ?? 0).toLocaleString('en')} people, ${(scan.pairs ?? 0).toLocaleString('en')} pairs found; ${(wall / 1000).toFixed(1)} s from the request to the board showing it done`,
      against: `< ${TARGETS.duplicateScanMs / 1000} s`,
      met: took < TARGETS.duplicateScanMs,
    },
    {
      case: 'duplicates: the board (GET /people/duplicates, 20 pairs)',
      database: ctx.kind,
      figure: `first page p50 ${ms(first.p50)} / p95 ${ms(first.p95)} ms; page 50 p50 ${ms(deep.p50)} / p95 ${ms(deep.p95)} ms; searched p50 ${ms(searched.p50)} / p95 ${ms(searched.p95)} ms (${PAGE_READS} reads each, one at a time)`,
      against: `p95 < ${TARGETS.duplicateBoardP95Ms} ms`,
      met: worst < TARGETS.duplicateBoardP95Ms,
    },
  ];
}
