// The checker behind /vp/playground, through the API: recurrence dates across months and
// daylight-saving changes, statuses and where permits come from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermitCheck } from '@app/shared/visit-permits/schemas';
import { createTestApp, type TestContext } from './helpers/test-app';
import { peopleWorld } from './helpers/people-world';
import { addPermit, setCompanyTimezone } from './helpers/visit-permits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function londonWorld(timezone = 'Europe/London') {
  const w = await peopleWorld(ctx.app, ctx.db.db);
  await setCompanyTimezone(ctx.db.db, w.entity.id, timezone);
  return w;
}

type World = Awaited<ReturnType<typeof londonWorld>>;
const check = async (w: World, query: string) => {
  const res = await w.admin.get(`/visit-permits/check?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PermitCheck>();
};

describe('the visit-permit check', () => {
  it('allows a person by a weekly permit of their user type, on the company clock across the clock change', async () => {
    const w = await londonWorld();
    const permit = await addPermit(w.admin, { start_date: '2026-03-02' });
    const ada = await w.create();
    await w.admin.post(`/user-types/${w.types.staff}/visit-permits`, { permit_id: permit.id });

    // Monday 30 March 2026, the day after the clocks went forward: 07:45 in London is 06:45 UTC.
    const monday = await check(w, `person_id=${ada.id}&date=2026-03-30&time=07:45`);
    expect(monday).toMatchObject({
      subject: { kind: 'person', id: ada.id, name: 'Ada Lovelace' },
      at: '2026-03-30T06:45:00.000Z',
      timezone: 'Europe/London',
      local_date: '2026-03-30',
      local_time: '07:45',
      adjusted: false,
      allowed: true,
      allowed_by: [{ id: permit.id, name: 'Weekday contractors' }],
    });
    expect(monday.permits[0]).toMatchObject({
      sources: [{ kind: 'user_type', user_type: { id: w.types.staff, name: 'Staff' }, status: 'active' }],
      status: 'active',
      schedule: { allowed: true, reason: 'allowed' },
      reason: 'allowed',
    });
    // The same instant given in UTC.
    expect((await check(w, `person_id=${ada.id}&at=2026-03-30T06:45:00Z`)).allowed).toBe(true);
    // A week earlier, 06:45 UTC was 06:45 in London: before the window opens.
    const before = await check(w, `person_id=${ada.id}&at=2026-03-23T06:45:00Z`);
    expect(before).toMatchObject({ allowed: false, local_time: '06:45', allowed_by: [] });
    expect(before.permits[0]).toMatchObject({ reason: 'outside_hours' });
    // Saturday, and before the start date.
    expect((await check(w, `person_id=${ada.id}&date=2026-03-28&time=10:00`)).permits[0]!.reason).toBe(
      'not_on_weekday',
    );
    expect((await check(w, `person_id=${ada.id}&date=2026-02-23&time=10:00`)).permits[0]!.reason).toBe('before_start');

    // The next windows keep 07:30 London time on both sides of the change.
    const friday = await check(w, `person_id=${ada.id}&date=2026-03-27&time=19:00&occurrences=2`);
    expect(friday.permits[0]!.next_occurrences).toEqual([
      {
        date: '2026-03-30',
        start_time: '07:30',
        end_time: '18:00',
        starts_at: '2026-03-30T06:30:00.000Z',
        ends_at: '2026-03-30T17:00:00.000Z',
      },
      {
        date: '2026-03-31',
        start_time: '07:30',
        end_time: '18:00',
        starts_at: '2026-03-31T06:30:00.000Z',
        ends_at: '2026-03-31T17:00:00.000Z',
      },
    ]);
    const thursday = await check(w, `person_id=${ada.id}&date=2026-03-26&time=12:00&occurrences=2`);
    expect(thursday.permits[0]!.next_occurrences.map((o) => o.starts_at)).toEqual([
      '2026-03-26T07:30:00.000Z',
      '2026-03-27T07:30:00.000Z',
    ]);
  });

  it('says a suspended permit does not let the person in, even when their type has it active', async () => {
    const w = await londonWorld();
    const permit = await addPermit(w.admin);
    const ada = await w.create();
    await w.admin.post(`/user-types/${w.types.staff}/visit-permits`, { permit_id: permit.id });
    await w.admin.post(`/people/${ada.id}/visit-permits`, { permit_id: permit.id });
    await w.admin.put(`/people/${ada.id}/visit-permits/${permit.id}/status`, { status: 'suspended' });
    const result = await check(w, `person_id=${ada.id}&date=2026-06-03&time=09:00`);
    expect(result.allowed).toBe(false);
    expect(result.permits[0]).toMatchObject({
      status: 'suspended',
      schedule: { allowed: true, reason: 'allowed' },
      allowed: false,
      reason: 'suspended',
    });
    // The user type itself is still allowed.
    const type = await check(w, `user_type_id=${w.types.staff}&date=2026-06-03&time=09:00`);
    expect(type).toMatchObject({ subject: { kind: 'user_type', name: 'Staff' }, allowed: true });
    // Suspending it for the type too; then a second, daily permit of the person lets them in.
    await w.admin.put(`/user-types/${w.types.staff}/visit-permits/${permit.id}/status`, { status: 'suspended' });
    expect((await check(w, `user_type_id=${w.types.staff}&date=2026-06-03&time=09:00`)).permits[0]!.reason).toBe(
      'suspended',
    );
    const evening = await addPermit(w.admin, {
      name: 'Evening cleaning crew',
      recurrence: 'daily',
      start_time: '08:00',
      end_time: '22:00',
    });
    await w.admin.post(`/people/${ada.id}/visit-permits`, { permit_id: evening.id });
    const both = await check(w, `person_id=${ada.id}&date=2026-06-03&time=09:00`);
    expect(both.allowed_by.map((p) => p.name)).toEqual(['Evening cleaning crew']);
    expect(both.permits.map((p) => [p.permit.name, p.reason])).toEqual([
      ['Evening cleaning crew', 'allowed'],
      ['Weekday contractors', 'suspended'],
    ]);
  });

  it('finds monthly permits on the 31st in every month, clamped to shorter months', async () => {
    const w = await londonWorld();
    const permit = await addPermit(w.admin, {
      name: 'Monthly maintenance',
      recurrence: 'monthly',
      start_date: '2026-01-31',
      start_time: '09:00',
      end_time: '13:00',
    });
    await w.admin.post(`/user-types/${w.types.visitors}/visit-permits`, { permit_id: permit.id });
    const q = (date: string) => check(w, `user_type_id=${w.types.visitors}&date=${date}&time=10:00&occurrences=6`);
    expect((await q('2026-02-28')).allowed).toBe(true);
    expect((await q('2026-04-30')).allowed).toBe(true);
    expect((await q('2026-03-30')).permits[0]!.reason).toBe('not_on_day_of_month');
    expect((await q('2028-02-29')).allowed).toBe(true);
    const next = (await q('2026-01-01')).permits[0]!.next_occurrences;
    expect(next.map((o) => o.date)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
    // 09:00 London: GMT in winter, BST from April.
    expect(next.map((o) => o.starts_at.slice(11, 16))).toEqual(['09:00', '09:00', '08:00', '08:00', '08:00', '08:00']);
  });

  it('says when a picked time never shows on the clock, and checks the moment the clocks jumped', async () => {
    const w = await londonWorld('America/New_York');
    const permit = await addPermit(w.admin, { recurrence: 'daily', start_time: '01:30', end_time: '02:45' });
    await w.admin.post(`/user-types/${w.types.staff}/visit-permits`, { permit_id: permit.id });
    // 8 March 2026: 02:00 EST → 03:00 EDT; 02:15 does not exist in New York.
    const skipped = await check(w, `user_type_id=${w.types.staff}&date=2026-03-08&time=02:15`);
    expect(skipped).toMatchObject({
      adjusted: true,
      at: '2026-03-08T07:00:00.000Z',
      local_time: '03:00',
      allowed: false,
    });
    expect(skipped.permits[0]!.reason).toBe('outside_hours');
    const [day] = (await check(w, `user_type_id=${w.types.staff}&date=2026-03-08&time=01:00&occurrences=1`)).permits[0]!
      .next_occurrences;
    // The window is cut short by the skipped hour: it ends when the clock jumps past 02:45.
    expect(day).toMatchObject({ starts_at: '2026-03-08T06:30:00.000Z', ends_at: '2026-03-08T07:00:00.000Z' });
    // 1 November 2026: 01:30 shows twice (EDT, then EST); both are within 01:30–02:45.
    expect((await check(w, `user_type_id=${w.types.staff}&at=2026-11-01T05:40:00Z`)).allowed).toBe(true);
    expect((await check(w, `user_type_id=${w.types.staff}&at=2026-11-01T06:40:00Z`)).allowed).toBe(true);
  });

  it('checks now when no moment is given, and refuses incomplete questions with a message on the field', async () => {
    const w = await londonWorld('UTC');
    const permit = await addPermit(w.admin, {
      recurrence: 'daily',
      start_time: '00:00',
      end_time: '23:59',
      start_date: '2026-01-01',
    });
    await w.admin.post(`/user-types/${w.types.staff}/visit-permits`, { permit_id: permit.id });
    const now = await check(w, `user_type_id=${w.types.staff}`);
    expect(Math.abs(Date.parse(now.at) - Date.now())).toBeLessThan(60_000);
    const missing = await w.admin.get('/visit-permits/check');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.person_id).toEqual(['Choose a person or a user type.']);
    const half = await w.admin.get(`/visit-permits/check?user_type_id=${w.types.staff}&date=2026-01-01`);
    expect(half.json().fields.time).toEqual(['Give both a date and a time.']);
    expect((await w.admin.get(`/visit-permits/check?user_type_id=${w.types.staff}&at=tomorrow`)).statusCode).toBe(400);
    expect(
      (await w.admin.get(`/visit-permits/check?user_type_id=${w.types.staff}&date=2026-02-30&time=09:00`)).statusCode,
    ).toBe(400);
    // A type with no permits: nothing allows a visit.
    const none = await check(w, `user_type_id=${w.types.visitors}&date=2026-01-01&time=09:00`);
    expect(none).toMatchObject({ allowed: false, allowed_by: [], permits: [] });
  });
});
