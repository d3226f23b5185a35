// The user types that can be signed in at an area (spec §7 GET /user-types/area/{id}).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids';
import { createTestApp, type TestContext } from './helpers/test-app';
import { scopedAdmin } from './helpers/people-world';
import { visitsWorld } from './helpers/visits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('user types of an area', () => {
  it('lists the types with a flow in a journey covering the area’s site, with their flows', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const visitorsFlow = await w.flow(w.types.visitors);
    // A journey of the branch only: its flows are not offered at HQ.
    const branchJourney = (await w.admin.post('/journeys', { name: 'Branch desk', site_ids: [w.sites.branch] })).json<{
      id: string;
    }>().id;
    const staffFlow = await w.flow(w.types.staff, {}, branchJourney);

    const hq = await w.admin.get(`/user-types/by-area/${w.areas.reception}`);
    expect(hq.statusCode, hq.body).toBe(200);
    expect(hq.json()).toEqual({
      area: { id: w.areas.reception, name: 'Reception', site_id: w.sites.hq, login_mode: 'signIn_signOut' },
      data: [
        {
          id: w.types.visitors,
          name: 'Visitors',
          flows: [{ flow_id: visitorsFlow, journey_id: w.journey, journey_name: 'Front desk' }],
        },
      ],
    });
    const lobby = (await w.admin.get(`/user-types/by-area/${w.areas.lobby}`)).json();
    expect(lobby.data.map((t: { name: string }) => t.name)).toEqual(['Staff', 'Visitors']);
    expect(lobby.data[0].flows[0].flow_id).toBe(staffFlow);
    expect((await w.admin.get(`/user-types/by-area/${w.areas.dock}`)).json().area.login_mode).toBe('checkIn_only');

    const bad = await w.admin.get('/user-types/by-area/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['areaId']);
    expect((await w.admin.get(`/user-types/by-area/${newId()}`)).statusCode).toBe(404);
  });

  it('keeps to the caller’s sites and user types, and another company’s area is not found', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    await w.flow(w.types.visitors);
    await w.flow(w.types.staff);
    const admin = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.branch], [w.types.staff]);
    expect((await admin.client.get(`/user-types/by-area/${w.areas.reception}`)).statusCode).toBe(404);
    const lobby = (await admin.client.get(`/user-types/by-area/${w.areas.lobby}`)).json();
    expect(lobby.data.map((t: { name: string }) => t.name)).toEqual(['Staff']);

    const other = await visitsWorld(ctx.app, ctx.db.db);
    expect((await other.admin.get(`/user-types/by-area/${w.areas.reception}`)).statusCode).toBe(404);
  });
});
