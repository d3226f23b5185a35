// Latency of report requests (bench/cases/reports.ts) at a fixed, moderate concurrency, as
// bench/load/latency.ts measures the lists: each request is warmed up, then asked for by `concurrency`
// loops for `seconds`. A request may first walk a keyset list to a deep page by its cursor (in the
// largest pages the list allows), as the web app reaches it.
//   node --import tsx bench/load/report-latency.ts <settings.json>
import { nextCursorOf } from '../cases/lists';
import { latency, type Latency } from '../lib/stats';
import { readSettings, writeResult } from './child-io';

export type ReportRequest = {
  name: string;
  path: string;
  query: Record<string, string>;
  /** Walk to this page (of `query.limit` rows) by cursor before timing it. */
  walkToPage?: number;
};

export type ReportLatencySettings = {
  baseUrl: string;
  cookie: string;
  requests: ReportRequest[];
  concurrency: number;
  seconds: number;
  warmupSeconds: number;
  out: string;
};

export type ReportLatency = {
  name: string;
  url: string;
  latency: Latency;
  requests: number;
  errors: number;
  firstError: string | null;
  /** Rows of the answer's first page (`data`), and its `count` when it has one. */
  rows: number | null;
  count: number | null;
  /** The time the walk to a deep page took (one request per 500 rows). */
  walkMs: number | null;
};

const LIMIT_MAX = 500;

const urlOf = (s: ReportLatencySettings, r: ReportRequest, query: Record<string, string>) =>
  `${s.baseUrl}${r.path}?${new URLSearchParams(query).toString()}`;

async function get(url: string, cookie: string): Promise<unknown> {
  const res = await fetch(url, { headers: { cookie } });
  const body = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as unknown;
}

/** The URL of page `walkToPage`, reached by following the list's cursor. */
async function walk(s: ReportLatencySettings, r: ReportRequest): Promise<string> {
  const pageSize = Number(r.query.limit ?? 10);
  const target = (r.walkToPage! - 1) * pageSize;
  let skipped = 0;
  let cursor: string | null = null;
  while (skipped < target) {
    const limit = Math.min(LIMIT_MAX, target - skipped);
    const body = await get(urlOf(s, r, { ...r.query, limit: String(limit), ...(cursor ? { cursor } : {}) }), s.cookie);
    cursor = nextCursorOf(body);
    skipped += limit;
    if (cursor === null) throw new Error(`the list ended before row ${target}`);
  }
  return urlOf(s, r, { ...r.query, ...(cursor ? { cursor } : {}) });
}

async function measure(url: string, cookie: string, concurrency: number, seconds: number) {
  const samples: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let first: { rows: number | null; count: number | null } | null = null;
  const deadline = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      try {
        const res = await fetch(url, { headers: { cookie } });
        const body = await res.text();
        if (!res.ok) throw new Error(`${res.status} ${body.slice(0, 200)}`);
        samples.push(performance.now() - start);
        if (first === null) {
          const parsed = JSON.parse(body) as { data?: unknown[]; count?: number; days?: unknown[] };
          first = { rows: parsed.data?.length ?? parsed.days?.length ?? null, count: parsed.count ?? null };
        }
      } catch (error) {
        errors++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return { samples, errors, firstError, first: first as { rows: number | null; count: number | null } | null };
}

const settings = readSettings<ReportLatencySettings>();
const results: (ReportLatency | { name: string; error: string })[] = [];
for (const [index, request] of settings.requests.entries()) {
  try {
    const walkStart = performance.now();
    const url = request.walkToPage ? await walk(settings, request) : urlOf(settings, request, request.query);
    const walkMs = request.walkToPage ? performance.now() - walkStart : null;
    // The first request is the server's first load of the report's code: it warms up longer.
    await measure(url, settings.cookie, settings.concurrency, settings.warmupSeconds * (index === 0 ? 4 : 1));
    const run = await measure(url, settings.cookie, settings.concurrency, settings.seconds);
    results.push({
      name: request.name,
      url: url.slice(settings.baseUrl.length),
      latency: latency(run.samples),
      requests: run.samples.length,
      errors: run.errors,
      firstError: run.firstError,
      rows: run.first?.rows ?? null,
      count: run.first?.count ?? null,
      walkMs,
    });
  } catch (error) {
    results.push({ name: request.name, error: error instanceof Error ? error.message : String(error) });
  }
}
writeResult(settings.out, results);
