// A server says it is ready only once its hot paths are warm, and warming them changes nothing and
// reads no company's rows (decision 037).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/lib/tokens';
import { HOT_ROUTES } from '../src/plugins/warm-up';
import { digestChanges, digestCompany } from './helpers/company-digest';
import { signIn } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld } from './helpers/visits-factories';
import { PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  // A database of its own: the row counts below are of every table, which other files change meanwhile.
  ctx = await createTestApp({}, undefined, { ownDatabase: true });
});
afterAll(() => ctx.close());

const ready = () => ctx.app.inject({ url: '/api/health/ready' });
const tableCounts = async () =>
  (
    await ctx.db.query(
      `select string_agg(relname || '=' || n_live, ',' order by relname) as counts from (
         select c.relname, (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I', c.relname), false, true, '')))[1]::text as n_live
         from pg_class c join pg_namespace s on s.oid = c.relnamespace and s.nspname = 'public' where c.relkind = 'r') t`,
    )
  ).rows[0]!.counts as string;

describe('warm start', () => {
  it('is not ready before the warm-up, warms the hot paths without changing anything, then is ready', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    await w.signInOne((await w.person('Warm')).id);
    // A session in use lately, not yet in this node's access cache.
    const { client } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    const sessionId = sha256(client.cookies.get('sid')!);
    ctx.app.accessCache.clear();
    expect(ctx.app.accessCache.getSession(sessionId)).toBeUndefined();

    expect((await ready()).statusCode).toBe(503);
    expect((await ready()).json()).toEqual({ ready: false });
    const before = await digestCompany(ctx.db, ctx.dataDir, w.entity.id);
    const countsBefore = await tableCounts();

    const report = await ctx.app.warmUp();

    expect((await ready()).statusCode).toBe(200);
    expect((await ready()).json()).toEqual({ ready: true });
    // Every pooled connection, every company table on each.
    expect(report.connections).toBe(ctx.db.connections);
    expect(report.tables).toBeGreaterThan(30);
    // The hot routes ran through to their handlers as a company that does not exist: empty lists, and a
    // sign-in refused because that company has no such area.
    const status = Object.fromEntries(report.routes.map((r) => [`${r.method} ${r.url}`, r.status]));
    expect(report.routes).toHaveLength(HOT_ROUTES.length);
    expect(status).toMatchObject({
      'GET /api/v1/public/config': 200,
      'GET /api/v1/dashboard': 200,
      'GET /api/v1/visits': 200,
      'GET /api/v1/people': 200,
      'GET /api/v1/sites': 200,
      'POST /api/v1/visits/sign-in/preview': 404,
      'POST /api/v1/visits/sign-in': 404,
    });
    expect(Object.values(status).every((s) => s < 500)).toBe(true);
    // The session used lately is in the access cache now.
    expect(report.sessions).toBeGreaterThan(0);
    expect(ctx.app.accessCache.getSession(sessionId)?.found.user.id).toBe(w.people.employee.id);

    // Nothing written anywhere, this company's rows untouched.
    expect(digestChanges(before, await digestCompany(ctx.db, ctx.dataDir, w.entity.id))).toEqual([]);
    expect(await tableCounts()).toBe(countsBefore);
    // One warm-up per server: asking again answers the same run.
    expect(await ctx.app.warmUp()).toBe(report);
  });

  it('gives the warm-up’s caller to nobody outside it', async () => {
    const outside = await ctx.app.inject({ url: '/api/v1/people', headers: { 'x-warm-up': 'a'.repeat(64) } });
    expect(outside.statusCode).toBe(401);
  });
});
