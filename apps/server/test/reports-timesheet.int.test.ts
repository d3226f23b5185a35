// The Timesheet report (issue 14 item 3): per person and company day, first in, last out, time on site
// over several visits, visits across midnight split on the company's clock, reasons with their codes,
// the attendance mode's expected hours, totals; corrections with a reason, audited, latest wins; who may
// correct; scope and other companies.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  minutesSince,
  type TimesheetCorrection,
  type TimesheetDay,
  type TimesheetList,
} from '@app/shared/reports/timesheet';
import { withTenant } from '../src/db/client';
import { timesheetCorrections } from '../src/db/schema/index';
import { addMode, addReason, useModeInJourney } from './helpers/attendance-factories';
import { auditsOf } from './helpers/expected-visits-factories';
import { signIn } from './helpers/http-client';
import { scopedAdmin } from './helpers/people-world';
import { createTestApp, type TestContext } from './helpers/test-app';
import { insertVisit, visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const HOUR = 60 * 60 * 1000;
/** A wall-clock time in Dubai (UTC+4 all year) as an instant. */
const dubai = (local: string) => new Date(`${local}:00+04:00`);

type ErrorBody = { code: string; message: string; fields?: Record<string, string[]> };

const WEEK = 'from=2026-03-02&to=2026-03-08';

/**
 * A Dubai company: Ann (staff, whose journey flow uses "Office hours" 09:00–17:30 Monday to Friday,
 * 510 minutes) with a week of visits; Bob (a visitor, no attendance mode); Dan at the branch.
 */
async function timesheetWorld() {
  const w = await visitsWorld(ctx.app, ctx.db.db, { timezone: 'Asia/Dubai' });
  const mode = await addMode(w.admin, [w.sites.hq, w.sites.branch]);
  const traffic = await addReason(w.admin, mode.id, 'Traffic', 'late_sign_in', '09:00', 120, 'LT');
  const doctor = await addReason(w.admin, mode.id, 'Doctor', 'early_sign_out', '15:00', 120, 'ED');
  const { flowId } = await useModeInJourney(ctx.db.db, w.entity.id, mode.id, 'Staff journey', w.types.staff);
  const ann = await w.person('Ann', w.types.staff);
  const bob = await w.person('Bob');
  const dan = await w.person('Dan', w.types.staff, w.sites.branch);
  const visit = (
    personId: string,
    from: string,
    to: string | null,
    extra: Partial<Parameters<typeof insertVisit>[2]> = {},
  ) =>
    insertVisit(ctx.db.db, w.entity, {
      personId,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      userTypeId: w.types.staff,
      journeyFlowId: flowId,
      state: to ? 'left' : 'on_site',
      signedInAt: dubai(from),
      signedOutAt: to ? dubai(to) : null,
      ...extra,
    });
  // Monday: two visits, 08:00–12:00 and 13:00–17:30.
  await visit(ann.id, '2026-03-02T08:00', '2026-03-02T12:00');
  await visit(ann.id, '2026-03-02T13:00', '2026-03-02T17:30');
  // Tuesday: late in, early out; then a night visit 22:00 → Wednesday 06:00 (18:00Z → 02:00Z: across
  // midnight on the company's clock only).
  await visit(ann.id, '2026-03-03T09:40', '2026-03-03T15:30', { lateReasonId: traffic.id, earlyReasonId: doctor.id });
  await visit(ann.id, '2026-03-03T22:00', '2026-03-04T06:00');
  // Saturday: not a working day of the mode.
  await visit(ann.id, '2026-03-07T10:00', '2026-03-07T11:00');
  // Outside the week: the Sunday before and the Monday after.
  await visit(ann.id, '2026-03-01T10:00', '2026-03-01T11:00');
  await visit(ann.id, '2026-03-09T10:00', '2026-03-09T11:00');
  // Bob: a visitor without a journey flow.
  await visit(bob.id, '2026-03-02T10:00', '2026-03-02T10:30', { userTypeId: w.types.visitors, journeyFlowId: null });
  // Dan at the branch.
  await visit(dan.id, '2026-03-05T09:00', '2026-03-05T17:00', {
    siteId: w.sites.branch,
    areaId: w.areas.lobby,
  });
  return { w, mode, ann, bob, dan };
}

const dayOf = (list: TimesheetList, personId: string, day: string): TimesheetDay | undefined =>
  list.data.find((p) => p.person.id === personId)?.days.find((d) => d.day === day);

async function timesheet(client: VisitsWorld['admin'], query: string): Promise<TimesheetList> {
  const res = await client.get(`/reports/timesheet?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TimesheetList>();
}

describe('the timesheet figures', () => {
  let t: Awaited<ReturnType<typeof timesheetWorld>>;
  beforeAll(async () => {
    t = await timesheetWorld();
  });

  it('sums several visits of a day, splits a night visit at the company’s midnight and knows the expected hours', async () => {
    const list = await timesheet(t.w.admin, WEEK);
    expect(list.timezone).toBe('Asia/Dubai');
    expect(list.data.map((p) => p.person.full_name)).toEqual(['Ann Tester', 'Bob Tester', 'Dan Tester']);
    expect(list.count).toBe(3);
    const ann = list.data[0]!;
    expect(ann.days.map((d) => d.day)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-07']);

    const monday = ann.days[0]!;
    expect(monday).toMatchObject({
      first_in: { local: '2026-03-02 08:00' },
      last_out: { local: '2026-03-02 17:30' },
      minutes: 510,
      visits: 2,
      on_site: false,
      carried_in: false,
      carried_out: false,
      attendance_mode: { id: t.mode.id, name: 'Office hours' },
      expected_minutes: 510,
      difference_minutes: 0,
      late_reasons: [],
      early_reasons: [],
      correction: null,
    });

    const tuesday = ann.days[1]!;
    expect(tuesday).toMatchObject({
      first_in: { local: '2026-03-03 09:40' },
      last_out: { local: '2026-03-04 00:00' },
      // 09:40–15:30 and 22:00–24:00.
      minutes: 350 + 120,
      visits: 2,
      carried_in: false,
      carried_out: true,
      expected_minutes: 510,
      difference_minutes: 470 - 510,
      late_reasons: [{ name: 'Traffic', attendance_code: 'LT' }],
      early_reasons: [{ name: 'Doctor', attendance_code: 'ED' }],
    });

    const wednesday = ann.days[2]!;
    expect(wednesday).toMatchObject({
      first_in: { local: '2026-03-04 00:00' },
      last_out: { local: '2026-03-04 06:00' },
      minutes: 360,
      visits: 1,
      carried_in: true,
      carried_out: false,
      expected_minutes: 510,
      difference_minutes: 360 - 510,
    });

    const saturday = ann.days[3]!;
    expect(saturday).toMatchObject({ minutes: 60, expected_minutes: 0, difference_minutes: 60 });

    expect(ann.totals).toEqual({
      days: 4,
      visits: 5,
      minutes: 510 + 470 + 360 + 60,
      expected_minutes: 510 * 3,
      difference_minutes: 510 + 470 + 360 + 60 - 510 * 3,
      late: 1,
      early: 1,
      corrected: 0,
    });

    // No attendance mode: no expected hours, no difference.
    const bob = list.data[1]!;
    expect(bob.days).toHaveLength(1);
    expect(bob.days[0]).toMatchObject({
      minutes: 30,
      attendance_mode: null,
      expected_minutes: null,
      difference_minutes: null,
    });
    expect(bob.totals).toMatchObject({ minutes: 30, expected_minutes: null, difference_minutes: null });
  });

  it('filters by site, user type and person, and pages people by name', async () => {
    const bySite = await timesheet(t.w.admin, `${WEEK}&site_id=${t.w.sites.branch}`);
    expect(bySite.data.map((p) => p.person.id)).toEqual([t.dan.id]);
    const byType = await timesheet(t.w.admin, `${WEEK}&user_type_id=${t.w.types.visitors}`);
    expect(byType.data.map((p) => p.person.id)).toEqual([t.bob.id]);
    const byPerson = await timesheet(t.w.admin, `${WEEK}&person_id=${t.ann.id}`);
    expect(byPerson.data.map((p) => p.person.id)).toEqual([t.ann.id]);
    // One day only: Wednesday has the night visit's second piece.
    const wednesday = await timesheet(t.w.admin, 'from=2026-03-04&to=2026-03-04');
    expect(wednesday.data.map((p) => [p.person.id, p.totals.minutes])).toEqual([[t.ann.id, 360]]);

    const first = await timesheet(t.w.admin, `${WEEK}&limit=2`);
    expect(first.data.map((p) => p.person.id)).toEqual([t.ann.id, t.bob.id]);
    expect(first.next_cursor).not.toBeNull();
    const second = await timesheet(t.w.admin, `${WEEK}&limit=2&cursor=${first.next_cursor}`);
    expect(second.data.map((p) => p.person.id)).toEqual([t.dan.id]);
    expect(second.next_cursor).toBeNull();
    const jumped = await timesheet(t.w.admin, `${WEEK}&limit=2&page=2`);
    expect(jumped.data.map((p) => p.person.id)).toEqual([t.dan.id]);
    const searched = await timesheet(t.w.admin, `${WEEK}&search=bob`);
    expect(searched.data.map((p) => p.person.id)).toEqual([t.bob.id]);
    const reversed = await timesheet(t.w.admin, `${WEEK}&orderBy=desc`);
    expect(reversed.data.map((p) => p.person.id)).toEqual([t.dan.id, t.bob.id, t.ann.id]);
  });

  it('refuses unknown filters, a bad range and a foreign cursor, naming the field', async () => {
    const unknown = await t.w.admin.get(`/reports/timesheet?${WEEK}&colour=red`);
    expect(unknown.statusCode).toBe(400);
    const tooLong = await t.w.admin.get('/reports/timesheet?from=2025-01-01&to=2026-03-08');
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json<ErrorBody>().fields ?? {})).toContain('to');
    const cursor = await t.w.admin.get(`/reports/timesheet?${WEEK}&cursor=nonsense`);
    expect(cursor.statusCode).toBe(400);
    expect(Object.keys(cursor.json<ErrorBody>().fields ?? {})).toContain('cursor');
  });

  it('counts a visit still on site up to now, and says so', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const cat = await w.person('Cat');
    await insertVisit(ctx.db.db, w.entity, {
      personId: cat.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      userTypeId: w.types.visitors,
      state: 'on_site',
      signedInAt: new Date(Date.now() - 30 * HOUR),
    });
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 24 * HOUR).toISOString().slice(0, 10);
    const before = new Date(Date.now() - 48 * HOUR).toISOString().slice(0, 10);
    const list = await timesheet(w.admin, `from=${before}&to=${today}`);
    const days = list.data[0]!.days;
    const last = days[days.length - 1]!;
    expect(last).toMatchObject({ day: today, on_site: true, last_out: null, carried_in: true });
    const minutesToday = Math.floor((Date.now() - Date.parse(`${today}T00:00:00Z`)) / 60_000);
    expect(Math.abs(last.minutes - minutesToday)).toBeLessThanOrEqual(1);
    // The days before are whole (or from the sign-in) and not on site.
    expect(days.find((d) => d.day === yesterday)).toMatchObject({ on_site: false, carried_out: true });
    expect(list.data[0]!.totals.minutes).toBeGreaterThanOrEqual(30 * 60 - 1);
    expect(list.data[0]!.totals.minutes).toBeLessThanOrEqual(30 * 60 + 1);
  });
});

describe('a day still on site, on a controlled clock', () => {
  afterAll(() => {
    vi.useRealTimers();
  });

  it('counts the running day up to the instant of the answer, marks it ongoing and says from when', async () => {
    // The clock stands still at a whole minute of today (Dubai) and moves only when the test moves it.
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const w = await visitsWorld(ctx.app, ctx.db.db, { timezone: 'Asia/Dubai' });
    const eve = await w.person('Eve');
    // Signed in 2 h 30 min before the frozen instant, and a visit of the morning already over.
    const signedInAt = new Date(start.getTime() - 150 * 60_000);
    await insertVisit(ctx.db.db, w.entity, {
      personId: eve.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      userTypeId: w.types.visitors,
      state: 'on_site',
      signedInAt,
    });
    const day = (at: Date) => new Date(at.getTime() + 4 * HOUR).toISOString().slice(0, 10);
    const from = day(new Date(start.getTime() - 48 * HOUR));
    const read = async () => {
      const list = await timesheet(w.admin, `from=${from}&to=${day(start)}`);
      const days = list.data[0]!.days;
      return { list, today: days[days.length - 1]!, days };
    };
    // Today's running piece began at the sign-in, or at today's midnight when the visit came in from the
    // day before (the test runs in the first 2 h 30 min of a Dubai day).
    const midnight = new Date(`${day(start)}T00:00:00+04:00`);
    const since = signedInAt > midnight ? signedInAt : midnight;
    const expected = (now: Date) => Math.floor((now.getTime() - since.getTime()) / 60_000);

    const first = await read();
    expect(first.list.as_of).toBe(start.toISOString());
    expect(first.today).toMatchObject({
      day: day(start),
      on_site: true,
      last_out: null,
      ongoing_since: since.toISOString(),
      minutes: expected(start),
    });
    if (since === signedInAt) expect(first.today.minutes).toBe(150);
    // Days before, if any, are over: not ongoing.
    for (const d of first.days.slice(0, -1)) expect(d).toMatchObject({ on_site: false, ongoing_since: null });

    // Twenty minutes later the same day reads twenty minutes more, counted to the new instant.
    const later = new Date(start.getTime() + 20 * 60_000 + 30_000);
    vi.setSystemTime(later);
    const second = await read();
    expect(second.list.as_of).toBe(later.toISOString());
    expect(second.today.minutes).toBe(expected(later));
    expect(second.today.minutes - first.today.minutes).toBe(20);
    expect(second.list.data[0]!.totals.minutes - first.list.data[0]!.totals.minutes).toBe(20);
    // What the screen adds between two reads matches what the server counts at the later instant.
    expect(first.today.minutes + minutesSince(first.today, first.list.as_of, later)).toBe(second.today.minutes);
  });
});

describe('correcting a day', () => {
  let t: Awaited<ReturnType<typeof timesheetWorld>>;
  beforeAll(async () => {
    t = await timesheetWorld();
  });

  const correct = (client: VisitsWorld['admin'], body: Record<string, unknown>, headers?: Record<string, string>) =>
    client.post('/reports/timesheet/corrections', body, headers);

  it('shows the corrected figures with who, when and why, keeps the original, audits it, and the latest wins', async () => {
    const first = await correct(t.w.admin, {
      person_id: t.ann.id,
      day: '2026-03-02',
      first_in: '08:30',
      last_out: '18:00',
      reason: 'Badge reader at the back door was down',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<TimesheetCorrection>()).toMatchObject({
      minutes: 570,
      first_in: { local: '2026-03-02 08:30' },
      last_out: { local: '2026-03-02 18:00' },
      corrected_by: { full_name: expect.stringContaining('admin') },
    });

    let monday = dayOf(await timesheet(t.w.admin, WEEK), t.ann.id, '2026-03-02')!;
    expect(monday).toMatchObject({
      first_in: { local: '2026-03-02 08:30' },
      last_out: { local: '2026-03-02 18:00' },
      minutes: 570,
      difference_minutes: 60,
      original: { first_in: { local: '2026-03-02 08:00' }, last_out: { local: '2026-03-02 17:30' }, minutes: 510 },
      correction: { reason: 'Badge reader at the back door was down' },
    });

    const second = await correct(t.w.admin, {
      person_id: t.ann.id,
      day: '2026-03-02',
      first_in: '08:30',
      last_out: '17:45',
      reason: 'Checked against the gate camera',
    });
    expect(second.statusCode, second.body).toBe(201);
    const list = await timesheet(t.w.admin, WEEK);
    monday = dayOf(list, t.ann.id, '2026-03-02')!;
    expect(monday).toMatchObject({ minutes: 555, correction: { id: second.json<TimesheetCorrection>().id } });
    expect(monday.original.minutes).toBe(510);
    const ann = list.data.find((p) => p.person.id === t.ann.id)!;
    expect(ann.totals).toMatchObject({ corrected: 1, minutes: 555 + 470 + 360 + 60 });

    // Both kept; both audited, the second's "before" being the first correction.
    const stored = await withTenant(ctx.db.db, t.w.entity.id, (tx) =>
      tx
        .select()
        .from(timesheetCorrections)
        .where(and(eq(timesheetCorrections.entityId, t.w.entity.id), eq(timesheetCorrections.personId, t.ann.id))),
    );
    expect(stored.map((c) => c.minutes).sort()).toEqual([555, 570]);
    const audits = (await auditsOf(ctx.db.db, t.w.entity, t.ann.id)).filter((a) => a.action === 'timesheet.correct');
    expect(audits).toHaveLength(2);
    expect(audits[0]!.before).toMatchObject({ day: '2026-03-02', minutes: 510 });
    expect(audits[1]!.before).toMatchObject({ minutes: 570 });
    expect(audits[1]!.after).toMatchObject({ minutes: 555, reason: 'Checked against the gate camera' });
  });

  it('takes a last out on the next day, and a day without visits', async () => {
    const night = await correct(t.w.admin, {
      person_id: t.bob.id,
      day: '2026-03-03',
      first_in: '22:00',
      last_out: '06:00',
      last_out_next_day: true,
      reason: 'Night shift, forgot to sign in',
    });
    expect(night.statusCode, night.body).toBe(201);
    expect(night.json<TimesheetCorrection>()).toMatchObject({ minutes: 480, last_out: { local: '2026-03-04 06:00' } });
    const tuesday = dayOf(await timesheet(t.w.admin, WEEK), t.bob.id, '2026-03-03')!;
    expect(tuesday).toMatchObject({ minutes: 480, visits: 0, original: { first_in: null, minutes: 0 } });
  });

  it('refuses a missing or short reason, a last out before the first in and a day to come, naming the field, translated', async () => {
    const base = { person_id: t.ann.id, day: '2026-03-03', first_in: '09:00', last_out: '17:00', reason: 'Fixed' };
    const noReason = await correct(t.w.admin, { ...base, reason: undefined });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json<ErrorBody>().fields ?? {})).toEqual(['reason']);
    const shortReason = await correct(t.w.admin, { ...base, reason: ' a ' });
    expect(shortReason.statusCode).toBe(400);
    expect(Object.keys(shortReason.json<ErrorBody>().fields ?? {})).toEqual(['reason']);

    const backwards = await correct(t.w.admin, { ...base, first_in: '17:00', last_out: '09:00' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<ErrorBody>().fields?.last_out).toEqual(['The last out must come after the first in.']);
    const arabic = await correct(t.w.admin, { ...base, first_in: '17:00', last_out: '09:00' }, { 'x-lang': 'ar' });
    expect(arabic.json<ErrorBody>().fields?.last_out).toEqual(['يجب أن يكون آخر خروج بعد أول دخول.']);
    const badTime = await correct(t.w.admin, { ...base, first_in: '25:00' });
    expect(badTime.statusCode).toBe(400);
    expect(Object.keys(badTime.json<ErrorBody>().fields ?? {})).toEqual(['first_in']);

    const tomorrow = new Date(Date.now() + 48 * HOUR).toISOString().slice(0, 10);
    const future = await correct(t.w.admin, { ...base, day: tomorrow });
    expect(future.statusCode).toBe(422);
    expect(Object.keys(future.json<ErrorBody>().fields ?? {})).toEqual(['day']);

    // Nothing was stored by any of these.
    const tuesday = dayOf(await timesheet(t.w.admin, WEEK), t.ann.id, '2026-03-03')!;
    expect(tuesday.correction).toBeNull();
  });

  it('lets the employee with reporting read the timesheet but not correct it', async () => {
    const { client } = await signIn(ctx.app, t.w.people.employee_reporting.email, PASSWORD);
    const list = await timesheet(client, WEEK);
    expect(list.data.map((p) => p.person.id)).toContain(t.ann.id);
    const res = await correct(client, {
      person_id: t.ann.id,
      day: '2026-03-02',
      first_in: '08:00',
      last_out: '09:00',
      reason: 'Should not be allowed',
    });
    expect(res.statusCode).toBe(403);
    const { client: employee } = await signIn(ctx.app, t.w.people.employee.email, PASSWORD);
    expect((await employee.get(`/reports/timesheet?${WEEK}`)).statusCode).toBe(403);
  });

  it('keeps an admin limited to some sites to their visits and their people', async () => {
    const scoped = await scopedAdmin(
      ctx.app,
      ctx.db.db,
      t.w.entity,
      [t.w.sites.branch],
      [t.w.types.staff, t.w.types.visitors],
    );
    const list = await timesheet(scoped.client, WEEK);
    expect(list.data.map((p) => p.person.id)).toEqual([t.dan.id]);
    const outside = await correct(scoped.client, {
      person_id: t.ann.id,
      day: '2026-03-02',
      first_in: '08:00',
      last_out: '09:00',
      reason: 'Outside my sites',
    });
    expect(outside.statusCode).toBe(422);
    expect(Object.keys(outside.json<ErrorBody>().fields ?? {})).toEqual(['person_id']);
    const inside = await correct(scoped.client, {
      person_id: t.dan.id,
      day: '2026-03-05',
      first_in: '08:00',
      last_out: '17:00',
      reason: 'Within my sites',
    });
    expect(inside.statusCode, inside.body).toBe(201);
  });

  it('shows another company nothing and lets it correct nothing', async () => {
    const other = await visitsWorld(ctx.app, ctx.db.db);
    const list = await timesheet(other.admin, `${WEEK}&person_id=${t.ann.id}`);
    expect(list.data).toEqual([]);
    expect(list.count).toBe(0);
    const res = await correct(other.admin, {
      person_id: t.ann.id,
      day: '2026-03-02',
      first_in: '08:00',
      last_out: '09:00',
      reason: 'Not my company',
    });
    expect(res.statusCode).toBe(422);
    const stored = await withTenant(ctx.db.db, t.w.entity.id, (tx) =>
      tx
        .select()
        .from(timesheetCorrections)
        .where(
          and(eq(timesheetCorrections.entityId, t.w.entity.id), eq(timesheetCorrections.reason, 'Not my company')),
        ),
    );
    expect(stored).toEqual([]);
  });
});
