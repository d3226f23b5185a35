// Property-based fuzzing of every write operation, and of the query string and address of every read:
// values generated from each route's own schema (or from a body it is known to accept), then broken (NUL, lone surrogates, very long strings, deep nesting,
// huge, negative and fractional numbers, NaN-like strings, `__proto__` and `constructor` keys, wrong
// types, extra keys, lists where one value belongs). The product's rule: bad input never crashes
// anything. So no answer is a 5xx, and every 400 names at least one field with a translated sentence.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@app/shared/constants';
import { newId } from '../src/lib/ids';
import { reportFigure } from './helpers/figures';
import { fieldIds, fuzzWorld, paramIds, type FuzzWorld } from './helpers/fuzz-world';
import type { TestClient } from './helpers/http-client';
import {
  fuzzedValue,
  nastyValue,
  NASTY_STRINGS,
  toJson,
  validValue,
  type JsonSchema,
} from './helpers/json-schema-arbitrary';
import { createTestApp, type TestContext } from './helpers/test-app';

// Fixed, so a failure is reproducible; FUZZ_SEED and FUZZ_RUNS (bodies per operation) explore further locally.
const SEED = Number(process.env.FUZZ_SEED ?? 8_011_2025);
/** Generated bodies per write operation, and query strings per list: the suite's time budget. */
const BODIES = Number(process.env.FUZZ_RUNS ?? 16);
const QUERIES = Math.ceil(BODIES / 2);
const RAW_KEY = /errors:|fields\.|\{\{/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Ends or changes the caller's own session: called by the spare member, and last. */
const SELF_ENDING = /\/auth\/logout$|\/me\/sessions/;

type Operation = {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Route = { method: string; url: string; access: { auth?: string; deviceToken?: boolean } };
type Failure = { route: string; status: number; request: string; response: string };

let ctx: TestContext;
let world: FuzzWorld;
let doc: { paths: Record<string, Record<string, Operation>> };
const failures: Failure[] = [];
const counts = { writes: 0, queries: 0, lists: 0, skipped: [] as string[], passed: 0 };

beforeAll(async () => {
  ctx = await createTestApp();
  world = await fuzzWorld(ctx.app, ctx.db.db);
  doc = ctx.app.swagger() as typeof doc;
}, 120_000);
afterAll(() => ctx.close());

const operationOf = (route: Route) =>
  doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()] ?? {};

/** Upload routes take a multipart file, no JSON body: another suite covers them. */
const isMultipart = (op: Operation) =>
  !op.requestBody && /multipart|upload/i.test(`${op.summary ?? ''} ${op.description ?? ''}`);

const idsFor = (route: Route) => fieldIds(world.ids, route);

/** Numbers a column or a date cannot hold, as a client writes them in an address or a query. */
const HUGE_NUMBERS = ['2147483648', '-2147483649', '99999999999', '9223372036854775808', '1e400', '1.5', '-1', '0'];

/** A path parameter: mostly a real id of the kind the path names, sometimes a stranger or garbage. */
function paramValue(route: Route, name: string, schema: JsonSchema = {}): fc.Arbitrary<string> {
  const real = paramIds(world.ids, route.url, name);
  // Not invalid UTF-8 (`%ED%A0%80`): Fastify's router answers that itself, before any hook or our
  // error handler, unless the server is built with `frameworkErrors`.
  const garbage = fc.constantFrom(
    '%00',
    'not-an-id',
    '%F0%9F%98%80',
    '%25',
    'a'.repeat(90),
    '..%2F..',
    ...HUGE_NUMBERS,
  );
  if (schema.type === 'integer' || schema.type === 'number') {
    return fc.oneof(validValue(schema, idsFor(route), name).map(String), fc.constantFrom(...HUGE_NUMBERS));
  }
  return real.length
    ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...real) }, fc.uuid(), garbage)
    : fc.oneof(fc.uuid(), garbage);
}

/** A query parameter: absent, valid, a nasty string, a list of them, or a number out of every range. */
function queryValue(route: Route, schema: JsonSchema = {}, name: string): fc.Arbitrary<unknown> {
  const numeric = schema.type === 'integer' || schema.type === 'number';
  return fc.option(
    fc.oneof(
      { weight: 2, arbitrary: validValue(schema, idsFor(route), name) },
      { weight: numeric ? 1 : 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
      {
        weight: 1,
        arbitrary: fc.array(fc.constantFrom(...NASTY_STRINGS.slice(0, 12)), { minLength: 2, maxLength: 3 }),
      },
      { weight: numeric ? 3 : 1, arbitrary: fc.constantFrom(...HUGE_NUMBERS) },
    ),
    { nil: undefined, freq: 3 },
  );
}

const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate has no UTF-8: send the bytes a careless client would (WTF-8).
    return [...text].map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
};

function urlOf(route: Route, params: Record<string, string>, query?: Record<string, unknown>) {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? newId());
  if (!query) return path;
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value])
      .filter((v) => v !== undefined)
      .map((v) => `${encode(key)}=${encode(typeof v === 'string' ? v : JSON.stringify(v))}`),
  );
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

let address = 0;
async function send(client: TestClient, route: Route, url: string, body: unknown, lang: string) {
  const headers: Record<string, string> = { 'x-lang': lang };
  if (client.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  if (client.csrf && route.method !== 'GET') headers['x-csrf-token'] = client.csrf;
  if (route.access.deviceToken) headers.authorization = `Bearer ${world.kioskToken}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  // Each request from its own address, so the sign-in throttle of one address is never what answers
  // (and never throttles the other suites sharing a PostgreSQL database).
  address = (address + 1) % 65_000;
  return ctx.app.inject({
    method: route.method as 'GET',
    url,
    headers,
    payload: body === undefined ? undefined : toJson(body),
    remoteAddress: `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}`,
  });
}

/** The rule: no 5xx; a 400 names a field; no message anywhere shows a raw key. */
function check(route: Route, url: string, body: unknown, res: LightMyRequestResponse) {
  const fail = (why: string) =>
    failures.push({
      route: `${route.method} ${route.url} (${why})`,
      status: res.statusCode,
      request: `${url.slice(0, 200)} ${body === undefined ? '' : toJson(body).slice(0, 300)}`,
      response: res.body.slice(0, 300),
    });
  if (res.statusCode >= 500) return fail('5xx');
  if (res.statusCode < 400) return;
  const answer = res.json<{ message?: string; fields?: Record<string, string[]> }>();
  if (RAW_KEY.test(answer.message ?? '')) fail('raw key in message');
  if (res.statusCode !== 400) return;
  const fields = Object.entries(answer.fields ?? {});
  if (fields.length === 0) return fail('400 names no field');
  if (fields.some(([, messages]) => !messages.length || messages.some((m) => RAW_KEY.test(m)))) {
    fail('raw key in a field message');
  }
}

const langs = fc.constantFrom(...LANGUAGES);

// Reads first: the write operations below delete what the reads would otherwise reach.
describe('fuzzing every read’s query string and address', () => {
  it('never answers 5xx to a query, and every 400 names its field', async () => {
    // Every read that takes a query string or an address parameter.
    const lists = (ctx.app.apiRoutes as Route[]).filter(
      (r) => r.method === 'GET' && (operationOf(r).parameters ?? []).some((p) => p.in === 'query' || p.in === 'path'),
    );
    expect(lists.length).toBeGreaterThan(30);
    for (const [index, route] of lists.entries()) {
      counts.lists++;
      const parameters = operationOf(route).parameters ?? [];
      const query = fc.record(
        Object.fromEntries(
          parameters.filter((p) => p.in === 'query').map((p) => [p.name, queryValue(route, p.schema, p.name)]),
        ),
      );
      const extra = fc.option(
        fc.dictionary(fc.constantFrom('__proto__', 'constructor', '\u0000', 'x'), fc.constantFrom(...NASTY_STRINGS)),
        { nil: undefined },
      );
      const params = parameters.filter((p) => p.in === 'path');
      const request = fc.record({
        params: fc.record(Object.fromEntries(params.map((p) => [p.name, paramValue(route, p.name, p.schema)]))),
        query,
        extra,
        lang: langs,
      });
      const client = /^\/api\/v1\/(auth|me)\//.test(route.url) ? world.spare : world.admin;
      for (const sample of fc.sample(request, { seed: SEED - index, numRuns: QUERIES })) {
        const url = urlOf(route, sample.params, { ...sample.extra, ...sample.query });
        check(route, url, undefined, await send(client, route, url, undefined, sample.lang));
        counts.queries++;
      }
    }
    // The classic: a NUL in a list's search.
    for (const url of ['/people', '/sites', '/visits', '/announcements', '/kiosks', '/journeys']) {
      const route = { method: 'GET', url: `/api/v1${url}`, access: {} };
      const res = await send(world.admin, route, `${route.url}?search=%00`, undefined, 'en');
      check(route, `${route.url}?search=%00`, undefined, res);
      expect(res.statusCode, url).toBe(400);
      counts.queries++;
    }
    expect(failures).toEqual([]);
    counts.passed++;
  }, 180_000);
});

describe('what the fuzzing found', () => {
  it('bounds a compliance version to what its integer column holds: a 400 naming the field, not a database error', async () => {
    const compliance = world.ids.compliance[0]!;
    for (const url of [
      `/compliances/${compliance}/versions/2147483648`,
      `/compliances/${compliance}/file?version=99999999999`,
    ]) {
      const res = await world.admin.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields, url).toEqual({
        version: [expect.stringMatching(/^Version must be at most 2147483647\.$/)],
      });
    }
  });
});

/** POST and PUT first, DELETE last: deleted things are not there to be changed. */
const order = (route: Route) => (route.method === 'DELETE' ? 1 : 0);

describe('fuzzing every write operation', () => {
  it('never answers 5xx, and every 400 names its field in a translated sentence', async () => {
    const routes = (ctx.app.apiRoutes as Route[])
      .filter((r) => WRITES.has(r.method))
      .sort((a, b) => Number(SELF_ENDING.test(a.url)) - Number(SELF_ENDING.test(b.url)) || order(a) - order(b));
    expect(routes.length).toBeGreaterThan(100);
    for (const [index, route] of routes.entries()) {
      const op = operationOf(route);
      if (isMultipart(op)) {
        counts.skipped.push(`${route.method} ${route.url}`);
        continue;
      }
      counts.writes++;
      const schema = op.requestBody?.content['application/json']?.schema;
      const params = (op.parameters ?? []).filter((p) => p.in === 'path');
      const request = fc.record({
        params: fc.record(Object.fromEntries(params.map((p) => [p.name, paramValue(route, p.name, p.schema)]))),
        // Without a body schema the route reads no body: it gets none, or junk it must ignore.
        body: schema
          ? fuzzedValue(schema, idsFor(route), world.examples[`${route.method} ${route.url}`])
          : fc.option(nastyValue, { nil: undefined, freq: 2 }),
        lang: langs,
      });
      const client = /^\/api\/v1\/(auth|me)\//.test(route.url) ? world.spare : world.admin;
      for (const sample of fc.sample(request, { seed: SEED + index, numRuns: BODIES })) {
        const url = urlOf(route, sample.params);
        check(route, url, sample.body, await send(client, route, url, sample.body, sample.lang));
      }
      // The fuzzing admin must still be signed in and allowed: a generated request must not lock it out.
      if (client === world.admin) expect((await world.admin.get('/auth/me')).statusCode, route.url).toBe(200);
    }
    expect(failures).toEqual([]);
    counts.passed++;
  }, 240_000);
});

describe('the figure', () => {
  it('reports the figure', () => {
    expect(failures).toEqual([]);
    expect(counts.passed, 'both fuzzing runs passed').toBe(2);
    reportFigure(
      'fuzzing',
      `${counts.writes} write operations × ${BODIES} bodies + ${counts.queries} list queries: 0 × 5xx, every 400 names its field (${counts.skipped.length} multipart uploads left to the upload suite)`,
    );
  });
});
