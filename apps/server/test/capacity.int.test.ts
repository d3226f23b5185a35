// Live capacity per site and area (issue 29, decision 054): a place's capacity (people on site at once)
// and daily visitor limit hold at every way in — the desk, a kiosk, the API, expected visits and public
// pre-registration — refused or waiting for an admin's approval as the company chooses; sign-ins at once
// never pass a capacity; occupancy counts who the emergency list shows; another company sees nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapacityApproval, Occupancy } from '@app/shared/capacity/schemas';
import type { EmergencyList } from '@app/shared/emergency/schemas';
import { withTenant } from '../src/db/client';
import { people, visits } from '../src/db/schema/index';
import { TestClient } from './helpers/http-client';
import { pairJourneyKiosk } from './helpers/kiosk-pairing';
import { createTestApp, type TestContext } from './helpers/test-app';
import {
  expectedVisitBody,
  expectedWorld,
  newVisitor,
  slot,
  type ExpectedWorld,
} from './helpers/expected-visits-factories';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';

let ctx: TestContext;
let w: VisitsWorld;
let e: ExpectedWorld;
let other: VisitsWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await visitsWorld(ctx.app, ctx.db.db);
  other = await visitsWorld(ctx.app, ctx.db.db);
  e = await expectedWorld(ctx.app, ctx.db.db);
  await w.flow(w.types.visitors);
  await w.flow(w.types.staff);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

type Body = Record<string, unknown>;
const ok = <T>(res: { statusCode: number; body: string; json: <X>() => X }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};

const limitArea = (client: TestClient, id: string, name: string, limits: Body, extra: Body = {}) =>
  client.put(`/areas/${id}`, { name, login_mode: 'signIn_signOut', status: true, ...extra, ...limits });
const settings = (client: TestClient, body: Body) =>
  client.put('/capacity/settings', {
    over_capacity: 'refuse',
    nearing_percent: 80,
    visitor_user_type_ids: [],
    ...body,
  });
const occupancy = async (client: TestClient) => ok<Occupancy>(await client.get('/occupancy'));
const areaNow = (o: Occupancy, id: string) => o.sites.flatMap((s) => s.areas).find((a) => a.id === id)!;
const siteNow = (o: Occupancy, id: string) => o.sites.find((s) => s.id === id)!;
const approvals = async (client: TestClient, state = 'waiting') =>
  ok<{ data: CapacityApproval[] }>(await client.get(`/capacity/approvals?state=${state}&limit=500`)).data;
const messageOf = (res: { json: <X>() => X }) => res.json<{ message: string }>().message;
const signOutAll = async (world: VisitsWorld, personIds: string[]) =>
  ok(await world.admin.post('/visits/sign-out', { person_ids: personIds }));

describe('capacity at the desk', () => {
  it('refuses a sign-in past an area’s capacity, counting who the emergency list shows, until someone leaves', async () => {
    ok(await limitArea(w.admin, w.areas.reception, 'Reception', { capacity: 2 }));
    const [a, b, c] = [await w.person('Ada'), await w.person('Ben'), await w.person('Cy')];
    await w.signInOne(a.id);
    let now = areaNow(await occupancy(w.admin), w.areas.reception);
    expect(now).toMatchObject({ on_site: 1, capacity: 2, level: 'low', daily_visitor_limit: null, daily_level: null });
    await w.signInOne(b.id);
    now = areaNow(await occupancy(w.admin), w.areas.reception);
    expect(now).toMatchObject({ on_site: 2, level: 'full' });

    const refused = await w.signInPeople([{ person_id: c.id }]);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(messageOf(refused)).toBe(
      'Cy Tester: Reception is full: 2 of 2 people are on site. Please try again once someone has left.',
    );
    expect(refused.json<{ people: { fields: Record<string, string[]> }[] }>().people[0]!.fields).toHaveProperty(
      'area_id',
    );

    // The desk's form says so before it is filled.
    const preview = ok<{ people: { blocker: { code: string; message: string } | null }[] }>(
      await w.admin.post('/visits/sign-in/preview', { area_id: w.areas.reception, person_ids: [c.id] }),
    );
    expect(preview.people[0]!.blocker).toEqual({
      code: 'place_full',
      message: 'Reception is full: 2 of 2 people are on site. Please try again once someone has left.',
    });

    // The emergency list shows the same people the occupancy counts, per site and area.
    const list = ok<EmergencyList>(await w.admin.get(`/emergency/list?site_id=${w.sites.hq}`));
    const o = await occupancy(w.admin);
    expect(siteNow(o, w.sites.hq).on_site).toBe(list.sites[0]!.count);
    expect(list.sites[0]!.areas.find((x) => x.id === w.areas.reception)!.count).toBe(2);

    await signOutAll(w, [a.id]);
    await w.signInOne(c.id);
    await signOutAll(w, [b.id, c.id]);
    ok(await limitArea(w.admin, w.areas.reception, 'Reception', { capacity: null }));
  });

  it('counts a site’s capacity over all its areas and refuses a request of several people whole', async () => {
    ok(await w.admin.put(`/sites/${w.sites.branch}`, { name: 'Branch', capacity: 2 }));
    const people = [
      await w.person('Dee', w.types.visitors, w.sites.branch),
      await w.person('Eve', w.types.visitors, w.sites.branch),
    ];
    const third = await w.person('Fay', w.types.visitors, w.sites.branch);
    await w.signInOne(people[0]!.id, w.areas.lobby);
    const both = await w.signInPeople([{ person_id: people[1]!.id }, { person_id: third.id }], w.areas.lobby);
    expect(both.statusCode, both.body).toBe(422);
    // Only the person past the capacity is named; nobody of the request came in.
    expect(Object.keys(both.json<{ errors: Record<string, string> }>().errors)).toEqual([`${third.id}.area_id`]);
    expect(siteNow(await occupancy(w.admin), w.sites.branch)).toMatchObject({ on_site: 1, capacity: 2, level: 'low' });
    await signOutAll(w, [people[0]!.id]);
    ok(await w.admin.put(`/sites/${w.sites.branch}`, { name: 'Branch', capacity: null }));
  });

  it('holds a daily visitor limit for the company’s visitor types only, and check-ins count toward it', async () => {
    ok(await settings(w.admin, { visitor_user_type_ids: [w.types.visitors] }));
    ok(await limitArea(w.admin, w.areas.dock, 'Dock', { daily_visitor_limit: 1 }, { login_mode: 'checkIn_only' }));
    const [v1, v2] = [await w.person('Gus'), await w.person('Hal')];
    const staff = await w.person('Ivy', w.types.staff);
    await w.signInOne(v1.id, w.areas.dock);
    const full = await w.signInPeople([{ person_id: v2.id }], w.areas.dock);
    expect(full.statusCode, full.body).toBe(422);
    expect(messageOf(full)).toBe('Hal Tester: Dock has taken all the visitors it can today (1).');
    // Staff are not counted as visitors.
    await w.signInOne(staff.id, w.areas.dock);
    expect(areaNow(await occupancy(w.admin), w.areas.dock)).toMatchObject({
      visitors_today: 1,
      daily_visitor_limit: 1,
      daily_level: 'full',
    });
    ok(await settings(w.admin, {}));
    ok(await limitArea(w.admin, w.areas.dock, 'Dock', { daily_visitor_limit: null }, { login_mode: 'checkIn_only' }));
  });
});

describe('approval past a full place', () => {
  it('asks an admin once, lets the approved person in once, and keeps a rejected one out that day', async () => {
    ok(await settings(w.admin, { over_capacity: 'approval' }));
    ok(await limitArea(w.admin, w.areas.warehouse, 'Warehouse', { capacity: 1 }));
    const [a, b, c] = [await w.person('Jo'), await w.person('Kim'), await w.person('Lou')];
    await w.signInOne(a.id, w.areas.warehouse);

    // Asking for approval, the desk's form lets the sign-in be tried: trying it is what asks.
    const preview = ok<{ people: { blocker: unknown }[] }>(
      await w.admin.post('/visits/sign-in/preview', { area_id: w.areas.warehouse, person_ids: [b.id] }),
    );
    expect(preview.people[0]!.blocker).toBeNull();
    const asked = await w.signInPeople([{ person_id: b.id }], w.areas.warehouse);
    expect(asked.statusCode, asked.body).toBe(422);
    expect(messageOf(asked)).toMatch(/Warehouse is full \(1 of 1 people on site\)\. An admin has been asked/);
    const again = await w.signInPeople([{ person_id: b.id }], w.areas.warehouse);
    expect(messageOf(again)).toBe(
      'Kim Tester: Warehouse is full: this sign-in is waiting for an admin’s approval.'.replace('’', "'"),
    );
    const waiting = (await approvals(w.admin)).filter((x) => x.area.id === w.areas.warehouse);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      person: { id: b.id, name: 'Kim Tester' },
      area: { name: 'Warehouse' },
      full_place: 'area',
      reason: 'capacity',
      state: 'waiting',
      asked_way: 'desk',
      decided_by: null,
    });
    expect((await occupancy(w.admin)).waiting_approvals).toBe(1);

    const approved = ok<CapacityApproval>(
      await w.admin.post(`/capacity/approvals/${waiting[0]!.id}/decision`, { decision: 'approve' }),
    );
    expect(approved.state).toBe('approved');
    expect(approved.decided_by?.name).toBeTruthy();
    const twice = await w.admin.post(`/capacity/approvals/${waiting[0]!.id}/decision`, { decision: 'reject' });
    expect(twice.statusCode, twice.body).toBe(422);
    expect(Object.keys(twice.json<{ fields: Record<string, string> }>().fields)).toEqual(['decision']);

    await w.signInOne(b.id, w.areas.warehouse);
    expect(areaNow(await occupancy(w.admin), w.areas.warehouse)).toMatchObject({ on_site: 2, level: 'over' });
    expect((await approvals(w.admin, 'used')).map((x) => x.id)).toContain(waiting[0]!.id);

    // Rejected: kept out for the day, however often they try.
    expect((await w.signInPeople([{ person_id: c.id }], w.areas.warehouse)).statusCode).toBe(422);
    const [forC] = (await approvals(w.admin)).filter((x) => x.person.id === c.id);
    ok(await w.admin.post(`/capacity/approvals/${forC!.id}/decision`, { decision: 'reject' }));
    const kept = await w.signInPeople([{ person_id: c.id }], w.areas.warehouse);
    expect(kept.statusCode).toBe(422);
    expect(messageOf(kept)).toBe('Lou Tester: Warehouse is full, and an admin did not approve this sign-in today.');
    expect((await approvals(w.admin)).filter((x) => x.person.id === c.id)).toHaveLength(0);

    await signOutAll(w, [a.id, b.id]);
    ok(await limitArea(w.admin, w.areas.warehouse, 'Warehouse', { capacity: null }));
    ok(await settings(w.admin, {}));
  });

  it('refuses a kiosk’s visitor and an API client past capacity, recording how each asked', async () => {
    ok(await settings(w.admin, { over_capacity: 'approval' }));
    ok(await limitArea(w.admin, w.areas.reception, 'Reception', { capacity: 1 }));
    const kiosk = await pairJourneyKiosk(ctx.app, w.admin, w.areas.reception, w.journey);
    const [first, atKiosk, viaApi] = [await w.person('Max'), await w.person('Ned'), await w.person('Oli')];
    await w.signInOne(first.id);

    const refused = await kiosk.device.post('/kiosk-device/sign-in', { people: [{ person_id: atKiosk.id }] });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.body).toMatch(/Reception is full/);

    const token = ok<{ token: string }>(await w.admin.post('/company/client-token')).token;
    const api = new TestClient(ctx.app);
    const viaToken = await api.post(
      '/visits/sign-in',
      { area_id: w.areas.reception, people: [{ person_id: viaApi.id }] },
      { authorization: `Bearer ${token}` },
    );
    expect(viaToken.statusCode, viaToken.body).toBe(422);
    expect(viaToken.body).toMatch(/Reception is full/);

    const ways = Object.fromEntries((await approvals(w.admin)).map((x) => [x.person.id, x.asked_way]));
    expect(ways[atKiosk.id]).toBe('kiosk');
    expect(ways[viaApi.id]).toBe('api');
    for (const x of await approvals(w.admin)) {
      ok(await w.admin.post(`/capacity/approvals/${x.id}/decision`, { decision: 'reject' }));
    }
    await signOutAll(w, [first.id]);
    ok(await limitArea(w.admin, w.areas.reception, 'Reception', { capacity: null }));
    ok(await settings(w.admin, {}));
  });
});

describe('the approvals’ list', () => {
  it('pages newest first by cursor, counts them all, and refuses a cursor that is not its own', async () => {
    ok(await settings(w.admin, { over_capacity: 'approval' }));
    ok(await limitArea(w.admin, w.areas.reception, 'Reception', { capacity: 1 }));
    const inside = await w.person('Inside');
    await w.signInOne(inside.id);
    const asked: string[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await w.person(`Queue${i}`);
      const res = await w.admin.post('/visits/sign-in', { area_id: w.areas.reception, people: [{ person_id: p.id }] });
      expect(res.statusCode, res.body).toBe(422);
      asked.push(p.id);
    }
    type Page = { data: CapacityApproval[]; count: number; count_capped: boolean; next_cursor: string | null };
    const seen: string[] = [];
    let cursor: string | null = null;
    for (const size of [2, 2, 1]) {
      const page: Page = ok<Page>(
        await w.admin.get(`/capacity/approvals?state=waiting&limit=2${cursor ? `&cursor=${cursor}` : ''}`),
      );
      expect(page.data).toHaveLength(size);
      expect(page).toMatchObject({ count: 5, count_capped: false });
      seen.push(...page.data.map((x) => x.person.id));
      cursor = page.next_cursor;
    }
    expect(cursor).toBeNull();
    // Newest first: the last to ask comes first, each once.
    expect(seen).toEqual([...asked].reverse());
    const wrong = await w.admin.get('/capacity/approvals?state=waiting&cursor=bm90IGEgY3Vyc29y');
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json<{ fields: object }>().fields)).toEqual(['cursor']);

    for (const x of await approvals(w.admin))
      ok(await w.admin.post(`/capacity/approvals/${x.id}/decision`, { decision: 'reject' }));
    await signOutAll(w, [inside.id]);
    ok(await limitArea(w.admin, w.areas.reception, 'Reception', { capacity: null }));
    ok(await settings(w.admin, {}));
  });
});

describe('sign-ins at once', () => {
  it('never take a place past its capacity', async () => {
    ok(await limitArea(w.admin, w.areas.warehouse, 'Warehouse', { capacity: 3 }));
    const crowd = [];
    for (let i = 0; i < 10; i++) crowd.push(await w.person(`Crowd${i}`));
    const answers = await Promise.all(crowd.map((p) => w.signInPeople([{ person_id: p.id }], w.areas.warehouse)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(7);
    expect(areaNow(await occupancy(w.admin), w.areas.warehouse)).toMatchObject({ on_site: 3, level: 'full' });
    await signOutAll(
      w,
      crowd.filter((_, i) => answers[i]!.statusCode === 201).map((p) => p.id),
    );
    ok(await limitArea(w.admin, w.areas.warehouse, 'Warehouse', { capacity: null }));
  });
});

describe('expected visits and pre-registration for a day already full', () => {
  it('refuses the day naming visit_date, or holds the visit for approval, as the company chooses', async () => {
    ok(await limitArea(e.admin, e.areas.reception, 'Reception', { daily_visitor_limit: 1 }));
    const first = await e.admin.post('/expected-visits', expectedVisitBody(e));
    expect(first.statusCode, first.body).toBe(201);
    const second = await e.admin.post(
      '/expected-visits',
      expectedVisitBody(e, {
        visitor: newVisitor(e.tag, { first_name: 'Sam', email: `sam.${e.tag}@example.test`, phone: '7999000111' }),
      }),
    );
    expect(second.statusCode, second.body).toBe(422);
    expect(Object.keys(second.json<{ fields: Record<string, string> }>().fields)).toEqual(['visit_date']);
    expect(messageOf(second)).toMatch(
      /^Reception has taken all the visitors it can on \d{4}-\d{2}-\d{2} \(1\)\. Please choose another day\.$/,
    );
    // Another day has room.
    const later = await e.admin.post(
      '/expected-visits',
      expectedVisitBody(e, {
        ...slot(2),
        visitor: newVisitor(e.tag, { first_name: 'Sam', email: `sam.${e.tag}@example.test`, phone: '7999000111' }),
      }),
    );
    expect(later.statusCode, later.body).toBe(201);

    const register = (firstName: string, phone: string) =>
      e.qrOf(e.types.visitors).then(async (link) =>
        new TestClient(ctx.app).post('/public/pre-registrations', {
          link_id: link,
          user_type_id: e.types.visitors,
          area_id: e.areas.reception,
          ...slot(1),
          ...newVisitor(e.tag, {
            first_name: firstName,
            email: `${firstName.toLowerCase()}.${e.tag}@example.test`,
            phone,
          }),
          host_ids: [e.host.id],
        }),
      );
    const publicFull = await register('Pia', '7999000222');
    expect(publicFull.statusCode, publicFull.body).toBe(422);
    expect(Object.keys(publicFull.json<{ fields: Record<string, string> }>().fields)).toEqual(['visit_date']);

    ok(await settings(e.admin, { over_capacity: 'approval' }));
    const held = await register('Quin', '7999000333');
    expect(held.statusCode, held.body).toBe(201);
    const [visit] = await withTenant(ctx.db.db, e.entity.id, (tx) =>
      tx
        .select({ id: visits.id, stage: visits.stage, extra: visits.extra })
        .from(visits)
        .innerJoin(people, and(eq(people.entityId, visits.entityId), eq(people.id, visits.personId)))
        .where(and(eq(visits.entityId, e.entity.id), eq(people.firstName, 'Quin'))),
    );
    expect(visit).toMatchObject({ stage: 'awaiting_approval', extra: { capacity_held: true } });
    const approved = await e.admin.post(`/expected-visits/${visit!.id}/decisions`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    ok(await settings(e.admin, {}));
    ok(await limitArea(e.admin, e.areas.reception, 'Reception', { daily_visitor_limit: null }));
  });
});

describe('bad input and other companies', () => {
  it('names the field of a bad limit or setting', async () => {
    const zero = await w.admin.put(`/sites/${w.sites.hq}`, { name: 'HQ', capacity: 0 });
    expect(zero.statusCode, zero.body).toBe(400);
    expect(Object.keys(zero.json<{ fields: Record<string, string> }>().fields)).toEqual(['capacity']);
    const checkIn = await limitArea(w.admin, w.areas.dock, 'Dock', { capacity: 5 }, { login_mode: 'checkIn_only' });
    expect(checkIn.statusCode, checkIn.body).toBe(400);
    expect(JSON.stringify(checkIn.json<{ fields: Record<string, unknown> }>().fields.capacity)).toMatch(
      /daily visitor limit/,
    );
    const nearing = await settings(w.admin, { nearing_percent: 40 });
    expect(nearing.statusCode).toBe(400);
    expect(Object.keys(nearing.json<{ fields: Record<string, string> }>().fields)).toEqual(['nearing_percent']);
    const unknown = await settings(w.admin, { visitor_user_type_ids: [other.types.visitors] });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(Object.keys(unknown.json<{ fields: Record<string, string> }>().fields)).toEqual(['visitor_user_type_ids.0']);
    // A limit left out of a change stays as it was.
    ok(await w.admin.put(`/sites/${w.sites.hq}`, { name: 'HQ', daily_visitor_limit: 500 }));
    const kept = ok<{ daily_visitor_limit: number | null }>(await w.admin.put(`/sites/${w.sites.hq}`, { name: 'HQ' }));
    expect(kept.daily_visitor_limit).toBe(500);
    ok(await w.admin.put(`/sites/${w.sites.hq}`, { name: 'HQ', daily_visitor_limit: null }));
  });

  it('lets another company neither read nor decide a company’s approvals, nor see its places', async () => {
    ok(await settings(w.admin, { over_capacity: 'approval' }));
    ok(await limitArea(w.admin, w.areas.lobby, 'Lobby', { capacity: 1 }));
    const [a, b] = [
      await w.person('Ray', w.types.visitors, w.sites.branch),
      await w.person('Sue', w.types.visitors, w.sites.branch),
    ];
    await w.signInOne(a.id, w.areas.lobby);
    expect((await w.signInPeople([{ person_id: b.id }], w.areas.lobby)).statusCode).toBe(422);
    const [mine] = (await approvals(w.admin)).filter((x) => x.person.id === b.id);

    expect(await approvals(other.admin)).toEqual([]);
    const theirs = await other.admin.post(`/capacity/approvals/${mine!.id}/decision`, { decision: 'approve' });
    expect(theirs.statusCode).toBe(404);
    const seen = await occupancy(other.admin);
    expect(seen.sites.map((s) => s.id).sort()).toEqual([other.sites.hq, other.sites.branch].sort());
    expect(seen.waiting_approvals).toBe(0);
    const otherSettings = ok<{ over_capacity: string }>(await other.admin.get('/capacity/settings'));
    expect(otherSettings.over_capacity).toBe('refuse');

    ok(await w.admin.post(`/capacity/approvals/${mine!.id}/decision`, { decision: 'reject' }));
    await signOutAll(w, [a.id]);
    ok(await limitArea(w.admin, w.areas.lobby, 'Lobby', { capacity: null }));
    ok(await settings(w.admin, {}));
  });
});
