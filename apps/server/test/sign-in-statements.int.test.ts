// How many statements a sign-in sends to PostgreSQL, request path included: each is a round trip on
// the busiest call a front desk or kiosk makes (issue 12, item 3). The budget is what the service needs
// today; a change that adds a read to every sign-in fails here and says which statements it sent.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld } from './helpers/visits-factories';
import { allDayPermit, middayZone } from './helpers/visit-permits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The statements the pool's connections send while `fn` runs (PostgreSQL only: PGlite has no wire). */
async function statementsOf(fn: () => Promise<void>): Promise<string[]> {
  // The live feed reads a burst's new rows once, a moment later, outside the request: not counted.
  const feed = vi.spyOn(ctx.app.liveFeed, 'heard').mockImplementation(() => undefined);
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await fn();
    return spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text));
  } finally {
    spy.mockRestore();
    feed.mockRestore();
  }
}

// Eight, the watchlist's screening (one statement when nobody is a candidate, decision 051), and the
// webhooks' outbox (one statement, writing nothing when no endpoint is told of sign-ins, decision 052).
const SIGN_IN_BUDGET = 10;

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a sign-in', () => {
  it(`sends at most ${SIGN_IN_BUDGET} statements with the API token, request path included`, async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const tokenRes = await w.admin.post('/company/client-token', {});
    expect(tokenRes.statusCode, tokenRes.body).toBe(200);
    const api = new TestClient(ctx.app);
    api.bearer = tokenRes.json<{ token: string }>().token;
    const [ada, bo] = [await w.person('Ada'), await w.person('Bo')];
    // The first call warms what a running server holds (the access cache, prepared statements).
    const warm = await api.post('/visits/sign-in', { area_id: w.areas.reception, people: [{ person_id: ada.id }] });
    expect(warm.statusCode, warm.body).toBe(201);
    await ctx.app.liveFeed.flush();

    const sent = await statementsOf(async () => {
      const res = await api.post('/visits/sign-in', { area_id: w.areas.reception, people: [{ person_id: bo.id }] });
      expect(res.statusCode, res.body).toBe(201);
    });
    expect(sent.length, sent.join('\n\n')).toBeLessThanOrEqual(SIGN_IN_BUDGET);
  });

  it('reads visit permits only for a user type that needs them, in one statement (decision 026)', async () => {
    const zone = middayZone();
    const w = await visitsWorld(ctx.app, ctx.db.db, { timezone: zone });
    const needs = await w.admin.put(`/user-types/${w.types.visitors}`, {
      name: 'Visitors',
      registration_method: 'registration_allowed',
      grace_period_minutes: 30,
      visits_need_permit: true,
    });
    expect(needs.statusCode, needs.body).toBe(200);
    const permit = await allDayPermit(w.admin, zone);
    const assigned = await w.admin.post(`/user-types/${w.types.visitors}/visit-permits`, { permit_id: permit.id });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const [warm, staff, visitor] = [await w.person('Ada'), await w.person('Bo', w.types.staff), await w.person('Cy')];
    const signInOf = (personId: string) => async () => {
      const res = await w.admin.post('/visits/sign-in', {
        area_id: w.areas.reception,
        people: [{ person_id: personId }],
      });
      expect(res.statusCode, res.body).toBe(201);
      await ctx.app.liveFeed.flush();
    };
    await signInOf(warm.id)();

    const plain = await statementsOf(signInOf(staff.id));
    const permitted = await statementsOf(signInOf(visitor.id));
    expect(
      plain.filter((q) => q.includes('visit_permits')),
      plain.join('\n\n'),
    ).toEqual([]);
    expect(permitted.filter((q) => q.includes('visit_permits'))).toHaveLength(1);
    expect(permitted.length, permitted.join('\n\n')).toBe(plain.length + 1);
  });
});
