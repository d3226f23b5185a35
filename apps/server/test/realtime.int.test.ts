import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, TestClient } from './helpers/http-client';
import { and, eq } from 'drizzle-orm';
import { entities as entitiesTable, people as peopleTable } from '../src/db/schema/index';
import { reportFigure } from './helpers/figures';
import {
  closeSockets,
  collect,
  joinRoom,
  listen,
  openBareSocket,
  openSocket,
  waitFor,
  type ClientSocket,
} from './helpers/sockets';
import { createCompany, createPerson, PASSWORD } from './helpers/world';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let one: TestContext;
let two: TestContext;

beforeAll(async () => {
  // Two app nodes on one database, sharing Redis: what a scaled-out deployment runs.
  one = await createTestApp({ REDIS_URL });
  two = await createTestApp({ REDIS_URL }, { db: one.db });
  await Promise.all([listen(one), listen(two)]);
});
afterAll(async () => {
  closeSockets();
  await two.close();
  await one.close();
});

describe('socket authentication and rooms', () => {
  it('refuses a socket without a session', async () => {
    const socket = openBareSocket(one);
    await expect(new Promise((_, reject) => socket.once('connect_error', reject))).rejects.toThrow('unauthenticated');
  });

  it('joins only the company of the session; another company’s room is refused', async () => {
    const a = await createCompany(one.db.db);
    const b = await createCompany(one.db.db);
    const { client } = await signIn(one.app, a.people.admin.email, PASSWORD);
    const socket = await openSocket(one, client);
    expect(await joinRoom(socket, b.entity.id)).toBe('refused');
    expect(await joinRoom(socket, 'not-a-uuid')).toBe('refused');
    expect(await joinRoom(socket, a.entity.id)).toBe('joined');
  });

  it('delivers a company’s events to its room and never to another company', async () => {
    const a = await createCompany(one.db.db);
    const b = await createCompany(one.db.db);
    const { client: adminA } = await signIn(one.app, a.people.admin.email, PASSWORD);
    const { client: adminB } = await signIn(one.app, b.people.admin.email, PASSWORD);
    const socketA = await openSocket(one, adminA);
    const socketB = await openSocket(one, adminB);
    await joinRoom(socketA, a.entity.id);
    await joinRoom(socketB, b.entity.id);
    const onB = collect(socketB, 'updateEntityTwoStepAuth');
    const got = waitFor(socketA, 'updateEntityTwoStepAuth');
    await adminA.put('/company/two-step', { two_step_enabled: true, otp_roles: [] });
    expect(await got).toEqual({ entity_id: a.entity.id, updated_by: a.people.admin.id });
    expect(await onB.settle()).toHaveLength(0);
  });
});

describe('events raised by changes', () => {
  it('tells the company about a role change with old and new role', async () => {
    const a = await createCompany(one.db.db);
    const { client: admin } = await signIn(one.app, a.people.admin.email, PASSWORD);
    const { client: employee } = await signIn(one.app, a.people.employee.email, PASSWORD);
    const socket = await openSocket(one, employee);
    await joinRoom(socket, a.entity.id);
    const got = waitFor(socket, 'pongUpdateUserRole');
    expect(
      (await admin.put(`/members/${a.people.employee.membershipId}/role`, { role_id: a.entity.roles.fire_warden }))
        .statusCode,
    ).toBe(200);
    expect(await got).toMatchObject({
      user_id: a.people.employee.id,
      entity: a.entity.id,
      oldRole: { name: 'Employee' },
      newRole: { name: 'Fire warden' },
    });
  });

  it('sends upgrade, downgrade and plan-only changes as the package events', async () => {
    const a = await createCompany(one.db.db, { package: 'Standalone', plan: 1 });
    const operator = await createPerson(one.db.db, [a.entity], 'system_admin', { isPlatformAdmin: true });
    const { client: op } = await signIn(one.app, operator.email, PASSWORD);
    const { client: admin } = await signIn(one.app, a.people.admin.email, PASSWORD);
    const socket = await openSocket(one, admin);
    await joinRoom(socket, a.entity.id);

    let got: Promise<unknown> = waitFor(socket, 'pongUpdateEntityPackage');
    await op.put(`/platform/entities/${a.entity.id}/package`, { package: 'Cloud', plan: 2 });
    expect(await got).toEqual({ action: 'upgrade', entityPlan: 2, package: 'Cloud' });
    got = waitFor(socket, 'pongUpdateEntityPlan');
    await op.put(`/platform/entities/${a.entity.id}/package`, { package: 'Cloud', plan: 3 });
    expect(await got).toEqual({ entityPlan: 3, package: 'Cloud' });
    got = waitFor(socket, 'pongUpdateEntityPackage');
    await op.put(`/platform/entities/${a.entity.id}/package`, { package: 'Standalone', plan: 3 });
    expect(await got).toMatchObject({ action: 'downgrade' });
    expect((await admin.get('/auth/me')).json().entity.package).toBe('Standalone');
  });

  it('tells only the owners, not the admin who made it, of a site or user type another admin created', async () => {
    const a = await createCompany(one.db.db);
    const other = await createPerson(one.db.db, [a.entity], 'admin');
    const { client: owner } = await signIn(one.app, a.people.admin.email, PASSWORD);
    const { client: creator } = await signIn(one.app, other.email, PASSWORD);
    const { client: warden } = await signIn(one.app, a.people.fire_warden.email, PASSWORD);
    const ownerSocket = await joinedSocket(one, owner, a.entity.id);
    const creatorSocket = await joinedSocket(one, creator, a.entity.id);
    const wardenSocket = await joinedSocket(one, warden, a.entity.id);

    const got = waitFor(ownerSocket.socket, 'updateWhenCreatedSiteOrUserType');
    const site = await creator.post('/sites', { name: 'North gate' });
    expect(site.statusCode).toBe(201);
    expect(await got).toEqual({
      entity_user_id: expect.any(String),
      permitted_by: other.id,
      id: site.json<{ id: string }>().id,
      new_created: true,
      entity_id: a.entity.id,
      type: 'site',
      name: 'North gate',
      user_full_name: expect.any(String),
    });
    const typeGot = waitFor(ownerSocket.socket, 'updateWhenCreatedSiteOrUserType');
    const type = await creator.post('/user-types', {
      name: 'Auditors',
      registration_method: 'registration_allowed',
      grace_period_minutes: 30,
    });
    expect(type.statusCode, type.body).toBe(201);
    expect(await typeGot).toMatchObject({ type: 'user_type', name: 'Auditors' });
    // The owner's own creation is not announced to them.
    expect((await owner.post('/sites', { name: 'South gate' })).statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 400));
    const notices = (events: string[]) => events.filter((e) => e === 'updateWhenCreatedSiteOrUserType');
    expect(notices(ownerSocket.events)).toHaveLength(2);
    expect(notices(creatorSocket.events)).toEqual([]);
    expect(notices(wardenSocket.events)).toEqual([]);
  });

  it('tells the person’s other sessions, not the one that did it, that two-step was turned on', async () => {
    const a = await createCompany(one.db.db);
    const { client: here } = await signIn(one.app, a.people.employee.email, PASSWORD);
    const { client: elsewhere } = await signIn(one.app, a.people.employee.email, PASSWORD);
    const hereSocket = await openSocket(one, here);
    const elsewhereSocket = await openSocket(one, elsewhere);
    const onHere = collect(hereSocket, 'updateUserTwoStepAuth');
    const got = waitFor(elsewhereSocket, 'updateUserTwoStepAuth');
    const { secret } = (await here.post('/me/otp/setup')).json();
    const { generate } = await import('otplib');
    expect((await here.post('/me/otp/enable', { code: await generate({ secret }) })).statusCode).toBe(200);
    expect(await got).toEqual({ isOtpEnabled: true, user_id: a.people.employee.id });
    expect(await onHere.settle()).toHaveLength(0);
  });
});

/** Resolves when the server closes the socket; rejects if it stays open. */
function closedByServer(socket: ClientSocket, ms = 5000) {
  return new Promise<string>((resolve, reject) => {
    if (!socket.connected) return resolve('already closed');
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Opens a socket in the company's room, and a watcher that records every company event it gets. */
async function joinedSocket(ctx: TestContext, client: TestClient, entityId: string) {
  const socket = await openSocket(ctx, client);
  expect(await joinRoom(socket, entityId)).toBe('joined');
  const events: string[] = [];
  socket.onAny((event: string) => events.push(event));
  return { socket, events };
}

/**
 * An event for every member of the company (its two-step policy saved again unchanged) raised after the
 * access ended: nothing of it may reach the socket.
 */
async function raiseCompanyEvent(admin: TestClient, entityId: string) {
  const [policy] = await one.db.db
    .select({ enabled: entitiesTable.twoStepEnabled, roles: entitiesTable.otpRoles })
    .from(entitiesTable)
    .where(eq(entitiesTable.id, entityId));
  const saved = await admin.put('/company/two-step', { two_step_enabled: policy!.enabled, otp_roles: policy!.roles });
  expect(saved.statusCode).toBe(200);
  await new Promise((r) => setTimeout(r, 400));
}

const personOfMember = async (entityId: string, membershipId: string) =>
  (
    await one.db.db
      .select({ id: peopleTable.id })
      .from(peopleTable)
      .where(and(eq(peopleTable.entityId, entityId), eq(peopleTable.membershipId, membershipId)))
  )[0]!.id;

/**
 * The company's events among a socket's: the access check that ended access starts (a session ended,
 * a password changed, access revoked) may tell the socket it is out of the company's room
 * (`join_error`) just before the server closes it, which carries nothing of the company's.
 */
const companyEvents = (events: string[]) => events.filter((e) => e !== 'join_error');

describe('sockets end with the access that opened them', () => {
  const ended: string[] = [];
  afterAll(() => reportFigure('sockets', `${ended.length} ways access ends (${ended.join(', ')}): 0 events after`));

  it('closes the socket on sign-out, and the cookie opens no other', async () => {
    const a = await createCompany(one.db.db);
    const { client: admin } = await signIn(one.app, a.people.admin.email, PASSWORD);
    const { client: employee } = await signIn(one.app, a.people.employee.email, PASSWORD);
    const stale = new Map(employee.cookies);
    const { socket, events } = await joinedSocket(one, employee, a.entity.id);
    const closed = closedByServer(socket);
    expect((await employee.post('/auth/logout')).statusCode).toBe(204);
    await closed;
    await raiseCompanyEvent(admin, a.entity.id);
    expect(companyEvents(events)).toEqual([]);
    const replay = new TestClient(one.app);
    replay.cookies = stale;
    await expect(openSocket(one, replay)).rejects.toThrow('unauthenticated');
    ended.push('sign-out');
  });

  it('closes the socket of a session ended from the sessions list, on another node too', async () => {
    const a = await createCompany(one.db.db);
    const { client: admin } = await signIn(one.app, a.people.admin.email, PASSWORD);
    const { client: laptop } = await signIn(one.app, a.people.employee.email, PASSWORD);
    const { client: phone } = await signIn(two.app, a.people.employee.email, PASSWORD);
    const { socket, events } = await joinedSocket(two, laptop, a.entity.id);
    const mine = (await phone.get('/me/sessions')).json<{ data: { id: string; current: boolean }[] }>().data;
    const other = mine.find((s) => !s.current)!;
    const closed = closedByServer(socket);
    expect((await phone.delete(`/me/sessions/${other.id}`)).statusCode).toBe(204);
    await closed;
    await raiseCompanyEvent(admin, a.entity.id);
    expect(companyEvents(events)).toEqual([]);
    ended.push('session ended from the list');
  });

  it('closes the sockets of everyone else’s sessions on a password change', async () => {
    const a = await createCompany(one.db.db);
    const { client: admin } = await signIn(one.app, a.people.admin.email, PASSWORD);
    const { client: here } = await signIn(one.app, a.people.fire_warden.email, PASSWORD);
    const { client: there } = await signIn(one.app, a.people.fire_warden.email, PASSWORD);
    const kept = await joinedSocket(one, here, a.entity.id);
    const { socket, events } = await joinedSocket(one, there, a.entity.id);
    const closed = closedByServer(socket);
    const changed = await here.post('/me/password', {
      current_password: PASSWORD,
      password: 'another long password',
      password_confirmation: 'another long password',
    });
    expect(changed.statusCode).toBe(200);
    await closed;
    await raiseCompanyEvent(admin, a.entity.id);
    expect(companyEvents(events)).toEqual([]);
    expect(kept.events).toContain('updateEntityTwoStepAuth');
    ended.push('password change');
  });

  it('closes a person’s sockets when an admin revokes their access, on every node', async () => {
    const a = await createCompany(one.db.db);
    const { client: admin } = await signIn(one.app, a.people.admin.email, PASSWORD);
    const { client: onOne } = await signIn(one.app, a.people.employee.email, PASSWORD);
    const { client: onTwo } = await signIn(two.app, a.people.employee.email, PASSWORD);
    const first = await joinedSocket(one, onOne, a.entity.id);
    const second = await joinedSocket(two, onTwo, a.entity.id);
    const closed = Promise.all([closedByServer(first.socket), closedByServer(second.socket)]);
    const personId = await personOfMember(a.entity.id, a.people.employee.membershipId);
    const revoked = await admin.post('/people/revoke', { person_ids: [personId] });
    expect(revoked.json().done).toEqual([personId]);
    await closed;
    await raiseCompanyEvent(admin, a.entity.id);
    expect(companyEvents([...first.events, ...second.events])).toEqual([]);
    ended.push('access revoked');
  });

  it('keeps a member who must still enrol in two-step out of the company’s events', async () => {
    const a = await createCompany(one.db.db);
    const { client: admin } = await signIn(one.app, a.people.admin.email, PASSWORD);
    const { client: employee } = await signIn(one.app, a.people.employee.email, PASSWORD);
    const { socket, events } = await joinedSocket(one, employee, a.entity.id);
    const refused = waitFor(socket, 'join_error');
    const policy = await admin.put('/company/two-step', {
      two_step_enabled: true,
      otp_roles: [a.entity.roles.employee],
    });
    expect(policy.statusCode).toBe(200);
    await refused;
    // Told of the policy when it reaches the room before the database's access notice takes the socket
    // out (the notice's check may win that race, and then the socket hears only `join_error`); then
    // nothing more until the person enrols.
    const told = companyEvents(events);
    expect(told.filter((e) => e !== 'updateEntityTwoStepAuth')).toEqual([]);
    expect(events.at(-1)).toBe('join_error');
    await raiseCompanyEvent(admin, a.entity.id);
    expect(companyEvents(events)).toEqual(told);
    expect(await joinRoom(socket, a.entity.id)).toBe('refused');
    ended.push('two-step required');
  });

  it('takes a member moved to a role that requires two-step out of the company’s events', async () => {
    const a = await createCompany(one.db.db);
    const { client: admin } = await signIn(one.app, a.people.admin.email, PASSWORD);
    expect(
      (await admin.put('/company/two-step', { two_step_enabled: true, otp_roles: [a.entity.roles.fire_warden] }))
        .statusCode,
    ).toBe(200);
    const { client: employee } = await signIn(one.app, a.people.employee.email, PASSWORD);
    const { socket, events } = await joinedSocket(one, employee, a.entity.id);
    const refused = waitFor(socket, 'join_error');
    await admin.put(`/members/${a.people.employee.membershipId}/role`, { role_id: a.entity.roles.fire_warden });
    await refused;
    await raiseCompanyEvent(admin, a.entity.id);
    expect(events).toEqual(['pongUpdateUserRole', 'join_error']);
    ended.push('role now requires two-step');
  });
});

describe('several app nodes through Redis', () => {
  it('delivers an event raised on one node to a browser connected to the other', async () => {
    const a = await createCompany(one.db.db);
    const { client: adminOnOne } = await signIn(one.app, a.people.admin.email, PASSWORD);
    const { client: employeeOnTwo } = await signIn(two.app, a.people.employee.email, PASSWORD);
    const socket = await openSocket(two, employeeOnTwo);
    expect(await joinRoom(socket, a.entity.id)).toBe('joined');
    const got = waitFor(socket, 'updateEntityTwoStepAuth');
    expect((await adminOnOne.put('/company/two-step', { two_step_enabled: false, otp_roles: [] })).statusCode).toBe(
      200,
    );
    expect(await got).toEqual({ entity_id: a.entity.id, updated_by: a.people.admin.id });
  });
});
