import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/test-app';
import { insertVisit, readVisit, visitsWorld } from './helpers/visits-factories';
import { watchLiveEvents } from './helpers/live-events';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type AreaBody = { id: string; login_mode: string; auto_sign_out: string; status: boolean };

describe("an area's auto sign-out mode", () => {
  it('is after 24 hours unless set, is kept when an update leaves it out, and shows in the tree', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    expect((await w.admin.get(`/areas/${w.areas.reception}`)).json<AreaBody>().auto_sign_out).toBe('after_24h');
    const made = await w.admin.post('/areas', { site_id: w.sites.hq, name: 'Night desk', auto_sign_out: 'midnight' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<AreaBody>().id;
    expect(made.json<AreaBody>().auto_sign_out).toBe('midnight');
    const kept = await w.admin.put(`/areas/${id}`, {
      name: 'Night desk 2',
      login_mode: 'signIn_signOut',
      status: true,
    });
    expect(kept.json<AreaBody>().auto_sign_out).toBe('midnight');
    const changed = await w.admin.put(`/areas/${id}`, {
      name: 'Night desk 2',
      login_mode: 'signIn_signOut',
      status: true,
      auto_sign_out: 'after_24h',
    });
    expect(changed.json<AreaBody>().auto_sign_out).toBe('after_24h');
    expect((await w.admin.post('/areas', { site_id: w.sites.hq, name: 'Bad', auto_sign_out: 'noon' })).statusCode).toBe(
      400,
    );
    const tree = (await w.admin.get('/sites/tree')).json<{ children: AreaBody[] }[]>();
    expect(tree.flatMap((s) => s.children).find((a) => a.id === id)?.auto_sign_out).toBe('after_24h');
  });
});

describe("changing an area's login mode", () => {
  it('signs out everyone on site there, and only there, and tells everyone', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const a = await w.signInOne((await w.person('Ana')).id);
    const b = await w.signInOne((await w.person('Bob')).id, w.areas.warehouse);
    const emit = watchLiveEvents(ctx.app);
    // A rename alone signs nobody out.
    await w.admin.put(`/areas/${w.areas.reception}`, { name: 'Front', login_mode: 'signIn_signOut', status: true });
    expect((await readVisit(ctx.db.db, w.entity, a.id)).state).toBe('on_site');
    const res = await w.admin.put(`/areas/${w.areas.reception}`, {
      name: 'Front',
      login_mode: 'checkIn_only',
      status: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await readVisit(ctx.db.db, w.entity, a.id);
    expect(after).toMatchObject({ state: 'left', signOutSource: 'area_mode_change' });
    expect(after.signedOutAt).not.toBeNull();
    expect((await readVisit(ctx.db.db, w.entity, b.id)).state).toBe('on_site');
    expect(await emit.visitIds(w.entity.id)).toContainEqual({
      action: 'signed_out',
      visit_ids: [a.id],
      area_ids: [w.areas.reception],
    });
    emit.restore();
  });
});

describe('deleting a place with visits', () => {
  it('is refused while people are on site, and while the logbook has its visits', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const p = await w.person('Del');
    const v = await w.signInOne(p.id, w.areas.lobby);
    const area = await w.admin.delete(`/areas/${w.areas.lobby}`);
    expect(area.statusCode).toBe(422);
    expect(area.json<{ message: string }>().message).toBe('People are signed in at this area: 1. Sign them out first.');
    const site = await w.admin.delete(`/sites/${w.sites.branch}`);
    expect(site.statusCode).toBe(422);
    expect(site.json<{ message: string }>().message).toBe('People are signed in at this site: 1. Sign them out first.');
    await w.admin.post('/visits/sign-out', { visit_ids: [v.id] });
    const history = await w.admin.delete(`/areas/${w.areas.lobby}`);
    expect(history.statusCode).toBe(422);
    expect(history.json<{ message: string }>().message).toBe(
      'This area has 1 visits in the logbook, which are kept: make it inactive instead.',
    );
    // An area without visits goes.
    const empty = await w.admin.post('/areas', { site_id: w.sites.hq, name: 'Empty' });
    expect((await w.admin.delete(`/areas/${empty.json<AreaBody>().id}`)).statusCode).toBe(204);
    await insertVisit(ctx.db.db, w.entity, {
      personId: p.id,
      siteId: w.sites.hq,
      areaId: w.areas.warehouse,
      state: 'expected',
    });
    expect((await w.admin.delete(`/areas/${w.areas.warehouse}`)).statusCode).toBe(422);
  });
});
