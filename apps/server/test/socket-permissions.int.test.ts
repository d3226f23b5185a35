// A company's events reach only members whose permissions show what they tell (issue 24): a member whose
// role loses the dashboard, or who is moved to a role without it, hears no more visits from that moment,
// though their socket stays connected and in the company; each topic's events go to its own audience.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type TestClient } from './helpers/http-client';
import { closeSockets, collect, joinRoom, listen, openSocket, waitFor, type ClientSocket } from './helpers/sockets';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await listen(ctx);
});
afterAll(async () => {
  closeSockets();
  await ctx.close();
});

async function joined(w: VisitsWorld, email: string): Promise<{ client: TestClient; socket: ClientSocket }> {
  const { client } = await signIn(ctx.app, email, PASSWORD);
  const socket = await openSocket(ctx, client);
  expect(await joinRoom(socket, w.entity.id)).toBe('joined');
  return { client, socket };
}

/** The `updateVisits` events a socket receives while someone signs in and out. */
async function visitsHeard(w: VisitsWorld, socket: ClientSocket, name: string) {
  const heard = collect(socket, 'updateVisits', 600);
  const person = await w.person(name);
  await w.signInOne(person.id);
  await ctx.app.liveFeed.flush();
  return heard.settle();
}

describe('a member whose permissions change', () => {
  it('hears no more visits once their role’s permissions are turned off, and again once turned back on', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const { client, socket } = await joined(w, w.people.employee.email);
    expect(await visitsHeard(w, socket, 'Before')).toHaveLength(1);

    const off = await w.admin.put(`/roles/${w.entity.roles.employee}/permissions`, {
      permissions: { dashboard: 0, passport: 0 },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await client.get('/dashboard')).statusCode).toBe(403);
    expect(await visitsHeard(w, socket, 'During')).toEqual([]);
    // Still connected and in the company: what every member hears still comes.
    expect(socket.connected).toBe(true);
    const policy = waitFor(socket, 'updateEntityTwoStepAuth');
    expect((await w.admin.put('/company/two-step', { two_step_enabled: false, otp_roles: [] })).statusCode).toBe(200);
    await policy;

    const on = await w.admin.put(`/roles/${w.entity.roles.employee}/permissions`, { permissions: { dashboard: 1 } });
    expect(on.statusCode, on.body).toBe(200);
    expect(await visitsHeard(w, socket, 'After')).toHaveLength(1);
  });

  it('hears no more visits once moved to a role without the dashboard', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const { client, socket } = await joined(w, w.people.employee.email);
    expect(await visitsHeard(w, socket, 'Before')).toHaveLength(1);

    const role = waitFor(socket, 'pongUpdateUserRole');
    const moved = await w.admin.put(`/members/${w.people.employee.membershipId}/role`, {
      role_id: w.entity.roles.employee_reporting,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await role;
    expect((await client.get('/dashboard')).statusCode).toBe(403);
    expect(await visitsHeard(w, socket, 'After')).toEqual([]);
  });

  it('stops a whole-company member’s rows and counts, not only the ids', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const { socket } = await joined(w, w.people.system_admin.email);
    const counts = collect(socket, 'dashboardCounts', 600);
    expect((await visitsHeard(w, socket, 'Before'))[0]!.visits).toHaveLength(1);
    expect(await counts.settle()).not.toEqual([]);

    expect(
      (
        await w.admin.put(`/roles/${w.entity.roles.system_admin}/permissions`, {
          permissions: { dashboard: 0, emergency: 0 },
        })
      ).statusCode,
    ).toBe(200);
    const after = collect(socket, 'dashboardCounts', 600);
    expect(await visitsHeard(w, socket, 'After')).toEqual([]);
    expect(await after.settle()).toEqual([]);
  });
});

describe('a company’s events by what they tell', () => {
  it('go to the members who may see it: visits to the dashboard, kiosks to sites and devices', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    // Reads reports only: no dashboard, no sites and devices.
    const reporter = await joined(w, w.people.employee_reporting.email);
    const warden = await joined(w, w.people.fire_warden.email);
    const reporterVisits = collect(reporter.socket, 'updateVisits', 600);
    expect(await visitsHeard(w, warden.socket, 'Seen')).toHaveLength(1);
    expect(await reporterVisits.settle()).toEqual([]);

    const admin = await joined(w, w.people.admin.email);
    const kiosks = [admin, warden].map((m) => collect(m.socket, 'updateKiosks', 400));
    ctx.app.realtime.toEntity(w.entity.id, 'updateKiosks', { kiosk_ids: [], online: false });
    const [toAdmin, toWarden] = await Promise.all(kiosks.map((k) => k.settle()));
    expect(toAdmin).toHaveLength(1);
    expect(toWarden).toEqual([]);
  });
});
