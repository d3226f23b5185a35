// The roll call of an emergency session (issue 15 §3, decision 031): wardens' marks (the latest made wins,
// every mark kept, a queued mark sent twice counts once), sign-outs during the session making people
// `out` live, people added at the muster point, refusals after the end, and other companies and other
// sites seeing and changing nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { MarksResult, RollEntry, RollPeople } from '@app/shared/emergency/schemas';
import { emergencySessionRoom } from '@app/shared/realtime/events';
import { rowsOf, withTenant } from '../src/db/client';
import { auditLog } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { emergencySessionSiteRoom } from '../src/modules/emergency/session-events';
import { pairKiosk, scopedWarden, startSession, startSessionByApi } from './helpers/emergency-roll-factories';
import { signIn } from './helpers/http-client';
import { closeSockets, collect, listen, openSocket, joinRoom, waitFor } from './helpers/sockets';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await listen(ctx);
});
afterEach(() => closeSockets());
afterAll(() => ctx.close());

const MINUTE = 60_000;

/** A company with Ann, Bea and Cat on site at HQ's Reception, Dan at the Branch's Lobby, and Eve away. */
async function onSiteWorld() {
  const w = await visitsWorld(ctx.app, ctx.db.db);
  const ann = await w.person('Ann');
  const bea = await w.person('Bea');
  const cat = await w.person('Cat');
  const dan = await w.person('Dan', w.types.visitors, w.sites.branch);
  const eve = await w.person('Eve', w.types.staff);
  const visits = {
    ann: await w.signInOne(ann.id),
    bea: await w.signInOne(bea.id),
    cat: await w.signInOne(cat.id, w.areas.warehouse),
    dan: await w.signInOne(dan.id, w.areas.lobby),
  };
  return { w, people: { ann, bea, cat, dan, eve }, visits };
}

const mark = (rollId: string, status: string, extra: { marked_at?: string } = {}) => ({
  client_id: newId(),
  roll_id: rollId,
  status,
  ...extra,
});

async function marksOf(w: VisitsWorld, sessionId: string, rollId: string) {
  return withTenant(ctx.db.db, w.entity.id, async (tx) =>
    rowsOf<{ status: string; source: string; by_name: string | null; marked_at: string }>(
      await tx.execute(sql`
        select status, source, by_name, marked_at::text as marked_at from emergency_marks
         where entity_id = ${w.entity.id} and session_id = ${sessionId} and roll_id = ${rollId}
         order by marked_at, received_at`),
    ),
  );
}

describe('marks', () => {
  it('marks people present, missing or out, with who and when, raising versions and counting the roll', async () => {
    const { w, people } = await onSiteWorld();
    const s = await startSessionByApi(ctx.app, ctx.db.db, w, { areaIds: [w.areas.reception, w.areas.warehouse] });
    const res = await w.admin.post(`/emergency/sessions/${s.id}/marks`, {
      marks: [mark(s.rollOf(people.ann.id), 'present'), mark(s.rollOf(people.cat.id), 'out')],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<MarksResult>();
    expect(body.repeated).toBe(0);
    expect(body.counts).toEqual({ total: 3, present: 1, not_present: 1, out: 1 });
    const ann = body.entries.find((e) => e.id === s.rollOf(people.ann.id))!;
    expect(ann).toMatchObject({ status: 'present', source: 'warden', marked_by: 'admin Person', version: 2 });
    expect(ann.area?.name).toBe('Reception');
    expect(body.entries.find((e) => e.id === s.rollOf(people.cat.id))).toMatchObject({ status: 'out', version: 2 });

    // One audit row for the request, naming the session and the marks.
    const audit = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, w.entity.id), eq(auditLog.action, 'emergency_session.mark'))),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.targetId).toBe(s.id);
    expect((audit[0]!.after as { marks: unknown[] }).marks).toHaveLength(2);
  });

  it('resolves two marks on one person to the one made last, whichever arrives last, keeping both', async () => {
    const { w, people } = await onSiteWorld();
    const warden = await signIn(ctx.app, w.people.fire_warden.email, PASSWORD);
    const s = await startSession(ctx.db.db, w.entity, {
      areaIds: [w.areas.reception],
      startedAt: new Date(Date.now() - 10 * MINUTE),
    });
    const bea = s.rollOf(people.bea.id);
    const later = new Date(Date.now() - 2 * MINUTE).toISOString();
    const earlier = new Date(Date.now() - 4 * MINUTE).toISOString();
    // The warden's "present" was made later; the admin's "missing", made earlier, arrives after it.
    const first = await warden.client.post(`/emergency/sessions/${s.id}/marks`, {
      marks: [mark(bea, 'present', { marked_at: later })],
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await w.admin.post(`/emergency/sessions/${s.id}/marks`, {
      marks: [mark(bea, 'not_present', { marked_at: earlier })],
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<MarksResult>().entries[0]).toMatchObject({
      status: 'present',
      marked_by: 'fire_warden Person',
      version: 2,
      marked_at: { at: later },
    });
    expect((await marksOf(w, s.id, bea)).map((m) => [m.status, m.by_name])).toEqual([
      ['not_present', 'admin Person'],
      ['present', 'fire_warden Person'],
    ]);

    // Sent at the same moment by two wardens: the later made wins, both kept.
    const ann = s.rollOf(people.ann.id);
    const [a, b] = await Promise.all([
      warden.client.post(`/emergency/sessions/${s.id}/marks`, {
        marks: [mark(ann, 'out', { marked_at: new Date(Date.now() - MINUTE).toISOString() })],
      }),
      w.admin.post(`/emergency/sessions/${s.id}/marks`, {
        marks: [mark(ann, 'present', { marked_at: new Date(Date.now() - 3 * MINUTE).toISOString() })],
      }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const after = await withTenant(ctx.db.db, w.entity.id, async (tx) =>
      rowsOf<{ status: string; marked_by_name: string }>(
        await tx.execute(
          sql`select status, marked_by_name from emergency_roll where entity_id = ${w.entity.id} and id = ${ann}`,
        ),
      ),
    );
    expect(after).toEqual([{ status: 'out', marked_by_name: 'fire_warden Person' }]);
    expect(await marksOf(w, s.id, ann)).toHaveLength(2);
  });

  it('counts a queued mark sent again once, keeps its time, and clamps times to the start and now', async () => {
    const { w, people } = await onSiteWorld();
    const started = new Date(Date.now() - 20 * MINUTE);
    const s = await startSession(ctx.db.db, w.entity, { areaIds: [w.areas.reception], startedAt: started });
    const queued = [
      mark(s.rollOf(people.ann.id), 'present', { marked_at: new Date(Date.now() - 15 * MINUTE).toISOString() }),
      // Before the start (a phone's clock off): taken at the start.
      mark(s.rollOf(people.bea.id), 'present', { marked_at: new Date(started.getTime() - 60 * MINUTE).toISOString() }),
    ];
    const sent = await w.admin.post(`/emergency/sessions/${s.id}/marks`, { marks: queued });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<MarksResult>().repeated).toBe(0);
    const ann = sent.json<MarksResult>().entries.find((e) => e.id === s.rollOf(people.ann.id))!;
    expect(ann.marked_at.at).toBe(queued[0]!.marked_at);
    const bea = sent.json<MarksResult>().entries.find((e) => e.id === s.rollOf(people.bea.id))!;
    expect(bea.marked_at.at).toBe(started.toISOString());

    // The phone did not hear the answer and sends its queue again, with one new mark.
    const again = await w.admin.post(`/emergency/sessions/${s.id}/marks`, {
      marks: [...queued, mark(s.rollOf(people.ann.id), 'out')],
    });
    expect(again.statusCode, again.body).toBe(200);
    const body = again.json<MarksResult>();
    expect(body.repeated).toBe(2);
    expect(body.entries.find((e) => e.id === s.rollOf(people.ann.id))).toMatchObject({ status: 'out', version: 3 });
    expect(body.entries.find((e) => e.id === s.rollOf(people.bea.id))).toMatchObject({ status: 'present', version: 2 });
    expect(await marksOf(w, s.id, s.rollOf(people.ann.id))).toHaveLength(2);
    // The same client id twice in one request counts once too.
    const twice = mark(s.rollOf(people.bea.id), 'not_present');
    const dup = await w.admin.post(`/emergency/sessions/${s.id}/marks`, { marks: [twice, twice] });
    expect(dup.json<MarksResult>().repeated).toBe(1);
    expect(await marksOf(w, s.id, s.rollOf(people.bea.id))).toHaveLength(2);
  });

  it('refuses marks and additions once the session ended', async () => {
    const { w, people } = await onSiteWorld();
    const s = await startSessionByApi(ctx.app, ctx.db.db, w, { areaIds: [w.areas.reception] });
    expect((await w.admin.post(`/emergency/sessions/${s.id}/end`, {})).statusCode).toBe(200);
    const res = await w.admin.post(`/emergency/sessions/${s.id}/marks`, {
      marks: [mark(s.rollOf(people.ann.id), 'present')],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'conflict',
      message: 'This emergency session has ended: its roll can no longer be changed.',
    });
    const added = await w.admin.post(`/emergency/sessions/${s.id}/roll`, { client_id: newId(), full_name: 'Walk In' });
    expect(added.statusCode).toBe(409);
    const ar = await w.admin.post(
      `/emergency/sessions/${s.id}/marks`,
      { marks: [mark(s.rollOf(people.ann.id), 'present')] },
      { 'x-lang': 'ar' },
    );
    expect(ar.json<{ message: string }>().message).toBe('انتهت جلسة الطوارئ هذه: لم يعد من الممكن تغيير قائمتها.');
    expect(await marksOf(w, s.id, s.rollOf(people.ann.id))).toHaveLength(0);
  });

  it('answers bad input with 400 naming the field', async () => {
    const { w, people } = await onSiteWorld();
    const s = await startSessionByApi(ctx.app, ctx.db.db, w, { areaIds: [w.areas.reception] });
    const url = `/emergency/sessions/${s.id}/marks`;
    const fieldsOf = async (body: unknown, client = w.admin, to = url) => {
      const res = await client.post(to, body);
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys(res.json<{ fields: Record<string, string[]> }>().fields);
    };
    expect(await fieldsOf({ marks: [] })).toEqual(['marks']);
    expect(await fieldsOf({ marks: [mark(s.rollOf(people.ann.id), 'safe')] })).toEqual(['marks.0.status']);
    expect(await fieldsOf({ marks: [mark(s.rollOf(people.ann.id), 'present', { marked_at: 'yesterday' })] })).toEqual([
      'marks.0.marked_at',
    ]);
    expect(await fieldsOf({ marks: [{ roll_id: s.rollOf(people.ann.id), status: 'present' }] })).toEqual([
      'marks.0.client_id',
    ]);
    // An entry of no roll, or of another session's.
    const other = await startSessionByApi(ctx.app, ctx.db.db, w, { areaIds: [w.areas.lobby] });
    const unknown = await w.admin.post(url, {
      marks: [mark(s.rollOf(people.ann.id), 'present'), mark(other.rollOf(people.dan.id), 'present')],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      fields: { 'marks.1.roll_id': ['This person is not on the roll of this session, or not in your areas.'] },
    });
    expect(await marksOf(w, s.id, s.rollOf(people.ann.id))).toHaveLength(0);
    const roll = `/emergency/sessions/${s.id}/roll`;
    expect(await fieldsOf({ client_id: newId(), full_name: ' ' }, w.admin, roll)).toEqual(['full_name']);
    expect(await fieldsOf({ client_id: newId(), person_id: newId() }, w.admin, roll)).toEqual(['person_id']);
    const search = await w.admin.get(`/emergency/sessions/${s.id}/people?search=a`);
    expect(search.statusCode).toBe(400);
    expect(Object.keys(search.json<{ fields: object }>().fields)).toEqual(['search']);
    expect(
      (await w.admin.post(`/emergency/sessions/${newId()}/marks`, { marks: [mark(newId(), 'present')] })).statusCode,
    ).toBe(404);
  });
});

describe('signing out during a session', () => {
  it('makes the person out on the roll, live to a socket watching the session, at a kiosk and on the dashboard', async () => {
    const { w, people, visits } = await onSiteWorld();
    const s = await startSessionByApi(ctx.app, ctx.db.db, w, { areaIds: [w.areas.reception, w.areas.warehouse] });
    const kiosk = await pairKiosk(ctx.app, w, w.areas.warehouse);
    const socket = await openSocket(ctx, w.admin);
    expect(await joinRoom(socket, w.entity.id)).toBe('joined');
    const watched = await new Promise<{ ok: boolean }>((resolve) =>
      socket.emit('watchEmergencySession', s.id, resolve),
    );
    expect(watched).toEqual({ ok: true });

    // At the kiosk.
    const heard = waitFor(socket, 'updateEmergencySessionData');
    const left = await kiosk.signOut({ person_ids: [people.cat.id] });
    expect(left.statusCode, left.body).toBe(200);
    const event = await heard;
    expect(event.sessionId).toBe(s.id);
    expect(event.entries).toHaveLength(1);
    expect(event.entries![0]).toMatchObject({
      id: s.rollOf(people.cat.id),
      status: 'out',
      source: 'sign_out',
      version: 2,
    });

    // On the dashboard.
    const heard2 = waitFor(socket, 'updateEmergencySessionData');
    expect((await w.admin.post('/visits/sign-out', { visit_ids: [visits.ann.id] })).statusCode).toBe(200);
    const event2 = await heard2;
    expect(event2.entries![0]).toMatchObject({ id: s.rollOf(people.ann.id), status: 'out', source: 'sign_out' });
    expect((await marksOf(w, s.id, s.rollOf(people.ann.id))).map((m) => m.source)).toEqual(['sign_out']);
  });

  it('reaches the watcher once when the sign-out was written by another node, a job or straight in the database', async () => {
    const { w, people, visits } = await onSiteWorld();
    const s = await startSessionByApi(ctx.app, ctx.db.db, w, { areaIds: [w.areas.reception, w.areas.warehouse] });
    const socket = await openSocket(ctx, w.admin);
    expect(await joinRoom(socket, w.entity.id)).toBe('joined');
    expect(await new Promise((resolve) => socket.emit('watchEmergencySession', s.id, resolve))).toEqual({ ok: true });
    const heard = collect(socket, 'updateEmergencySessionData', 300);

    // No request of this app made it: the database's notice at commit is what tells the feed.
    await ctx.db.query(`update visits set state = 'left', signed_out_at = now() where entity_id = $1 and id = $2`, [
      w.entity.id,
      visits.ann.id,
    ]);
    const withEntries = (events: typeof heard.seen) => events.filter((e) => e.entries?.length);
    await heard.until((events) => withEntries(events).length > 0, 5_000);
    // Told once: nobody tells it again.
    const told = withEntries(await heard.settle());
    expect(told).toHaveLength(1);
    expect(told[0]!.entries).toHaveLength(1);
    expect(told[0]!.entries![0]).toMatchObject({ id: s.rollOf(people.ann.id), status: 'out', source: 'sign_out' });
  });
});

describe('the muster point', () => {
  it('adds a person of the company or a typed name present, once per client id; marks someone already on the roll', async () => {
    const { w, people } = await onSiteWorld();
    const s = await startSessionByApi(ctx.app, ctx.db.db, w, { areaIds: [w.areas.reception] });
    const url = `/emergency/sessions/${s.id}/roll`;

    // Eve is not on site: found by the search (Ann, on the roll, is not), then added.
    const found = await w.admin.get(`/emergency/sessions/${s.id}/people?search=eve`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<RollPeople>().data.map((p) => p.full_name)).toEqual(['Eve Tester']);
    expect((await w.admin.get(`/emergency/sessions/${s.id}/people?search=ann`)).json<RollPeople>().data).toEqual([]);
    const clientId = newId();
    const added = await w.admin.post(url, { client_id: clientId, person_id: people.eve.id });
    expect(added.statusCode, added.body).toBe(201);
    const eve = added.json<RollEntry>();
    expect(eve).toMatchObject({
      person_id: people.eve.id,
      full_name: 'Eve Tester',
      status: 'present',
      source: 'added',
      marked_by: 'admin Person',
      user_type: { name: 'Staff' },
      site: null,
      signed_in: null,
    });
    const again = await w.admin.post(url, { client_id: clientId, person_id: people.eve.id });
    expect(again.statusCode).toBe(200);
    expect(again.json<RollEntry>()).toEqual(eve);
    expect((await w.admin.get(`/emergency/sessions/${s.id}/people?search=eve`)).json<RollPeople>().data).toEqual([]);

    // A name typed at the muster point.
    const walkIn = await w.admin.post(url, { client_id: newId(), full_name: 'Walk In', company_name: 'Acme' });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    expect(walkIn.json<RollEntry>()).toMatchObject({
      person_id: null,
      full_name: 'Walk In',
      company_name: 'Acme',
      status: 'present',
    });

    // Ann is on the roll already: marked present where she is.
    const ann = await w.admin.post(url, { client_id: newId(), person_id: people.ann.id });
    expect(ann.statusCode, ann.body).toBe(200);
    expect(ann.json<RollEntry>()).toMatchObject({ id: s.rollOf(people.ann.id), status: 'present', source: 'warden' });

    const counts = await w.admin.post(`/emergency/sessions/${s.id}/marks`, {
      marks: [mark(s.rollOf(people.bea.id), 'present')],
    });
    expect(counts.json<MarksResult>().counts).toEqual({ total: 4, present: 4, not_present: 0, out: 0 });
    const audit = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, w.entity.id), eq(auditLog.action, 'emergency_session.add_to_roll'))),
    );
    expect(audit).toHaveLength(2);
  });
});

describe('who sees what', () => {
  it('lets another company neither read nor change a session, and a warden of other sites only their own', async () => {
    const { w, people } = await onSiteWorld();
    const s = await startSessionByApi(ctx.app, ctx.db.db, w, { areaIds: [w.areas.reception, w.areas.lobby] });
    const other = await visitsWorld(ctx.app, ctx.db.db);
    const own = await startSessionByApi(ctx.app, ctx.db.db, other, { areaIds: [other.areas.reception] });
    const ann = s.rollOf(people.ann.id);
    for (const res of [
      await other.admin.post(`/emergency/sessions/${s.id}/marks`, { marks: [mark(ann, 'present')] }),
      await other.admin.post(`/emergency/sessions/${s.id}/roll`, { client_id: newId(), full_name: 'Mallory' }),
      await other.admin.get(`/emergency/sessions/${s.id}/people?search=ann`),
      await other.admin.get(`/emergency/sessions/${s.id}/report`),
      await other.admin.get(`/emergency/sessions/${s.id}/report.pdf`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain('Ann');
    }
    // A's entry named in B's own session: as unknown as an id of nothing.
    const theirs = await other.admin.post(`/emergency/sessions/${own.id}/marks`, { marks: [mark(ann, 'present')] });
    const nothing = await other.admin.post(`/emergency/sessions/${own.id}/marks`, {
      marks: [mark(newId(), 'present')],
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toEqual(nothing.json());
    // B adding A's person: as unknown as nobody.
    const person = await other.admin.post(`/emergency/sessions/${own.id}/roll`, {
      client_id: newId(),
      person_id: people.eve.id,
    });
    expect(person.statusCode).toBe(400);
    expect(Object.keys(person.json<{ fields: object }>().fields)).toEqual(['person_id']);
    expect(await marksOf(w, s.id, ann)).toHaveLength(0);

    // A warden of the Branch joins (the session covers the Lobby) but sees and marks only the Branch's people.
    const branch = await scopedWarden(ctx.app, ctx.db.db, w.entity, [w.sites.branch]);
    const dan = await branch.client.post(`/emergency/sessions/${s.id}/marks`, {
      marks: [mark(s.rollOf(people.dan.id), 'present')],
    });
    expect(dan.statusCode, dan.body).toBe(200);
    expect(dan.json<MarksResult>().counts).toEqual({ total: 1, present: 1, not_present: 0, out: 0 });
    const hq = await branch.client.post(`/emergency/sessions/${s.id}/marks`, { marks: [mark(ann, 'present')] });
    expect(hq.statusCode).toBe(400);
    expect(Object.keys(hq.json<{ fields: object }>().fields)).toEqual(['marks.0.roll_id']);
    // Eve belongs to HQ: not in the Branch warden's search, and not addable by them.
    expect((await branch.client.get(`/emergency/sessions/${s.id}/people?search=eve`)).json<RollPeople>().data).toEqual(
      [],
    );
    const report = await branch.client.get(`/emergency/sessions/${s.id}/report`);
    expect(report.statusCode).toBe(200);
    expect(report.body).not.toContain('Ann Tester');
    // A session over HQ alone is no business of theirs.
    const hqOnly = await startSessionByApi(ctx.app, ctx.db.db, w, { areaIds: [w.areas.warehouse] });
    expect((await branch.client.get(`/emergency/sessions/${hqOnly.id}/report`)).statusCode).toBe(404);
  });

  it('sends a mark only to the watchers of the person’s site', async () => {
    const { w, people } = await onSiteWorld();
    const s = await startSessionByApi(ctx.app, ctx.db.db, w, { areaIds: [w.areas.reception, w.areas.lobby] });
    const sent: { room: string; payload: unknown }[] = [];
    const original = ctx.app.realtime.toRoom.bind(ctx.app.realtime);
    ctx.app.realtime.toRoom = (room: string, event: string, payload: unknown, except?: string) => {
      if (event === 'updateEmergencySessionData') sent.push({ room, payload });
      return (original as (...a: unknown[]) => void)(room, event, payload, except);
    };
    try {
      await w.admin.post(`/emergency/sessions/${s.id}/marks`, { marks: [mark(s.rollOf(people.dan.id), 'present')] });
      await w.admin.post(`/emergency/sessions/${s.id}/roll`, { client_id: newId(), full_name: 'Walk In' });
    } finally {
      ctx.app.realtime.toRoom = original;
    }
    const rooms = sent.filter((e) => (e.payload as { entries?: unknown[] }).entries).map((e) => e.room);
    expect(rooms).toEqual([emergencySessionSiteRoom(s.id, w.sites.branch), emergencySessionRoom(s.id)]);
  });
});
