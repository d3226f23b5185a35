// The emergency events (spec §7: pongStartSessionDiffAdmin, pongEndSessionDiffAdmin,
// updateEmergencySessionData; decision 031) on real sockets: each reaches only the company's members
// with the emergency permission who may join that session, never the member who did it, another
// company's socket, or a member without the permission; a session page watching a session gets the
// changed roll entries of its sites only; leaving the company or losing the permission stops them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SessionDetail, SessionSummary } from '@app/shared/emergency/schemas';
import { withTenant } from '../src/db/client';
import { evacuationMailsSent } from '../src/modules/emergency/evacuation-mails';
import { sendRollChanges } from '../src/modules/emergency/session-events';
import { scopedWarden } from './helpers/emergency-roll-factories';
import { emergencyWorld, pairAlarmKiosk, type EmergencyWorld } from './helpers/emergency-sessions-world';
import { signIn, type TestClient } from './helpers/http-client';
import { closeSockets, collect, joinRoom, listen, openSocket, type ClientSocket } from './helpers/sockets';
import { createTestApp, type TestContext } from './helpers/test-app';
import { createPerson, PASSWORD } from './helpers/world';

let ctx: TestContext;
let w: EmergencyWorld;
let other: EmergencyWorld;
beforeAll(async () => {
  ctx = await createTestApp();
  await listen(ctx);
  w = await emergencyWorld(ctx.app, ctx.db.db);
  other = await emergencyWorld(ctx.app, ctx.db.db);
  await w.onSite('Ann', w.areas.reception);
  await w.onSite('Cat', w.areas.lobby, w.sites.branch);
}, 180_000);
afterAll(async () => {
  closeSockets();
  await evacuationMailsSent(ctx.app);
  await ctx.close();
});

async function joined(client: TestClient, entityId = w.entity.id) {
  const socket = await openSocket(ctx, client);
  expect(await joinRoom(socket, entityId)).toBe('joined');
  return socket;
}

const eventsOf = (socket: ClientSocket, ms = 700) => ({
  started: collect(socket, 'pongStartSessionDiffAdmin', ms),
  ended: collect(socket, 'pongEndSessionDiffAdmin', ms),
  data: collect(socket, 'updateEmergencySessionData', ms),
});

const watch = (socket: ClientSocket, sessionId: unknown) =>
  new Promise<{ ok: boolean }>((resolve) => socket.emit('watchEmergencySession', sessionId as string, resolve));

const endAll = (world: EmergencyWorld) =>
  withTenant(ctx.db.db, world.entity.id, (tx) =>
    tx.execute(
      sql`update emergency_sessions set ended_at = now() where entity_id = ${world.entity.id} and ended_at is null`,
    ),
  );

describe('session started and ended', () => {
  it('reaches the permitted others of the company with the spec’s payloads, and nobody else', async () => {
    const { client: owner } = await signIn(ctx.app, w.people.admin.email, PASSWORD);
    const { client: employee } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    const branch = await scopedWarden(ctx.app, ctx.db.db, w.entity, [w.sites.branch]);
    const hq = await scopedWarden(ctx.app, ctx.db.db, w.entity, [w.sites.hq]);
    const sockets = {
      starter: eventsOf(await joined(w.warden)),
      owner: eventsOf(await joined(owner)),
      employee: eventsOf(await joined(employee)),
      branch: eventsOf(await joined(branch.client)),
      hq: eventsOf(await joined(hq.client)),
      other: eventsOf(await joined(other.warden, other.entity.id)),
    };

    const started = await w.start({ name: 'HQ fire', site_ids: [w.sites.hq] });
    const id = started.session.id;
    const startPayload = {
      sessionId: id,
      sessionName: 'HQ fire',
      user: { email: w.people.fire_warden.email, fullName: started.session.started_by },
    };
    expect(await sockets.owner.started.settle()).toEqual([startPayload]);
    expect(await sockets.hq.started.settle()).toEqual([startPayload]);
    // Not the starter, not a warden of other sites, not a member without the permission, not another company.
    expect(await sockets.starter.started.settle()).toEqual([]);
    expect(await sockets.branch.started.settle()).toEqual([]);
    expect(await sockets.employee.started.settle()).toEqual([]);
    expect(await sockets.other.started.settle()).toEqual([]);
    // Lists redraw for every emergency socket of the company, the starter's too.
    expect(await sockets.starter.data.settle()).toEqual([{ sessionId: id }]);
    expect(await sockets.branch.data.settle()).toEqual([{ sessionId: id }]);
    expect(await sockets.employee.data.settle()).toEqual([]);
    expect(await sockets.other.data.settle()).toEqual([]);

    const after = {
      starter: eventsOf(await joined(w.warden)),
      owner: eventsOf(await joined(owner)),
      employee: eventsOf(await joined(employee)),
      branch: eventsOf(await joined(branch.client)),
      hq: eventsOf(await joined(hq.client)),
      other: eventsOf(await joined(other.warden, other.entity.id)),
    };
    const end = await hq.client.post(`/emergency/sessions/${id}/end`);
    expect(end.statusCode, end.body).toBe(200);
    const endPayload = {
      sessionId: id,
      sessionName: 'HQ fire',
      userIdEnded: hq.user.id,
      userName: end.json<SessionSummary>().ended_by,
    };
    expect(await after.owner.ended.settle()).toEqual([endPayload]);
    expect(await after.starter.ended.settle()).toEqual([endPayload]);
    expect(await after.hq.ended.settle()).toEqual([]);
    expect(await after.branch.ended.settle()).toEqual([]);
    expect(await after.employee.ended.settle()).toEqual([]);
    expect(await after.other.ended.settle()).toEqual([]);
    expect(await after.branch.data.settle()).toEqual([{ sessionId: id, ended: true }]);
    expect(await after.other.data.settle()).toEqual([]);
  });

  it('tells the Branch warden of a session covering Branch, and everyone of a kiosk’s alarm', async () => {
    const branch = await scopedWarden(ctx.app, ctx.db.db, w.entity, [w.sites.branch]);
    const events = eventsOf(await joined(branch.client));
    const both = await w.start({ name: 'Everywhere' });
    expect((await events.started.settle()).map((p) => p.sessionId)).toEqual([both.session.id]);
    await endAll(w);
    // A kiosk started it: no member did, so every permitted member hears it, the warden too.
    const kiosk = await pairAlarmKiosk(ctx.app, w, w.areas.lobby, 'Lobby kiosk');
    await kiosk.setFireAlarm(true);
    const warden = eventsOf(await joined(w.warden));
    const again = eventsOf(await joined(branch.client));
    const alarm = await kiosk.alarm();
    expect(alarm.statusCode, alarm.body).toBe(201);
    const payload = {
      sessionId: alarm.json<{ session_id: string }>().session_id,
      sessionName: 'Fire alarm: Lobby kiosk',
      user: { email: '', fullName: 'Lobby kiosk' },
    };
    expect(await warden.started.settle()).toEqual([payload]);
    expect(await again.started.settle()).toEqual([payload]);
    await endAll(w);
  });

  it('stops once the member loses the emergency permission, and comes back when it returns', async () => {
    const member = await createPerson(ctx.db.db, [w.entity], 'fire_warden');
    const { client } = await signIn(ctx.app, member.email, PASSWORD);
    const socket = await joined(client);
    const setEmergency = (allowed: number) =>
      withTenant(ctx.db.db, w.entity.id, (tx) =>
        tx.execute(sql`
          update role_permissions set allowed = ${allowed}
           where entity_id = ${w.entity.id} and permission = 'emergency'
             and role_id = (select id from roles where entity_id = ${w.entity.id} and key = 'fire_warden')`),
      );
    await setEmergency(0);
    try {
      await new Promise((r) => setTimeout(r, 300));
      const without = eventsOf(socket);
      const { client: owner } = await signIn(ctx.app, w.people.admin.email, PASSWORD);
      await w.start({ name: 'Unheard', area_ids: [w.areas.reception] }, owner);
      expect(await without.started.settle()).toEqual([]);
      expect(await without.data.settle()).toEqual([]);
      await endAll(w);
    } finally {
      await setEmergency(1);
    }
    await new Promise((r) => setTimeout(r, 300));
    const back = eventsOf(socket);
    const { client: owner } = await signIn(ctx.app, w.people.admin.email, PASSWORD);
    const heard = await w.start({ name: 'Heard', area_ids: [w.areas.reception] }, owner);
    expect((await back.started.settle()).map((p) => p.sessionId)).toEqual([heard.session.id]);
    await endAll(w);
  });

  it('stops when the socket leaves the company', async () => {
    const member = await createPerson(ctx.db.db, [w.entity], 'fire_warden');
    const { client } = await signIn(ctx.app, member.email, PASSWORD);
    const socket = await joined(client);
    const session = await w.start({ name: 'Watched', area_ids: [w.areas.reception] });
    expect(await watch(socket, session.session.id)).toEqual({ ok: true });
    // Asking for another company (not theirs) leaves this one's rooms, the session's too.
    expect(await joinRoom(socket, other.entity.id)).toBe('refused');
    const events = eventsOf(socket);
    const next = await w.start({ name: 'Next', area_ids: [w.areas.lobby] });
    const detail = (await w.warden.get(`/emergency/sessions/${session.session.id}`)).json<SessionDetail>();
    sendRollChanges(ctx.app, w.entity.id, session.session.id, detail.roll);
    expect(await events.started.settle()).toEqual([]);
    expect(await events.data.settle()).toEqual([]);
    expect(next.session.id).toBeTruthy();
    await endAll(w);
  });
});

describe('watching a session', () => {
  it('sends the changed entries to the watchers of their sites only, and stops on unwatch', async () => {
    const hqOnly = await w.start({ name: 'HQ', area_ids: [w.areas.warehouse] });
    await endAll(w);
    const session = await w.start({ name: 'Both', site_ids: [w.sites.hq, w.sites.branch] });
    const id = session.session.id;
    const branch = await scopedWarden(ctx.app, ctx.db.db, w.entity, [w.sites.branch]);
    const { client: owner } = await signIn(ctx.app, w.people.admin.email, PASSWORD);
    const { client: employee } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    const all = await joined(owner);
    const limited = await joined(branch.client);
    const none = await joined(employee);
    const foreign = await joined(other.warden, other.entity.id);
    expect(await watch(all, id)).toEqual({ ok: true });
    expect(await watch(limited, id)).toEqual({ ok: true });
    expect(await watch(none, id)).toEqual({ ok: false });
    expect(await watch(foreign, id)).toEqual({ ok: false });
    expect(await watch(all, 'not-a-uuid')).toEqual({ ok: false });
    expect(await watch(all, 42)).toEqual({ ok: false });
    expect(await watch(limited, hqOnly.session.id)).toEqual({ ok: false });
    expect(await watch(all, hqOnly.session.id)).toEqual({ ok: true });

    const seen = { all: eventsOf(all), limited: eventsOf(limited), none: eventsOf(none), foreign: eventsOf(foreign) };
    const roll = session.roll;
    const hqEntry = roll.find((e) => e.site?.id === w.sites.hq)!;
    const branchEntry = roll.find((e) => e.site?.id === w.sites.branch)!;
    const nowhere = { ...branchEntry, id: '00000000-0000-4000-8000-000000000001', site: null, area: null };
    sendRollChanges(ctx.app, w.entity.id, id, [hqEntry, branchEntry, nowhere]);
    const toAll = (await seen.all.data.settle()).filter((p) => p.entries);
    expect(toAll.flatMap((p) => p.entries!.map((e) => e.id)).sort()).toEqual(
      [hqEntry.id, branchEntry.id, nowhere.id].sort(),
    );
    const toLimited = (await seen.limited.data.settle()).filter((p) => p.entries);
    expect(toLimited.flatMap((p) => p.entries!.map((e) => e.id)).sort()).toEqual([branchEntry.id, nowhere.id].sort());
    expect(toLimited.every((p) => p.sessionId === id)).toBe(true);
    expect((await seen.none.data.settle()).filter((p) => p.entries)).toEqual([]);
    expect(await seen.foreign.data.settle()).toEqual([]);

    limited.emit('unwatchEmergencySession', id);
    await new Promise((r) => setTimeout(r, 100));
    const later = eventsOf(limited);
    sendRollChanges(ctx.app, w.entity.id, id, [branchEntry]);
    expect((await later.data.settle()).filter((p) => p.entries)).toEqual([]);
    await endAll(w);
  });

  it('tells a burst of changes to the lists a few times, not once per change', async () => {
    const session = await w.start({ name: 'Burst', area_ids: [w.areas.reception] });
    const { client: owner } = await signIn(ctx.app, w.people.admin.email, PASSWORD);
    const socket = await joined(owner);
    await new Promise((r) => setTimeout(r, 300));
    const events = eventsOf(socket, 900);
    for (let i = 0; i < 20; i++) sendRollChanges(ctx.app, w.entity.id, session.session.id, session.roll);
    const idsOnly = (await events.data.settle()).filter((p) => !p.entries);
    expect(idsOnly.length).toBeGreaterThan(0);
    expect(idsOnly.length).toBeLessThanOrEqual(3);
    expect(idsOnly.every((p) => p.sessionId === session.session.id)).toBe(true);
    await endAll(w);
  });
});
