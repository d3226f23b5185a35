// Latency of list requests at a fixed, moderate concurrency: each variant is warmed up, then asked for
// by `concurrency` loops for `seconds`, each loop sending its next request when the last one answered.
// The first variant is warmed up longer: it is the server's first load, while its code is still being
// compiled, and would otherwise measure that rather than the list.
// Run by the bench in its own process:  node --import tsx bench/load/latency.ts <settings.json>
import { DEEP_PAGE, PAGE_SIZE, listPath, nextCursorOf, type ListVariant } from '../cases/lists';
import { latency, type Latency } from '../lib/stats';
import { readSettings, writeResult } from './child-io';

export type LatencySettings = {
  baseUrl: string;
  cookie: string;
  variants: ListVariant[];
  concurrency: number;
  seconds: number;
  warmupSeconds: number;
  out: string;
};

export type VariantLatency = {
  name: string;
  /** The request timed (with the cursor it found, when the list pages by cursor). */
  url: string;
  paging: 'page' | 'cursor';
  latency: Latency;
  requests: number;
  errors: number;
  firstError: string | null;
  /** How many rows the list says match (its `count`). */
  count: number | null;
};

const LIMIT_MAX = 500;

const urlOf = (baseUrl: string, variant: ListVariant, query: Record<string, string>) =>
  `${baseUrl}${listPath(variant)}?${new URLSearchParams(query).toString()}`;

/**
 * The request for page 5,000: by page number, unless the list answers a cursor; then the cursor of
 * row (5,000 - 1) × 10 is found by walking the list in the largest pages it allows.
 */
async function deepRequest(baseUrl: string, cookie: string, variant: ListVariant) {
  const { page: _page, ...rest } = variant.query;
  const first = await fetch(urlOf(baseUrl, variant, { ...rest, limit: String(LIMIT_MAX) }), { headers: { cookie } });
  if (!first.ok) throw new Error(`${first.status} ${await first.text()}`);
  let cursor = nextCursorOf(await first.json());
  if (cursor === null) return { url: urlOf(baseUrl, variant, variant.query), paging: 'page' as const };
  const target = (DEEP_PAGE - 1) * PAGE_SIZE;
  let skipped = LIMIT_MAX;
  while (skipped < target && cursor !== null) {
    const limit = Math.min(LIMIT_MAX, target - skipped);
    const res = await fetch(urlOf(baseUrl, variant, { ...rest, limit: String(limit), cursor }), {
      headers: { cookie },
    });
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    cursor = nextCursorOf(await res.json());
    skipped += limit;
  }
  if (cursor === null) throw new Error(`the list ended before row ${target}`);
  return { url: urlOf(baseUrl, variant, { ...rest, limit: String(PAGE_SIZE), cursor }), paging: 'cursor' as const };
}

async function measure(url: string, cookie: string, concurrency: number, seconds: number) {
  const samples: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let count: number | null = null;
  const deadline = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      try {
        const res = await fetch(url, { headers: { cookie } });
        const body = await res.text();
        if (!res.ok) throw new Error(`${res.status} ${body.slice(0, 200)}`);
        samples.push(performance.now() - start);
        if (count === null) count = (JSON.parse(body) as { count?: number }).count ?? null;
      } catch (error) {
        errors++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return { samples, errors, firstError, count };
}

const settings = readSettings<LatencySettings>();
const results: (VariantLatency | { name: string; error: string })[] = [];
const FIRST_WARM_UP_FACTOR = 4;
for (const [index, variant] of settings.variants.entries()) {
  try {
    const request = variant.deep
      ? await deepRequest(settings.baseUrl, settings.cookie, variant)
      : { url: urlOf(settings.baseUrl, variant, variant.query), paging: 'page' as const };
    const warmUp = settings.warmupSeconds * (index === 0 ? FIRST_WARM_UP_FACTOR : 1);
    await measure(request.url, settings.cookie, settings.concurrency, warmUp);
    const run = await measure(request.url, settings.cookie, settings.concurrency, settings.seconds);
    results.push({
      name: variant.name,
      url: request.url.slice(settings.baseUrl.length),
      paging: request.paging,
      latency: latency(run.samples),
      requests: run.samples.length,
      errors: run.errors,
      firstError: run.firstError,
      count: run.count,
    });
  } catch (error) {
    results.push({ name: variant.name, error: error instanceof Error ? error.message : String(error) });
  }
}
writeResult(settings.out, results);
