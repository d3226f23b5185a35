// The visit-permit rule (decision 026) on every way a visit is made: a user type's "visits need a
// permit" stops a dashboard sign-in, a mass sign-in, an API sign-in, an expected visit (added or
// changed) and a public pre-registration unless a permit of the person allows that moment; the checker
// (/vp/playground) answers the same; another company's permit never counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PermitCheck } from '@app/shared/visit-permits/schemas';
import { withTenant } from '../src/db/client';
import { visits } from '../src/db/schema/index';
import { TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { givePersonSite, givePersonUserType, insertPerson } from './helpers/people-rows';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { expectedWorld, newVisitor, postForm, type ExpectedWorld } from './helpers/expected-visits-factories';
import { addPermit, allDayPermit, middayZone, todayIn } from './helpers/visit-permits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Client = VisitsWorld['admin'];
const typeBody = (name: string, needsPermit: boolean) => ({
  name,
  registration_method: 'registration_allowed',
  grace_period_minutes: 30,
  visits_need_permit: needsPermit,
});

/** Turns "visits need a permit" on or off for a user type through the API, as the form does. */
async function needPermit(admin: Client, typeId: string, name: string, on = true) {
  const res = await admin.put(`/user-types/${typeId}`, typeBody(name, on));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ visits_need_permit: boolean }>().visits_need_permit).toBe(on);
}

async function givePermit(admin: Client, personId: string, permitId: string, status = 'active') {
  const res = await admin.post(`/people/${personId}/visit-permits`, { permit_id: permitId, status });
  expect(res.statusCode, res.body).toBe(201);
}

/** A world whose Visitors need a permit; permits that allow now and that do not. */
async function signInWorld() {
  const zone = middayZone();
  const w = await visitsWorld(ctx.app, ctx.db.db, { timezone: zone });
  await w.flow(w.types.visitors);
  await w.flow(w.types.staff);
  await needPermit(w.admin, w.types.visitors, 'Visitors');
  const allDay = await allDayPermit(w.admin, zone);
  const night = await addPermit(w.admin, {
    name: 'Night',
    start_date: todayIn(zone),
    recurrence: 'daily',
    start_time: '01:00',
    end_time: '02:00',
  });
  return { w, zone, allDay, night };
}

async function visitsOf(w: VisitsWorld, personId: string) {
  return withTenant(ctx.db.db, w.entity.id, (tx) =>
    tx
      .select()
      .from(visits)
      .where(and(eq(visits.entityId, w.entity.id), eq(visits.personId, personId))),
  );
}

type Refusal = {
  message: string;
  errors: Record<string, string>;
  people: { person_id: string; fields: Record<string, string[]> }[];
};
const NO_PERMIT =
  /^No visit permit for HQ on \d\d\/\d\d\/\d{4} at \d\d:\d\d: visits of the user type "Visitors" need one\.$/;

describe('signing in a person whose user type needs a visit permit', () => {
  it('is refused at the dashboard without a permit for that moment, and allowed with one', async () => {
    const { w, allDay, night } = await signInWorld();
    const ada = await w.person('Ada');
    const res = await w.signInPeople([{ person_id: ada.id }]);
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json<Refusal>();
    expect(body.people[0]!.fields.person_id![0]).toMatch(NO_PERMIT);
    expect(body.message).toMatch(/^Ada Tester: No visit permit for HQ on /);
    expect(await visitsOf(w, ada.id)).toHaveLength(0);

    // The preview says so before anything is typed.
    const preview = await w.admin.post('/visits/sign-in/preview', { area_id: w.areas.reception, person_ids: [ada.id] });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().people[0].blocker).toMatchObject({
      code: 'no_visit_permit',
      message: expect.stringMatching(NO_PERMIT),
    });

    // A permit whose window is not now, or an active one suspended for her, does not count.
    await givePermit(w.admin, ada.id, night.id);
    expect((await w.signInPeople([{ person_id: ada.id }])).statusCode).toBe(422);
    await givePermit(w.admin, ada.id, allDay.id, 'suspended');
    expect((await w.signInPeople([{ person_id: ada.id }])).statusCode).toBe(422);
    const active = await w.admin.put(`/people/${ada.id}/visit-permits/${allDay.id}/status`, { status: 'active' });
    expect(active.statusCode, active.body).toBe(200);
    await w.signInOne(ada.id);
  });

  it('counts a permit of the user type, and leaves a type without the setting alone', async () => {
    const { w, allDay } = await signInWorld();
    const [bo, sam] = [await w.person('Bo'), await w.person('Sam', w.types.staff)];
    // Staff need no permit: signed in with none.
    await w.signInOne(sam.id);
    expect((await w.signInPeople([{ person_id: bo.id }])).statusCode).toBe(422);
    const assign = await w.admin.post(`/user-types/${w.types.visitors}/visit-permits`, { permit_id: allDay.id });
    expect(assign.statusCode, assign.body).toBe(201);
    await w.signInOne(bo.id);
  });

  it('refuses a mass sign-in naming only who lacks a permit, and signs in no one', async () => {
    const { w, allDay } = await signInWorld();
    const [ada, cy, sam] = [await w.person('Ada'), await w.person('Cy'), await w.person('Sam', w.types.staff)];
    await givePermit(w.admin, ada.id, allDay.id);
    const res = await w.signInPeople([{ person_id: ada.id }, { person_id: cy.id }, { person_id: sam.id }]);
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json<Refusal>();
    expect(body.people.map((p) => p.person_id)).toEqual([cy.id]);
    expect(Object.values(body.errors)).toEqual([expect.stringMatching(/^Cy Tester: No visit permit for HQ/)]);
    for (const p of [ada, cy, sam]) expect(await visitsOf(w, p.id)).toHaveLength(0);
    const ok = await w.signInPeople([{ person_id: ada.id }, { person_id: sam.id }]);
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses an API sign-in (API token) the same way, translated', async () => {
    const { w, allDay } = await signInWorld();
    const token = await w.admin.post('/company/client-token', {});
    expect(token.statusCode, token.body).toBe(200);
    const api = new TestClient(ctx.app);
    api.bearer = token.json<{ token: string }>().token;
    const ada = await w.person('Ada');
    api.lang = 'es';
    const refused = await api.post('/visits/sign-in', { area_id: w.areas.reception, people: [{ person_id: ada.id }] });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json<Refusal>().people[0]!.fields.person_id![0]).toMatch(
      /^No hay permiso de visita para HQ el .* "Visitors" lo necesitan\.$/,
    );
    await givePermit(w.admin, ada.id, allDay.id);
    const ok = await api.post('/visits/sign-in', { area_id: w.areas.reception, people: [{ person_id: ada.id }] });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('agrees with the checker at the site, now', async () => {
    const { w, allDay } = await signInWorld();
    const ada = await w.person('Ada');
    const check = async () => {
      const res = await w.admin.get(`/visit-permits/check?person_id=${ada.id}&site_id=${w.sites.hq}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<PermitCheck>().visit!;
    };
    const refused = await check();
    expect(refused).toMatchObject({
      site: { id: w.sites.hq, name: 'HQ' },
      user_type: { id: w.types.visitors, name: 'Visitors' },
      needs_permit: true,
      allowed: false,
    });
    expect(refused.message).toMatch(/^Ada Tester has no visit permit for HQ on .* "Visitors" need one\.$/);
    expect((await w.signInPeople([{ person_id: ada.id }])).statusCode).toBe(422);
    await givePermit(w.admin, ada.id, allDay.id);
    expect(await check()).toMatchObject({ allowed: true, message: null });
    await w.signInOne(ada.id);
    // Staff need none, and the checker says so.
    const sam = await w.person('Sam', w.types.staff);
    const staff = await w.admin.get(`/visit-permits/check?person_id=${sam.id}&site_id=${w.sites.hq}`);
    expect(staff.json<PermitCheck>().visit).toMatchObject({ needs_permit: false, allowed: true, message: null });
  });
});

// ---- expected visits and pre-registration: a fixed future Monday on the company clock ----

const MONDAY = '2030-03-04';
const SATURDAY = '2030-03-09';

async function formWorld() {
  const w = await expectedWorld(ctx.app, ctx.db.db);
  await needPermit(w.admin, w.types.visitors, 'Visitors');
  // Weekdays 07:30–18:00 from 2026.
  const weekdays = await addPermit(w.admin);
  const person = async (firstName: string, typeId = w.types.visitors, email?: string) => {
    const row = await insertPerson(ctx.db.db, w.entity, {
      firstName,
      lastName: 'Tester',
      email: email ?? `${firstName.toLowerCase()}.${w.tag}@example.test`,
    });
    await givePersonUserType(ctx.db.db, w.entity, row.id, typeId);
    await givePersonSite(ctx.db.db, w.entity, row.id, w.sites.hq);
    return row;
  };
  return { w, weekdays, person };
}

const expectedBody = (w: ExpectedWorld, over: Record<string, unknown>) => ({
  user_type_id: w.types.visitors,
  site_id: w.sites.hq,
  area_id: w.areas.reception,
  visit_date: MONDAY,
  visit_time: '10:00',
  host_ids: [w.host.id],
  ...over,
});
type FieldsBody = { message: string; fields: Record<string, string[]> };

describe('an expected visit of a user type that needs a visit permit', () => {
  it('is added only when a permit allows its time, and the refusal names the person, site and time', async () => {
    const { w, weekdays, person } = await formWorld();
    const ada = await person('Ada');
    const refused = await w.admin.post('/expected-visits', expectedBody(w, { person_id: ada.id }));
    expect(refused.statusCode, refused.body).toBe(422);
    const message =
      'Ada Tester has no visit permit for HQ on 04/03/2030 at 10:00: visits of the user type "Visitors" need one.';
    expect(refused.json<FieldsBody>().fields.person_id).toEqual([message]);

    // The checker, asked about the same visit, answers the same message.
    const check = await w.admin.get(
      `/visit-permits/check?person_id=${ada.id}&user_type_id=${w.types.visitors}&site_id=${w.sites.hq}&date=${MONDAY}&time=10:00`,
    );
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json<PermitCheck>().visit).toMatchObject({ allowed: false, message });

    await givePermit(w.admin, ada.id, weekdays.id);
    // Outside its hours, and on a Saturday: refused.
    const evening = await w.admin.post('/expected-visits', expectedBody(w, { person_id: ada.id, visit_time: '19:00' }));
    expect(evening.statusCode, evening.body).toBe(422);
    const saturday = await w.admin.post(
      '/expected-visits',
      expectedBody(w, { person_id: ada.id, visit_date: SATURDAY }),
    );
    expect(saturday.statusCode, saturday.body).toBe(422);
    const checkSaturday = await w.admin.get(
      `/visit-permits/check?person_id=${ada.id}&user_type_id=${w.types.visitors}&site_id=${w.sites.hq}&date=${SATURDAY}&time=10:00`,
    );
    expect(checkSaturday.json<PermitCheck>().visit).toMatchObject({ allowed: false });

    const added = await w.admin.post('/expected-visits', expectedBody(w, { person_id: ada.id }));
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ data: { id: string } }>().data.id;
    // Moving it out of the permit's hours is refused, and the visit keeps its time.
    const moved = await w.admin.put(
      `/expected-visits/${id}`,
      expectedBody(w, { person_id: ada.id, visit_time: '20:00' }),
    );
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json<FieldsBody>().fields.person_id![0]).toContain('at 20:00');
    const kept = await w.admin.get(`/expected-visits/${id}`);
    expect(kept.json<{ visit_time: string }>().visit_time).toBe('10:00');
    const later = await w.admin.put(
      `/expected-visits/${id}`,
      expectedBody(w, { person_id: ada.id, visit_time: '16:00' }),
    );
    expect(later.statusCode, later.body).toBe(200);
  });

  it('refuses a new visitor, who has no permit yet; a type without the setting is unaffected', async () => {
    const { w, person } = await formWorld();
    const fresh = await w.admin.post('/expected-visits', expectedBody(w, { visitor: newVisitor(w.tag) }));
    expect(fresh.statusCode, fresh.body).toBe(422);
    expect(fresh.json<FieldsBody>().fields.user_type_id![0]).toMatch(/^Vera Visitor has no visit permit for HQ/);
    const guest = await person('Gil', w.types.guests);
    const ok = await w.admin.post(
      '/expected-visits',
      expectedBody(w, { person_id: guest.id, user_type_id: w.types.guests }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('a public pre-registration of a user type that needs a visit permit', () => {
  it('is refused without a permit for that time and accepted with one', async () => {
    const { w, weekdays, person } = await formWorld();
    const visitor = new TestClient(ctx.app);
    const form = async (over: Record<string, unknown> = {}) => ({
      link_id: await w.qrOf(w.types.visitors),
      user_type_id: w.types.visitors,
      area_id: w.areas.reception,
      visit_date: MONDAY,
      visit_time: '10:00',
      ...newVisitor(w.tag),
      host_ids: [w.host.id],
      ...over,
    });
    // Someone new has no permit.
    const fresh = await postForm(visitor, '/public/pre-registrations', await form());
    expect(fresh.statusCode, fresh.body).toBe(422);
    expect(fresh.json<FieldsBody>().fields.visit_date![0]).toBe(
      'Vera Visitor has no visit permit for HQ on 04/03/2030 at 10:00: visits of the user type "Visitors" need one.',
    );
    // A known person with a weekday permit: refused on Saturday, registered on Monday.
    const known = await person('Vera', w.types.visitors, newVisitor(w.tag).email);
    await givePermit(w.admin, known.id, weekdays.id);
    const saturday = await postForm(visitor, '/public/pre-registrations', await form({ visit_date: SATURDAY }));
    expect(saturday.statusCode, saturday.body).toBe(422);
    const monday = await postForm(visitor, '/public/pre-registrations', await form());
    expect(monday.statusCode, monday.body).toBe(201);
  });
});

describe('another company', () => {
  it('never makes its permits count: they cannot be assigned across, and its checker cannot see the person', async () => {
    const { w } = await signInWorld();
    const ada = await w.person('Ada');
    const other = await visitsWorld(ctx.app, ctx.db.db);
    const theirs = await addPermit(other.admin, {
      name: 'All day',
      start_date: '2026-01-01',
      recurrence: 'daily',
      start_time: '00:00',
      end_time: '23:59',
    });
    // Their admin cannot give our person their permit, nor our admin take theirs.
    const across = await other.admin.post(`/people/${ada.id}/visit-permits`, { permit_id: theirs.id });
    expect(across.statusCode).toBe(404);
    const taken = await w.admin.post(`/people/${ada.id}/visit-permits`, { permit_id: theirs.id });
    expect(taken.statusCode, taken.body).toBe(422);
    const typeAcross = await w.admin.post(`/user-types/${w.types.visitors}/visit-permits`, { permit_id: theirs.id });
    expect(typeAcross.statusCode, typeAcross.body).toBe(422);
    // Their own people with that permit change nothing for ours.
    const theirPerson = await other.person('Zed');
    await givePermit(other.admin, theirPerson.id, theirs.id);
    expect((await w.signInPeople([{ person_id: ada.id }])).statusCode).toBe(422);
    // Their checker does not know our person or site; ours still refuses.
    const check = await other.admin.get(`/visit-permits/check?person_id=${ada.id}&site_id=${w.sites.hq}`);
    expect(check.statusCode).toBe(404);
    const ours = await w.admin.get(`/visit-permits/check?person_id=${ada.id}&site_id=${other.sites.hq}`);
    expect(ours.statusCode).toBe(404);
    // Nor can their admin turn the setting off for our type.
    const off = await other.admin.put(`/user-types/${w.types.visitors}`, typeBody('Visitors', false));
    expect(off.statusCode).toBe(404);
    expect((await w.signInPeople([{ person_id: ada.id }])).statusCode).toBe(422);
  });
});
