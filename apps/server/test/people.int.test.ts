import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Person } from '@app/shared/people/schemas';
import { withTenant } from '../src/db/client';
import { auditLog, departments, labels, memberships, personSites, personUserTypes } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { newQrCode } from '../src/modules/entities/entity-setup';
import { insertPerson } from '../src/modules/people/people.repository';
import { uniqueViolation } from '../src/modules/people/person-rules';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn } from './helpers/http-client';
import { addUserType, peopleWorld, scopedAdmin, storedPerson } from './helpers/people-world';
import { PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const world = (opts: Parameters<typeof peopleWorld>[2] = {}) => peopleWorld(ctx.app, ctx.db.db, opts);

const actions = async (entityId: string, targetId: string) =>
  (
    await ctx.db.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId), eq(auditLog.targetId, targetId)))
      .orderBy(auditLog.createdAt)
  ).map((r) => r.action);

async function addLabel(w: Awaited<ReturnType<typeof world>>, name: string) {
  const res = await w.admin.post('/labels', { name, color: 'red' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function addDepartment(w: Awaited<ReturnType<typeof world>>, name: string) {
  const res = await w.admin.post('/departments', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('adding, reading and changing people', () => {
  it('adds a person with every field, reads it back and records who did it', async () => {
    const w = await world();
    const label = await addLabel(w, 'First aider');
    const department = await addDepartment(w, 'Finance');
    const person = await w.create({
      email: 'Ada@Example.test',
      phone_code: '+971',
      phone: '501234567',
      id_number: 'EMP001',
      company_name: '  Analytical Engines Ltd ',
      department_id: department,
      site_ids: [w.sites.hq, w.sites.branch],
      user_type_ids: [w.types.staff, w.types.visitors],
      label_ids: [label],
    });
    expect(person).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      full_name: 'Ada Lovelace',
      email: 'ada@example.test',
      phone_code: '971',
      phone: '501234567',
      id_number: 'EMP001',
      company_name: 'Analytical Engines Ltd',
      role: { id: w.roles.employee, name: 'Employee' },
      department: { id: department, name: 'Finance' },
      status: 'active',
      has_photo: false,
      photo_url: null,
      has_rfid: false,
      labels: [{ id: label, name: 'First aider', color: 'red' }],
      dashboard_access: 'none',
      is_default: false,
      is_self: false,
      custom_fields: [],
    });
    expect(person.sites).toEqual([
      { id: w.sites.branch, name: 'Branch', accessible: true },
      { id: w.sites.hq, name: 'HQ', accessible: true },
    ]);
    expect(person.user_types.map((t) => t.name)).toEqual(['Staff', 'Visitors']);
    const read = await w.admin.get(`/people/${person.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(person);
    expect(await actions(w.entity.id, person.id)).toEqual(['person.create']);
    // The company a visitor comes from is found by the search too.
    const found = (await w.admin.get('/people?search=analytical')).json<{ data: { id: string }[] }>();
    expect(found.data.map((p) => p.id)).toEqual([person.id]);

    const changed = await w.admin.put(`/people/${person.id}`, {
      ...w.body({ first_name: 'Augusta', email: 'ada@example.test', site_ids: [w.sites.branch] }),
      department_id: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Left out on update: labels stay; every other field is replaced.
    expect(changed.json()).toMatchObject({
      first_name: 'Augusta',
      phone: null,
      id_number: null,
      company_name: null,
      department: null,
      sites: [{ id: w.sites.branch }],
      user_types: [{ id: w.types.staff }],
      labels: [{ id: label }],
    });
    expect(await actions(w.entity.id, person.id)).toEqual(['person.create', 'person.update']);
  });

  it('lists people paged, sorted, searched and filtered', async () => {
    const w = await world();
    const vip = await addLabel(w, 'VIP');
    const sales = await addDepartment(w, 'Sales');
    const zed = await w.create({ first_name: 'Zed', last_name: 'Young', email: 'zed@x.test', label_ids: [vip] });
    const amy = await w.create({
      first_name: 'Amy',
      last_name: 'Adams',
      phone_code: '34',
      phone: '612345678',
      site_ids: [w.sites.branch],
      user_type_ids: [w.types.visitors],
      role_id: w.roles.fire_warden,
    });
    const bob = await w.create({ first_name: 'Bob', last_name: 'Brown', id_number: 'X-77', department_id: sales });
    await w.admin.post('/people/archive', { person_ids: [bob.id] });
    const names = async (query: string) => {
      const res = await w.admin.get(`/people?limit=100&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: Person[] }>().data.map((p) => p.first_name);
    };
    // The five dashboard members of the company are people too.
    const all = (await w.admin.get('/people?limit=2&page=1')).json();
    expect(all.count).toBe(8);
    expect(all.data).toHaveLength(2);
    expect((await w.admin.get('/people?limit=2&page=4')).json().data).toHaveLength(2);
    expect(await names('search=zed@x')).toEqual(['Zed']);
    expect(await names('search=Amy%20Adams')).toEqual(['Amy']);
    expect(await names(`search=${encodeURIComponent('+34 612')}`)).toEqual(['Amy']);
    expect(await names('search=x-77')).toEqual(['Bob']);
    expect(await names('search=50%25')).toEqual([]);
    expect(await names(`user_type_id=${w.types.visitors}`)).toEqual(['Amy']);
    expect(await names(`site_id=${w.sites.branch}&site_id=${w.sites.hq}`)).toHaveLength(3);
    expect(await names(`role_id=${w.roles.fire_warden}`)).toEqual(['Amy', 'fire_warden']);
    expect(await names(`label_id=${vip}`)).toEqual(['Zed']);
    expect(await names(`department_id=${sales}`)).toEqual(['Bob']);
    expect(await names('status=archived')).toEqual(['Bob']);
    expect(await names('dashboard_access=none')).toEqual(['Amy', 'Bob', 'Zed']);
    expect(await names('dashboard_access=active&search=employee')).toEqual(['employee', 'employee_reporting']);
    expect((await names(`user_type_id=${w.types.staff}&sortField=name&orderBy=desc`)).slice(0, 2)).toEqual([
      'Zed',
      'Bob',
    ]);
    expect((await w.admin.get('/people?sortField=password')).statusCode).toBe(400);
    expect((await w.admin.get('/people?site_id=nope')).statusCode).toBe(400);
    expect(zed.id).not.toBe(amy.id);
  });

  it('answers bad input with 400 naming each field, in the caller’s language', async () => {
    const w = await world();
    const bad = async (over: Record<string, unknown>, lang?: string) => {
      const res = await w.admin.post('/people', w.body(over), lang ? { 'x-lang': lang } : {});
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ code: string; fields: Record<string, string[]> }>().fields;
    };
    expect((await bad({ first_name: '' })).first_name).toEqual(['First name is required.']);
    expect((await bad({ phone_code: '971', phone: '50-12' })).phone).toEqual(['Phone must contain digits only.']);
    expect((await bad({ phone: '501234567' })).phone_code).toEqual(['Country code is required.']);
    expect((await bad({ email: 'not-an-email' })).email).toEqual(['Invalid email address']);
    expect((await bad({ site_ids: [] })).site_ids).toEqual(['Site is required.']);
    expect((await bad({ user_type_ids: [] })).user_type_ids).toEqual(['User type is required.']);
    expect((await bad({ role_id: 'admin' })).role_id).toHaveLength(1);
    expect((await bad({ first_name: 'x'.repeat(51) })).first_name).toEqual([
      'First name must be at most 50 characters.',
    ]);
    const arabic = await bad({ email: 'nope' }, 'ar');
    expect(arabic.email![0]).not.toBe('Invalid email address');
    expect((await w.admin.get('/people?limit=100')).json().count).toBe(5);
  });

  it('keeps email, phone and id number unique in the company with the spec’s messages', async () => {
    const w = await world();
    const first = await w.create({ email: 'sam@x.test', phone_code: '971', phone: '500000001', id_number: 'ID-1' });
    const conflict = async (over: Record<string, unknown>, field: string, message: string) => {
      const res = await w.admin.post('/people', w.body(over));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ message, fields: { [field]: [message] } });
    };
    await conflict({ email: 'SAM@x.test' }, 'email', 'Email address already exists');
    await conflict({ phone_code: '+971', phone: '500000001' }, 'phone', 'Phone number already exists');
    await conflict({ id_number: 'id-1' }, 'id_number', 'ID already exists');
    // The same number under another country code is another phone.
    await w.create({ phone_code: '34', phone: '500000001' });
    // A person keeps their own values when changed.
    const same = await w.admin.put(`/people/${first.id}`, {
      ...w.body({ email: 'sam@x.test', phone_code: '971', phone: '500000001', id_number: 'ID-1' }),
      first_name: 'Samuel',
    });
    expect(same.statusCode, same.body).toBe(200);
    const other = await w.create({ email: 'other@x.test' });
    const taken = await w.admin.put(`/people/${other.id}`, w.body({ email: 'sam@x.test' }));
    expect(taken.statusCode).toBe(409);
    expect((await storedPerson(ctx.db.db, w.entity, other.id))!.email).toBe('other@x.test');

    const check = async (query: string, lang = 'en') =>
      (await w.admin.get(`/people/availability?${query}`, { 'x-lang': lang })).json();
    expect(await check('field=email&value=Sam%40X.test')).toEqual({
      available: false,
      message: 'Email address already exists',
    });
    expect(await check(`field=email&value=sam%40x.test&exclude_id=${first.id}`)).toEqual({
      available: true,
      message: null,
    });
    expect(await check('field=phone&value=500000001&phone_code=971')).toMatchObject({
      message: 'Phone number already exists',
    });
    expect(await check('field=phone&value=500000001&phone_code=44')).toEqual({ available: true, message: null });
    expect(await check('field=id_number&value=ID-1', 'es')).toMatchObject({ available: false });
    expect((await check('field=id_number&value=ID-1', 'es')).message).not.toBe('ID already exists');
    expect((await w.admin.get('/people/availability?field=password&value=x')).statusCode).toBe(400);
  });

  it('turns the database’s own unique refusal (two requests racing) into the same messages', async () => {
    const w = await world();
    await w.create({ email: 'race@x.test', phone_code: '1', phone: '555', id_number: 'R-1' });
    const raced = async (values: { email?: string; phone?: string; idNumber?: string }) => {
      const error = await withTenant(ctx.db.db, w.entity.id, (tx) =>
        insertPerson(tx, {
          entityId: w.entity.id,
          id: newId(),
          firstName: 'Twin',
          lastName: 'Racer',
          roleId: w.roles.employee,
          qrCode: newQrCode(),
          phoneCode: '1',
          ...values,
        }),
      ).catch((e: unknown) => e);
      return uniqueViolation(error)?.options;
    };
    expect(await raced({ email: 'RACE@x.test' })).toEqual({ field: 'email', messageKey: 'email_taken' });
    expect(await raced({ phone: '555' })).toEqual({ field: 'phone', messageKey: 'phone_taken' });
    expect(await raced({ idNumber: 'r-1' })).toEqual({ field: 'id_number', messageKey: 'id_number_taken' });
    expect(uniqueViolation(new Error('other'))).toBeNull();
  });

  it('accepts only this company’s roles, departments, sites, user types and labels (422 naming the field)', async () => {
    const w = await world();
    const b = await world();
    const bLabel = await addLabel(b, 'Theirs');
    const bDepartment = await addDepartment(b, 'Theirs');
    const refused = async (over: Record<string, unknown>, field: string) => {
      const res = await w.admin.post('/people', w.body(over));
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    };
    await refused({ role_id: b.roles.employee }, 'role_id');
    await refused({ department_id: bDepartment }, 'department_id');
    await refused({ site_ids: [w.sites.hq, b.sites.hq] }, 'site_ids');
    await refused({ user_type_ids: [b.types.staff] }, 'user_type_ids');
    await refused({ label_ids: [bLabel] }, 'label_ids');
    await refused({ department_id: newId() }, 'department_id');
    expect((await w.admin.get('/people?limit=100')).json().count).toBe(5);
  });

  it('makes a user type’s mandatory profile data required for its people', async () => {
    const w = await world();
    const strict = await addUserType(w.admin, 'Contractors', {
      mandatory_profile_data: ['email', 'phone', 'id_number', 'company_name', 'photo'],
    });
    const full = { email: 'c@x.test', phone_code: '44', phone: '7700900000', id_number: 'C-1', company_name: 'Acme' };
    const missing = async (over: Record<string, unknown>, field: string, message: string) => {
      const res = await w.admin.post('/people', w.body({ user_type_ids: [strict], ...full, ...over }));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().fields).toEqual({ [field]: [message] });
    };
    await missing({ email: null }, 'email', 'Email is required for this user type.');
    await missing({ phone: '', phone_code: '' }, 'phone', 'Phone is required');
    await missing({ id_number: '' }, 'id_number', 'ID is required for this user type.');
    await missing({ company_name: ' ' }, 'company_name', 'Company is required for this user type.');
    // The photo comes after the person exists; from then on it is required.
    const person = await w.create({ user_type_ids: [strict], ...full });
    const update = await w.admin.put(`/people/${person.id}`, w.body({ user_type_ids: [strict], ...full }));
    expect(update.statusCode).toBe(422);
    expect(update.json().fields).toEqual({ photo: ['A photo is required for this user type.'] });
    // Other types ask for nothing.
    expect((await w.admin.put(`/people/${person.id}`, w.body({ ...full }))).statusCode).toBe(200);
  });

  it('gives only roles the caller could hold; the owner’s role and one’s own role are locked', async () => {
    const w = await world();
    // A fire warden who may manage people, but holds none of the admin's other permissions.
    expect(
      (await w.admin.put(`/roles/${w.roles.fire_warden}/permissions`, { permissions: { users: 1 } })).statusCode,
    ).toBe(200);
    const { client: warden } = await signIn(ctx.app, w.people.fire_warden.email, PASSWORD);
    const roles = (await warden.get('/people/roles')).json<{ name: string }[]>().map((r) => r.name);
    expect(roles.sort()).toEqual(['Employee', 'Fire warden']);
    expect((await w.admin.get('/people/roles')).json<{ name: string }[]>().map((r) => r.name).length).toBe(5);
    const res = await warden.post('/people', w.body({ role_id: w.roles.admin }));
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({
      role_id: ['You cannot give a role with permissions you do not have yourself.'],
    });
    expect((await warden.post('/people', w.body({ role_id: w.roles.employee }))).statusCode).toBe(201);

    const list = (await w.admin.get('/people?limit=100&dashboard_access=active')).json<{ data: Person[] }>().data;
    const owner = list.find((p) => p.is_default)!;
    const me = list.find((p) => p.is_self)!;
    expect(owner.id).toBe(me.id);
    const locked = await w.admin.put(`/people/${owner.id}`, w.body({ first_name: 'Owner', role_id: w.roles.employee }));
    expect(locked.statusCode).toBe(422);
    expect(locked.json().fields.role_id).toEqual(["The owner's role cannot be changed."]);
    const { client: sysAdmin } = await signIn(ctx.app, w.people.system_admin.email, PASSWORD);
    const sys = (await sysAdmin.get('/people?limit=100&dashboard_access=active')).json<{ data: Person[] }>();
    const self = sys.data.find((p) => p.is_self)!;
    const own = await sysAdmin.put(`/people/${self.id}`, w.body({ role_id: w.roles.employee }));
    expect(own.statusCode).toBe(422);
    expect(own.json().fields.role_id).toEqual(['You cannot do this to your own user.']);
  });
});

describe('admin scope (spec §6)', () => {
  it('shows and changes only people inside the admin’s sites and user types, keeping inaccessible sites', async () => {
    const w = await world();
    const inside = await w.create({ first_name: 'Inside' });
    const both = await w.create({ first_name: 'Both', site_ids: [w.sites.hq, w.sites.branch] });
    const otherSite = await w.create({ first_name: 'Elsewhere', site_ids: [w.sites.branch] });
    const otherType = await w.create({ first_name: 'Visitor', user_type_ids: [w.types.staff, w.types.visitors] });
    const scoped = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.hq], [w.types.staff]);
    const c = scoped.client;

    const seen = (await c.get('/people?limit=100')).json<{ data: Person[]; count: number }>();
    expect(seen.data.map((p) => p.first_name).sort()).toEqual(['Both', 'Inside', 'Test']);
    expect(seen.count).toBe(3);
    // A search finds and counts only the admin's people too.
    const searched = (await c.get('/people?limit=100&search=lovelace')).json<{ data: Person[]; count: number }>();
    expect(searched.data.map((p) => p.first_name).sort()).toEqual(['Both', 'Inside']);
    expect(searched.count).toBe(2);
    for (const out of [otherSite, otherType]) {
      expect((await c.get(`/people/${out.id}`)).statusCode).toBe(404);
      expect((await c.put(`/people/${out.id}`, w.body())).statusCode).toBe(404);
      expect((await c.delete(`/people/${out.id}`)).statusCode).toBe(404);
      expect((await storedPerson(ctx.db.db, w.entity, out.id))!.firstName).toBe(out.first_name);
    }

    const bothSeen = seen.data.find((p) => p.id === both.id)!;
    expect(bothSeen.sites).toEqual([
      { id: w.sites.branch, name: 'Branch', accessible: false },
      { id: w.sites.hq, name: 'HQ', accessible: true },
    ]);
    // Sending only the sites the admin can see keeps the others (removing them is not allowed).
    const kept = await c.put(`/people/${both.id}`, w.body({ first_name: 'Both', site_ids: [w.sites.hq] }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(
      kept
        .json<Person>()
        .sites.map((s) => s.id)
        .sort(),
    ).toEqual([w.sites.hq, w.sites.branch].sort());
    // The person's own inaccessible site may be sent back; a new one may not; one of the admin's must stay.
    expect((await c.put(`/people/${both.id}`, w.body({ site_ids: [w.sites.branch, w.sites.hq] }))).statusCode).toBe(
      200,
    );
    const dropped = await c.put(`/people/${both.id}`, w.body({ site_ids: [w.sites.branch] }));
    expect(dropped.statusCode).toBe(422);
    expect(dropped.json().fields.site_ids).toEqual([
      'Keep at least one of your own sites, or you could no longer manage this person.',
    ]);
    const gave = await c.put(`/people/${inside.id}`, w.body({ site_ids: [w.sites.hq, w.sites.branch] }));
    expect(gave.statusCode).toBe(422);
    expect(gave.json().fields.site_ids).toEqual(['One of the chosen sites does not exist or is not assigned to you.']);

    const newSite = await c.post('/people', w.body({ site_ids: [w.sites.branch] }));
    expect(newSite.statusCode).toBe(422);
    const newType = await c.post('/people', w.body({ user_type_ids: [w.types.visitors] }));
    expect(newType.statusCode).toBe(422);
    expect(newType.json().fields.user_type_ids).toHaveLength(1);
    expect((await c.post('/people', w.body({ first_name: 'Mine' }))).statusCode).toBe(201);
  });

  it('lets no company read, change or delete another company’s people', async () => {
    const a = await world();
    const b = await world();
    const person = await a.create({ email: 'private@a.test' });
    expect((await b.admin.get(`/people/${person.id}`)).statusCode).toBe(404);
    expect((await b.admin.put(`/people/${person.id}`, b.body())).statusCode).toBe(404);
    expect((await b.admin.delete(`/people/${person.id}`)).statusCode).toBe(404);
    const list = (await b.admin.get(`/people?limit=100&search=private`)).json();
    expect(list.count).toBe(0);
    // Uniqueness is per company: the same email is free in another.
    expect((await b.admin.post('/people', b.body({ email: 'private@a.test' }))).statusCode).toBe(201);
    const stored = await storedPerson(ctx.db.db, a.entity, person.id);
    expect(stored).toMatchObject({ firstName: 'Ada', email: 'private@a.test' });
  });
});

describe('deleting people', () => {
  it('refuses default people, oneself and people with dashboard access; deletes the others whole', async () => {
    const w = await world();
    const members = (await w.admin.get('/people?limit=100&dashboard_access=active')).json<{ data: Person[] }>().data;
    const owner = members.find((p) => p.is_default)!;
    const employee = members.find((p) => p.first_name === 'employee')!;
    const refused = async (id: string, message: string) => {
      const res = await w.admin.delete(`/people/${id}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(message);
    };
    await refused(owner.id, 'This is a default user of the company: it cannot be archived or deleted.');
    await refused(employee.id, 'This person can still use the dashboard. Revoke their dashboard access first.');
    const { client: sysAdmin } = await signIn(ctx.app, w.people.system_admin.email, PASSWORD);
    const self = (await sysAdmin.get('/people?limit=100')).json<{ data: Person[] }>().data.find((p) => p.is_self)!;
    expect((await sysAdmin.delete(`/people/${self.id}`)).statusCode).toBe(422);

    const label = await addLabel(w, 'Gone');
    const person = await w.create({ label_ids: [label] });
    expect((await w.admin.delete(`/people/${person.id}`)).statusCode).toBe(204);
    expect((await w.admin.get(`/people/${person.id}`)).statusCode).toBe(404);
    expect(await storedPerson(ctx.db.db, w.entity, person.id)).toBeNull();
    const left = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.select().from(personSites).where(eq(personSites.personId, person.id)),
    );
    expect(left).toHaveLength(0);
    expect(await actions(w.entity.id, person.id)).toEqual(['person.create', 'person.delete']);
    // The label itself stays for others.
    const [stillThere] = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.select().from(labels).where(eq(labels.id, label)),
    );
    expect(stillThere).toBeDefined();
  });

  it('keeps refusing to delete a user type people still have', async () => {
    const w = await world();
    const person = await w.create({ user_type_ids: [w.types.visitors] });
    const refused = await w.admin.delete(`/user-types/${w.types.visitors}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('1 people still have this user type. Give them another type first.');
    expect((await w.admin.put(`/people/${person.id}`, w.body())).statusCode).toBe(200);
    expect((await w.admin.delete(`/user-types/${w.types.visitors}`)).statusCode).toBe(204);
  });
});

describe('dashboard members’ assignments', () => {
  it('tells a member whose role, sites or user types change, with the new names, and keeps the membership role', async () => {
    const w = await world();
    const toUser = vi.spyOn(ctx.app.realtime, 'toUser');
    try {
      const employee = (await w.admin.get('/people?limit=100&search=employee')).json<{ data: Person[] }>().data[0]!;
      const res = await w.admin.put(
        `/people/${employee.id}`,
        w.body({
          first_name: 'employee',
          email: w.people.employee.email,
          role_id: w.roles.fire_warden,
          site_ids: [w.sites.hq, w.sites.branch],
          user_type_ids: [w.types.visitors],
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(toUser).toHaveBeenCalledWith(w.people.employee.id, 'pongUpdateUserRole', {
        user_id: w.people.employee.id,
        entity: w.entity.id,
        oldRole: { id: w.roles.employee, name: 'Employee' },
        newRole: { id: w.roles.fire_warden, name: 'Fire warden' },
        siteNames: ['Branch', 'HQ'],
        userTypeNames: ['Visitors'],
      });
      const [membership] = await withTenant(ctx.db.db, w.entity.id, (tx) =>
        tx.select().from(memberships).where(eq(memberships.id, w.people.employee.membershipId)),
      );
      expect(membership!.roleId).toBe(w.roles.fire_warden);
      const { client } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
      expect((await client.get('/auth/me')).json().role.name).toBe('Fire warden');

      // A change of name alone, or a person without dashboard access, tells nobody.
      toUser.mockClear();
      await w.admin.put(
        `/people/${employee.id}`,
        w.body({
          first_name: 'Emma',
          email: w.people.employee.email,
          role_id: w.roles.fire_warden,
          site_ids: [w.sites.hq, w.sites.branch],
          user_type_ids: [w.types.visitors],
        }),
      );
      const plain = await w.create();
      await w.admin.put(`/people/${plain.id}`, w.body({ role_id: w.roles.fire_warden }));
      expect(toUser).not.toHaveBeenCalled();

      // The members screen's role change names the person's sites and user types too.
      const viaMembers = await w.admin.put(`/members/${w.people.employee.membershipId}/role`, {
        role_id: w.roles.employee_reporting,
      });
      expect(viaMembers.statusCode).toBe(200);
      expect(toUser).toHaveBeenCalledWith(
        w.people.employee.id,
        'pongUpdateUserRole',
        expect.objectContaining({ siteNames: ['Branch', 'HQ'], userTypeNames: ['Visitors'] }),
      );
      expect((await w.admin.get(`/people/${employee.id}`)).json().role.name).toBe('Employee with reporting');
    } finally {
      toUser.mockRestore();
    }
  });

  it('documents every people endpoint in the API document', async () => {
    const paths = Object.keys((await ctx.app.inject({ url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/people',
        '/api/v1/people/{id}',
        '/api/v1/people/{id}/photo',
        '/api/v1/people/invite-candidates',
        '/api/v1/people/user-types',
        '/api/v1/labels',
        '/api/v1/departments',
        '/api/v1/user-types/{id}/hosts',
      ]),
    );
  });

  it('writes person rows only where RLS lets the company', async () => {
    const a = await world();
    const b = await world();
    const person = await a.create();
    const rows = await withTenant(ctx.db.db, b.entity.id, (tx) =>
      tx
        .select()
        .from(personUserTypes)
        .where(inArray(personUserTypes.personId, [person.id])),
    );
    expect(rows).toHaveLength(0);
    await expect(
      withTenant(ctx.db.db, b.entity.id, (tx) =>
        tx.insert(departments).values({ entityId: a.entity.id, id: newId(), name: 'Sneaky' }),
      ),
    ).rejects.toThrow();
  });
});
