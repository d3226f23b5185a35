import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PersonPermits, UserTypePermits, VisitPermit } from '@app/shared/visit-permits/schemas';
import { auditLog } from '../src/db/schema/index';
import { createTestApp, type TestContext } from './helpers/test-app';
import { peopleWorld, scopedAdmin } from './helpers/people-world';
import { addPermit, permitBody } from './helpers/visit-permits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const world = () => peopleWorld(ctx.app, ctx.db.db);

describe('assigning permits', () => {
  it('gives a person a permit from their page, once; refuses unknown permits and archived people', async () => {
    const w = await world();
    const permit = await addPermit(w.admin);
    const ada = await w.create();
    const given = await w.admin.post(`/people/${ada.id}/visit-permits`, { permit_id: permit.id });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json()).toMatchObject({
      permit: { id: permit.id, name: 'Weekday contractors' },
      sources: [{ kind: 'person', user_type: null, status: 'active' }],
      status: 'active',
    });
    const again = await w.admin.post(`/people/${ada.id}/visit-permits`, { permit_id: permit.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields.permit_id).toEqual(['This person already has this permit.']);
    const unknown = await w.admin.post(`/people/${ada.id}/visit-permits`, {
      permit_id: '0196a0a0-0000-7000-8000-000000000001',
    });
    expect(unknown.statusCode).toBe(422);
    expect(
      (await w.admin.post(`/people/${ada.id}/visit-permits`, { permit_id: 'nope' })).json().fields.permit_id,
    ).toBeDefined();
    const archived = await w.create({ first_name: 'Old', email: 'old@example.test' });
    expect((await w.admin.post('/people/archive', { person_ids: [archived.id] })).statusCode).toBe(200);
    const refused = await w.admin.post(`/people/${archived.id}/visit-permits`, { permit_id: permit.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Archived people cannot be given visit permits.');
    expect(
      (await w.admin.post(`/people/0196a0a0-0000-7000-8000-000000000002/visit-permits`, { permit_id: permit.id }))
        .statusCode,
    ).toBe(404);
  });

  it('assigns a permit to several people at once, saying who was left out and why', async () => {
    const w = await world();
    const permit = await addPermit(w.admin);
    const [a, b, c] = [
      await w.create(),
      await w.create({ first_name: 'Bo', email: 'bo@example.test' }),
      await w.create({ first_name: 'Cy', email: 'cy@example.test' }),
    ];
    await w.admin.post('/people/archive', { person_ids: [c.id] });
    await w.admin.post(`/people/${a.id}/visit-permits`, { permit_id: permit.id });
    const ghost = '0196a0a0-0000-7000-8000-000000000003';
    const res = await w.admin.post(`/visit-permits/${permit.id}/people`, {
      person_ids: [a.id, b.id, c.id, ghost, b.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      done: [b.id],
      skipped: [
        { id: a.id, reason: 'already_assigned', message: 'Already has this permit.' },
        { id: c.id, reason: 'archived', message: 'Archived people cannot be given visit permits.' },
        { id: ghost, reason: 'not_found', message: 'Not found among the people or user types you manage.' },
      ],
    });
    expect(
      (await w.admin.post(`/visit-permits/${permit.id}/people`, { person_ids: [] })).json().fields.person_ids,
    ).toEqual(['People is required.']);
    const people = (await w.admin.get(`/visit-permits/${permit.id}/people`)).json();
    expect(people.count).toBe(2);
    expect(people.data.map((p: { full_name: string; status: string }) => [p.full_name, p.status])).toEqual([
      ['Ada Lovelace', 'active'],
      ['Bo Lovelace', 'active'],
    ]);
    expect((await w.admin.get(`/visit-permits/${permit.id}/people?search=bo`)).json().count).toBe(1);
    expect((await w.admin.get(`/visit-permits/${permit.id}`)).json()).toMatchObject({
      people_count: 2,
      user_type_count: 0,
    });
    const audit = await ctx.db.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, w.entity.id), eq(auditLog.targetId, b.id)));
    expect(audit.map((r) => r.action)).toContain('visit_permit.assign');
  });

  it('assigns to user types, one or several, toggles their status and unassigns', async () => {
    const w = await world();
    const permit = await addPermit(w.admin);
    const one = await w.admin.post(`/user-types/${w.types.staff}/visit-permits`, {
      permit_id: permit.id,
      status: 'suspended',
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toMatchObject({ permit: { id: permit.id }, status: 'suspended' });
    expect(
      (await w.admin.post(`/user-types/${w.types.staff}/visit-permits`, { permit_id: permit.id })).statusCode,
    ).toBe(409);
    const many = (
      await w.admin.post(`/visit-permits/${permit.id}/user-types`, { user_type_ids: [w.types.staff, w.types.visitors] })
    ).json();
    expect(many).toMatchObject({
      done: [w.types.visitors],
      skipped: [{ id: w.types.staff, reason: 'already_assigned' }],
    });
    const toggled = await w.admin.put(`/user-types/${w.types.staff}/visit-permits/${permit.id}/status`, {
      status: 'active',
    });
    expect(toggled.json().status).toBe('active');
    expect(
      (await w.admin.put(`/user-types/${w.types.staff}/visit-permits/${permit.id}/status`, { status: 'paused' }))
        .statusCode,
    ).toBe(400);
    const types = (await w.admin.get(`/visit-permits/${permit.id}/user-types`)).json();
    expect(types.data.map((t: { name: string; status: string }) => [t.name, t.status])).toEqual([
      ['Staff', 'active'],
      ['Visitors', 'active'],
    ]);
    const page = (await w.admin.get(`/user-types/${w.types.visitors}/visit-permits`)).json<UserTypePermits>();
    expect(page.user_type).toMatchObject({ id: w.types.visitors, name: 'Visitors', people_count: 0 });
    expect(page.data.map((p) => [p.permit.name, p.status])).toEqual([['Weekday contractors', 'active']]);
    expect((await w.admin.delete(`/user-types/${w.types.visitors}/visit-permits/${permit.id}`)).statusCode).toBe(204);
    expect((await w.admin.delete(`/user-types/${w.types.visitors}/visit-permits/${permit.id}`)).statusCode).toBe(404);
    expect(
      (await w.admin.put(`/user-types/${w.types.visitors}/visit-permits/${permit.id}/status`, { status: 'active' }))
        .statusCode,
    ).toBe(404);
    expect((await w.admin.get(`/user-types/${w.types.visitors}/visit-permits`)).json().count).toBe(0);
  });

  it("lists a person's permits: their own and their user types', with the status that counts", async () => {
    const w = await world();
    const contractors = await addPermit(w.admin, { name: 'Weekday contractors' });
    const cleaning = await addPermit(w.admin, {
      name: 'Evening cleaning',
      recurrence: 'daily',
      start_time: '18:00',
      end_time: '22:00',
    });
    const audits = await addPermit(w.admin, { name: 'Audits', recurrence: 'monthly', start_date: '2026-01-31' });
    const ada = await w.create({ user_type_ids: [w.types.staff, w.types.visitors] });
    await w.admin.post(`/user-types/${w.types.staff}/visit-permits`, { permit_id: contractors.id });
    await w.admin.post(`/user-types/${w.types.visitors}/visit-permits`, {
      permit_id: contractors.id,
      status: 'suspended',
    });
    await w.admin.post(`/user-types/${w.types.visitors}/visit-permits`, { permit_id: audits.id, status: 'suspended' });
    await w.admin.post(`/people/${ada.id}/visit-permits`, { permit_id: cleaning.id });

    const read = async () => (await w.admin.get(`/people/${ada.id}/visit-permits`)).json<PersonPermits>();
    const first = await read();
    expect(first.person).toMatchObject({ id: ada.id, full_name: 'Ada Lovelace', status: 'active' });
    expect(first.person.user_types.map((t) => t.name)).toEqual(['Staff', 'Visitors']);
    expect(first.count).toBe(3);
    expect(
      first.data.map((p) => [
        p.permit.name,
        p.status,
        p.sources.map((s) => `${s.user_type?.name ?? 'own'}:${s.status}`),
      ]),
    ).toEqual([
      ['Audits', 'suspended', ['Visitors:suspended']],
      ['Evening cleaning', 'active', ['own:active']],
      // Active through one type is enough.
      ['Weekday contractors', 'active', ['Staff:active', 'Visitors:suspended']],
    ]);

    // Suspending an inherited permit for this person alone gives them their own, suspended, assignment.
    const suspended = await w.admin.put(`/people/${ada.id}/visit-permits/${contractors.id}/status`, {
      status: 'suspended',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({
      status: 'suspended',
      sources: [
        { kind: 'person', status: 'suspended' },
        { user_type: { name: 'Staff' } },
        { user_type: { name: 'Visitors' } },
      ],
    });
    // The person's own active assignment wins over a suspended type.
    const own = await w.admin.put(`/people/${ada.id}/visit-permits/${audits.id}/status`, { status: 'active' });
    expect(own.json().status).toBe('active');
    // Unassigning the person's own assignment falls back to the types.
    expect((await w.admin.delete(`/people/${ada.id}/visit-permits/${contractors.id}`)).statusCode).toBe(204);
    const after = await read();
    expect(after.data.map((p) => [p.permit.name, p.status])).toEqual([
      ['Audits', 'active'],
      ['Evening cleaning', 'active'],
      ['Weekday contractors', 'active'],
    ]);
    expect((await w.admin.delete(`/people/${ada.id}/visit-permits/${contractors.id}`)).statusCode).toBe(404);
    // A permit that does not apply to the person has no status to set.
    const unrelated = await addPermit(w.admin, { name: 'Unrelated' });
    expect(
      (await w.admin.put(`/people/${ada.id}/visit-permits/${unrelated.id}/status`, { status: 'active' })).statusCode,
    ).toBe(404);
  });

  it('says how many people and types a permit has before deleting it, and the assignments go with it', async () => {
    const w = await world();
    const permit = await addPermit(w.admin);
    const ada = await w.create();
    await w.admin.post(`/visit-permits/${permit.id}/people`, { person_ids: [ada.id] });
    await w.admin.post(`/visit-permits/${permit.id}/user-types`, { user_type_ids: [w.types.staff, w.types.visitors] });
    expect((await w.admin.get(`/visit-permits/${permit.id}`)).json()).toMatchObject({
      people_count: 1,
      user_type_count: 2,
    });
    const listed = (await w.admin.get('/visit-permits')).json<{ data: VisitPermit[] }>().data[0];
    expect(listed).toMatchObject({ people_count: 1, user_type_count: 2 });
    expect((await w.admin.delete(`/visit-permits/${permit.id}`)).statusCode).toBe(204);
    expect((await w.admin.get(`/people/${ada.id}/visit-permits`)).json().count).toBe(0);
    expect((await w.admin.get(`/user-types/${w.types.staff}/visit-permits`)).json().count).toBe(0);
  });
});

describe('admin scope (spec §6)', () => {
  it("hides and protects people and user types outside the admin's scope", async () => {
    const w = await world();
    const permit = await addPermit(w.admin);
    const inside = await w.create({ first_name: 'Inga', email: 'inga@example.test' });
    const outside = await w.create({
      first_name: 'Otto',
      email: 'otto@example.test',
      user_type_ids: [w.types.visitors],
    });
    const scoped = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.hq], [w.types.staff]);
    const admin = scoped.client;

    // The person and the type outside the scope cannot be seen, assigned or checked.
    expect((await admin.get(`/people/${outside.id}/visit-permits`)).statusCode).toBe(404);
    expect((await admin.post(`/people/${outside.id}/visit-permits`, { permit_id: permit.id })).statusCode).toBe(404);
    expect((await admin.get(`/user-types/${w.types.visitors}/visit-permits`)).statusCode).toBe(404);
    expect(
      (await admin.post(`/user-types/${w.types.visitors}/visit-permits`, { permit_id: permit.id })).statusCode,
    ).toBe(404);
    expect((await admin.get(`/visit-permits/check?person_id=${outside.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/visit-permits/check?user_type_id=${w.types.visitors}`)).statusCode).toBe(404);
    const mass = (
      await admin.post(`/visit-permits/${permit.id}/people`, { person_ids: [inside.id, outside.id] })
    ).json();
    expect(mass).toMatchObject({ done: [inside.id], skipped: [{ id: outside.id, reason: 'not_found' }] });
    const types = (
      await admin.post(`/visit-permits/${permit.id}/user-types`, { user_type_ids: [w.types.staff, w.types.visitors] })
    ).json();
    expect(types).toMatchObject({ done: [w.types.staff], skipped: [{ id: w.types.visitors, reason: 'not_found' }] });

    // Within the scope the permit is theirs to change.
    expect((await admin.put(`/visit-permits/${permit.id}`, permitBody({ end_time: '19:00' }))).statusCode).toBe(200);

    // The full admin assigns it outside the scope too: the scoped admin sees only their part of it,
    // and may no longer change or delete it.
    await w.admin.post(`/people/${outside.id}/visit-permits`, { permit_id: permit.id });
    await w.admin.post(`/user-types/${w.types.visitors}/visit-permits`, { permit_id: permit.id });
    const seen = (await admin.get(`/visit-permits/${permit.id}`)).json<VisitPermit>();
    expect(seen).toMatchObject({ people_count: 1, user_type_count: 1, outside_scope: true });
    expect((await w.admin.get(`/visit-permits/${permit.id}`)).json()).toMatchObject({
      people_count: 2,
      user_type_count: 2,
      outside_scope: false,
    });
    const people = (await admin.get(`/visit-permits/${permit.id}/people`)).json();
    expect(people.data.map((p: { id: string }) => p.id)).toEqual([inside.id]);
    const typeList = (await admin.get(`/visit-permits/${permit.id}/user-types`)).json();
    expect(typeList.data.map((t: { id: string }) => t.id)).toEqual([w.types.staff]);
    const change = await admin.put(`/visit-permits/${permit.id}`, permitBody({ end_time: '20:00' }));
    expect(change.statusCode).toBe(422);
    expect(change.json().message).toContain('only an administrator who manages all of them');
    expect((await admin.delete(`/visit-permits/${permit.id}`)).statusCode).toBe(422);
    // The list marks it too, so the screen can say so before anyone tries.
    expect((await admin.get('/visit-permits')).json().data[0]).toMatchObject({ outside_scope: true });
    // Their own person's status still toggles.
    expect(
      (await admin.put(`/people/${inside.id}/visit-permits/${permit.id}/status`, { status: 'suspended' })).statusCode,
    ).toBe(200);
    expect(
      (await admin.put(`/people/${outside.id}/visit-permits/${permit.id}/status`, { status: 'suspended' })).statusCode,
    ).toBe(404);
    expect((await admin.delete(`/people/${outside.id}/visit-permits/${permit.id}`)).statusCode).toBe(404);
  });
});
