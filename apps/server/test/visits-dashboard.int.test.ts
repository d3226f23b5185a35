import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { auditLog, badgePrints, customFields, customFieldSections, personFieldValues } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { createTestApp, type TestContext } from './helpers/test-app';
import { scopedAdmin } from './helpers/people-world';
import { insertVisit, visitsWorld, type VisitBody } from './helpers/visits-factories';
import { watchLiveEvents } from './helpers/live-events';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const HOUR = 60 * 60 * 1000;
type Counts = { on_site: number; signed_in: number; expected: number; checked_in: number };
type DashboardBody = {
  date: string;
  timezone: string;
  totals: { daily: Counts };
  by_user_type: (Counts & { user_type: { id: string; name: string } | null })[];
};
type ListBody = { data: VisitBody[]; count: number; timezone: string };

describe('the dashboard counts', () => {
  it("counts today on the company's clock, per user type, within an admin's scope", async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const [a, b, c] = [
      await w.person('Ann'),
      await w.person('Bea'),
      await w.person('Cat', w.types.staff, w.sites.branch),
    ];
    const d = await w.person('Dan', w.types.staff);
    await w.signInOne(a.id);
    const gone = await w.signInOne(b.id);
    await w.admin.post('/visits/sign-out', { visit_ids: [gone.id] });
    await w.signInOne(c.id, w.areas.lobby);
    await w.signInOne(d.id, w.areas.dock);
    await insertVisit(ctx.db.db, w.entity, {
      personId: d.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      userTypeId: w.types.staff,
      state: 'expected',
      expectedAt: new Date(),
    });
    // Yesterday's departures are not today's.
    await insertVisit(ctx.db.db, w.entity, {
      personId: a.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      userTypeId: w.types.visitors,
      state: 'left',
      signedInAt: new Date(Date.now() - 50 * HOUR),
      signedOutAt: new Date(Date.now() - 49 * HOUR),
    });

    const res = await w.admin.get('/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DashboardBody>();
    expect(body.timezone).toBe('UTC');
    expect(body.date).toBe(new Date().toISOString().slice(0, 10));
    expect(body.totals.daily).toEqual({ on_site: 2, signed_in: 3, expected: 1, checked_in: 1 });
    expect(body.by_user_type).toEqual([
      { user_type: { id: w.types.staff, name: 'Staff' }, on_site: 1, signed_in: 1, expected: 1, checked_in: 1 },
      { user_type: { id: w.types.visitors, name: 'Visitors' }, on_site: 1, signed_in: 2, expected: 0, checked_in: 0 },
    ]);
    expect((await w.admin.get(`/dashboard?site_id=${w.sites.branch}`)).json<DashboardBody>().totals.daily).toEqual({
      on_site: 1,
      signed_in: 1,
      expected: 0,
      checked_in: 0,
    });
    expect(
      (await w.admin.get(`/dashboard?area_id=${w.areas.dock}`)).json<DashboardBody>().totals.daily.checked_in,
    ).toBe(1);

    const limited = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.hq], [w.types.visitors]);
    expect((await limited.client.get('/dashboard')).json<DashboardBody>().totals.daily).toEqual({
      on_site: 1,
      signed_in: 2,
      expected: 0,
      checked_in: 0,
    });
    expect((await limited.client.get(`/dashboard?site_id=${w.sites.branch}`)).statusCode).toBe(404);
    const other = await visitsWorld(ctx.app, ctx.db.db);
    expect((await w.admin.get(`/dashboard?area_id=${other.areas.reception}`)).statusCode).toBe(404);
  });

  it("reads today in the company's time zone", async () => {
    // Kiritimati is UTC+14: its day starts ten hours before UTC's previous midnight ends.
    const w = await visitsWorld(ctx.app, ctx.db.db, { timezone: 'Pacific/Kiritimati' });
    const p = await w.person('Kit');
    const res = await w.admin.get('/dashboard');
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    expect(res.json<DashboardBody>()).toMatchObject({ date: local, timezone: 'Pacific/Kiritimati' });
    // A visit 15 hours ago in UTC terms that was "yesterday" on the company's clock is not counted today.
    const startOfDay = new Date(`${local}T00:00:00+14:00`);
    await insertVisit(ctx.db.db, w.entity, {
      personId: p.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      state: 'left',
      signedInAt: new Date(startOfDay.getTime() - 2 * HOUR),
      signedOutAt: new Date(startOfDay.getTime() - HOUR),
    });
    await insertVisit(ctx.db.db, w.entity, {
      personId: p.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      state: 'left',
      signedInAt: new Date(startOfDay.getTime() + 60 * 1000),
      signedOutAt: new Date(startOfDay.getTime() + 2 * 60 * 1000),
    });
    expect((await w.admin.get('/dashboard')).json<DashboardBody>().totals.daily.signed_in).toBe(1);
  });
});

describe('the logbook', () => {
  it('lists visits of today by default, newest first, paged, with what each row needs', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db, { timezone: 'Asia/Dubai' });
    const people = [];
    for (const name of ['Ali', 'Bel', 'Cam', 'Dee', 'Eli', 'Fin', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kai']) {
      people.push(
        await w.person(name, w.types.visitors, w.sites.hq, { companyName: name === 'Kai' ? 'Acme Freight' : null }),
      );
    }
    for (const p of people) await w.signInOne(p.id);
    const first = await w.admin.get('/visits');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<ListBody>();
    expect(page1.count).toBe(11);
    expect(page1.data).toHaveLength(10);
    expect(page1.timezone).toBe('Asia/Dubai');
    expect(page1.data[0]).toMatchObject({
      person: { full_name: 'Kai Tester', company_name: 'Acme Freight', photo_url: null },
      user_type: { name: 'Visitors' },
      site: { name: 'HQ' },
      area: { name: 'Reception' },
      state: 'on_site',
      stage: null,
      badge_label: 'sign_out',
      login_mode: 'signIn_signOut',
      expected: null,
      signed_out: null,
      hosts: [],
      notes: null,
    });
    const at = new Date(page1.data[0]!.signed_in!.at);
    expect(page1.data[0]!.signed_in!.local).toBe(
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Dubai', dateStyle: 'short', timeStyle: 'short' }).format(at),
    );
    const page2 = (await w.admin.get('/visits?page=2')).json<ListBody>();
    expect(page2.data.map((v) => v.person.full_name)).toEqual(['Ali Tester']);

    const byName = (await w.admin.get('/visits?sortField=name&orderBy=asc&limit=3')).json<ListBody>();
    expect(byName.data.map((v) => v.person.full_name)).toEqual(['Ali Tester', 'Bel Tester', 'Cam Tester']);
    expect((await w.admin.get('/visits?search=acme')).json<ListBody>().data.map((v) => v.person.full_name)).toEqual([
      'Kai Tester',
    ]);
    expect((await w.admin.get('/visits?search=ivy%20tes')).json<ListBody>().count).toBe(1);
    expect((await w.admin.get('/visits?sortField=secret')).statusCode).toBe(400);
    expect((await w.admin.get('/visits?limit=0')).statusCode).toBe(400);
  });

  it('filters by days, state, site, area, user type and stage', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const [a, b, c] = [await w.person('Ari'), await w.person('Bo', w.types.staff), await w.person('Cy')];
    await w.signInOne(a.id);
    const bv = await w.signInOne(b.id, w.areas.warehouse);
    await w.admin.post('/visits/sign-out', { visit_ids: [bv.id] });
    await w.signInOne(c.id, w.areas.lobby);
    const old = await insertVisit(ctx.db.db, w.entity, {
      personId: a.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      userTypeId: w.types.visitors,
      state: 'left',
      signedInAt: new Date('2026-01-05T09:00:00Z'),
      signedOutAt: new Date('2026-01-05T17:00:00Z'),
    });
    const expected = await insertVisit(ctx.db.db, w.entity, {
      personId: c.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      state: 'expected',
      stage: 'awaiting_approval',
      expectedAt: new Date(),
    });
    const names = async (query: string) =>
      (await w.admin.get(`/visits?sortField=name&orderBy=asc${query}`)).json<ListBody>().data.map((v) => v.id);
    expect((await names('')).length).toBe(4);
    expect(await names('&state=left')).toEqual([bv.id]);
    expect(await names(`&area_id=${w.areas.lobby}`)).toHaveLength(1);
    expect(await names(`&site_id=${w.sites.hq}&user_type_id=${w.types.staff}`)).toEqual([bv.id]);
    expect(await names('&stage=awaiting_approval')).toEqual([expected.id]);
    expect(await names('&from=2026-01-05&to=2026-01-05')).toEqual([old.id]);
    expect(await names('&from=2026-01-06&to=2026-01-06')).toEqual([]);
    expect((await w.admin.get('/visits?from=2026-01-06&to=2026-01-05')).statusCode).toBe(400);
    expect((await w.admin.get('/visits?from=2020-01-01&to=2026-01-05')).statusCode).toBe(400);
  });

  it('shows a limited admin only the visits of their sites and user types, and another company nothing', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const visitor = await w.signInOne((await w.person('Vi')).id);
    const staff = await w.signInOne((await w.person('St', w.types.staff)).id);
    const branch = await w.signInOne((await w.person('Br', w.types.visitors, w.sites.branch)).id, w.areas.lobby);
    const limited = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.hq], [w.types.visitors]);
    const seen = (await limited.client.get('/visits')).json<ListBody>();
    expect(seen.data.map((v) => v.id)).toEqual([visitor.id]);
    expect((await limited.client.get(`/visits/${staff.id}`)).statusCode).toBe(404);
    expect((await limited.client.get(`/visits/${branch.id}`)).statusCode).toBe(404);
    expect((await limited.client.get(`/visits/${visitor.id}`)).statusCode).toBe(200);

    const other = await visitsWorld(ctx.app, ctx.db.db);
    expect((await other.admin.get('/visits')).json<ListBody>().count).toBe(0);
    for (const url of [`/visits/${visitor.id}`, `/visits/${visitor.id}/badge`]) {
      expect((await other.admin.get(url)).statusCode).toBe(404);
    }
    expect((await other.admin.put(`/visits/${visitor.id}/notes`, { notes: 'x' })).statusCode).toBe(404);
    expect((await other.admin.post(`/visits/${visitor.id}/badge-prints`)).statusCode).toBe(404);
    expect((await w.admin.get(`/visits/${visitor.id}`)).json<VisitBody>().notes).toBeNull();
  });
});

describe('visit notes', () => {
  it('keeps at most 30 characters, trims them, clears them when empty, and tells everyone', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const v = await w.signInOne((await w.person('Nia')).id);
    const emit = watchLiveEvents(ctx.app);
    const res = await w.admin.put(`/visits/${v.id}/notes`, { notes: '  Parking bay 12  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<VisitBody>().notes).toBe('Parking bay 12');
    expect(await emit.visitIds(w.entity.id)).toContainEqual({
      action: 'notes_changed',
      visit_ids: [v.id],
      area_ids: [w.areas.reception],
    });
    emit.restore();
    const long = await w.admin.put(`/visits/${v.id}/notes`, { notes: 'x'.repeat(31) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ fields: Record<string, string[]> }>().fields.notes).toEqual([
      'Notes can be at most 30 characters.',
    ]);
    expect((await w.admin.put(`/visits/${v.id}/notes`, { notes: 'x'.repeat(30) })).statusCode).toBe(200);
    expect((await w.admin.put(`/visits/${v.id}/notes`, { notes: '   ' })).json<VisitBody>().notes).toBeNull();
    const audit = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.targetId, v.id), eq(auditLog.action, 'visit.notes_changed'))),
    );
    expect(audit).toHaveLength(3);
  });
});

describe('badges', () => {
  it("shows what the flow's checks allow, with print-on-badge fields, and queues prints", async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const host = await w.person('Hugo', w.types.staff);
    await w.flow(w.types.visitors, {
      checks: {
        temperature_check: true,
        show_temperature: true,
        show_photo: true,
        show_user_type: false,
        host: true,
        allow_not_select_host: true,
        print_badge: true,
        print_badge_host: true,
        print_badge_journey_company_logo: true,
      },
      output: { badge_copies: 2 },
    });
    const fieldId = newId();
    await withTenant(ctx.db.db, w.entity.id, async (tx) => {
      const sectionId = newId();
      await tx.insert(customFieldSections).values({ entityId: w.entity.id, id: sectionId, name: 'Badge' });
      await tx.insert(customFields).values({
        entityId: w.entity.id,
        id: fieldId,
        sectionId,
        name: 'Company',
        type: 'text',
        binding: 'profile',
        printOnBadge: true,
      });
    });
    const v = await w.person('Vera');
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.insert(personFieldValues).values({ entityId: w.entity.id, personId: v.id, fieldId, value: 'Globex' }),
    );
    const visit = await w.signInOne(v.id, w.areas.reception, { host_ids: [host.id], temperature: { value: '36.6' } });
    const res = await w.admin.get(`/visits/${visit.id}/badge`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      visit_id: visit.id,
      print_badge: true,
      copies: 2,
      label: 'sign_out',
      name: 'Vera Tester',
      photo_url: null,
      user_type: null,
      qr: v.qrCode,
      temperature_c: 36.6,
      host: 'Hugo Tester',
      logo_url: null,
      custom_fields: [{ id: fieldId, name: 'Company', value: 'Globex' }],
      late_sign_in_reason: null,
      site: 'HQ',
      area: 'Reception',
    });

    const printed = await w.admin.post(`/visits/${visit.id}/badge-prints`);
    expect(printed.statusCode, printed.body).toBe(201);
    expect(printed.json()).toMatchObject({ visit_id: visit.id, status: 'queued', badge: { name: 'Vera Tester' } });
    const rows = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.select().from(badgePrints).where(eq(badgePrints.visitId, visit.id)),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('queued');

    // Without a flow: name and user type, the spec's defaults.
    const staffVisit = await w.signInOne(host.id);
    expect((await w.admin.get(`/visits/${staffVisit.id}/badge`)).json()).toMatchObject({
      name: 'Hugo Tester',
      user_type: 'Staff',
      temperature_c: null,
      host: null,
      print_badge: false,
    });
    // An expected visit has no badge to print yet.
    const expected = await insertVisit(ctx.db.db, w.entity, {
      personId: v.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      state: 'expected',
      expectedAt: new Date(),
    });
    expect((await w.admin.post(`/visits/${expected.id}/badge-prints`)).statusCode).toBe(422);
  });
});
