import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { VisitPermit } from '@app/shared/visit-permits/schemas';
import { withTenant } from '../src/db/client';
import { auditLog, visitPermits } from '../src/db/schema/index';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn } from './helpers/http-client';
import { peopleWorld } from './helpers/people-world';
import { PASSWORD } from './helpers/world';
import { addPermit, permitBody, setCompanyTimezone } from './helpers/visit-permits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const world = () => peopleWorld(ctx.app, ctx.db.db);

describe('visit permits: create, read, change, delete', () => {
  it('adds a weekly permit and reads it back as it was written', async () => {
    const w = await world();
    const permit = await addPermit(w.admin, { weekdays: [5, 1, 3, 1] });
    expect(permit).toMatchObject({
      name: 'Weekday contractors',
      start_date: '2026-01-05',
      end_date: null,
      start_time: '07:30',
      end_time: '18:00',
      recurrence: 'weekly',
      weekdays: [1, 3, 5],
      people_count: 0,
      user_type_count: 0,
      outside_scope: false,
    });
    expect((await w.admin.get(`/visit-permits/${permit.id}`)).json()).toEqual(permit);
    const audit = await ctx.db.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, w.entity.id), eq(auditLog.targetId, permit.id)));
    expect(audit.map((a) => a.action)).toEqual(['visit_permit.create']);
  });

  it('changes every field, switching the recurrence, and keeps only what the new recurrence uses', async () => {
    const w = await world();
    const permit = await addPermit(w.admin);
    const monthly = await w.admin.put(
      `/visit-permits/${permit.id}`,
      permitBody({
        name: 'Monthly maintenance',
        recurrence: 'monthly',
        start_date: '2026-01-31',
        end_date: '2026-12-31',
      }),
    );
    expect(monthly.statusCode, monthly.body).toBe(200);
    expect(monthly.json()).toMatchObject({ name: 'Monthly maintenance', recurrence: 'monthly', weekdays: [] });
    const once = await w.admin.put(
      `/visit-permits/${permit.id}`,
      permitBody({ recurrence: 'none', start_date: '2026-06-15', end_date: '2026-06-15' }),
    );
    expect(once.json()).toMatchObject({ recurrence: 'none', end_date: null, weekdays: [] });
  });

  it('deletes a permit; it is gone', async () => {
    const w = await world();
    const permit = await addPermit(w.admin);
    expect((await w.admin.delete(`/visit-permits/${permit.id}`)).statusCode).toBe(204);
    expect((await w.admin.get(`/visit-permits/${permit.id}`)).statusCode).toBe(404);
    expect((await w.admin.delete(`/visit-permits/${permit.id}`)).statusCode).toBe(404);
  });
});

describe('visit permits: rules', () => {
  it('keeps names unique in the company, whatever the case, on add and on change', async () => {
    const w = await world();
    const first = await addPermit(w.admin, { name: 'Evening cleaning crew' });
    const dup = await w.admin.post('/visit-permits', permitBody({ name: 'EVENING cleaning CREW' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields.name).toEqual(['A visit permit with this name already exists.']);
    const other = await addPermit(w.admin, { name: 'Night shift' });
    const renamed = await w.admin.put(`/visit-permits/${other.id}`, permitBody({ name: 'evening cleaning crew' }));
    expect(renamed.statusCode).toBe(409);
    // Its own name is not a clash.
    expect(
      (await w.admin.put(`/visit-permits/${first.id}`, permitBody({ name: 'Evening Cleaning Crew' }))).statusCode,
    ).toBe(200);
    // Another company may use the same name.
    const other2 = await world();
    await addPermit(other2.admin, { name: 'Evening cleaning crew' });
  });

  it('refuses bad input with a translated message on the field, never a server error', async () => {
    const w = await world();
    const refused = async (over: Record<string, unknown>, field: string, message?: string) => {
      const res = await w.admin.post('/visit-permits', permitBody(over));
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<{ fields: Record<string, string[]> }>();
      expect(Object.keys(body.fields)).toContain(field);
      if (message) expect(body.fields[field]).toEqual([message]);
    };
    await refused({ end_date: '2026-01-04' }, 'end_date', 'The end date cannot be before the start date.');
    await refused({ end_time: '07:30' }, 'end_time', 'The end time must be after the start time.');
    await refused({ end_time: '06:00' }, 'end_time', 'The end time must be after the start time.');
    await refused({ weekdays: [] }, 'weekdays', 'Choose at least one day of the week.');
    await refused({ weekdays: [0] }, 'weekdays.0');
    await refused({ recurrence: 'none', end_date: '2026-02-01' }, 'end_date');
    await refused({ start_date: '2026-02-30' }, 'start_date', 'Start date must be a real date.');
    await refused({ start_date: '05/01/2026' }, 'start_date', 'Start date must be a real date.');
    await refused({ start_time: '25:00' }, 'start_time', 'Start time must be a time like 07:30.');
    await refused({ start_time: 730 }, 'start_time');
    await refused({ name: 'A' }, 'name', 'Name must be at least 2 characters.');
    await refused({ name: 'x'.repeat(101) }, 'name');
    await refused({ description: 'x'.repeat(501) }, 'description');
    await refused({ recurrence: 'yearly' }, 'recurrence');
    await refused({ start_date: null }, 'start_date', 'Start date is required.');
    // A body that is not an object at all.
    const raw = await w.admin.request('POST', '/visit-permits', undefined, { 'content-type': 'application/json' });
    expect(raw.statusCode).toBeLessThan(500);
    expect((await w.admin.post('/visit-permits', [1, 2])).statusCode).toBe(400);
  });

  it("speaks the caller's language", async () => {
    const w = await world();
    w.admin.lang = 'ar';
    const res = await w.admin.post('/visit-permits', permitBody({ end_time: '07:00' }));
    expect(res.json().fields.end_time).toEqual(['يجب أن يكون وقت الانتهاء بعد وقت البدء.']);
    w.admin.lang = 'es';
    const es = await w.admin.post('/visit-permits', permitBody({ start_date: '2026-13-01' }));
    expect(es.json().fields.start_date).toEqual(['El campo «Fecha de inicio» debe ser una fecha real.']);
  });

  it('is for people who may change the settings only', async () => {
    const w = await world();
    const permit = await addPermit(w.admin);
    const { client: employee } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    expect((await employee.get('/visit-permits')).statusCode).toBe(403);
    expect((await employee.put(`/visit-permits/${permit.id}`, permitBody({ name: 'Mine' }))).statusCode).toBe(403);
    expect((await employee.get(`/visit-permits/check?user_type_id=${w.types.staff}`)).statusCode).toBe(403);
  });
});

describe('visit permits: the list', () => {
  it('pages, searches, filters by recurrence and period, and sorts', async () => {
    const w = await world();
    await setCompanyTimezone(ctx.db.db, w.entity.id, 'Europe/London');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const shift = (days: number) => new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10);
    await addPermit(w.admin, { name: 'Alpha weekly', start_date: shift(-10) });
    await addPermit(w.admin, {
      name: 'Bravo daily',
      recurrence: 'daily',
      start_date: shift(5),
      description: 'Cleaners',
    });
    await addPermit(w.admin, { name: 'Charlie once', recurrence: 'none', start_date: shift(-3) });
    await addPermit(w.admin, {
      name: 'Delta monthly',
      recurrence: 'monthly',
      start_date: shift(-40),
      end_date: shift(-1),
    });
    const names = async (query: string) =>
      (await w.admin.get(`/visit-permits?${query}`)).json<{ data: VisitPermit[] }>().data.map((p) => p.name);

    const page = (await w.admin.get('/visit-permits?limit=2&page=2')).json();
    expect(page).toMatchObject({ count: 4, timezone: 'Europe/London' });
    expect(page.data.map((p: VisitPermit) => p.name)).toEqual(['Charlie once', 'Delta monthly']);
    expect(await names('search=clean')).toEqual(['Bravo daily']);
    expect(await names('search=%25')).toEqual([]);
    expect(await names('recurrence=daily&recurrence=monthly')).toEqual(['Bravo daily', 'Delta monthly']);
    expect(await names('period=current')).toEqual(['Alpha weekly']);
    expect(await names('period=upcoming')).toEqual(['Bravo daily']);
    expect(await names('period=ended')).toEqual(['Charlie once', 'Delta monthly']);
    expect(await names('sortField=start_date&orderBy=desc')).toEqual([
      'Bravo daily',
      'Charlie once',
      'Alpha weekly',
      'Delta monthly',
    ]);
    const list = (await w.admin.get('/visit-permits')).json<{ data: VisitPermit[] }>().data;
    expect(list.map((p) => [p.name, p.period])).toEqual([
      ['Alpha weekly', 'current'],
      ['Bravo daily', 'upcoming'],
      ['Charlie once', 'ended'],
      ['Delta monthly', 'ended'],
    ]);
    expect((await w.admin.get('/visit-permits?sortField=people')).statusCode).toBe(400);
    expect((await w.admin.get('/visit-permits?period=later')).statusCode).toBe(400);
  });

  it('gives every permit, compact, for pickers with simple=1', async () => {
    const w = await world();
    for (const name of ['Zulu', 'Echo', 'Mike']) await addPermit(w.admin, { name });
    const simple = (await w.admin.get('/visit-permits?simple=1&limit=1')).json();
    expect(simple.count).toBe(3);
    expect(simple.data.map((p: { name: string }) => p.name)).toEqual(['Echo', 'Mike', 'Zulu']);
    expect(Object.keys(simple.data[0]).sort()).toEqual(
      ['end_date', 'end_time', 'id', 'name', 'period', 'recurrence', 'start_date', 'start_time', 'weekdays'].sort(),
    );
  });
});

describe('visit permits: another company', () => {
  it('can neither read, change, delete nor use them (404), and its rows stay out of reach under row-level security', async () => {
    const mine = await world();
    const theirs = await world();
    const permit = await addPermit(mine.admin);
    const person = await mine.create();
    expect((await theirs.admin.get(`/visit-permits/${permit.id}`)).statusCode).toBe(404);
    expect((await theirs.admin.put(`/visit-permits/${permit.id}`, permitBody({ name: 'Taken over' }))).statusCode).toBe(
      404,
    );
    expect((await theirs.admin.delete(`/visit-permits/${permit.id}`)).statusCode).toBe(404);
    expect((await theirs.admin.get(`/visit-permits/${permit.id}/people`)).statusCode).toBe(404);
    expect(
      (await theirs.admin.post(`/visit-permits/${permit.id}/people`, { person_ids: [person.id] })).statusCode,
    ).toBe(404);
    expect((await theirs.admin.get(`/visit-permits/${permit.id}/user-types`)).statusCode).toBe(404);
    expect((await theirs.admin.get('/visit-permits')).json().count).toBe(0);
    expect((await theirs.admin.get('/visit-permits?simple=1')).json().count).toBe(0);
    // Their permit for my person, my permit for their person or type.
    const theirPermit = await addPermit(theirs.admin);
    expect((await theirs.admin.get(`/people/${person.id}/visit-permits`)).statusCode).toBe(404);
    expect(
      (await theirs.admin.post(`/people/${person.id}/visit-permits`, { permit_id: theirPermit.id })).statusCode,
    ).toBe(404);
    const refused = await mine.admin.post(`/people/${person.id}/visit-permits`, { permit_id: theirPermit.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields.permit_id).toEqual(['This visit permit does not exist.']);
    expect(
      (await mine.admin.post(`/user-types/${theirs.types.staff}/visit-permits`, { permit_id: permit.id })).statusCode,
    ).toBe(404);
    expect((await theirs.admin.get(`/user-types/${mine.types.staff}/visit-permits`)).statusCode).toBe(404);
    expect((await theirs.admin.get(`/visit-permits/check?person_id=${person.id}`)).statusCode).toBe(404);
    expect((await theirs.admin.get(`/visit-permits/check?user_type_id=${mine.types.staff}`)).statusCode).toBe(404);
    // The same mix in a mass assignment: their type is not found among mine.
    const mass = (
      await mine.admin.post(`/visit-permits/${permit.id}/user-types`, { user_type_ids: [theirs.types.staff] })
    ).json();
    expect(mass).toMatchObject({ done: [], skipped: [{ id: theirs.types.staff, reason: 'not_found' }] });
    // Row-level security: the permit is invisible in the other company's tenant transaction.
    const seen = await withTenant(ctx.db.db, theirs.entity.id, (tx) =>
      tx.select({ id: visitPermits.id }).from(visitPermits).where(eq(visitPermits.id, permit.id)),
    );
    expect(seen).toEqual([]);
    expect((await mine.admin.get(`/visit-permits/${permit.id}`)).json().name).toBe('Weekday contractors');
  });
});
