// Each person's latest signed-in visit (spec §7 GET /last-visits/signedin).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/test-app';
import { scopedAdmin } from './helpers/people-world';
import { visitsWorld, type VisitBody } from './helpers/visits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type List = { data: VisitBody[] };

describe('last signed-in visits', () => {
  it('answers each person’s latest sign-in, newest first, by area or person', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const ada = await w.person('Ada');
    const bea = await w.person('Bea');
    const cy = await w.person('Cy', w.types.visitors, w.sites.branch);
    const first = await w.signInOne(ada.id);
    expect((await w.admin.post('/visits/sign-out', { person_ids: [ada.id] })).statusCode).toBe(200);
    await w.signInOne(bea.id, w.areas.warehouse);
    const again = await w.signInOne(ada.id, w.areas.warehouse);
    await w.signInOne(cy.id, w.areas.lobby);

    const all = await w.admin.get('/visits/last-signed-in');
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json<List>().data;
    expect(rows.map((v) => v.person.id)).toEqual([cy.id, ada.id, bea.id]);
    expect(rows[1]!.id).toBe(again.id);
    expect(rows[1]!.id).not.toBe(first.id);

    expect((await w.admin.get('/visits/last-signed-in?limit=1')).json<List>().data.map((v) => v.person.id)).toEqual([
      cy.id,
    ]);
    const atReception = (await w.admin.get(`/visits/last-signed-in?area_id=${w.areas.reception}`)).json<List>().data;
    expect(atReception.map((v) => [v.id, v.state])).toEqual([[first.id, 'left']]);
    const ofBea = (await w.admin.get(`/visits/last-signed-in?person_id=${bea.id}`)).json<List>().data;
    expect(ofBea.map((v) => v.person.id)).toEqual([bea.id]);

    const bad = await w.admin.get('/visits/last-signed-in?limit=500&area_id=x');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['area_id', 'limit']);
  });

  it('keeps to the admin’s sites, and shows nothing of another company', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const ada = await w.person('Ada');
    const cy = await w.person('Cy', w.types.visitors, w.sites.branch);
    await w.signInOne(ada.id);
    await w.signInOne(cy.id, w.areas.lobby);
    const branch = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.branch], [w.types.visitors]);
    const seen = (await branch.client.get('/visits/last-signed-in')).json<List>().data;
    expect(seen.map((v) => v.person.id)).toEqual([cy.id]);
    expect((await branch.client.get(`/visits/last-signed-in?person_id=${ada.id}`)).json<List>().data).toEqual([]);

    const other = await visitsWorld(ctx.app, ctx.db.db);
    expect((await other.admin.get('/visits/last-signed-in')).json<List>().data).toEqual([]);
    expect((await other.admin.get(`/visits/last-signed-in?person_id=${ada.id}`)).json<List>().data).toEqual([]);
  });
});
