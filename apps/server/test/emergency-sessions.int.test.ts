// Emergency sessions (issue 15, decision 031): starting one takes the roll from the people on site in its
// areas and nobody else; a warden limited to some sites sees and joins only sessions of their sites;
// ending is refused while areas outside the warden's sites have people signed in; drills are labelled
// and counted apart; every start and end is audited; bad input is a 400 naming the field, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  AreasWithSession,
  SessionDetail,
  SessionPermissions,
  SessionStats,
  SessionSummary,
  SessionsList,
} from '@app/shared/emergency/schemas';
import { rowsOf, withTenant } from '../src/db/client';
import { sha256 } from '../src/lib/tokens';
import { evacuationMailsSent } from '../src/modules/emergency/evacuation-mails';
import { auditOf, emergencyWorld, storedRoll, type EmergencyWorld } from './helpers/emergency-sessions-world';
import { scopedWarden } from './helpers/emergency-roll-factories';
import { signIn } from './helpers/http-client';
import { mailsTo } from './helpers/mail';
import { createTestApp, type TestContext } from './helpers/test-app';
import { PASSWORD } from './helpers/world';

let ctx: TestContext;
let w: EmergencyWorld;
let other: EmergencyWorld;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await emergencyWorld(ctx.app, ctx.db.db);
  other = await emergencyWorld(ctx.app, ctx.db.db);
}, 180_000);
afterAll(async () => {
  await evacuationMailsSent(ctx.app);
  await ctx.close();
});

const signOut = async (world: EmergencyWorld, visitId: string) => {
  const res = await world.admin.post('/visits/sign-out', { visit_ids: [visitId] });
  expect(res.statusCode, res.body).toBe(200);
};
const endAll = async (world: EmergencyWorld) => {
  await withTenant(ctx.db.db, world.entity.id, (tx) =>
    tx.execute(
      sql`update emergency_sessions set ended_at = now() where entity_id = ${world.entity.id} and ended_at is null`,
    ),
  );
};

describe('starting a session', () => {
  it('takes the roll from the people on site in its areas, and nobody else', async () => {
    const ann = await w.onSite('Ann', w.areas.reception);
    const bob = await w.onSite('Bob', w.areas.warehouse);
    const cat = await w.onSite('Cat', w.areas.lobby, w.sites.branch);
    const gone = await w.onSite('Gone', w.areas.reception);
    await signOut(w, gone.visit.id);
    // Checked in at the check-in-only Dock: not presence.
    const dockPerson = await w.person('Dockie');
    const dock = await w.signInPeople([{ person_id: dockPerson.id }], w.areas.dock);
    expect(dock.statusCode, dock.body).toBe(201);
    // Another company's people on site stay theirs.
    const elsewhere = await other.onSite('Elsewhere', other.areas.reception);

    const detail = await w.start({ name: 'Fire in HQ', site_ids: [w.sites.hq] });
    const s = detail.session;
    expect(s).toMatchObject({
      name: 'Fire in HQ',
      is_drill: false,
      status: 'active',
      origin: 'dashboard',
      kiosk: null,
      ended_at: null,
      ended_by: null,
      highlight_after_minutes: 5,
      sites: [{ id: w.sites.hq, name: 'HQ' }],
      counts: { total: 2, present: 0, not_present: 2, out: 0 },
    });
    expect(s.started_by).toContain('fire_warden');
    expect(s.areas.map((a) => a.name).sort()).toEqual(['Dock', 'Reception', 'Warehouse']);
    expect(detail.roll.map((e) => e.person_id).sort()).toEqual([ann.person.id, bob.person.id].sort());
    for (const e of detail.roll) {
      expect(e).toMatchObject({ status: 'not_present', source: 'start', marked_by: null, version: 1 });
      expect(e.marked_at).toEqual(s.started_at);
      expect(e.site).toEqual({ id: w.sites.hq, name: 'HQ' });
    }
    expect(detail.roll.find((e) => e.person_id === ann.person.id)).toMatchObject({
      full_name: 'Ann Tester',
      area: { id: w.areas.reception, name: 'Reception' },
      user_type: { id: w.types.visitors, name: 'Visitors' },
      signed_in: ann.visit.signed_in,
    });
    expect(detail.roll.map((e) => e.person_id)).not.toContain(cat.person.id);

    // The other company has no session and its visit is untouched.
    const theirs = await other.warden.get('/emergency/sessions/active');
    expect(theirs.json<{ data: SessionSummary[] }>().data).toEqual([]);
    expect((await other.warden.get(`/emergency/sessions/${s.id}`)).statusCode).toBe(404);
    const [visit] = rowsOf<{ state: string }>(
      await withTenant(ctx.db.db, other.entity.id, (tx) =>
        tx.execute(sql`select state from visits where entity_id = ${other.entity.id} and id = ${elsewhere.visit.id}`),
      ),
    );
    expect(visit!.state).toBe('on_site');

    // Audited, with who started it.
    const audit = await auditOf(ctx.db.db, w.entity.id, s.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'emergency.session_start',
        actor_kind: 'user',
        actor_user_id: w.people.fire_warden.id,
      }),
    ]);
    expect(audit[0]!.after).toMatchObject({ name: 'Fire in HQ', is_drill: false, roll: 2 });

    // Everyone on the roll with an email is told to evacuate, each with their own link.
    await evacuationMailsSent(ctx.app);
    const stored = await storedRoll(ctx.db.db, w.entity.id, s.id);
    for (const who of [ann, bob]) {
      const mails = await mailsTo(ctx.db.db, who.person.email!);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain('EVACUATE NOW');
      expect(mails[0]!.text).not.toContain('DRILL');
      const token = /\/i-am-safe\/([\w-]+)/.exec(mails[0]!.text)![1]!;
      const entry = stored.find((e) => e.person_id === who.person.id)!;
      expect(entry.safe_token_hash).toBe(sha256(token));
    }
    expect(new Set(stored.map((e) => e.safe_token_hash)).size).toBe(2);
    expect(await mailsTo(ctx.db.db, cat.person.email!)).toHaveLength(0);
    expect(await mailsTo(ctx.db.db, elsewhere.person.email!)).toHaveLength(0);
    await endAll(w);
  });

  it('covers every area of the warden when nothing is named, and a drill says so in its mails', async () => {
    const dee = await w.onSite('Dee', w.areas.lobby, w.sites.branch);
    const noMail = await w.onSite('Nomail', w.areas.warehouse, w.sites.hq, { email: null });
    const detail = await w.start({ name: 'Spring drill', is_drill: true, highlight_after_minutes: 12 });
    expect(detail.session.is_drill).toBe(true);
    expect(detail.session.highlight_after_minutes).toBe(12);
    expect(detail.session.areas.map((a) => a.name).sort()).toEqual(['Dock', 'Lobby', 'Reception', 'Warehouse']);
    const ids = detail.roll.map((e) => e.person_id);
    expect(ids).toContain(dee.person.id);
    expect(ids).toContain(noMail.person.id);
    const stored = await storedRoll(ctx.db.db, w.entity.id, detail.session.id);
    expect(stored.find((e) => e.person_id === noMail.person.id)!.safe_token_hash).toBeNull();
    await evacuationMailsSent(ctx.app);
    const [mail] = await mailsTo(ctx.db.db, dee.person.email!);
    expect(mail!.subject).toContain('DRILL');
    expect(mail!.text).toContain('DRILL');
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/i-am-safe\/[\w-]{20,}/);
    await endAll(w);
  });

  it('refuses areas already in a running session, naming them, and runs another over other areas', async () => {
    const first = await w.start({ name: 'Warehouse smoke', area_ids: [w.areas.warehouse] });
    const clash = await w.warden.post('/emergency/sessions', {
      name: 'Again',
      area_ids: [w.areas.reception, w.areas.warehouse],
    });
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'conflict',
      fields: { area_ids: [expect.stringContaining('Warehouse')] },
    });
    expect(clash.json<{ message: string }>().message).not.toContain('Reception');
    const second = await w.start({ name: 'Lobby alarm', area_ids: [w.areas.lobby] });
    const active = (await w.warden.get('/emergency/sessions/active')).json<{ data: SessionSummary[] }>().data;
    expect(active.map((a) => a.id).sort()).toEqual([first.session.id, second.session.id].sort());
    const areas = (await w.warden.get('/emergency/areas-with-session')).json<AreasWithSession>().areas;
    expect(areas).toEqual(
      expect.arrayContaining([
        { id: w.areas.warehouse, name: 'Warehouse', site_id: w.sites.hq, session_id: first.session.id },
        { id: w.areas.lobby, name: 'Lobby', site_id: w.sites.branch, session_id: second.session.id },
      ]),
    );
    expect(areas).toHaveLength(2);
    await endAll(w);
    // Two wardens starting over the same area at once: one session, the other refused.
    const race = await Promise.all(
      ['Race A', 'Race B'].map((name) => w.warden.post('/emergency/sessions', { name, area_ids: [w.areas.reception] })),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    await endAll(w);
  });

  it('answers bad input with a 400 naming the field, in the caller’s language, never a 500', async () => {
    const bad = async (body: unknown, field: string, status = 400) => {
      const res = await w.warden.post('/emergency/sessions', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(Object.keys(res.json<{ fields: Record<string, string[]> }>().fields ?? {})).toContain(field);
      return res;
    };
    await bad({ name: '' }, 'name');
    await bad({ name: 'x'.repeat(101) }, 'name');
    await bad({ name: 'A', highlight_after_minutes: 0 }, 'highlight_after_minutes');
    await bad({ name: 'A', highlight_after_minutes: 121 }, 'highlight_after_minutes');
    await bad({ name: 'A', is_drill: 'yes' }, 'is_drill');
    await bad({ name: 'A', area_ids: ['nope'] }, 'area_ids.0');
    await bad({ name: 'A', site_ids: 'x' }, 'site_ids');
    // Unknown keys are named as the body's (the project's convention).
    await bad({ name: 'A', surprise: true }, 'body');
    // Another company's places are unknown here.
    await bad({ name: 'A', area_ids: [other.areas.reception] }, 'area_ids');
    await bad({ name: 'A', site_ids: [other.sites.hq] }, 'site_ids');
    const ar = await w.warden.post(
      '/emergency/sessions',
      { name: 'A', area_ids: [other.areas.reception] },
      { 'x-lang': 'ar' },
    );
    expect(ar.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
    // No area at all to cover: a site without areas.
    const empty = (await w.admin.post('/sites', { name: 'Empty yard' })).json<{ id: string }>().id;
    const none = await bad({ name: 'A', site_ids: [empty] }, 'area_ids', 422);
    expect(none.json()).toMatchObject({ code: 'rule_violation' });
    // Path and query.
    expect((await w.warden.get('/emergency/sessions/not-a-uuid')).statusCode).toBe(400);
    expect((await w.warden.get('/emergency/sessions?status=paused')).json()).toMatchObject({
      fields: { status: [expect.any(String)] },
    });
    expect((await w.warden.get('/emergency/sessions?drill=maybe')).statusCode).toBe(400);
    expect((await w.warden.get('/emergency/sessions?cursor=garbage')).json()).toMatchObject({
      fields: { cursor: [expect.any(String)] },
    });
    expect((await w.warden.get(`/emergency/sessions/${other.areas.reception}`)).statusCode).toBe(404);
    expect((await w.warden.post(`/emergency/sessions/${other.areas.reception}/end`)).statusCode).toBe(404);
    expect((await w.warden.get(`/emergency/sessions/${other.areas.reception}/permissions`)).statusCode).toBe(404);
  });

  it('is refused without the emergency permission', async () => {
    const { client: employee } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    for (const res of [
      await employee.get('/emergency/sessions'),
      await employee.get('/emergency/list'),
      await employee.post('/emergency/sessions', { name: 'No' }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    // A role with the sessions screen but the emergency permission's flag off.
    const setEmergency = (allowed: number) =>
      withTenant(ctx.db.db, w.entity.id, (tx) =>
        tx.execute(sql`
          update role_permissions set allowed = ${allowed}
           where entity_id = ${w.entity.id} and permission = 'emergency'
             and role_id = (select role_id from memberships where id = ${w.people.fire_warden.membershipId})`),
      );
    await setEmergency(0);
    try {
      await expect.poll(async () => (await w.warden.get('/emergency/sessions')).statusCode).toBe(403);
      const res = await w.warden.get('/emergency/sessions');
      expect(res.json<{ message: string }>().message).toContain('emergency');
    } finally {
      await setEmergency(1);
    }
    await expect.poll(async () => (await w.warden.get('/emergency/sessions')).statusCode).toBe(200);
  });
});

describe('scope, joining and ending', () => {
  it('shows a site-limited warden only the sessions of their sites and their part of the roll', async () => {
    const hqOnly = await w.start({ name: 'HQ only', site_ids: [w.sites.hq] });
    await endAll(w);
    const both = await w.start({ name: 'Both sites', site_ids: [w.sites.hq, w.sites.branch] });
    const branch = await scopedWarden(ctx.app, ctx.db.db, w.entity, [w.sites.branch]);

    const list = (await branch.client.get('/emergency/sessions')).json<SessionsList>();
    expect(list.data.map((s) => s.id)).toContain(both.session.id);
    expect(list.data.map((s) => s.id)).not.toContain(hqOnly.session.id);
    expect((await branch.client.get(`/emergency/sessions/${hqOnly.session.id}`)).statusCode).toBe(404);
    const perms = (
      await branch.client.get(`/emergency/sessions/${hqOnly.session.id}/permissions`)
    ).json<SessionPermissions>();
    expect(perms).toEqual({ join: false, end: false, end_blocked_by: [] });

    const seen = (await branch.client.get(`/emergency/sessions/${both.session.id}`)).json<SessionDetail>();
    expect(seen.roll.length).toBeGreaterThan(0);
    expect(seen.roll.every((e) => e.site?.id === w.sites.branch)).toBe(true);
    const all = (await w.warden.get(`/emergency/sessions/${both.session.id}`)).json<SessionDetail>();
    expect(all.roll.length).toBeGreaterThan(seen.roll.length);
    expect(seen.session.counts.total).toBe(seen.roll.length);

    const areas = (await branch.client.get('/emergency/areas-with-session')).json<AreasWithSession>().areas;
    expect(areas.map((a) => a.id)).toEqual([w.areas.lobby]);
    // They may not name HQ's places.
    const refused = await branch.client.post('/emergency/sessions', { name: 'X', area_ids: [w.areas.reception] });
    expect(refused.statusCode).toBe(400);
    await endAll(w);
  });

  it('refuses ending while areas outside the warden’s sites have people in, naming them, then allows it', async () => {
    const hqPeople = [await w.onSite('Hal', w.areas.reception), await w.onSite('Ida', w.areas.reception)];
    // Earlier tests left people in HQ: everyone in Reception and Warehouse counts.
    const session = await w.start({ name: 'Blocked end', site_ids: [w.sites.hq, w.sites.branch] });
    const branch = await scopedWarden(ctx.app, ctx.db.db, w.entity, [w.sites.branch]);

    const perms = (
      await branch.client.get(`/emergency/sessions/${session.session.id}/permissions`)
    ).json<SessionPermissions>();
    expect(perms.join).toBe(true);
    expect(perms.end).toBe(false);
    expect(perms.end_blocked_by.map((a) => a.name).sort()).toEqual(['Reception', 'Warehouse']);
    const refused = await branch.client.post(`/emergency/sessions/${session.session.id}/end`);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json<{ message: string }>().message).toContain('Reception');
    expect(refused.json()).toMatchObject({ code: 'rule_violation', fields: { areas: [expect.any(String)] } });
    expect((await w.warden.get(`/emergency/sessions/${session.session.id}/permissions`)).json()).toEqual({
      join: true,
      end: true,
      end_blocked_by: [],
    });

    // Everyone in HQ signs out: nothing blocks the Branch warden any more.
    const onSiteHq = rowsOf<{ id: string }>(
      await withTenant(ctx.db.db, w.entity.id, (tx) =>
        tx.execute(
          sql`select id from visits where entity_id = ${w.entity.id} and state = 'on_site' and site_id = ${w.sites.hq}`,
        ),
      ),
    );
    expect(onSiteHq.map((v) => v.id)).toEqual(expect.arrayContaining(hqPeople.map((p) => p.visit.id)));
    const out = await w.admin.post('/visits/sign-out', { visit_ids: onSiteHq.map((v) => v.id) });
    expect(out.statusCode, out.body).toBe(200);
    expect((await branch.client.get(`/emergency/sessions/${session.session.id}/permissions`)).json()).toEqual({
      join: true,
      end: true,
      end_blocked_by: [],
    });
    const ended = await branch.client.post(`/emergency/sessions/${session.session.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    const summary = ended.json<SessionSummary>();
    expect(summary.status).toBe('ended');
    expect(summary.ended_at).not.toBeNull();
    expect(summary.ended_by).toBeTruthy();

    // Ending again: already ended.
    const again = await w.warden.post(`/emergency/sessions/${session.session.id}/end`);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/already ended/);
    expect((await w.warden.get(`/emergency/sessions/${session.session.id}/permissions`)).json()).toMatchObject({
      join: true,
      end: false,
    });
    const audit = await auditOf(ctx.db.db, w.entity.id, session.session.id);
    expect(audit.map((a) => a.action)).toEqual(['emergency.session_start', 'emergency.session_end']);
    expect(audit[1]!.actor_user_id).toBe(branch.user.id);
  });
});

describe('drills and statistics', () => {
  it('filters drills from real emergencies, pages newest first, and counts them apart', async () => {
    const world = await emergencyWorld(ctx.app, ctx.db.db);
    const made: SessionDetail[] = [];
    for (const [i, drill] of [true, false, true].entries()) {
      await world.onSite(`Stat${i}`, world.areas.reception);
      made.push(await world.start({ name: `S${i}`, is_drill: drill, area_ids: [world.areas.reception] }));
      if (i < 2) {
        // Everyone marked present a minute in (as B's marks would leave them), then ended.
        await withTenant(ctx.db.db, world.entity.id, (tx) =>
          tx.execute(sql`
            update emergency_roll e set status = 'present', marked_at = s.started_at + interval '1 minute'
              from emergency_sessions s
             where e.entity_id = ${world.entity.id} and s.entity_id = e.entity_id and s.id = e.session_id
               and e.session_id = ${made[i]!.session.id}`),
        );
        expect((await world.warden.post(`/emergency/sessions/${made[i]!.session.id}/end`)).statusCode).toBe(200);
      }
    }
    const all = (await world.warden.get('/emergency/sessions')).json<SessionsList>();
    expect(all.data.map((s) => s.name)).toEqual(['S2', 'S1', 'S0']);
    expect(all.count).toBe(3);
    const drills = (await world.warden.get('/emergency/sessions?drill=true')).json<SessionsList>();
    expect(drills.data.map((s) => s.name)).toEqual(['S2', 'S0']);
    expect(drills.data.every((s) => s.is_drill)).toBe(true);
    const real = (await world.warden.get('/emergency/sessions?drill=false')).json<SessionsList>();
    expect(real.data.map((s) => s.name)).toEqual(['S1']);
    const active = (await world.warden.get('/emergency/sessions?status=active')).json<SessionsList>();
    expect(active.data.map((s) => s.name)).toEqual(['S2']);
    const ended = (await world.warden.get('/emergency/sessions?status=ended&drill=true')).json<SessionsList>();
    expect(ended.data.map((s) => s.name)).toEqual(['S0']);
    const named = (await world.warden.get('/emergency/sessions?search=s1')).json<SessionsList>();
    expect(named.data.map((s) => s.name)).toEqual(['S1']);
    expect(named.count).toBe(1);
    // Typed as written: a LIKE wildcard matches nothing.
    expect((await world.warden.get('/emergency/sessions?search=%25')).json<SessionsList>().count).toBe(0);

    const first = (await world.warden.get('/emergency/sessions?limit=2')).json<SessionsList>();
    expect(first.data.map((s) => s.name)).toEqual(['S2', 'S1']);
    expect(first.next_cursor).not.toBeNull();
    const next = (
      await world.warden.get(`/emergency/sessions?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`)
    ).json<SessionsList>();
    expect(next.data.map((s) => s.name)).toEqual(['S0']);
    expect(next.next_cursor).toBeNull();

    const stats = (await world.warden.get('/emergency/sessions/stats')).json<SessionStats>();
    expect(stats.drills.count).toBe(2);
    expect(stats.emergencies.count).toBe(1);
    expect(stats.drills.last_at?.at).toBe(made[2]!.session.started_at.at);
    expect(stats.emergencies.median_minutes_to_all).toBe(1);
    // S2 is still running with its person missing: only S0 counts for the drills' median.
    expect(stats.drills.median_minutes_to_all).toBe(1);
    await evacuationMailsSent(ctx.app);
  });
});
