// The privacy manager (decision 033): retention per user type and company default, the nightly run in
// the company's time zone with a test clock, "Delete now" behind the password, one person's erasure,
// reports keeping their totals, what every person column becomes, and another company kept out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PrivacyRun, PrivacyRunsResponse, PrivacyView } from '@app/shared/people/privacy';
import { rowsOf, withTenant } from '../src/db/client';
import { ERASURE_REFERENCES } from '../src/modules/privacy/erasure.repository';
import { nextRunAt, runRetention } from '../src/modules/privacy/privacy.service';
import { runNightlyRetention } from '../src/modules/privacy/privacy.jobs';
import { signIn } from './helpers/http-client';
import { addUserType } from './helpers/people-world';
import { createTestApp, type TestContext } from './helpers/test-app';
import { insertVisit, visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { createPerson, PASSWORD } from './helpers/world';

let ctx: TestContext;
let w: VisitsWorld;
let other: VisitsWorld;

const DAY = 86_400_000;
const TZ = 'Asia/Dubai'; // UTC+4, no daylight saving

beforeAll(async () => {
  ctx = await createTestApp();
  w = await visitsWorld(ctx.app, ctx.db.db, { timezone: TZ });
  other = await visitsWorld(ctx.app, ctx.db.db);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const run = (query: ReturnType<typeof sql>) => ctx.db.db.execute(query);
const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await run(query))[0]!.n);

async function view(client = w.admin) {
  const res = await client.get('/privacy');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PrivacyView>();
}

/** A person created `daysAgo` days before `now`, with a visit of their type `visitDaysAgo` days before. */
async function personWithVisit(first: string, typeId: string, now: Date, daysAgo: number, visitDaysAgo: number | null) {
  const p = await w.person(first, typeId);
  await withTenant(ctx.db.db, w.entity.id, (tx) =>
    tx.execute(sql`update people set created_at = ${new Date(now.getTime() - daysAgo * DAY).toISOString()}::timestamptz
                    where entity_id = ${w.entity.id} and id = ${p.id}`),
  );
  const visit =
    visitDaysAgo === null
      ? null
      : await insertVisit(ctx.db.db, w.entity, {
          personId: p.id,
          siteId: w.sites.hq,
          areaId: w.areas.reception,
          userTypeId: typeId,
          state: 'left',
          signedInAt: new Date(now.getTime() - visitDaysAgo * DAY),
          signedOutAt: new Date(now.getTime() - visitDaysAgo * DAY + 3_600_000),
          notes: `${first} forgot the badge`,
        });
  return { person: p, visit };
}

const visitsByType = (entityId: string) =>
  run(sql`select user_type_id, count(*)::int as n from visits where entity_id = ${entityId}
          group by user_type_id order by user_type_id`).then((r) => rowsOf<{ user_type_id: string; n: number }>(r));

/** An audit entry of a change to the person, holding a copy of them, as a request writes it. */
async function auditCopy(entityId: string, personId: string, firstName: string) {
  await withTenant(ctx.db.db, entityId, (tx) =>
    tx.execute(sql`insert into audit_log (entity_id, id, action, target_type, target_id, before, after)
                   values (${entityId}, gen_random_uuid(), 'person.update', 'person', ${personId},
                           ${JSON.stringify({ first_name: firstName })}::jsonb,
                           ${JSON.stringify({ first_name: firstName, last_name: 'Request' })}::jsonb)`),
  );
}

/** How many audit entries of the person still hold a copy of them (named `name`). */
const auditCopies = (entityId: string, personId: string, name: string) =>
  count(sql`select count(*)::int as n from audit_log where entity_id = ${entityId} and target_type = 'person'
             and target_id = ${personId} and (before is not null or after::text like ${`%${name}%`})`);

describe('retention settings', () => {
  it('start kept for ever, take both days per company and per user type, and refuse bad days by field', async () => {
    const before = await view();
    expect(before.company).toEqual({ data_retention_days: null, scans_retention_days: null });
    expect(before.timezone).toBe(TZ);
    expect(before.user_types.map((t) => t.name)).toEqual(expect.arrayContaining(['Visitors', 'Staff']));

    for (const [body, field] of [
      [{ data_retention_days: 0, scans_retention_days: 10 }, 'data_retention_days'],
      [{ data_retention_days: 10 }, 'scans_retention_days'],
      [{ data_retention_days: 10, scans_retention_days: 'x' }, 'scans_retention_days'],
      [{ data_retention_days: 36_501, scans_retention_days: 10 }, 'data_retention_days'],
      [{ data_retention_days: 1.5, scans_retention_days: 10 }, 'data_retention_days'],
    ] as const) {
      const res = await w.admin.put('/privacy/company', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json<{ fields: Record<string, string[]> }>().fields)).toEqual([field]);
    }

    const company = await w.admin.put('/privacy/company', { data_retention_days: 400, scans_retention_days: 200 });
    expect(company.statusCode, company.body).toBe(200);
    const visitors = (v: PrivacyView) => v.user_types.find((t) => t.id === w.types.visitors)!;
    expect(visitors(company.json<PrivacyView>())).toMatchObject({
      custom: false,
      effective: { data_retention_days: 400, scans_retention_days: 200 },
    });
    const own = await w.admin.put(`/privacy/user-types/${w.types.visitors}`, {
      data_retention_days: 30,
      scans_retention_days: 20,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(visitors(own.json<PrivacyView>())).toMatchObject({
      custom: true,
      own: { data_retention_days: 30, scans_retention_days: 20 },
      effective: { data_retention_days: 30, scans_retention_days: 20 },
    });
    // Back to the default, then the company keeps for ever: staff follows it.
    expect(visitors((await w.admin.delete(`/privacy/user-types/${w.types.visitors}`)).json<PrivacyView>()).custom).toBe(
      false,
    );
    const off = (await w.admin.delete('/privacy/company')).json<PrivacyView>();
    expect(off.company).toEqual({ data_retention_days: null, scans_retention_days: null });
    expect(off.user_types.find((t) => t.id === w.types.staff)!.effective.data_retention_days).toBeNull();
    const audits = await count(
      sql`select count(*)::int as n from audit_log where entity_id = ${w.entity.id}
           and action in ('privacy.company_retention', 'user_type.retention')`,
    );
    expect(audits).toBe(4);
  });

  it('say when the nightly job next runs: 02:00 on the company clock', () => {
    // 21:30 UTC is 01:30 in Dubai: tonight's run is at 22:00 UTC; at 22:30 UTC the next is tomorrow's.
    expect(nextRunAt(new Date('2026-11-26T21:30:00Z'), TZ).toISOString()).toBe('2026-11-26T22:00:00.000Z');
    expect(nextRunAt(new Date('2026-11-26T22:30:00Z'), TZ).toISOString()).toBe('2026-11-27T22:00:00.000Z');
  });
});

describe('the nightly retention', () => {
  it('erases and anonymises what is due once per company day, in its time zone, keeping report totals', async () => {
    const E = w.entity.id;
    const now = new Date('2026-11-26T22:10:00Z'); // 02:10 in Dubai
    expect(
      (
        await w.admin.put(`/privacy/user-types/${w.types.visitors}`, {
          data_retention_days: 30,
          scans_retention_days: 20,
        })
      ).statusCode,
    ).toBe(200);
    const gone = await personWithVisit('Gone', w.types.visitors, now, 100, 60);
    const recent = await personWithVisit('Recent', w.types.visitors, now, 100, 25);
    const fresh = await personWithVisit('Fresh', w.types.visitors, now, 10, null);
    const staff = await personWithVisit('Steady', w.types.staff, now, 500, 300);
    const both = await personWithVisit('Both', w.types.visitors, now, 100, 60);
    await withTenant(ctx.db.db, E, (tx) =>
      tx.execute(sql`insert into person_user_types (entity_id, person_id, user_type_id)
                     values (${E}, ${both.person.id}, ${w.types.staff})`),
    );
    // A compliance answer given at the old visit goes with it.
    const totals = await visitsByType(E);
    // An earlier change to Gone and one to Recent, audited with a copy of each.
    for (const kept of [gone, recent]) await auditCopy(E, kept.person.id, kept.person.firstName);

    // 01:30 in Dubai: before the hour, nothing.
    expect(await runNightlyRetention(ctx.app, new Date('2026-11-26T21:30:00Z'), E)).toEqual([]);
    const [first] = await runNightlyRetention(ctx.app, now, E);
    expect(first?.run).toMatchObject({ trigger: 'schedule', scope: 'both', status: 'done', people_erased: 1 });
    // Gone's visit (60 days), Recent's (25 > 20) and Both's (60) are anonymised; Staff's type keeps for ever.
    expect(first!.run.visits_anonymised).toBe(3);
    // The same day again: nothing more.
    expect(await runNightlyRetention(ctx.app, new Date(now.getTime() + 3_600_000), E)).toEqual([]);

    const alive = rowsOf<{ id: string }>(
      await run(sql`select id from people where entity_id = ${E}
                     and id in (${gone.person.id}, ${recent.person.id}, ${fresh.person.id}, ${staff.person.id}, ${both.person.id})`),
    ).map((r) => r.id);
    expect(alive.sort()).toEqual([recent.person.id, fresh.person.id, staff.person.id, both.person.id].sort());
    // Gone's audit copy is redacted; Recent, still here, keeps theirs.
    expect(await auditCopies(E, gone.person.id, 'Gone')).toBe(0);
    expect(await auditCopies(E, recent.person.id, 'Recent')).toBe(1);
    const anonymised = rowsOf<{ id: string; notes: string | null; status: string }>(
      await run(sql`select v.id, v.notes, p.status from visits v join people p on p.entity_id = v.entity_id and p.id = v.person_id
                     where v.entity_id = ${E} and v.id in (${gone.visit!.id}, ${recent.visit!.id}, ${both.visit!.id})`),
    );
    expect(anonymised).toHaveLength(3);
    expect(anonymised.every((v) => v.notes === null && v.status === 'anonymous')).toBe(true);
    const staffVisit = rowsOf<{ person_id: string }>(
      await run(sql`select person_id from visits where entity_id = ${E} and id = ${staff.visit!.id}`),
    );
    expect(staffVisit[0]!.person_id).toBe(staff.person.id);
    // Reports' totals: as many visits of each type as before.
    expect(await visitsByType(E)).toEqual(totals);
    // The anonymous record is in no list.
    const listed = (await w.admin.get('/people?search=Anonymised')).json<{ count: number }>();
    expect(listed.count).toBe(0);

    const runs = (await w.admin.get('/privacy/runs?trigger=schedule')).json<PrivacyRunsResponse>();
    expect(runs.data).toHaveLength(1);
    expect(runs.data[0]).toMatchObject({ people_erased: 1, visits_anonymised: 3, requested_by: null });
  });
});

describe('a run of many batches', () => {
  it('goes through the company once, batch after batch, missing nothing due and touching nothing kept', async () => {
    const E = w.entity.id;
    const now = new Date();
    const typeId = await addUserType(w.admin, 'Batch guests');
    expect(
      (await w.admin.put(`/privacy/user-types/${typeId}`, { data_retention_days: 30, scans_retention_days: 20 }))
        .statusCode,
    ).toBe(200);
    // Seven people due (data and scans), kept ones among them in id order: recent visits, an old scan of a
    // person still within the data period, someone on site.
    const due = await Promise.all(
      Array.from({ length: 7 }, (_, i) => personWithVisit(`Batch due ${i}`, typeId, now, 200, 40 + i)),
    );
    const kept = await Promise.all(
      Array.from({ length: 4 }, (_, i) => personWithVisit(`Batch kept ${i}`, typeId, now, 200, 1 + i)),
    );
    const oldScan = await personWithVisit('Batch old scan', typeId, now, 10, 25);
    const onSite = await personWithVisit('Batch on site', typeId, now, 200, null);
    await insertVisit(ctx.db.db, w.entity, {
      personId: onSite.person.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      userTypeId: typeId,
      state: 'on_site',
      signedInAt: new Date(now.getTime() - 40 * DAY),
    });

    const result = await runRetention(ctx.app, E, {
      trigger: 'delete_now',
      scope: 'both',
      userTypeId: typeId,
      userTypeName: 'Batch guests',
      now,
      batchSize: 2,
    });
    // Scans: the seven due people's and the old scan; people: the seven (their scans went first).
    expect(result).toMatchObject({ status: 'done', visits_anonymised: 8, people_erased: 7 });
    const left = rowsOf<{ id: string }>(
      await run(sql`select p.id from people p join person_user_types t on t.entity_id = p.entity_id and t.person_id = p.id
                     where p.entity_id = ${E} and t.user_type_id = ${typeId}`),
    ).map((r) => r.id);
    expect(left.sort()).toEqual([...kept, oldScan, onSite].map((k) => k.person.id).sort());
    expect(due.every((d) => !left.includes(d.person.id))).toBe(true);
    const keptVisits = await count(
      sql`select count(*)::int as n from visits where entity_id = ${E} and person_id in (${sql.join(
        kept.map((k) => sql`${k.person.id}`),
        sql`, `,
      )})`,
    );
    expect(keptVisits).toBe(4);
    // Again: nothing is due any more.
    const again = await runRetention(ctx.app, E, {
      trigger: 'delete_now',
      scope: 'both',
      userTypeId: typeId,
      userTypeName: 'Batch guests',
      now,
      batchSize: 2,
    });
    expect(again).toMatchObject({ status: 'done', visits_anonymised: 0, people_erased: 0 });
  });
});

describe('delete now', () => {
  it('asks for the password, refuses what is kept for ever, and deletes a type’s due data at once', async () => {
    const now = new Date();
    // A type of its own, so what the nightly test left behind (dated on a fixed day) is not due here.
    const typeId = await addUserType(w.admin, 'Delete now guests');
    expect(
      (await w.admin.put(`/privacy/user-types/${typeId}`, { data_retention_days: 30, scans_retention_days: 20 }))
        .statusCode,
    ).toBe(200);
    const due = await personWithVisit('Due', typeId, now, 90, 45);
    const wrong = await w.admin.post(`/privacy/user-types/${typeId}/delete-now`, {
      scope: 'data',
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json<{ fields: Record<string, string[]> }>().fields)).toEqual(['password']);
    expect(await count(sql`select count(*)::int as n from people where id = ${due.person.id}`)).toBe(1);

    const keptForEver = await w.admin.post(`/privacy/user-types/${w.types.staff}/delete-now`, {
      scope: 'both',
      password: PASSWORD,
    });
    expect(keptForEver.statusCode).toBe(422);
    expect(Object.keys(keptForEver.json<{ fields: Record<string, string[]> }>().fields)).toEqual(['scope']);

    const check = await w.admin.post('/auth/check-password', { password: 'nope' });
    expect(check.statusCode).toBe(422);
    expect((await w.admin.post('/auth/check-password', { password: PASSWORD })).statusCode).toBe(204);

    const res = await w.admin.post(`/privacy/user-types/${typeId}/delete-now`, {
      scope: 'data',
      password: PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PrivacyRun>()).toMatchObject({
      trigger: 'delete_now',
      scope: 'data',
      status: 'done',
      people_erased: 1,
      visits_anonymised: 1,
      user_type: { id: typeId, name: 'Delete now guests' },
    });
    expect(res.json<PrivacyRun>().requested_by).toBeTruthy();
    expect(await count(sql`select count(*)::int as n from people where id = ${due.person.id}`)).toBe(0);
  });

  it('is the privacy manager’s: refused to an employee and to the API token', async () => {
    const employee = await createPerson(ctx.db.db, [w.entity], 'employee');
    const { client } = await signIn(ctx.app, employee.email, PASSWORD);
    expect((await client.get('/privacy')).statusCode).toBe(403);
    expect(
      (await client.post(`/privacy/user-types/${w.types.visitors}/delete-now`, { scope: 'both', password: PASSWORD }))
        .statusCode,
    ).toBe(403);
  });
});

describe('erasing one person', () => {
  it('removes their personal data, keeps their visits anonymised and redacts their audit copies', async () => {
    const E = w.entity.id;
    const now = new Date();
    const { person, visit } = await personWithVisit('Erin', w.types.staff, now, 5, 1);
    // An earlier change of theirs, audited with a copy of them.
    await auditCopy(E, person.id, 'Erin');
    const res = await w.admin.post(`/people/${person.id}/erase`, { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PrivacyRun>()).toMatchObject({ trigger: 'erasure', people_erased: 1, visits_anonymised: 1 });
    expect(await count(sql`select count(*)::int as n from people where id = ${person.id}`)).toBe(0);
    const [kept] = rowsOf<{ notes: string | null; user_type_id: string }>(
      await run(sql`select notes, user_type_id from visits where entity_id = ${E} and id = ${visit!.id}`),
    );
    expect(kept).toEqual({ notes: null, user_type_id: w.types.staff });
    expect(await auditCopies(E, person.id, 'Erin')).toBe(0);
    expect((await w.admin.post(`/people/${person.id}/erase`, { password: PASSWORD })).statusCode).toBe(404);
  });

  it('refuses people who sign in to the dashboard, naming the person', async () => {
    const [member] = rowsOf<{ id: string }>(
      await run(sql`select id from people where entity_id = ${w.entity.id}
                     and membership_id = ${w.people.employee.membershipId}`),
    );
    const res = await w.admin.post(`/people/${member!.id}/erase`, { password: PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ fields: Record<string, string[]> }>().fields)).toEqual(['id']);
  });

  it('names what becomes of every column holding a person', async () => {
    const columns = rowsOf<{ ref: string }>(
      await run(sql`
        select c.table_name || '.' || c.column_name as ref
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.data_type = 'uuid'
           and c.column_name like '%person%'`),
    ).map((r) => r.ref);
    expect(columns.filter((ref) => !(ref in ERASURE_REFERENCES))).toEqual([]);
  });
});

describe('the audit log', () => {
  /** One statement as app_user in the company's transaction; the database's refusal code, if any. */
  const asApp = (query: ReturnType<typeof sql>) =>
    withTenant(ctx.db.db, w.entity.id, (tx) => tx.execute(query)).then(
      () => 'done',
      (error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code ?? 'failed',
    );

  it('is written and read by requests, never rewritten nor deleted by them', async () => {
    const E = w.entity.id;
    const { person } = await personWithVisit('Audra', w.types.staff, new Date(), 1, null);
    await auditCopy(E, person.id, 'Audra');
    expect(
      await count(sql`select count(*)::int as n from audit_log where entity_id = ${E} and target_id = ${person.id}`),
    ).toBe(1);
    expect(await asApp(sql`update audit_log set after = '{}'::jsonb where entity_id = ${E}`)).toBe('42501');
    expect(await asApp(sql`delete from audit_log where entity_id = ${E}`)).toBe('42501');
    expect(await asApp(sql`truncate audit_log`)).toBe('42501');
    expect(await asApp(sql`select count(*) from audit_log`)).toBe('done');
    // The redacting function leaves alone people still in the company, and every other company.
    const [otherPerson] = rowsOf<{ id: string }>(
      await run(sql`select id from people where entity_id = ${other.entity.id} limit 1`),
    );
    await auditCopy(other.entity.id, otherPerson!.id, 'Other');
    const redacted = await withTenant(ctx.db.db, E, (tx) =>
      tx.execute(sql`select app_audit_redact_erased(${`{${person.id},${otherPerson!.id}}`}::uuid[]) as n`),
    );
    expect(rowsOf<{ n: number }>(redacted)[0]!.n).toBe(0);
    expect(await auditCopies(E, person.id, 'Audra')).toBe(1);
    expect(await auditCopies(other.entity.id, otherPerson!.id, 'Other')).toBe(1);
  });
});

describe('another company', () => {
  it('can neither read nor change our settings, run our types or erase our people', async () => {
    const mine = await view(other.admin);
    expect(mine.user_types.map((t) => t.id)).not.toContain(w.types.visitors);
    const put = await other.admin.put(`/privacy/user-types/${w.types.visitors}`, {
      data_retention_days: 1,
      scans_retention_days: 1,
    });
    expect(put.statusCode).toBe(404);
    const now = await other.admin.post(`/privacy/user-types/${w.types.visitors}/delete-now`, {
      scope: 'both',
      password: PASSWORD,
    });
    expect(now.statusCode).toBe(404);
    const target = await w.person('Kept');
    expect((await other.admin.post(`/people/${target.id}/erase`, { password: PASSWORD })).statusCode).toBe(404);
    expect(await count(sql`select count(*)::int as n from people where id = ${target.id}`)).toBe(1);
    const theirs = (await other.admin.get('/privacy/runs')).json<PrivacyRunsResponse>();
    expect(theirs.data).toEqual([]);
    const ours = (await view()).user_types.find((t) => t.id === w.types.visitors)!;
    expect(ours.own.data_retention_days).toBe(30);
  });
});
