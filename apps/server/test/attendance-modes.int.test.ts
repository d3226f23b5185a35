import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AttendanceMode } from '@app/shared/attendance/schemas';
import { withTenant } from '../src/db/client';
import { attendanceModes, attendanceReasons, auditLog } from '../src/db/schema/index';
import { DEMO_ATTENDANCE_MODES, seedDemoAttendance } from '../src/seed/demo/demo-attendance';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn } from './helpers/http-client';
import { createCompany, PASSWORD } from './helpers/world';
import {
  addMode,
  addReason,
  addSite,
  addUserType,
  dropJourney,
  limitToSites,
  modeBody,
  useModeInJourney,
} from './helpers/attendance-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function adminOf() {
  const company = await createCompany(ctx.db.db);
  const { client } = await signIn(ctx.app, company.people.admin.email, PASSWORD);
  const site = await addSite(client, 'Head office');
  return { ...company, client, site };
}

describe('attendance modes', () => {
  it('adds a mode with its sites, days, hours and allowances (0 by default), lists and changes it', async () => {
    const { client, site, entity } = await adminOf();
    const depot = await addSite(client, 'Depot');
    const created = await addMode(client, [site.id, depot.id], { days: [5, 1, 3, 2, 4] });
    expect(created).toMatchObject({
      name: 'Office hours',
      days: [1, 2, 3, 4, 5],
      start_time: '09:00',
      end_time: '17:30',
      late_sign_in_minutes: 0,
      early_sign_out_minutes: 0,
      reasons: [],
      journeys: [],
    });
    expect(created.sites.map((s) => s.name)).toEqual(['Depot', 'Head office']);

    await addMode(client, [depot.id], {
      name: 'Warehouse early shift',
      start_time: '06:00',
      end_time: '14:00',
      late_sign_in_minutes: 10,
    });
    const list = (await client.get('/attendance-modes?sortField=start_time')).json();
    expect(list.count).toBe(2);
    expect(list.data.map((m: AttendanceMode) => m.name)).toEqual(['Warehouse early shift', 'Office hours']);
    expect((await client.get('/attendance-modes?search=ware')).json().count).toBe(1);
    expect((await client.get(`/attendance-modes?site_id=${site.id}`)).json().data[0].name).toBe('Office hours');
    expect((await client.get('/attendance-modes?limit=1&page=2')).json().data[0].name).toBe('Warehouse early shift');

    const changed = await client.put(
      `/attendance-modes/${created.id}`,
      modeBody([site.id], { name: 'Office hours (summer)', days: [1, 2, 3, 4], early_sign_out_minutes: 15 }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Office hours (summer)',
      days: [1, 2, 3, 4],
      early_sign_out_minutes: 15,
      sites: [{ id: site.id, name: 'Head office' }],
    });
    expect((await client.get(`/attendance-modes/${created.id}`)).json().name).toBe('Office hours (summer)');
    const audit = await withTenant(ctx.db.db, entity.id, (tx) =>
      tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, created.id)),
    );
    expect(audit.map((a) => a.action).sort()).toEqual(['attendance_mode.create', 'attendance_mode.update']);
  });

  it('refuses bad hours, days, allowances and sites, naming the field', async () => {
    const { client, site } = await adminOf();
    const backwards = await client.post('/attendance-modes', modeBody([site.id], { end_time: '08:00' }));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields.end_time).toEqual(['The end time must be after the start time.']);
    const noDays = await client.post('/attendance-modes', modeBody([site.id], { days: [] }));
    expect(noDays.json().fields.days).toEqual(['Choose at least one day.']);
    const badDay = await client.post('/attendance-modes', modeBody([site.id], { days: [0, 8] }));
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().fields['days.0']).toBeDefined();
    const badTime = await client.post('/attendance-modes', modeBody([site.id], { start_time: '9:00' }));
    expect(badTime.json().fields.start_time[0]).toContain('HH:MM');
    const allowance = await client.post('/attendance-modes', modeBody([site.id], { late_sign_in_minutes: 510 }));
    expect(allowance.json().fields.late_sign_in_minutes).toEqual([
      'Late sign-in allowance must be shorter than the working hours.',
    ]);
    const negative = await client.post('/attendance-modes', modeBody([site.id], { early_sign_out_minutes: -1 }));
    expect(negative.json().fields.early_sign_out_minutes[0]).toContain('at least 0');
    const noSites = await client.post('/attendance-modes', modeBody([]));
    expect(noSites.json().fields.site_ids).toEqual(['Choose at least one site the mode serves.']);
    const other = await adminOf();
    const foreignSite = await client.post('/attendance-modes', modeBody([other.site.id]));
    expect(foreignSite.statusCode).toBe(422);
    expect(foreignSite.json().fields.site_ids).toBeDefined();
    expect((await client.get('/attendance-modes')).json().count).toBe(0);
  });

  it('answers in the caller’s language', async () => {
    const { client, site } = await adminOf();
    client.lang = 'ar';
    const res = await client.post('/attendance-modes', modeBody([site.id], { end_time: '08:00' }));
    expect(res.json().fields.end_time).toEqual(['يجب أن يكون وقت الانتهاء بعد وقت البدء.']);
    client.lang = 'es';
    const es = await client.post('/attendance-modes', modeBody([site.id], { days: [] }));
    expect(es.json().fields.days).toEqual(['Elige al menos un día.']);
  });
});

describe('mode names are unique in the company', () => {
  it('are checked live while typed, and again on save', async () => {
    const { client, site } = await adminOf();
    const office = await addMode(client, [site.id]);
    const free = await client.get('/attendance-modes/availability?name=Night%20shift');
    expect(free.json()).toEqual({ available: true, message: null });
    const taken = await client.get('/attendance-modes/availability?name=%20OFFICE%20hours%20');
    expect(taken.json()).toEqual({ available: false, message: 'An attendance mode with this name already exists.' });
    // The mode being renamed may keep its own name.
    const own = await client.get(`/attendance-modes/availability?name=office%20hours&exclude_mode_id=${office.id}`);
    expect(own.json().available).toBe(true);
    expect((await client.get('/attendance-modes/availability?name=')).statusCode).toBe(400);

    const dup = await client.post('/attendance-modes', modeBody([site.id], { name: 'office HOURS' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields.name).toEqual(['An attendance mode with this name already exists.']);
    const night = await addMode(client, [site.id], { name: 'Night shift', start_time: '18:00', end_time: '23:30' });
    const rename = await client.put(`/attendance-modes/${night.id}`, modeBody([site.id], { name: 'Office Hours' }));
    expect(rename.statusCode).toBe(409);
    // Another company may use the same name.
    const other = await adminOf();
    await addMode(other.client, [other.site.id]);
    expect((await other.client.get('/attendance-modes')).json().count).toBe(1);
  });

  it('lets an employee neither read nor change modes, nor check names', async () => {
    const { client, site, people } = await adminOf();
    const mode = await addMode(client, [site.id]);
    const { client: employee } = await signIn(ctx.app, people.employee.email, PASSWORD);
    expect((await employee.get('/attendance-modes')).statusCode).toBe(403);
    expect((await employee.get('/attendance-modes/availability?name=x')).statusCode).toBe(403);
    expect((await employee.put(`/attendance-modes/${mode.id}`, modeBody([site.id]))).statusCode).toBe(403);
    expect((await employee.delete(`/attendance-modes/${mode.id}`)).statusCode).toBe(403);
  });
});

describe('deleting a mode', () => {
  it('takes its reasons with it, and is refused while a journey uses it, naming the journeys', async () => {
    const { client, site, entity } = await adminOf();
    const mode = await addMode(client, [site.id]);
    await addReason(client, mode.id, 'Traffic', 'late_sign_in', '09:00', 30);
    await addReason(client, mode.id, 'Family emergency', 'early_sign_out', '15:00', 120);
    const staff = await addUserType(client, 'Staff');
    const contractors = await addUserType(client, 'Contractors');
    const first = await useModeInJourney(ctx.db.db, entity.id, mode.id, 'Staff entrance', staff.id);
    const second = await useModeInJourney(ctx.db.db, entity.id, mode.id, 'Contractor gate', contractors.id);

    const listed = (await client.get(`/attendance-modes/${mode.id}`)).json<AttendanceMode>();
    expect(listed.journeys.map((j) => j.name)).toEqual(['Contractor gate', 'Staff entrance']);
    const refused = await client.delete(`/attendance-modes/${mode.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'This mode is used by journeys: “Contractor gate”, “Staff entrance”. Remove it from their flows first.',
    );
    expect(refused.json().fields.id).toBeDefined();
    expect((await client.get(`/attendance-modes/${mode.id}`)).statusCode).toBe(200);

    await dropJourney(ctx.db.db, entity.id, first.journeyId);
    expect((await client.delete(`/attendance-modes/${mode.id}`)).json().message).toContain('“Contractor gate”.');
    await dropJourney(ctx.db.db, entity.id, second.journeyId);
    expect((await client.delete(`/attendance-modes/${mode.id}`)).statusCode).toBe(204);
    expect((await client.get(`/attendance-modes/${mode.id}`)).statusCode).toBe(404);
    const reasonsLeft = await withTenant(ctx.db.db, entity.id, (tx) =>
      tx.select().from(attendanceReasons).where(eq(attendanceReasons.attendanceModeId, mode.id)),
    );
    expect(reasonsLeft).toEqual([]);
  });
});

describe('admins limited to some sites', () => {
  it('see and act only on modes serving one of their sites, and keep the sites outside their reach', async () => {
    const { client, site: north, entity, people } = await adminOf();
    const south = await addSite(client, 'South');
    const shared = await addMode(client, [north.id, south.id], { name: 'Shared hours' });
    const southOnly = await addMode(client, [south.id], { name: 'South hours' });
    const southReason = await addReason(client, southOnly.id, 'Traffic', 'late_sign_in', '09:00', 30);
    await limitToSites(ctx.db.db, entity.id, people.system_admin.membershipId, [north.id]);
    const { client: limited } = await signIn(ctx.app, people.system_admin.email, PASSWORD);

    const seen = (await limited.get('/attendance-modes')).json();
    expect(seen.data.map((m: AttendanceMode) => m.name)).toEqual(['Shared hours']);
    // The sites the mode serves are all shown; the ones to choose from are the admin's own.
    expect(seen.data[0].sites.map((s: { name: string }) => s.name)).toEqual(['Head office', 'South']);
    expect((await limited.get('/attendance-modes/site-options')).json().data).toEqual([
      { id: north.id, name: 'Head office' },
    ]);

    // Out of reach: not found, whatever the call.
    expect((await limited.get(`/attendance-modes/${southOnly.id}`)).statusCode).toBe(404);
    expect((await limited.put(`/attendance-modes/${southOnly.id}`, modeBody([north.id]))).statusCode).toBe(404);
    expect((await limited.delete(`/attendance-modes/${southOnly.id}`)).statusCode).toBe(404);
    expect((await limited.get(`/attendance-modes/${southOnly.id}/reasons`)).statusCode).toBe(404);
    expect((await limited.get(`/attendance-reasons/${southReason.id}`)).statusCode).toBe(404);
    expect(
      (
        await limited.post(`/attendance-modes/${southOnly.id}/reasons`, {
          name: 'Snow',
          type: 'late_sign_in',
          start_time: '10:00',
          duration_minutes: 10,
        })
      ).statusCode,
    ).toBe(404);
    expect((await limited.delete(`/attendance-reasons/${southReason.id}`)).statusCode).toBe(404);

    // Editing keeps South, which the admin cannot see to remove.
    const edited = await limited.put(
      `/attendance-modes/${shared.id}`,
      modeBody([north.id], { name: 'Shared hours', end_time: '18:00' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().sites.map((s: { name: string }) => s.name)).toEqual(['Head office', 'South']);
    // A site outside their reach cannot be added, and their own cannot all be removed.
    const addSouth = await limited.post('/attendance-modes', modeBody([north.id, south.id], { name: 'Greedy' }));
    expect(addSouth.statusCode).toBe(422);
    expect(addSouth.json().fields.site_ids).toBeDefined();
    const onlySouth = await limited.put(
      `/attendance-modes/${shared.id}`,
      modeBody([south.id], { name: 'Shared hours' }),
    );
    expect(onlySouth.statusCode).toBe(422);
    expect(onlySouth.json().fields.site_ids).toEqual([
      'Keep at least one of your own sites, or you could no longer manage this mode.',
    ]);

    const own = await addMode(limited, [north.id], { name: 'North hours' });
    expect((await limited.get(`/attendance-modes/${own.id}`)).statusCode).toBe(200);
    // The unlimited admin still sees everything.
    expect((await client.get('/attendance-modes')).json().count).toBe(3);
  });
});

describe('another company can neither read nor change attendance modes', () => {
  it('answers 404 for another company’s mode and reason ids and changes nothing', async () => {
    const a = await adminOf();
    const b = await adminOf();
    const theirs = await addMode(b.client, [b.site.id], { name: 'Their hours' });
    const reason = await addReason(b.client, theirs.id, 'Traffic', 'late_sign_in', '09:00', 30, 'LT');
    const paths = [`/attendance-modes/${theirs.id}`, `/attendance-modes/${theirs.id}/reasons`];
    for (const path of paths) expect((await a.client.get(path)).statusCode, path).toBe(404);
    expect((await a.client.put(`/attendance-modes/${theirs.id}`, modeBody([a.site.id]))).statusCode).toBe(404);
    expect((await a.client.delete(`/attendance-modes/${theirs.id}`)).statusCode).toBe(404);
    const body = { name: 'Mine', type: 'late_sign_in', start_time: '10:00', duration_minutes: 5 };
    expect((await a.client.post(`/attendance-modes/${theirs.id}/reasons`, body)).statusCode).toBe(404);
    expect((await a.client.get(`/attendance-reasons/${reason.id}`)).statusCode).toBe(404);
    expect((await a.client.put(`/attendance-reasons/${reason.id}`, body)).statusCode).toBe(404);
    expect((await a.client.delete(`/attendance-reasons/${reason.id}`)).statusCode).toBe(404);
    const bulk = await a.client.put('/attendance-reasons/attendance-codes', {
      reason_ids: [reason.id],
      attendance_code: 'X',
    });
    expect(bulk.statusCode).toBe(404);
    expect(
      (await a.client.get(`/attendance-modes/applicable-reasons?attendance_mode_ids=${theirs.id}&action=sign_in`))
        .statusCode,
    ).toBe(404);
    expect((await a.client.get('/attendance-modes')).json().count).toBe(0);

    const [row] = await ctx.db.db.select().from(attendanceModes).where(eq(attendanceModes.id, theirs.id));
    expect(row!.name).toBe('Their hours');
    const [reasonRow] = await ctx.db.db
      .select()
      .from(attendanceReasons)
      .where(and(eq(attendanceReasons.id, reason.id)));
    expect(reasonRow).toMatchObject({ name: 'Traffic', attendanceCode: 'LT' });
  });

  it('holds under row-level security with no filter in the query', async () => {
    const a = await adminOf();
    const b = await adminOf();
    await addMode(a.client, [a.site.id], { name: 'Only A' });
    await addMode(b.client, [b.site.id], { name: 'Only B' });
    const seen = await withTenant(ctx.db.db, a.entity.id, (tx) =>
      tx.select({ name: attendanceModes.name }).from(attendanceModes),
    );
    expect(seen.map((m) => m.name)).toEqual(['Only A']);
  });
});

describe('the demo company’s modes', () => {
  it('are seeded by name onto the demo sites, with reasons the rules accept', async () => {
    const { client, entity } = await adminOf();
    await addSite(client, 'Dubai Head Office');
    await addSite(client, 'Madrid Office');
    await withTenant(ctx.db.db, entity.id, (tx) => seedDemoAttendance(tx, entity.id));
    const modes = (await client.get('/attendance-modes?limit=50')).json().data as AttendanceMode[];
    expect(modes.map((m) => m.name).sort()).toEqual(DEMO_ATTENDANCE_MODES.map((m) => m.name).sort());
    const office = modes.find((m) => m.name === 'Office hours')!;
    expect(office).toMatchObject({ days: [1, 2, 3, 4, 5], start_time: '09:00', end_time: '17:30' });
    expect(office.sites.map((s) => s.name)).toEqual(['Dubai Head Office', 'Madrid Office']);
    expect(office.reasons.find((r) => r.name === 'Traffic')).toMatchObject({
      type: 'late_sign_in',
      start_time: '09:00',
      duration_minutes: 30,
      attendance_code: 'LT',
    });
    expect(modes.find((m) => m.name === 'Weekend security')!.days).toEqual([6, 7]);
    // Every seeded reason can be saved again unchanged through the API's own checks.
    for (const mode of modes) {
      for (const r of mode.reasons) {
        const res = await client.put(`/attendance-reasons/${r.id}`, r);
        expect(res.statusCode, `${mode.name} / ${r.name}: ${res.body}`).toBe(200);
      }
    }
  });
});
