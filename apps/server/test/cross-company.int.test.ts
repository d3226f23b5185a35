// The cross-company sweep: company A (its admin's session, and its API client token) calls every API
// route with company B's ids in the path, the body and the query. Every call must answer below 500
// and show nothing of B; a path id of B must answer 404 (or be refused before any lookup, exactly as
// an unknown id is); an id of B anywhere else must be answered exactly as an unknown id is; and B's
// rows and files must be the same afterwards, by a digest of all of them.
import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMarkers, digestChanges, digestCompany, digestSize } from './helpers/company-digest';
import { reportFigure } from './helpers/figures';
import { fullWorld, ID_KINDS, type FullWorld, type IdKind } from './helpers/full-world';
import { TestClient } from './helpers/http-client';
import {
  ownPick,
  planRoutes,
  unknownId,
  type OpenApi,
  type Position,
  type RoutePlan,
  type SweepRequest,
} from './helpers/sweep-routes';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let a: FullWorld;
let b: FullWorld;
let plans: RoutePlan[];
let problems: string[];

beforeAll(async () => {
  ctx = await createTestApp();
  b = await fullWorld(ctx.app, ctx.db.db);
  a = await fullWorld(ctx.app, ctx.db.db);
  ({ plans, problems } = planRoutes(ctx.app.apiRoutes, ctx.app.swagger() as unknown as OpenApi));
}, 120_000);
afterAll(() => ctx.close());

/** Calls that end the caller's own credentials: swept last, the token's calls before the session's. */
const ENDS_CALLER = [
  'POST /company/client-token',
  'DELETE /company/client-token',
  'POST /me/sessions/revoke-others',
  'POST /auth/logout',
];

type Caller = 'session' | 'token';
/** Which positions carry B's ids: all of them together, then each alone beside A's own. */
type Variant = { b: Set<string> };

function variantsOf(plan: RoutePlan): Variant[] {
  const keys = plan.positions.map((p) => p.key);
  if (keys.length === 0) return [{ b: new Set() }];
  const all = [{ b: new Set(keys) }];
  return keys.length === 1 ? all : [...all, ...keys.map((k) => ({ b: new Set([k]) }))];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const UUID_ONLY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)?/g;
/** A body with the ids it was sent, every uuid and every instant masked: what must not depend on whose id it was. */
function masked(body: string, sent: Set<string>) {
  let text = body;
  for (const v of sent) text = text.split(v).join('<sent>');
  return text.replace(UUID, '<id>').replace(ISO_TIME, '<time>');
}

describe('cross-company sweep', () => {
  it('knows the kind of every path parameter and id field of every route, and B holds rows in every company table', async () => {
    expect(problems).toEqual([]);
    const tables = await ctx.db.query(
      `select table_name from information_schema.columns
        where column_name = 'entity_id' and table_schema = current_schema() order by 1`,
    );
    const empty: string[] = [];
    for (const { table_name: table } of tables.rows) {
      const res = await ctx.db.query(`select count(*)::int as n from "${String(table)}" where entity_id = $1`, [
        b.entity.id,
      ]);
      if (res.rows[0]!.n === 0) empty.push(String(table));
    }
    // A table B has no row in is a table the sweep cannot prove safe: add it to the full world.
    expect(empty).toEqual([]);
    for (const kind of ID_KINDS) {
      expect(b.ids[kind].length, kind).toBeGreaterThan(0);
      for (const id of [...a.ids[kind], ...b.ids[kind]])
        expect(typeof id === 'string' && id.length > 0, kind).toBe(true);
    }
  });

  it('answers a kiosk code another company claimed as an unknown code; the company itself hears it was used', async () => {
    const unknown = await a.admin.post('/kiosks', { code: 'ZZZZZZ', name: 'Mine', area_id: a.ids.area[0] });
    const theirs = await a.admin.post('/kiosks', { code: b.ids.pairingCode[0], name: 'Mine', area_id: a.ids.area[0] });
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json()).toEqual(unknown.json());
    const own = await b.admin.post('/kiosks', { code: b.ids.pairingCode[0], name: 'Again', area_id: b.ids.area[0] });
    expect(own.json().fields.code).toEqual(['This code has already been used to add a kiosk.']);
  });

  it('answers A with nothing of B, and changes nothing of B, on every route', async () => {
    const started = Date.now();
    const before = await digestCompany(ctx.db, ctx.dataDir, b.entity.id);
    const markers = await companyMarkers(ctx.db, b.entity.id);
    // Every body A was served, by its hash: none may be one of B's files.
    const served = new Map<string, string[]>();
    const aFilesBefore = (await digestCompany(ctx.db, ctx.dataDir, a.entity.id)).files;
    // Each change is blamed on the call that made it, then compared against from there on.
    let latest = before;
    // B's values that are no uuid (sessions, codes, file ids) count as B's too.
    for (const kind of ID_KINDS)
      for (const v of b.ids[kind]) if (v.length >= 8 && !UUID_ONLY.test(v)) markers.secrets.add(v);

    const session = a.admin;
    const token = new TestClient(ctx.app);
    token.bearer = a.token;
    const kiosk = new TestClient(ctx.app);
    kiosk.bearer = a.kioskToken;
    const clientFor = (plan: RoutePlan, caller: Caller) =>
      plan.route.access.deviceToken ? kiosk : caller === 'session' ? session : token;

    const tally = {
      calls: 0,
      controls: 0,
      notFound: 0,
      beforeLookup: 0,
      asUnknown: 0,
      tokenForbidden: 0,
      sessionForbidden: 0,
      plain: 0,
    };
    const failures: string[] = [];
    const leaks: string[] = [];
    let turn = 0;

    const send = (client: TestClient, req: SweepRequest) =>
      client.request(
        req.method,
        req.url,
        req.body ?? (req.method === 'GET' || req.method === 'DELETE' ? undefined : {}),
        req.headers,
      );

    const leaksIn = (res: LightMyRequestResponse, sentValues: Set<string>) => {
      const text = `${res.body}\n${JSON.stringify(res.headers)}`;
      const sent = new Set([...sentValues].map((v) => v.toLowerCase()));
      const found: string[] = [];
      if (text.includes(b.tag)) found.push(`B's tag ${b.tag}`);
      for (const id of text.match(UUID) ?? []) {
        if (markers.ids.has(id.toLowerCase()) && !sent.has(id.toLowerCase())) found.push(`B's id ${id}`);
      }
      for (const s of markers.secrets)
        if (!sent.has(s.toLowerCase()) && text.includes(s)) found.push(`B's value ${s.slice(0, 10)}…`);
      return found;
    };

    async function sweep(plan: RoutePlan, variant: Variant, caller: Caller) {
      const client = clientFor(plan, caller);
      const rotation = turn++;
      const sent = new Set<string>();
      const unknown = new Set<string>();
      const value = (fresh: boolean) => (kind: IdKind, position: Position | null) => {
        if (!position || !variant.b.has(position.key)) {
          const own = a.ids[kind];
          return own[Math.min(ownPick(plan, position), own.length - 1)]!;
        }
        const theirs = b.ids[kind];
        const v = fresh ? unknownId(kind) : theirs[rotation % theirs.length]!;
        (fresh ? unknown : sent).add(v);
        return v;
      };
      const req = plan.build(value(false));
      const res = await send(client, req);
      tally.calls++;
      const label = `${caller} ${req.method} ${req.url} [B: ${[...variant.b].join(', ') || 'none'}] → ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (res.statusCode >= 500) failures.push(`5xx: ${label}`);
      for (const leak of leaksIn(res, sent)) leaks.push(`${leak} in ${label}`);
      const hash = createHash('sha256').update(res.rawPayload).digest('hex');
      served.set(hash, [...(served.get(hash) ?? []), label.slice(0, 160)]);
      // Changes are looked for after every write that succeeded with B's ids (reads by the final digest).
      if (variant.b.size > 0 && res.statusCode < 300 && req.method !== 'GET') {
        const now = await digestCompany(ctx.db, ctx.dataDir, b.entity.id);
        const changed = digestChanges(latest, now);
        if (changed.length) failures.push(`changed B (${changed.join(', ')}): ${label}`);
        latest = now;
      }
      const forbidden = () => (caller === 'token' ? tally.tokenForbidden++ : tally.sessionForbidden++);
      if (variant.b.size === 0) {
        if (res.statusCode === 403) forbidden();
        else tally.plain++;
        return;
      }
      const pathOfB = plan.positions.some((p) => p.where === 'path' && variant.b.has(p.key));
      if (pathOfB && res.statusCode < 300) {
        failures.push(`2xx for B's path id: ${label}`);
        return;
      }
      if (pathOfB && res.statusCode === 404) {
        tally.notFound++;
        return;
      }
      // The same call with unknown ids in B's places (and the same made-up names): B's must tell nothing more.
      const twin = await send(client, plan.build(value(true), req.serial));
      tally.controls++;
      if (twin.statusCode !== res.statusCode || masked(twin.body, unknown) !== masked(res.body, sent)) {
        failures.push(`answers B's id unlike an unknown one (${twin.statusCode} ${twin.body.slice(0, 200)}): ${label}`);
      } else if (res.statusCode === 403) forbidden();
      else if (res.statusCode === 404) tally.notFound++;
      else if (pathOfB || res.statusCode === 400) tally.beforeLookup++;
      else tally.asUnknown++;
    }

    for (const plan of plans.filter((p) => !ENDS_CALLER.includes(p.key))) {
      for (const variant of variantsOf(plan)) {
        for (const caller of ['session', 'token'] as const) await sweep(plan, variant, caller);
      }
    }
    for (const caller of ['token', 'session'] as const) {
      for (const plan of ENDS_CALLER.flatMap((key) => plans.filter((p) => p.key === key))) {
        for (const variant of variantsOf(plan)) await sweep(plan, variant, caller);
      }
    }

    const after = await digestCompany(ctx.db, ctx.dataDir, b.entity.id);
    // A file A holds itself, byte for byte, is no leak when served to A.
    const aFiles = new Set([
      ...Object.values(aFilesBefore),
      ...Object.values((await digestCompany(ctx.db, ctx.dataDir, a.entity.id)).files),
    ]);
    for (const [name, hash] of Object.entries(before.files)) {
      if (!aFiles.has(hash) && served.has(hash))
        leaks.push(`B's file ${name} served to A (${served.get(hash)!.join(', ')})`);
    }
    expect({ failures, leaks, changed: digestChanges(before, after) }).toEqual({
      failures: [],
      leaks: [],
      changed: [],
    });
    const size = digestSize(after);
    const seconds = Math.round((Date.now() - started) / 1000);
    reportFigure(
      'cross-company sweep',
      `${tally.calls} calls (${new Set(plans.map((p) => p.key)).size} operations × session and token; path, body and query ids of B, ` +
        `all together and each alone beside A's own, one id per kind in rotation) and ${tally.controls} controls with unknown ids: ` +
        `${tally.notFound} × 404, ${tally.beforeLookup} refused before lookup, ${tally.asUnknown} answered as for an unknown id, ` +
        `${tally.tokenForbidden} × 403 for the token, ${tally.sessionForbidden} × 403 for the session, ${tally.plain} without ids; ` +
        `0 leaks, company B unchanged (${size.tables} tables, ${size.rows} rows, ${size.files} files) in ${seconds} s`,
    );
  }, 300_000);
});
