import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AttendanceReason } from '@app/shared/attendance/schemas';
import { entities } from '../src/db/schema/index';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, type TestClient } from './helpers/http-client';
import { createCompany, PASSWORD } from './helpers/world';
import { addMode, addReason, addSite, limitToSites, modeBody } from './helpers/attendance-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function officeWithReasons() {
  const company = await createCompany(ctx.db.db);
  const { client } = await signIn(ctx.app, company.people.admin.email, PASSWORD);
  const site = await addSite(client, 'Head office');
  const mode = await addMode(client, [site.id]);
  const traffic = await addReason(client, mode.id, 'Traffic', 'late_sign_in', '09:00', 30, 'LT');
  const medical = await addReason(client, mode.id, 'Medical appointment', 'late_sign_in', '09:30', 120, 'M');
  const family = await addReason(client, mode.id, 'Family emergency', 'early_sign_out', '15:00', 120);
  return { ...company, client, site, mode, traffic, medical, family };
}

const reason = (extra: Record<string, unknown>) => ({
  name: 'Bus strike',
  type: 'late_sign_in',
  start_time: '12:00',
  duration_minutes: 30,
  ...extra,
});

const post = (client: TestClient, modeId: string, body: Record<string, unknown>) =>
  client.post(`/attendance-modes/${modeId}/reasons`, body);

describe('reasons', () => {
  it('are added, listed in time order with their end, read, changed and deleted', async () => {
    const { client, mode, traffic, medical, family, entity } = await officeWithReasons();
    expect(traffic).toMatchObject({
      attendance_mode_id: mode.id,
      start_time: '09:00',
      end_time: '09:30',
      duration_minutes: 30,
      attendance_code: 'LT',
    });
    const listed = (await client.get(`/attendance-modes/${mode.id}/reasons`)).json().data as AttendanceReason[];
    expect(listed.map((r) => r.name)).toEqual(['Traffic', 'Medical appointment', 'Family emergency']);
    expect((await client.get(`/attendance-modes/${mode.id}`)).json().reasons).toHaveLength(3);
    expect((await client.get(`/attendance-reasons/${medical.id}`)).json()).toEqual(medical);

    const changed = await client.put(`/attendance-reasons/${family.id}`, {
      name: 'Family emergency',
      type: 'early_sign_out',
      start_time: '14:30',
      duration_minutes: 180,
      attendance_code: ' FE ',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ start_time: '14:30', end_time: '17:30', attendance_code: 'FE' });
    // The reason may keep its own name and range.
    expect((await client.put(`/attendance-reasons/${traffic.id}`, { ...traffic })).statusCode).toBe(200);

    expect((await client.delete(`/attendance-reasons/${traffic.id}`)).statusCode).toBe(204);
    expect((await client.get(`/attendance-reasons/${traffic.id}`)).statusCode).toBe(404);
    expect((await client.get(`/attendance-modes/${mode.id}/reasons`)).json().data).toHaveLength(2);
    void entity;
  });

  it('have names of at most 20 characters, unique in their mode', async () => {
    const { client, mode, site } = await officeWithReasons();
    const twenty = await post(client, mode.id, reason({ name: 'x'.repeat(20) }));
    expect(twenty.statusCode, twenty.body).toBe(201);
    const long = await post(client, mode.id, reason({ name: 'y'.repeat(21), start_time: '13:00' }));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.name).toEqual(['Name must be at most 20 characters.']);
    const blank = await post(client, mode.id, reason({ name: '   ', start_time: '13:00' }));
    expect(blank.json().fields.name).toEqual(['Name is required.']);

    const dup = await post(client, mode.id, reason({ name: 'TRAFFIC', start_time: '13:00' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields.name).toEqual(['This mode already has a reason with this name.']);
    // Another mode may have a reason of the same name.
    const other = await addMode(client, [site.id], { name: 'Weekend security', days: [6, 7] });
    await addReason(client, other.id, 'Traffic', 'late_sign_in', '09:00', 15);
  });

  it('last at least 1 minute, in whole minutes', async () => {
    const { client, mode } = await officeWithReasons();
    const zero = await post(client, mode.id, reason({ duration_minutes: 0 }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields.duration_minutes).toEqual(['Duration must be at least 1.']);
    expect((await post(client, mode.id, reason({ duration_minutes: 2.5 }))).statusCode).toBe(400);
    expect((await post(client, mode.id, reason({ duration_minutes: 1 }))).statusCode).toBe(201);
    const badType = await post(client, mode.id, reason({ type: 'absent', name: 'Absent' }));
    expect(badType.json().fields.type).toBeDefined();
  });

  it('lie inside their mode’s hours', async () => {
    const { client, mode } = await officeWithReasons();
    const early = await post(client, mode.id, reason({ type: 'early_sign_out', start_time: '08:30' }));
    expect(early.statusCode).toBe(422);
    expect(early.json().fields.start_time).toEqual(['The reason must start within the mode’s hours, 09:00–17:30.']);
    const late = await post(
      client,
      mode.id,
      reason({ type: 'early_sign_out', start_time: '17:30', duration_minutes: 5 }),
    );
    expect(late.json().fields.start_time).toBeDefined();
    const tooLong = await post(
      client,
      mode.id,
      reason({ type: 'early_sign_out', start_time: '17:20', duration_minutes: 11 }),
    );
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().fields.duration_minutes).toEqual([
      'The reason must end by 17:30, when the mode ends: at most 10 minutes from its start.',
    ]);
    const toTheEnd = await post(
      client,
      mode.id,
      reason({ type: 'early_sign_out', start_time: '17:20', duration_minutes: 10 }),
    );
    expect(toTheEnd.statusCode, toTheEnd.body).toBe(201);
  });

  it('do not overlap another reason of the same type, on add or on change', async () => {
    const { client, mode, traffic, medical } = await officeWithReasons();
    const overlap = await post(client, mode.id, reason({ start_time: '11:00', duration_minutes: 60 }));
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().message).toBe(
      'This time overlaps “Medical appointment” (09:30–11:30). Reasons of the same type may not overlap.',
    );
    expect(overlap.json().fields.start_time).toBeDefined();
    // Touching the end of another range is not overlapping it.
    expect((await post(client, mode.id, reason({ start_time: '11:30', duration_minutes: 30 }))).statusCode).toBe(201);
    // A reason of the other type may share the time: it is asked at the other action.
    const otherType = await post(
      client,
      mode.id,
      reason({ name: 'School run', type: 'early_sign_out', start_time: '09:00', duration_minutes: 60 }),
    );
    expect(otherType.statusCode, otherType.body).toBe(201);
    // Moving a saved reason onto another is refused too; the other stays as it was.
    const moved = await client.put(`/attendance-reasons/${traffic.id}`, { ...traffic, duration_minutes: 31 });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().message).toContain('“Medical appointment”');
    expect((await client.get(`/attendance-reasons/${medical.id}`)).json().start_time).toBe('09:30');
    // Renaming onto a sibling's name is refused as well.
    const renamed = await client.put(`/attendance-reasons/${traffic.id}`, { ...traffic, name: 'medical appointment' });
    expect(renamed.statusCode).toBe(409);
  });

  it('refuse a mode’s new hours that would leave them outside, naming them', async () => {
    const { client, mode, site } = await officeWithReasons();
    const shorter = await client.put(`/attendance-modes/${mode.id}`, modeBody([site.id], { end_time: '16:00' }));
    expect(shorter.statusCode).toBe(422);
    expect(shorter.json().fields.end_time).toEqual([
      'These hours would leave reasons outside the mode: “Family emergency”. Change or delete those reasons first.',
    ]);
    const later = await client.put(`/attendance-modes/${mode.id}`, modeBody([site.id], { start_time: '10:00' }));
    expect(later.json().fields.start_time[0]).toContain('“Traffic”, “Medical appointment”');
    expect((await client.get(`/attendance-modes/${mode.id}`)).json().start_time).toBe('09:00');
    const wider = await client.put(
      `/attendance-modes/${mode.id}`,
      modeBody([site.id], { start_time: '08:00', end_time: '18:00' }),
    );
    expect(wider.statusCode, wider.body).toBe(200);
    const exact = await client.put(
      `/attendance-modes/${mode.id}`,
      modeBody([site.id], { start_time: '09:00', end_time: '17:00' }),
    );
    expect(exact.statusCode, exact.body).toBe(200);
  });
});

describe('attendance codes in bulk', () => {
  it('gives several reasons one code or none, all or nothing', async () => {
    const { client, traffic, medical, family } = await officeWithReasons();
    const res = await client.put('/attendance-reasons/attendance-codes', {
      reason_ids: [traffic.id, family.id, traffic.id],
      attendance_code: 'U',
    });
    expect(res.json()).toEqual({ updated: 2 });
    expect((await client.get(`/attendance-reasons/${family.id}`)).json().attendance_code).toBe('U');
    expect((await client.get(`/attendance-reasons/${medical.id}`)).json().attendance_code).toBe('M');
    const cleared = await client.put('/attendance-reasons/attendance-codes', {
      reason_ids: [traffic.id],
      attendance_code: '',
    });
    expect(cleared.json()).toEqual({ updated: 1 });
    expect((await client.get(`/attendance-reasons/${traffic.id}`)).json().attendance_code).toBeNull();
    const tooLong = await client.put('/attendance-reasons/attendance-codes', {
      reason_ids: [traffic.id],
      attendance_code: 'x'.repeat(21),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.attendance_code).toBeDefined();
    const none = await client.put('/attendance-reasons/attendance-codes', { reason_ids: [], attendance_code: 'A' });
    expect(none.statusCode).toBe(400);
  });
});

describe('which reasons apply', () => {
  const ask = (client: TestClient, modeIds: string[], action: string, at: string) =>
    client.get(
      `/attendance-modes/applicable-reasons?attendance_mode_ids=${modeIds.join(',')}&action=${action}&at=${encodeURIComponent(at)}`,
    );

  it('gives late sign-in reasons when signing in, early sign-out ones when signing out, on the company’s clock', async () => {
    const { client, mode, site, traffic, medical, family, entity, people } = await officeWithReasons();
    await ctx.db.db.update(entities).set({ timezone: 'Asia/Dubai' }).where(eq(entities.id, entity.id));
    await client.put(`/attendance-modes/${mode.id}`, modeBody([site.id], { late_sign_in_minutes: 10 }));

    // Monday 2 March 2026, 09:20 in Dubai is 05:20 UTC.
    const late = (await ask(client, [mode.id], 'sign_in', '2026-03-02T05:20:00Z')).json();
    expect(late.local).toEqual({ date: '2026-03-02', weekday: 1, time: '09:20', timezone: 'Asia/Dubai' });
    expect(late.type).toBe('late_sign_in');
    expect(late.reasons.map((r: AttendanceReason) => r.id)).toEqual([traffic.id]);
    expect(late.reasons[0]).toMatchObject({ attendance_code: 'LT', attendance_mode_name: 'Office hours' });
    expect(late.preselected_id).toBe(traffic.id);
    expect(late.choose).toBe(false);

    const offsetGiven = (await ask(client, [mode.id], 'sign_in', '2026-03-02T10:45:00+04:00')).json();
    expect(offsetGiven.preselected_id).toBe(medical.id);
    // Within the 10-minute allowance the person is on time: nothing to ask.
    expect((await ask(client, [mode.id], 'sign_in', '2026-03-02T09:10:00+04:00')).json().reasons).toEqual([]);
    // Signing out at 09:20 asks no late reason; at 16:00 it asks the early one.
    expect((await ask(client, [mode.id], 'sign_out', '2026-03-02T09:20:00+04:00')).json().reasons).toEqual([]);
    const early = (await ask(client, [mode.id], 'sign_out', '2026-03-02T16:00:00+04:00')).json();
    expect(early.type).toBe('early_sign_out');
    expect(early.preselected_id).toBe(family.id);
    // Saturday is not a day of the mode.
    expect((await ask(client, [mode.id], 'sign_in', '2026-03-07T09:20:00+04:00')).json().reasons).toEqual([]);

    // With two modes giving a reason at once, none is preselected: the person picks.
    const site2 = await addMode(client, [site.id], { name: 'Site visits' });
    const weather = await addReason(client, site2.id, 'Weather', 'late_sign_in', '09:00', 60);
    const both = (await ask(client, [mode.id, site2.id], 'sign_in', '2026-03-02T09:20:00+04:00')).json();
    expect(both.reasons.map((r: AttendanceReason) => r.id)).toEqual([traffic.id, weather.id]);
    expect(both.preselected_id).toBeNull();
    expect(both.choose).toBe(true);

    // Whoever signs people in on the dashboard may ask; it is not an admin call.
    const { client: employee } = await signIn(ctx.app, people.employee.email, PASSWORD);
    expect((await ask(employee, [mode.id], 'sign_in', '2026-03-02T09:20:00+04:00')).json().preselected_id).toBe(
      traffic.id,
    );
    expect((await employee.get('/attendance-modes')).statusCode).toBe(403);
  });

  it('refuses a bad question and modes outside the caller’s reach', async () => {
    const { client, mode, entity, people, site } = await officeWithReasons();
    const bad = await client.get(`/attendance-modes/applicable-reasons?attendance_mode_ids=${mode.id}&action=leave`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.action).toBeDefined();
    const badTime = await ask(client, [mode.id], 'sign_in', 'tomorrow');
    expect(badTime.json().fields.at).toBeDefined();
    // Without a moment the question is about now; the answer still says when that is.
    const now = await client.get(`/attendance-modes/applicable-reasons?attendance_mode_ids=${mode.id}&action=sign_out`);
    expect(now.statusCode).toBe(200);
    expect(now.json().local.timezone).toBe('UTC');

    const north = await addSite(client, 'North');
    await limitToSites(ctx.db.db, entity.id, people.system_admin.membershipId, [north.id]);
    const { client: limited } = await signIn(ctx.app, people.system_admin.email, PASSWORD);
    const outside = await ask(limited, [mode.id], 'sign_in', '2026-03-02T09:20:00Z');
    expect(outside.statusCode).toBe(404);
    expect(outside.json().fields.attendance_mode_ids).toBeDefined();
    void site;
  });
});
