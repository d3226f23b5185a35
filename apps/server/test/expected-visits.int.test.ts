// Expected visitors (spec /add-expected-visitors, §4 Visit lifecycle actions, Expected visit edit or
// delete, §5 visit date not before now): an admin adds, changes, deletes and decides expected visits.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/test-app';
import { givePersonSite, givePersonUserType, insertPerson } from './helpers/people-rows';
import { scopedAdmin } from './helpers/people-world';
import {
  auditsOf,
  expectedVisitBody,
  expectedWorld,
  newVisitor,
  PASSWORD,
  signIn,
  slot,
  storedVisit,
  type ExpectedWorld,
} from './helpers/expected-visits-factories';
import { mailsTo } from './helpers/mail';
import { watchLiveEvents } from './helpers/live-events';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const world = () => expectedWorld(ctx.app, ctx.db.db);
type Res = Pick<LightMyRequestResponse, 'json'>;
const fields = (res: Res) => res.json<{ fields?: Record<string, string[]> }>().fields ?? {};

/** A visit body for a new visitor at HQ reception, hosted by Hannah, tomorrow at 10:00. */
const body = expectedVisitBody;

/** A visit waiting for approval, registered by the visitor through the Guests link. */
async function awaitingVisit(w: ExpectedWorld, tag = 'g') {
  const res = await w.admin.post('/public/pre-registrations', {
    link_id: await w.qrOf(w.types.guests),
    user_type_id: w.types.guests,
    area_id: w.areas.reception,
    ...slot(2),
    ...newVisitor(`${w.tag}${tag}`, {
      email: `guest.${tag}.${w.tag}@example.test`,
      phone: `5${w.tag.replace(/\D/g, '').slice(0, 6)}${tag.length}`,
    }),
    host_ids: JSON.stringify([w.host.id]),
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().stage).toBe('awaiting_approval');
  return res.json<{ visit_id: string }>().visit_id;
}

describe('adding expected visitors', () => {
  it('adds a new visitor with a visit, emails the confirmation link, audits and tells the dashboards', async () => {
    const w = await world();
    const emitted = watchLiveEvents(ctx.app);
    const res = await w.admin.post('/expected-visits', body(w, { notes: 'Bring the laptop' }));
    expect(res.statusCode, res.body).toBe(201);
    const { message, data } = res.json();
    expect(message).toBe('Created successfully');
    expect(data).toMatchObject({
      state: 'expected',
      stage: 'ready_to_sign_in',
      decisions: [],
      origin: 'admin',
      site: { id: w.sites.hq, name: 'HQ' },
      area: { id: w.areas.reception, name: 'Reception' },
      user_type: { id: w.types.visitors, name: 'Visitors', registration_method: 'registration_allowed' },
      visit_date: slot(1).visit_date,
      visit_time: '10:00',
      timezone: 'UTC',
      hosts: [{ id: w.host.id, full_name: 'Hannah Host' }],
      notes: 'Bring the laptop',
      person: { first_name: 'Vera', last_name: 'Visitor', email: `vera.${w.tag}@example.test`, phone_code: '44' },
    });
    expect(data.link_url).toMatch(/^http:\/\/localhost:3000\/pre-registration\/[\w-]{20,}$/);
    expect(await emitted.visitIds(w.entity.id)).toContainEqual({
      action: 'expected',
      visit_ids: [data.id],
      area_ids: [w.areas.reception],
    });
    emitted.restore();

    const [mail] = await mailsTo(ctx.db.db, `vera.${w.tag}@example.test`);
    expect(mail!.subject).toBe(`Your visit to ${w.entity.name}`);
    expect(mail!.text).toContain(data.link_url);
    expect(mail!.text).toContain('HQ, Reception');

    const person = await w.admin.get(`/people/${data.person.id}`);
    expect(person.json()).toMatchObject({
      user_types: [{ id: w.types.visitors }],
      sites: [{ id: w.sites.hq }],
      company_name: 'Acme Ltd',
    });
    expect((await auditsOf(ctx.db.db, w.entity, data.id)).map((a) => a.action)).toEqual(['visit.expected']);
    const read = await w.admin.get(`/expected-visits/${data.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(data);
  });

  it('adds a visit for a known person; an admin-added visit of an approval type needs no approval', async () => {
    const w = await world();
    const guest = await insertPerson(ctx.db.db, w.entity, { firstName: 'Gus', email: `gus.${w.tag}@example.test` });
    await givePersonSite(ctx.db.db, w.entity, guest.id, w.sites.hq);
    await givePersonUserType(ctx.db.db, w.entity, guest.id, w.types.guests);
    const res = await w.admin.post(
      '/expected-visits',
      body(w, { visitor: null, person_id: guest.id, user_type_id: w.types.guests }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ stage: 'ready_to_sign_in', person: { id: guest.id, first_name: 'Gus' } });

    const wrongType = await w.admin.post(
      '/expected-visits',
      body(w, { visitor: null, person_id: guest.id, user_type_id: w.types.visitors, ...slot(3) }),
    );
    expect(wrongType.statusCode).toBe(422);
    expect(fields(wrongType).user_type_id).toEqual(['This person does not have the chosen user type.']);
    const sameDay = await w.admin.post(
      '/expected-visits',
      body(w, { visitor: null, person_id: guest.id, user_type_id: w.types.guests, ...slot(1, 15) }),
    );
    expect(sameDay.statusCode).toBe(422);
    expect(fields(sameDay).visit_date).toEqual(['This person already has a visit on this date.']);
  });

  it('refuses bodies that break the rules, each naming its field', async () => {
    const w = await world();
    const neither = await w.admin.post('/expected-visits', body(w, { visitor: null }));
    expect(neither.statusCode).toBe(400);
    expect(fields(neither).person_id).toEqual(['Choose a person or add a new visitor.']);
    const badDate = await w.admin.post('/expected-visits', body(w, { visit_date: '2030-02-30' }));
    expect(badDate.statusCode).toBe(400);
    expect(fields(badDate).visit_date).toEqual(['Visit date must be a real date (YYYY-MM-DD).']);
    const noCode = await w.admin.post('/expected-visits', body(w, { visitor: newVisitor(w.tag, { phone_code: '' }) }));
    expect(noCode.statusCode).toBe(400);
    expect(fields(noCode)['visitor.phone_code']).toEqual(['Country code is required.']);
    const letters = await w.admin.post('/expected-visits', body(w, { visitor: newVisitor(w.tag, { phone: '12ab' }) }));
    expect(fields(letters)['visitor.phone']).toEqual(['Phone must contain digits only.']);

    const past = await w.admin.post('/expected-visits', body(w, slot(-1)));
    expect(past.statusCode).toBe(422);
    expect(fields(past).visit_time).toEqual(['Visit date and time cannot be before now.']);
    const noHost = await w.admin.post('/expected-visits', body(w, { host_ids: [] }));
    expect(noHost.statusCode).toBe(422);
    expect(fields(noHost).host_ids).toEqual(['Choose a host for this visit.']);
    const wrongArea = await w.admin.post('/expected-visits', body(w, { area_id: w.areas.lobby }));
    expect(wrongArea.statusCode).toBe(422);
    expect(fields(wrongArea).area_id![0]).toMatch(/not part of the chosen site/);

    expect((await w.admin.post('/expected-visits', body(w))).statusCode).toBe(201);
    const taken = await w.admin.post('/expected-visits', body(w, { ...slot(4) }));
    expect(taken.statusCode).toBe(409);
    expect(fields(taken)['visitor.email']).toEqual(['Email address already exists']);
    w.admin.lang = 'ar';
    const takenAr = await w.admin.post(
      '/expected-visits',
      body(w, { ...slot(5), visitor: newVisitor(w.tag, { email: 'x@example.test' }) }),
    );
    expect(fields(takenAr)['visitor.phone']).toEqual([expect.stringMatching(/[\u0600-\u06FF]/)]);
  });

  it('checks the form live: the person an email belongs to, and the rules broken so far', async () => {
    const w = await world();
    const first = await w.admin.post('/expected-visits', body(w));
    const personId = first.json().data.person.id;
    const res = await w.admin.post('/expected-visits/validate', {
      email: `VERA.${w.tag}@example.test`,
      user_type_id: w.types.guests,
      ...slot(1, 16),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      valid: false,
      person: { id: personId, full_name: 'Vera Visitor', user_types: [{ id: w.types.visitors, name: 'Visitors' }] },
      fields: {
        user_type_id: ['This person does not have the chosen user type.'],
        visit_date: ['This person already has a visit on this date.'],
      },
    });
    const past = await w.admin.post('/expected-visits/validate', { ...slot(-2) });
    expect(past.json()).toEqual({
      valid: false,
      person: null,
      fields: { visit_time: ['Visit date and time cannot be before now.'] },
    });
    const fine = await w.admin.post('/expected-visits/validate', { email: 'nobody@example.test', ...slot(2) });
    expect(fine.json()).toEqual({ valid: true, fields: {}, person: null });
  });
});

describe('changing and deleting expected visits', () => {
  it('changes every field, then deletes the visit as cancelled and refuses to touch it again', async () => {
    const w = await world();
    const { data } = (await w.admin.post('/expected-visits', body(w))).json();
    const emitted = watchLiveEvents(ctx.app);
    const changed = await w.admin.put(`/expected-visits/${data.id}`, {
      person_id: data.person.id,
      user_type_id: w.types.visitors,
      site_id: w.sites.branch,
      area_id: w.areas.lobby,
      ...slot(2, 14, 30),
      host_ids: [w.host.id],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: 'Updated successfully',
      data: { site: { name: 'Branch' }, area: { name: 'Lobby' }, visit_time: '14:30', link_url: data.link_url },
    });
    expect(await emitted.visitIds(w.entity.id)).toContainEqual(expect.objectContaining({ action: 'expected_changed' }));

    const removed = await w.admin.delete(`/expected-visits/${data.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Deleted successfully' });
    expect(await emitted.visitIds(w.entity.id)).toContainEqual({
      action: 'deleted',
      visit_ids: [data.id],
      area_ids: [w.areas.lobby],
    });
    emitted.restore();
    expect((await storedVisit(ctx.db.db, w.entity, data.id)).state).toBe('cancelled');
    expect((await w.admin.get(`/expected-visits/${data.id}`)).json()).toMatchObject({
      state: 'cancelled',
      link_url: null,
    });
    const again = await w.admin.delete(`/expected-visits/${data.id}`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(
      'This visit is no longer expected: it was deleted or the visitor has already arrived.',
    );
    expect(
      (await w.admin.put(`/expected-visits/${data.id}`, body(w, { visitor: null, person_id: data.person.id })))
        .statusCode,
    ).toBe(422);
    expect((await auditsOf(ctx.db.db, w.entity, data.id)).map((a) => a.action)).toEqual([
      'visit.expected',
      'visit.expected_changed',
      'visit.deleted',
    ]);
  });

  it('keeps a time that has passed when it is not changed, but not a new past time', async () => {
    const w = await world();
    const { data } = (await w.admin.post('/expected-visits', body(w))).json();
    const past = await w.admin.put(
      `/expected-visits/${data.id}`,
      body(w, { visitor: null, person_id: data.person.id, ...slot(-1) }),
    );
    expect(past.statusCode).toBe(422);
    expect(fields(past).visit_time).toEqual(['Visit date and time cannot be before now.']);
  });
});

describe('who may change an expected visit (decision 018)', () => {
  it('lets a member without people management change only the visits they added', async () => {
    const w = await world();
    const { client: employee } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    const mine = await employee.post(
      '/expected-visits',
      body(w, { visitor: newVisitor(`${w.tag}e`, { email: `mine.${w.tag}@example.test`, phone: '700111222' }) }),
    );
    expect(mine.statusCode, mine.body).toBe(201);
    const theirs = (await w.admin.post('/expected-visits', body(w))).json().data;
    const guest = await awaitingVisit(w);

    const refusals = [
      await employee.put(`/expected-visits/${theirs.id}`, {
        ...body(w),
        person_id: theirs.person.id,
        visitor: undefined,
      }),
      await employee.delete(`/expected-visits/${theirs.id}`),
      await employee.post(`/expected-visits/${guest}/decisions`, { decision: 'approve' }),
      await employee.post(`/expected-visits/${theirs.id}/invitation`),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('You can change only the expected visits you added or host.');
    }
    expect((await storedVisit(ctx.db.db, w.entity, theirs.id)).state).toBe('expected');
    expect((await storedVisit(ctx.db.db, w.entity, guest)).stage).toBe('awaiting_approval');

    // The list says which rows the caller may change, so the page offers only those actions.
    const list = (
      await employee.get(`/visits?state=expected&from=${slot(1).visit_date}&to=${slot(2).visit_date}`)
    ).json<{
      data: { id: string; can_change: boolean }[];
    }>().data;
    const canChange = Object.fromEntries(list.map((v) => [v.id, v.can_change]));
    expect(canChange).toMatchObject({ [mine.json().data.id]: true, [theirs.id]: false, [guest]: false });
    const asAdmin = (await w.admin.get(`/visits?state=expected&from=${slot(1).visit_date}&to=${slot(2).visit_date}`))
      .json<{ data: { can_change: boolean }[] }>()
      .data.map((v) => v.can_change);
    expect(asAdmin.every(Boolean)).toBe(true);

    expect((await employee.delete(`/expected-visits/${mine.json().data.id}`)).statusCode).toBe(200);
    // People management changes any visit in scope.
    expect((await w.admin.post(`/expected-visits/${guest}/decisions`, { decision: 'approve' })).statusCode).toBe(200);
  });
});

describe('approvals', () => {
  it('approves, rejects, re-approves; refuses a decision that does not apply; emails the hosts', async () => {
    const w = await world();
    const id = await awaitingVisit(w);
    const read = (await w.admin.get(`/expected-visits/${id}`)).json();
    expect(read).toMatchObject({
      stage: 'awaiting_approval',
      origin: 'pre_registration',
      decisions: ['approve', 'reject'],
    });

    const wrong = await w.admin.post(`/expected-visits/${id}/decisions`, { decision: 'approve_rejected' });
    expect(wrong.statusCode).toBe(422);
    expect(fields(wrong).decision).toEqual(['This decision does not apply to the visit at its current stage.']);
    const unknown = await w.admin.post(`/expected-visits/${id}/decisions`, { decision: 'maybe' });
    expect(unknown.statusCode).toBe(400);

    const emitted = watchLiveEvents(ctx.app);
    const approved = await w.admin.post(`/expected-visits/${id}/decisions`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: 'Visit approved',
      data: { stage: 'approved', decisions: ['reject_approved'] },
    });
    expect(await emitted.visitIds(w.entity.id)).toContainEqual({
      action: 'approved',
      visit_ids: [id],
      area_ids: [w.areas.reception],
    });
    const [hostMail] = await mailsTo(ctx.db.db, w.host.email!);
    expect(hostMail!.subject).toBe('Visit approved: Vera Visitor');

    const rejected = await w.admin.post(`/expected-visits/${id}/decisions`, { decision: 'reject_approved' });
    expect(rejected.json()).toMatchObject({
      message: 'Visit rejected',
      data: { stage: 'rejected', decisions: ['approve_rejected'] },
    });
    expect(await emitted.visitIds(w.entity.id)).toContainEqual(expect.objectContaining({ action: 'rejected' }));
    emitted.restore();
    expect((await mailsTo(ctx.db.db, w.host.email!))[0]!.subject).toBe('Visit rejected: Vera Visitor');
    const back = await w.admin.post(`/expected-visits/${id}/decisions`, { decision: 'approve_rejected' });
    expect(back.json().data.stage).toBe('approved');
    const audits = await auditsOf(ctx.db.db, w.entity, id);
    expect(audits.map((a) => [a.action, a.actorKind])).toEqual([
      ['visit.expected', 'link'],
      ['visit.approve', 'user'],
      ['visit.reject_approved', 'user'],
      ['visit.approve_rejected', 'user'],
    ]);
    expect(audits[1]).toMatchObject({ before: { stage: 'awaiting_approval' }, after: { stage: 'approved' } });
  });

  it('limits an admin to the visits of their sites and user types', async () => {
    const w = await world();
    const id = await awaitingVisit(w);
    const branchOnly = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.branch], [w.types.guests]);
    expect((await branchOnly.client.get(`/expected-visits/${id}`)).statusCode).toBe(404);
    expect((await branchOnly.client.post(`/expected-visits/${id}/decisions`, { decision: 'approve' })).statusCode).toBe(
      404,
    );
    const hqVisitors = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.hq], [w.types.visitors]);
    expect((await hqVisitors.client.post(`/expected-visits/${id}/decisions`, { decision: 'reject' })).statusCode).toBe(
      404,
    );
    const outOfScope = await hqVisitors.client.post('/expected-visits', body(w, { user_type_id: w.types.guests }));
    expect(outOfScope.statusCode).toBe(422);
    expect(fields(outOfScope).user_type_id).toBeDefined();
    const hqGuests = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.hq], [w.types.guests]);
    const decided = await hqGuests.client.post(`/expected-visits/${id}/decisions`, { decision: 'reject' });
    expect(decided.statusCode, decided.body).toBe(200);
  });

  it('never reads or changes another company’s visits', async () => {
    const w = await world();
    const other = await world();
    const { data } = (await w.admin.post('/expected-visits', body(w))).json();
    const id = await awaitingVisit(w);
    expect((await other.admin.get(`/expected-visits/${data.id}`)).statusCode).toBe(404);
    expect((await other.admin.put(`/expected-visits/${data.id}`, body(other))).statusCode).toBe(404);
    expect((await other.admin.delete(`/expected-visits/${data.id}`)).statusCode).toBe(404);
    expect((await other.admin.post(`/expected-visits/${id}/decisions`, { decision: 'approve' })).statusCode).toBe(404);
    const foreignArea = await w.admin.post(
      '/expected-visits',
      body(w, { site_id: other.sites.hq, area_id: other.areas.reception }),
    );
    expect(foreignArea.statusCode).toBe(422);
    expect((await storedVisit(ctx.db.db, w.entity, data.id)).state).toBe('expected');
  });
});
