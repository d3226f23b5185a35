import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerEventName, ServerToClientEvents } from '@app/shared/realtime/events';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, type TestClient } from './helpers/http-client';
import { createCompany, createPerson, PASSWORD } from './helpers/world';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let one: TestContext;
let two: TestContext;
const sockets: ClientSocket[] = [];

async function listen(ctx: TestContext) {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  // Two app nodes on one database, sharing Redis: what a scaled-out deployment runs.
  one = await createTestApp({ REDIS_URL });
  two = await createTestApp({ REDIS_URL }, { db: one.db });
  await Promise.all([listen(one), listen(two)]);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await two.close();
  await one.close();
});

function openSocket(ctx: TestContext, client: TestClient): Promise<ClientSocket> {
  const url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const socket: ClientSocket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function joinRoom(socket: ClientSocket, entityId: string) {
  return new Promise<'joined' | 'refused'>((resolve) => {
    socket.once('joined', () => resolve('joined'));
    socket.once('join_error', () => resolve('refused'));
    socket.emit('join', entityId);
  });
}

/** Collects one event type for a short while; the server has answered the HTTP call before we wait. */
function collect<E extends ServerEventName>(socket: ClientSocket, event: E, ms = 600) {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  (socket.on as (e: string, fn: (p: unknown) => void) => void)(event, (p) => seen.push(p as never));
  return { seen, settle: () => new Promise((r) => setTimeout(r, ms)).then(() => seen) };
}

function waitFor<E extends ServerEventName>(socket: ClientSocket, event: E, ms = 5000) {
  return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    (socket.once as (e: string, fn: (p: unknown) => void) => void)(event, (p) => {
      clearTimeout(timer);
      resolve(p as never);
    });
  });
}

describe('socket authentication and rooms', () => {
  it('refuses a socket without a session', async () => {
    const socket: ClientSocket = connect(`http://127.0.0.1:${(one.app.server.address() as AddressInfo).port}`, {
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
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
