// The logbook as the dashboard screen reads it: the count that was clicked as a filter (/filtered),
// the places and user types to filter by, and the badge's printable QR code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/test-app';
import { scopedAdmin } from './helpers/people-world';
import { insertVisit, visitsWorld, type VisitBody } from './helpers/visits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const HOUR = 60 * 60 * 1000;
type Counts = { on_site: number; signed_in: number; expected: number; checked_in: number };
type ListBody = { data: VisitBody[]; count: number };
type Options = {
  sites: { id: string; name: string; areas: { id: string; name: string; login_mode: string; active: boolean }[] }[];
  user_types: { id: string; name: string; parent_id: string | null }[];
};

describe('the logbook filtered by a dashboard count', () => {
  it('lists exactly the visits each count counts, per user type too', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const [ann, bea, cat, dan] = [
      await w.person('Ann'),
      await w.person('Bea'),
      await w.person('Cat', w.types.staff),
      await w.person('Dan', w.types.staff),
    ];
    const onSite = await w.signInOne(ann.id);
    const gone = await w.signInOne(bea.id);
    await w.admin.post('/visits/sign-out', { visit_ids: [gone.id] });
    const checkedIn = await w.signInOne(cat.id, w.areas.dock);
    const expected = await insertVisit(ctx.db.db, w.entity, {
      personId: dan.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      userTypeId: w.types.staff,
      state: 'expected',
      expectedAt: new Date(),
    });
    // Signed in yesterday and still here: on site now, but not signed in today.
    const overnight = await insertVisit(ctx.db.db, w.entity, {
      personId: dan.id,
      siteId: w.sites.hq,
      areaId: w.areas.warehouse,
      userTypeId: w.types.staff,
      state: 'on_site',
      signedInAt: new Date(Date.now() - 30 * HOUR),
    });
    // Left today after a night on site: in today's logbook, but signed in yesterday.
    await insertVisit(ctx.db.db, w.entity, {
      personId: bea.id,
      siteId: w.sites.hq,
      areaId: w.areas.warehouse,
      userTypeId: w.types.visitors,
      state: 'left',
      signedInAt: new Date(Date.now() - 30 * HOUR),
      signedOutAt: new Date(Date.now() - 60 * 1000),
    });

    const ids = async (query: string) =>
      (await w.admin.get(`/visits?limit=100${query}`))
        .json<ListBody>()
        .data.map((v) => v.id)
        .sort();
    expect(await ids('&count=on_site')).toEqual([onSite.id, overnight.id].sort());
    expect(await ids('&count=signed_in')).toEqual([onSite.id, gone.id].sort());
    expect(await ids('&count=checked_in')).toEqual([checkedIn.id]);
    expect(await ids('&count=expected')).toEqual([expected.id]);
    expect(await ids(`&count=on_site&user_type_id=${w.types.staff}`)).toEqual([overnight.id]);

    // Each list holds as many rows as the dashboard's count says.
    const daily = (await w.admin.get('/dashboard')).json<{ totals: { daily: Counts } }>().totals.daily;
    for (const count of ['on_site', 'signed_in', 'expected', 'checked_in'] as const) {
      expect((await w.admin.get(`/visits?count=${count}`)).json<ListBody>().count, count).toBe(daily[count]);
    }
    expect((await w.admin.get('/visits?count=everyone')).statusCode).toBe(400);
  });
});

describe('the logbook by latest activity', () => {
  it('shows a new arrival first, above visits expected later today, and pages through all of them', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const awaited: string[] = [];
    for (let i = 0; i < 10; i++) {
      const person = await w.person(`Later ${i}`);
      const visit = await insertVisit(ctx.db.db, w.entity, {
        personId: person.id,
        siteId: w.sites.hq,
        areaId: w.areas.reception,
        userTypeId: w.types.visitors,
        state: 'expected',
        // Later today, however late it is now.
        expectedAt: new Date(Date.now() + (i + 1) * 1000),
      });
      awaited.push(visit.id);
    }
    const arrival = await w.signInOne((await w.person('Just arrived')).id);

    const first = (await w.admin.get('/visits?limit=10')).json<ListBody & { next_cursor: string | null }>();
    expect(first.count).toBe(11);
    expect(first.data[0]!.id).toBe(arrival.id);
    // Then the expected visits, latest first; the last of them on the next page, by its cursor.
    expect(first.data.slice(1).map((v) => v.id)).toEqual([...awaited].reverse().slice(0, 9));
    expect(first.next_cursor).not.toBeNull();
    const next = (await w.admin.get(`/visits?limit=10&cursor=${first.next_cursor}`)).json<ListBody>();
    expect(next.data.map((v) => v.id)).toEqual([awaited[0]]);
    // Oldest first is the same order reversed.
    const oldest = (await w.admin.get('/visits?limit=20&orderBy=asc')).json<ListBody>();
    expect(oldest.data.map((v) => v.id)).toEqual([...awaited, arrival.id]);
  });
});

describe('the logbook filter options', () => {
  it("lists the caller's sites with their areas and user types, and only those of a limited admin", async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const res = await w.admin.get('/visits/filter-options');
    expect(res.statusCode, res.body).toBe(200);
    const all = res.json<Options>();
    expect(all.sites.map((s) => [s.name, s.areas.map((a) => a.name)])).toEqual([
      ['Branch', ['Lobby']],
      ['HQ', ['Dock', 'Reception', 'Warehouse']],
    ]);
    expect(all.sites[1]!.areas[0]).toEqual({
      id: w.areas.dock,
      name: 'Dock',
      login_mode: 'checkIn_only',
      active: true,
    });
    expect(all.user_types.map((t) => t.name)).toEqual(['Staff', 'Visitors']);

    const limited = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.branch], [w.types.visitors]);
    const mine = (await limited.client.get('/visits/filter-options')).json<Options>();
    expect(mine.sites.map((s) => s.id)).toEqual([w.sites.branch]);
    expect(mine.user_types.map((t) => t.id)).toEqual([w.types.visitors]);

    const other = await visitsWorld(ctx.app, ctx.db.db);
    const theirs = (await other.admin.get('/visits/filter-options')).json<Options>();
    expect(theirs.sites.flatMap((s) => [s.id, ...s.areas.map((a) => a.id)])).not.toContain(w.sites.hq);
    expect(theirs.user_types.map((t) => t.id)).not.toContain(w.types.staff);
  });
});

describe('the badge QR code', () => {
  it("comes as an SVG image of the person's code", async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const visit = await w.signInOne((await w.person('Quin')).id);
    const badge = (await w.admin.get(`/visits/${visit.id}/badge`)).json<{ qr: string; qr_image: string }>();
    expect(badge.qr).not.toBe('');
    expect(badge.qr_image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(badge.qr_image.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toContain('<svg');
  });
});
