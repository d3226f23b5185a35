import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { InviteCandidate, MassResult, Person } from '@app/shared/people/schemas';
import { withTenant } from '../src/db/client';
import { auditLog, memberships, people, sessions, users } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { newestMailTo } from './helpers/mail';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, TestClient } from './helpers/http-client';
import { addUserType, peopleWorld, scopedAdmin, storedPerson, type PeopleWorld } from './helpers/people-world';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const world = () => peopleWorld(ctx.app, ctx.db.db);

const membersOf = async (w: PeopleWorld) =>
  (await w.admin.get('/people?limit=100&dashboard_access=active')).json<{ data: Person[] }>().data;

const auditCount = async (entityId: string, action: string) =>
  (
    await ctx.db.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)))
  ).length;

const lastMailTo = (email: string) => newestMailTo(ctx.db.db, email);

describe('archive and activate', () => {
  it('archives and activates many people at once, skipping defaults, oneself, others and repeats', async () => {
    const w = await world();
    const [a, b] = [await w.create({ first_name: 'A' }), await w.create({ first_name: 'B' })];
    const owner = (await membersOf(w)).find((p) => p.is_default)!;
    const { client: sysAdmin } = await signIn(ctx.app, w.people.system_admin.email, PASSWORD);
    const self = (await sysAdmin.get('/people?limit=100')).json<{ data: Person[] }>().data.find((p) => p.is_self)!;
    const other = await world();
    const theirs = await other.create();
    const unknown = newId();

    const res = await sysAdmin.post('/people/archive', {
      person_ids: [a.id, b.id, a.id, owner.id, self.id, theirs.id, unknown],
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<MassResult>();
    expect(result.done).toEqual([a.id, b.id]);
    expect(result.skipped).toEqual([
      { id: owner.id, reason: 'default_person', message: 'Default users cannot be archived or deleted.' },
      { id: self.id, reason: 'self', message: 'You cannot do this to your own user.' },
      { id: theirs.id, reason: 'not_found', message: 'Not found among the people you can manage.' },
      { id: unknown, reason: 'not_found', message: 'Not found among the people you can manage.' },
    ]);
    expect((await w.admin.get(`/people/${a.id}`)).json().status).toBe('archived');
    expect((await storedPerson(ctx.db.db, other.entity, theirs.id))!.status).toBe('active');
    expect(await auditCount(w.entity.id, 'person.archive')).toBe(2);

    const again = (await w.admin.post('/people/archive', { person_ids: [a.id] })).json<MassResult>();
    expect(again).toMatchObject({ done: [], skipped: [{ id: a.id, reason: 'already_done' }] });
    const back = (await w.admin.post('/people/activate', { person_ids: [a.id, b.id] }, { 'x-lang': 'es' })).json();
    expect(back.done).toEqual([a.id, b.id]);
    expect((await w.admin.get(`/people/${b.id}`)).json().status).toBe('active');
    const skippedEs = (await w.admin.post('/people/activate', { person_ids: [a.id] }, { 'x-lang': 'es' })).json();
    expect(skippedEs.skipped[0].message).toBe('No hay nada que cambiar.');
  });

  it('answers bad selections with 400 naming the field', async () => {
    const w = await world();
    const empty = await w.admin.post('/people/archive', { person_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.person_ids).toEqual(['People is required.']);
    const tooMany = Array.from({ length: 501 }, () => newId());
    expect((await w.admin.post('/people/archive', { person_ids: tooMany })).statusCode).toBe(400);
    expect((await w.admin.post('/people/activate', { person_ids: ['x'] })).statusCode).toBe(400);
    expect((await w.admin.put('/people/user-types', { person_ids: [newId()], user_type_ids: [] })).statusCode).toBe(
      400,
    );
  });

  it('acts for an admin with assigned sites only on the people inside them', async () => {
    const w = await world();
    const mine = await w.create({ first_name: 'Mine' });
    const theirs = await w.create({ first_name: 'Theirs', site_ids: [w.sites.branch] });
    const { client } = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.hq], [w.types.staff]);
    const res = (await client.post('/people/archive', { person_ids: [mine.id, theirs.id] })).json<MassResult>();
    expect(res.done).toEqual([mine.id]);
    expect(res.skipped.map((s) => [s.id, s.reason])).toEqual([[theirs.id, 'not_found']]);
    expect((await storedPerson(ctx.db.db, w.entity, theirs.id))!.status).toBe('active');
  });
});

describe('change user type and add label', () => {
  it('replaces user types, leaving out people lacking the new types’ mandatory data, and tells members', async () => {
    const w = await world();
    const strict = await addUserType(w.admin, 'Contractors', { mandatory_profile_data: ['email'] });
    const withEmail = await w.create({ email: 'e@x.test', user_type_ids: [w.types.staff, w.types.visitors] });
    const without = await w.create();
    const employee = (await membersOf(w)).find((p) => p.first_name === 'employee')!;
    await w.admin.put(
      `/people/${employee.id}`,
      w.body({ first_name: 'employee', email: w.people.employee.email, site_ids: [w.sites.hq] }),
    );
    const toUser = vi.spyOn(ctx.app.realtime, 'toUser');
    try {
      const res = await w.admin.put('/people/user-types', {
        person_ids: [withEmail.id, without.id, employee.id],
        user_type_ids: [strict],
      });
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json<MassResult>();
      expect(result.done).toEqual([withEmail.id, employee.id]);
      expect(result.skipped).toEqual([
        {
          id: without.id,
          reason: 'profile_incomplete',
          message: 'Missing what the chosen user type requires: Email.',
        },
      ]);
      expect((await w.admin.get(`/people/${withEmail.id}`)).json().user_types).toEqual([
        { id: strict, name: 'Contractors' },
      ]);
      expect(toUser).toHaveBeenCalledTimes(1);
      expect(toUser).toHaveBeenCalledWith(
        w.people.employee.id,
        'pongUpdateUserRole',
        expect.objectContaining({ siteNames: ['HQ'], userTypeNames: ['Contractors'], newRole: expect.anything() }),
      );
    } finally {
      toUser.mockRestore();
    }
    const other = await world();
    const foreign = await w.admin.put('/people/user-types', {
      person_ids: [withEmail.id],
      user_type_ids: [other.types.staff],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().fields.user_type_ids).toHaveLength(1);
    expect(await auditCount(w.entity.id, 'person.user_types.set')).toBe(2);
  });

  it('adds labels to people who lack them and refuses other companies’ labels', async () => {
    const w = await world();
    const red = (await w.admin.post('/labels', { name: 'Red', color: 'red' })).json<{ id: string }>().id;
    const blue = (await w.admin.post('/labels', { name: 'Blue' })).json<{ id: string; color: string }>();
    expect(blue.color).toBe('blue');
    const has = await w.create({ label_ids: [red, blue.id] });
    const lacks = await w.create({ label_ids: [red] });
    const res = (
      await w.admin.post('/people/labels', { person_ids: [has.id, lacks.id], label_ids: [red, blue.id] })
    ).json();
    expect(res).toMatchObject({ done: [lacks.id], skipped: [{ id: has.id, reason: 'already_done' }] });
    const labels = (await w.admin.get(`/people/${lacks.id}`)).json<Person>().labels.map((l) => l.name);
    expect(labels).toEqual(['Blue', 'Red']);
    const other = await world();
    const theirs = (await other.admin.post('/labels', { name: 'Theirs' })).json<{ id: string }>().id;
    const refused = await w.admin.post('/people/labels', { person_ids: [has.id], label_ids: [theirs] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields).toEqual({ label_ids: ['One of the chosen labels does not exist.'] });
  });
});

describe('labels and departments', () => {
  it('lists and adds them per company, with unique names', async () => {
    const a = await world();
    const b = await world();
    expect((await a.admin.post('/labels', { name: 'VIP', color: '#ff00aa' })).statusCode).toBe(201);
    const dup = await a.admin.post('/labels', { name: 'vip' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual({ name: ['A label with this name already exists.'] });
    expect((await a.admin.post('/labels', { name: 'Bad', color: 'url(x)' })).statusCode).toBe(400);
    expect((await a.admin.post('/labels', { name: '' })).json().fields.name).toEqual(['Name is required.']);
    expect((await b.admin.post('/labels', { name: 'VIP' })).statusCode).toBe(201);
    expect((await a.admin.get('/labels')).json()).toEqual([expect.objectContaining({ name: 'VIP', color: '#ff00aa' })]);

    await a.admin.post('/departments', { name: 'Sales' });
    expect((await a.admin.post('/departments', { name: 'SALES' })).statusCode).toBe(409);
    expect((await a.admin.post('/departments', { name: 'X' })).statusCode).toBe(400);
    const bDepartments = (await b.admin.get('/departments')).json();
    expect(bDepartments).toEqual([]);
    const aDepartment = (await a.admin.get('/departments')).json()[0].id;
    expect((await b.admin.post('/people', b.body({ department_id: aDepartment }))).statusCode).toBe(422);
    expect(await auditCount(a.entity.id, 'label.create')).toBe(1);
  });

  it('removes a label from the company and from its people, and never another company’s', async () => {
    const a = await world();
    const b = await world();
    const vip = (await a.admin.post('/labels', { name: 'VIP' })).json<{ id: string }>().id;
    const person = await a.create({ label_ids: [vip] });
    expect((await b.admin.delete(`/labels/${vip}`)).statusCode).toBe(404);
    expect((await a.admin.get(`/people/${person.id}`)).json<Person>().labels).toHaveLength(1);

    expect((await a.admin.delete(`/labels/${vip}`)).statusCode).toBe(204);
    expect((await a.admin.get('/labels')).json()).toEqual([]);
    const after = (await a.admin.get(`/people/${person.id}`)).json<Person>();
    expect(after.labels).toEqual([]);
    expect(after.first_name).toBe(person.first_name);
    expect((await a.admin.delete(`/labels/${vip}`)).statusCode).toBe(404);
    expect((await a.admin.delete('/labels/not-an-id')).statusCode).toBe(400);
    expect(await auditCount(a.entity.id, 'label.delete')).toBe(1);
  });
});

describe('dashboard invitations', () => {
  it('says who can be invited, invites with a set-password link, and accepts on first sign-in', async () => {
    const w = await world();
    const ann = await w.create({
      first_name: 'Ann',
      email: `ann.${newId().slice(-8)}@x.test`,
      role_id: w.roles.fire_warden,
    });
    const noEmail = await w.create({ first_name: 'NoEmail' });
    const archived = await w.create({ first_name: 'Archived', email: `arch.${newId().slice(-8)}@x.test` });
    await w.admin.post('/people/archive', { person_ids: [archived.id] });
    const employee = (await membersOf(w)).find((p) => p.first_name === 'employee')!;

    const query = [ann, noEmail, archived, employee].map((p) => `person_ids=${p.id}`).join('&');
    const candidates = (await w.admin.get(`/people/invite-candidates?${query}&person_ids=${newId()}`)).json<
      InviteCandidate[]
    >();
    expect(candidates.map((c) => [c.first_name, c.error?.reason ?? null])).toEqual([
      ['Ann', null],
      ['NoEmail', 'no_email'],
      ['Archived', 'archived'],
      ['employee', 'already_done'],
    ]);
    expect(candidates[0]).toMatchObject({ email: ann.email, role_id: w.roles.fire_warden, dashboard_access: 'none' });
    expect((await w.admin.get('/people/invite-candidates')).statusCode).toBe(400);

    const res = await w.admin.post('/people/invite', { person_ids: [ann.id, noEmail.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ done: [ann.id], skipped: [{ id: noEmail.id, reason: 'no_email' }] });
    const invited = (await w.admin.get(`/people/${ann.id}`)).json<Person>();
    expect(invited.dashboard_access).toBe('invited');
    const stored = (await storedPerson(ctx.db.db, w.entity, ann.id))!;
    const [membership] = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.select().from(memberships).where(eq(memberships.id, stored.membershipId!)),
    );
    expect(membership).toMatchObject({ roleId: w.roles.fire_warden, status: 'active', siteScope: 'assigned' });
    expect(await auditCount(w.entity.id, 'person.dashboard.invite')).toBe(1);

    const mail = (await lastMailTo(ann.email!))!;
    expect(mail.subject).toBe(`You are invited to the ${w.entity.name} dashboard`);
    expect(mail.text).toContain('as Fire warden');
    const token = mail.text.match(/reset-password\?token=([\w-]+)/)![1]!;
    const anon = new TestClient(ctx.app);
    const set = await anon.post('/auth/reset-password', {
      token,
      password: 'a new password 1',
      password_confirmation: 'a new password 1',
    });
    expect(set.statusCode, set.body).toBe(200);
    const { client, body } = await signIn(ctx.app, ann.email!, 'a new password 1');
    expect(body).toMatchObject({ status: 'ok', role: { name: 'Fire warden' } });
    expect((await client.get('/auth/me')).statusCode).toBe(200);
    expect((await w.admin.get(`/people/${ann.id}`)).json().dashboard_access).toBe('active');
    // Their scope is their own sites and user types.
    expect(body.entity).toMatchObject({ id: w.entity.id });
  });

  it('reuses an existing login by email and refuses an email another member holds', async () => {
    const w = await world();
    const elsewhere = await createCompany(ctx.db.db);
    // The other company's employee: a login with a password already.
    const known = await w.create({ first_name: 'Known', email: elsewhere.people.employee.email });
    const res = (await w.admin.post('/people/invite', { person_ids: [known.id] })).json<MassResult>();
    expect(res.done).toEqual([known.id]);
    const mail = (await lastMailTo(elsewhere.people.employee.email))!;
    expect(mail.text).toContain('Sign in with your existing account');
    expect(mail.text).not.toContain('token=');
    const [login] = await ctx.db.db.select().from(users).where(eq(users.email, elsewhere.people.employee.email));
    expect((await storedPerson(ctx.db.db, w.entity, known.id))!.userId).toBe(login!.id);
    const { body } = await signIn(ctx.app, elsewhere.people.employee.email, PASSWORD);
    expect(body.status).toBe('choose_entity');

    // A person whose email is another member's login cannot take over that membership.
    const clash = await w.create({ first_name: 'Clash', email: `x${newId().slice(-6)}@x.test` });
    await withTenant(ctx.db.db, w.entity.id, async (tx) => {
      await tx.update(people).set({ email: null }).where(eq(people.membershipId, w.people.employee.membershipId));
      await tx.update(people).set({ email: w.people.employee.email }).where(eq(people.id, clash.id));
    });
    const candidates = (await w.admin.get(`/people/invite-candidates?person_ids=${clash.id}`)).json();
    expect(candidates[0].error.reason).toBe('email_in_use');
    expect((await w.admin.post('/people/invite', { person_ids: [clash.id] })).json().skipped[0].reason).toBe(
      'email_in_use',
    );
  });

  it('revokes access (never the owner’s or one’s own), ends sessions there, and allows deleting after', async () => {
    const w = await world();
    const { client: employeeClient } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    const members = await membersOf(w);
    const employee = members.find((p) => p.first_name === 'employee')!;
    const owner = members.find((p) => p.is_default)!;
    const { client: sysAdmin } = await signIn(ctx.app, w.people.system_admin.email, PASSWORD);
    const self = members.find((p) => p.first_name === 'system_admin')!;
    const plain = await w.create();

    const res = (
      await sysAdmin.post('/people/revoke', { person_ids: [employee.id, owner.id, self.id, plain.id] })
    ).json<MassResult>();
    expect(res.done).toEqual([employee.id]);
    expect(res.skipped.map((s) => s.reason)).toEqual(['owner', 'self', 'already_done']);
    expect(res.skipped[0]!.message).toBe("The company owner's dashboard access cannot be revoked.");
    expect((await w.admin.get(`/people/${employee.id}`)).json().dashboard_access).toBe('revoked');
    const [membership] = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.select().from(memberships).where(eq(memberships.id, w.people.employee.membershipId)),
    );
    expect(membership!.status).toBe('revoked');
    expect((await employeeClient.get('/auth/me')).statusCode).toBe(401);
    const left = await ctx.db.db.select().from(sessions).where(eq(sessions.userId, w.people.employee.id));
    expect(left).toHaveLength(0);
    const signInAgain = await new TestClient(ctx.app).post('/auth/login', {
      email: w.people.employee.email,
      password: PASSWORD,
    });
    expect(signInAgain.statusCode).toBe(422);
    expect(await auditCount(w.entity.id, 'person.dashboard.revoke')).toBe(1);

    // Invited again, the same membership opens with the person's role.
    expect((await w.admin.post('/people/invite', { person_ids: [employee.id] })).json().done).toEqual([employee.id]);
    expect((await signIn(ctx.app, w.people.employee.email, PASSWORD)).body.status).toBe('ok');
    await w.admin.post('/people/revoke', { person_ids: [employee.id] });
    expect((await w.admin.delete(`/people/${employee.id}`)).statusCode).toBe(204);
    const gone = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.select().from(memberships).where(eq(memberships.id, w.people.employee.membershipId)),
    );
    expect(gone).toHaveLength(0);
  });

  it('never invites or revokes another company’s people', async () => {
    const a = await world();
    const b = await world();
    const bob = await b.create({ email: `bob.${newId().slice(-8)}@x.test` });
    const bMember = (await membersOf(b)).find((p) => p.first_name === 'employee')!;
    expect((await a.admin.get(`/people/invite-candidates?person_ids=${bob.id}`)).json()).toEqual([]);
    expect((await a.admin.post('/people/invite', { person_ids: [bob.id] })).json().skipped[0].reason).toBe('not_found');
    expect((await a.admin.post('/people/revoke', { person_ids: [bMember.id] })).json().done).toEqual([]);
    expect((await storedPerson(ctx.db.db, b.entity, bob.id))!.dashboardAccess).toBe('none');
    expect((await storedPerson(ctx.db.db, b.entity, bMember.id))!.dashboardAccess).toBe('active');
    expect(await lastMailTo(bob.email!)).toBeNull();
  });
});

describe('user type hosts', () => {
  it('sets and lists the hosts of a user type, within the company and the admin’s scope', async () => {
    const w = await world();
    const [h1, h2] = [await w.create({ first_name: 'Host1' }), await w.create({ first_name: 'Host2' })];
    const far = await w.create({ first_name: 'Far', site_ids: [w.sites.branch] });
    const url = `/user-types/${w.types.visitors}/hosts`;
    expect((await w.admin.get(url)).json()).toEqual([]);
    const set = await w.admin.put(url, { person_ids: [h2.id, h1.id, far.id] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().map((h: { full_name: string }) => h.full_name)).toEqual([
      'Far Lovelace',
      'Host1 Lovelace',
      'Host2 Lovelace',
    ]);

    // A scoped admin sees only hosts in scope, and their change keeps the others.
    const scoped = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.hq], [w.types.staff, w.types.visitors]);
    expect(
      (await scoped.client.get(url))
        .json()
        .map((h: { id: string }) => h.id)
        .sort(),
    ).toEqual([h1.id, h2.id].sort());
    expect((await scoped.client.put(url, { person_ids: [h1.id] })).json().map((h: { id: string }) => h.id)).toEqual([
      h1.id,
    ]);
    expect(
      (await w.admin.get(url))
        .json()
        .map((h: { id: string }) => h.id)
        .sort(),
    ).toEqual([h1.id, far.id].sort());
    expect((await scoped.client.put(url, { person_ids: [far.id] })).statusCode).toBe(422);

    await w.admin.post('/people/archive', { person_ids: [h2.id] });
    const archived = await w.admin.put(url, { person_ids: [h2.id] });
    expect(archived.statusCode).toBe(422);
    expect(archived.json().fields).toEqual({ person_ids: ['Archived people cannot host visitors.'] });

    const b = await world();
    const bob = await b.create();
    expect((await w.admin.put(url, { person_ids: [bob.id] })).statusCode).toBe(422);
    expect((await b.admin.get(url)).statusCode).toBe(404);
    expect((await b.admin.put(url, { person_ids: [bob.id] })).statusCode).toBe(404);
    expect((await w.admin.get(url)).json()).toHaveLength(2);
  });
});
