// The demo company's permits, seeded into a company shaped like the demo (its user types and a
// Facilities department), then read and checked through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermitCheck, PersonPermits, VisitPermit } from '@app/shared/visit-permits/schemas';
import { withTenant } from '../src/db/client';
import { seedDemoVisitPermits } from '../src/seed/demo/demo-visit-permits';
import { createTestApp, type TestContext } from './helpers/test-app';
import { addUserType, peopleWorld } from './helpers/people-world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the demo visit permits', () => {
  it('gives contractors weekday hours, a cleaning crew with one suspended, and a monthly round', async () => {
    const w = await peopleWorld(ctx.app, ctx.db.db);
    const contractors = await addUserType(w.admin, 'Contractors');
    await addUserType(w.admin, 'Delivery');
    const facilities = (await w.admin.post('/departments', { name: 'Facilities' })).json<{ id: string }>().id;
    const cleaners = [];
    for (const name of ['Amal', 'Ben', 'Chen', 'Dina', 'Eve', 'Finn']) {
      cleaners.push(
        await w.create({
          first_name: name,
          last_name: 'Clean',
          email: `${name}@clean.example`,
          department_id: facilities,
        }),
      );
    }
    const fixer = await w.create({
      first_name: 'Fix',
      last_name: 'It',
      email: 'fix@contractor.example',
      user_type_ids: [contractors],
    });

    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      seedDemoVisitPermits(tx, w.entity.id, new Date('2026-05-06T10:00:00Z')),
    );

    const list = (await w.admin.get('/visit-permits?limit=50')).json<{ data: VisitPermit[] }>().data;
    expect(list.map((p) => [p.name, p.recurrence])).toEqual([
      ['Annual audit', 'none'],
      ['Evening cleaning crew', 'daily'],
      ['Monthly maintenance', 'monthly'],
      ['Saturday deliveries', 'weekly'],
      ['Visitor hours', 'weekly'],
      ['Weekday contractors', 'weekly'],
    ]);
    const byName = Object.fromEntries(list.map((p) => [p.name, p]));
    expect(byName['Weekday contractors']).toMatchObject({
      weekdays: [1, 2, 3, 4, 5],
      start_time: '07:30',
      end_time: '18:00',
      user_type_count: 1,
    });
    expect(byName['Evening cleaning crew']).toMatchObject({ start_time: '18:00', end_time: '22:00', people_count: 5 });
    expect(byName['Monthly maintenance']).toMatchObject({ start_date: '2026-01-31', people_count: 1 });
    expect(byName['Annual audit']).toMatchObject({ start_date: '2026-05-20', end_date: null });

    const crew = (await w.admin.get(`/visit-permits/${byName['Evening cleaning crew']!.id}/people`)).json<{
      data: { full_name: string; status: string }[];
    }>().data;
    expect(crew.map((p) => p.status)).toEqual(['active', 'active', 'active', 'active', 'suspended']);
    expect(crew.map((p) => p.full_name)).toEqual(['Amal Clean', 'Ben Clean', 'Chen Clean', 'Dina Clean', 'Eve Clean']);

    const fixerPermits = (await w.admin.get(`/people/${fixer.id}/visit-permits`)).json<PersonPermits>();
    expect(fixerPermits.data.map((p) => [p.permit.name, p.sources.map((s) => s.kind)])).toEqual([
      ['Monthly maintenance', ['person']],
      ['Weekday contractors', ['user_type']],
    ]);
    // Wednesday 6 May 2026, 10:00 (UTC company): the contractor may come, the suspended cleaner may not.
    const ok = (
      await w.admin.get(`/visit-permits/check?person_id=${fixer.id}&date=2026-05-06&time=10:00`)
    ).json<PermitCheck>();
    expect(ok.allowed_by.map((p) => p.name)).toEqual(['Weekday contractors']);
    const eve = cleaners[4]!;
    const evening = (
      await w.admin.get(`/visit-permits/check?person_id=${eve.id}&date=2026-05-06&time=19:00`)
    ).json<PermitCheck>();
    expect(evening).toMatchObject({ allowed: false });
    expect(evening.permits[0]).toMatchObject({ reason: 'suspended' });
  });
});
