// Merging two records of one person (decision 032): every kind of record moves (counted before and
// after), what the kept person already has is not doubled, empty details are filled, a dashboard login
// moves with its person, two logins and the owner's record are refused, a merge asked twice changes
// nothing the second time, and every column that names a person is one the merge knows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PersonMerge } from '@app/shared/people/duplicates';
import { rowsOf } from '../src/db/client';
import { newId } from '../src/lib/ids';
import { PERSON_REFERENCES } from '../src/modules/duplicates/merge.repository';
import { signIn } from './helpers/http-client';
import { givePersonSite, givePersonUserType, insertKiosk } from './helpers/people-rows';
import { createTestApp, type TestContext } from './helpers/test-app';
import { insertVisit, visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { createPerson, PASSWORD } from './helpers/world';

let ctx: TestContext;
let w: VisitsWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await visitsWorld(ctx.app, ctx.db.db);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const run = (query: ReturnType<typeof sql>) => ctx.db.db.execute(query);

/** How many rows of each table.column name the person. */
async function references(personId: string) {
  const counts: Record<string, number> = {};
  for (const ref of PERSON_REFERENCES) {
    const [table, column] = ref.split('.');
    const [row] = rowsOf<{ n: number }>(
      await run(sql`select count(*)::int as n from ${sql.raw(table!)} where ${sql.raw(column!)} = ${personId}`),
    );
    if (Number(row!.n) > 0) counts[ref] = Number(row!.n);
  }
  return counts;
}

describe('merging two people', () => {
  it('moves every kind of record to the kept person, without doubling what it has, and fills its details', async () => {
    const E = w.entity.id;
    const keep = await w.person('Kim', w.types.visitors, w.sites.hq, {
      lastName: 'Park',
      email: 'kim.park@example.test',
      companyName: null,
    });
    const remove = await w.person('Kim', w.types.staff, w.sites.branch, {
      lastName: 'Parks',
      email: 'kim.parks+old@example.test',
      phoneCode: '44',
      phone: '7700900123',
      idNumber: 'KP-998',
      companyName: 'Contoso',
      rfid: 'CARD-77',
    });
    const other = await w.person('Zed');
    const K = keep.id;
    const R = remove.id;

    // Visits: one on site (signed in through the API), one expected, one from last year.
    const flow = await w.flow(w.types.staff);
    await givePersonSite(ctx.db.db, w.entity, R, w.sites.hq);
    await w.signInOne(R);
    await insertVisit(ctx.db.db, w.entity, {
      personId: R,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      state: 'expected',
      expectedAt: new Date(Date.now() + 86_400_000),
    });
    const old = await insertVisit(ctx.db.db, w.entity, {
      personId: R,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      state: 'left',
      signedInAt: new Date(Date.now() - 365 * 86_400_000),
      signedOutAt: new Date(Date.now() - 365 * 86_400_000 + 3_600_000),
    });
    // Hosting: of Zed's visit alone, and of one Kim (kept) hosts already.
    const zedVisit = await insertVisit(ctx.db.db, w.entity, {
      personId: other.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      state: 'expected',
    });
    const zedVisit2 = await insertVisit(ctx.db.db, w.entity, {
      personId: other.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      state: 'expected',
    });
    await run(sql`insert into visit_hosts (entity_id, visit_id, person_id) values
      (${E}, ${zedVisit.id}, ${R}), (${E}, ${zedVisit2.id}, ${R}), (${E}, ${zedVisit2.id}, ${K})`);
    // Compliance answers and a document.
    const compliance = newId();
    await run(sql`insert into compliances (entity_id, id, name, format, frequency, content)
      values (${E}, ${compliance}, 'Safety', 'question', 'every_visit', '{}'::jsonb)`);
    await run(sql`insert into compliance_versions (entity_id, compliance_id, version, name, format, frequency, content)
      values (${E}, ${compliance}, 1, 'Safety', 'question', 'every_visit', '{}'::jsonb)`);
    await run(sql`insert into compliance_responses
      (entity_id, id, person_id, compliance_id, compliance_version, status, is_completed, is_wrong)
      values (${E}, ${newId()}, ${R}, ${compliance}, 1, 'passed', true, false)`);
    await run(sql`insert into person_documents (entity_id, id, person_id, type, status)
      values (${E}, ${newId()}, ${R}, 'covid_vaccine', 'pending')`);
    // Visit permits: one of the removed person's alone, one both have.
    const permit = async (name: string) => {
      const id = newId();
      await run(sql`insert into visit_permits (entity_id, id, name, start_date, start_time, end_time, recurrence)
        values (${E}, ${id}, ${name}, current_date, '08:00', '18:00', 'none')`);
      return id;
    };
    const p1 = await permit('Contractors');
    const p2 = await permit('Cleaning');
    await run(sql`insert into person_visit_permits (entity_id, permit_id, person_id) values
      (${E}, ${p1}, ${R}), (${E}, ${p2}, ${R}), (${E}, ${p2}, ${K})`);
    // Labels the same way.
    const label = async (name: string) => {
      const id = newId();
      await run(sql`insert into labels (entity_id, id, name) values (${E}, ${id}, ${name})`);
      return id;
    };
    const l1 = await label('VIP');
    const l2 = await label('Night shift');
    await run(sql`insert into person_labels (entity_id, person_id, label_id) values
      (${E}, ${R}, ${l1}), (${E}, ${R}, ${l2}), (${E}, ${K}, ${l2})`);
    // Custom-field values: one only the removed person has, one both have (the kept one's stays).
    const section = newId();
    await run(sql`insert into custom_field_sections (entity_id, id, name) values (${E}, ${section}, 'Profile')`);
    const field = async (name: string) => {
      const id = newId();
      await run(sql`insert into custom_fields (entity_id, id, section_id, name, type, binding)
        values (${E}, ${id}, ${section}, ${name}, 'text', 'profile')`);
      return id;
    };
    const f1 = await field('Car plate');
    const f2 = await field('Shoe size');
    await run(sql`insert into person_field_values (entity_id, person_id, field_id, value) values
      (${E}, ${R}, ${f1}, '"AB 123"'::jsonb), (${E}, ${R}, ${f2}, '"44"'::jsonb), (${E}, ${K}, ${f2}, '"42"'::jsonb)`);
    // A QuickPass, a kiosk's enrolment link and its log of the person, a timesheet correction, a badge.
    await run(sql`insert into quick_passes (entity_id, id, person_id) values (${E}, ${newId()}, ${R})`);
    const kiosk = await insertKiosk(ctx.db.db, w.entity);
    await run(sql`insert into rfid_enrolments (entity_id, id, person_id, kiosk_id, code_hash, expires_at)
      values (${E}, ${newId()}, ${R}, ${kiosk.kioskId}, ${newId()}, now() + interval '1 day')`);
    await run(sql`insert into kiosk_events (entity_id, id, kiosk_id, kiosk_name, kind, person_id)
      values (${E}, ${newId()}, ${kiosk.kioskId}, ${kiosk.kioskName}, 'sign_in', ${R})`);
    await run(sql`insert into timesheet_corrections
      (entity_id, id, person_id, day, first_in_at, last_out_at, minutes, reason)
      values (${E}, ${newId()}, ${R}, current_date - 1, now() - interval '1 day 8 hours', now() - interval '1 day', 480, 'Forgot to sign out')`);
    await run(sql`insert into badge_prints (entity_id, id, visit_id, badge, requested_by_person_id)
      values (${E}, ${newId()}, ${old.id}, '{}'::jsonb, ${R})`);
    // Emergency rolls: one session with the removed person only, one with both.
    const session = async (name: string) => {
      const id = newId();
      await run(sql`insert into emergency_sessions (entity_id, id, name, origin, highlight_after_minutes, ended_at)
        values (${E}, ${id}, ${name}, 'dashboard', 10, now())`);
      return id;
    };
    const s1 = await session('Drill 1');
    const s2 = await session('Drill 2');
    const entry = (sessionId: string, personId: string, name: string) =>
      run(sql`insert into emergency_roll (entity_id, id, session_id, person_id, full_name, status, source, marked_at)
        values (${E}, ${newId()}, ${sessionId}, ${personId}, ${name}, 'present', 'start', now())`);
    await entry(s1, R, 'Kim Parks');
    await entry(s2, R, 'Kim Parks');
    await entry(s2, K, 'Kim Park');
    // Host duties, sites and user types.
    await run(
      sql`insert into user_type_hosts (entity_id, user_type_id, person_id) values (${E}, ${w.types.visitors}, ${R})`,
    );
    await run(sql`insert into journey_flow_hosts (entity_id, flow_id, person_id) values (${E}, ${flow}, ${R})`);
    await givePersonUserType(ctx.db.db, w.entity, K, w.types.staff);

    const before = { keep: await references(K), remove: await references(R) };
    // Every kind of record names the removed person here.
    expect(Object.keys(before.remove).sort()).toEqual(
      [
        'badge_prints.requested_by_person_id',
        'compliance_responses.person_id',
        'emergency_roll.person_id',
        'journey_flow_hosts.person_id',
        'kiosk_events.person_id',
        'person_documents.person_id',
        'person_field_values.person_id',
        'person_labels.person_id',
        'person_sites.person_id',
        'person_user_types.person_id',
        'person_visit_permits.person_id',
        'quick_passes.person_id',
        'rfid_enrolments.person_id',
        'timesheet_corrections.person_id',
        'user_type_hosts.person_id',
        'visit_hosts.person_id',
        'visit_stats_people.person_id',
        'visits.person_id',
      ].sort(),
    );

    const res = await w.admin.post('/people/merge', { keep_id: K, remove_id: R });
    expect(res.statusCode, res.body).toBe(200);
    const merge = res.json<PersonMerge>();
    expect(merge.moved).toEqual({
      visits: 3,
      visit_hosts: 1,
      compliance_responses: 1,
      documents: 1,
      visit_permits: 1,
      labels: 1,
      field_values: 1,
      quick_passes: 1,
      rfid_enrolments: 1,
      kiosk_events: 1,
      timesheet_corrections: 1,
      badge_prints: 1,
      emergency_roll: 2,
      hosting: 2,
      sites: 1,
      rfid_cards: 1,
      details: 3,
    });
    expect([...merge.filled].sort()).toEqual(['company_name', 'id_number', 'phone']);
    expect(merge).toMatchObject({
      kept: { id: K, full_name: 'Kim Park' },
      removed: { id: R, full_name: 'Kim Parks', email: 'kim.parks+old@example.test', phone: '+44 7700900123' },
      dropped: [],
    });

    const after = { keep: await references(K), remove: await references(R) };
    // Nothing names the removed person any more but the merge's own record of it.
    expect(after.remove).toEqual({ 'person_merges.removed_person_id': 1 });
    expect(after.keep['visits.person_id']).toBe((before.keep['visits.person_id'] ?? 0) + 3);
    expect(after.keep['person_labels.person_id']).toBe(2);
    expect(after.keep['person_visit_permits.person_id']).toBe(2);
    expect(after.keep['person_field_values.person_id']).toBe(2);
    expect(after.keep['visit_hosts.person_id']).toBe(2);
    expect(after.keep['emergency_roll.person_id']).toBe(2);
    expect(after.keep['person_sites.person_id']).toBe(2);
    // The kept person's value of a field both had stays; the roll entry of a session both were on is
    // kept as a name.
    const [shoe] = rowsOf<{ value: string }>(
      await run(
        sql`select value #>> '{}' as value from person_field_values where person_id = ${K} and field_id = ${f2}`,
      ),
    );
    expect(shoe!.value).toBe('42');
    const [typed] = rowsOf<{ n: number }>(
      await run(
        sql`select count(*)::int as n from emergency_roll where session_id = ${s2} and person_id is null and full_name = 'Kim Parks'`,
      ),
    );
    expect(Number(typed!.n)).toBe(1);
    const [person] = rowsOf<Record<string, unknown>>(
      await run(sql`select email, phone_code, phone, id_number, company_name, rfid from people where id = ${K}`),
    );
    expect(person).toEqual({
      email: 'kim.park@example.test',
      phone_code: '44',
      phone: '7700900123',
      id_number: 'KP-998',
      company_name: 'Contoso',
      rfid: 'CARD-77',
    });
    const [audit] = rowsOf<{ n: number }>(
      await run(
        sql`select count(*)::int as n from audit_log where entity_id = ${E} and action = 'person.merged' and target_id = ${K}`,
      ),
    );
    expect(Number(audit!.n)).toBe(1);

    // Asked again: the removed person is gone; nothing changes.
    const again = await w.admin.post('/people/merge', { keep_id: K, remove_id: R });
    expect(again.statusCode).toBe(404);
    expect(JSON.stringify(again.json())).toContain('remove_id');
    expect(await references(K)).toEqual(after.keep);

    // The merge explains itself afterwards.
    const merges = (await w.admin.get('/people/merges')).json<{ data: PersonMerge[] }>().data;
    expect(merges[0]).toEqual(merge);
  });

  it('moves a dashboard login with its person, and refuses two logins, the owner’s record and one person', async () => {
    const member = await createPerson(ctx.db.db, [w.entity], 'employee');
    const [memberPerson] = rowsOf<{ id: string }>(
      await run(sql`select id from people where entity_id = ${w.entity.id} and user_id = ${member.id}`),
    );
    const plain = await w.person('Plain');
    const res = await w.admin.post('/people/merge', { keep_id: plain.id, remove_id: memberPerson!.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PersonMerge>().moved.dashboard_login).toBe(1);
    const { client } = await signIn(ctx.app, member.email, PASSWORD);
    const me = await client.get('/auth/me');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.body).toContain('Plain');

    const [owner] = rowsOf<{ id: string }>(
      await run(sql`select id from people where entity_id = ${w.entity.id} and is_default`),
    );
    const second = await createPerson(ctx.db.db, [w.entity], 'employee');
    const [secondPerson] = rowsOf<{ id: string }>(
      await run(sql`select id from people where entity_id = ${w.entity.id} and user_id = ${second.id}`),
    );
    const both = await w.admin.post('/people/merge', { keep_id: plain.id, remove_id: secondPerson!.id });
    expect(both.statusCode).toBe(409);
    expect(both.json()).toMatchObject({ fields: { remove_id: [expect.stringContaining('dashboard')] } });

    const visitor = await w.person('Visitor');
    const ownerAway = await w.admin.post('/people/merge', { keep_id: visitor.id, remove_id: owner!.id });
    expect(ownerAway.statusCode).toBe(422);
    expect(ownerAway.json()).toMatchObject({ fields: { remove_id: [expect.stringContaining('owner')] } });

    const same = await w.admin.post('/people/merge', { keep_id: visitor.id, remove_id: visitor.id });
    expect(same.statusCode).toBe(422);
    const bad = await w.admin.post('/people/merge', { keep_id: 'nope', remove_id: visitor.id });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('keep_id');
    // Nobody was changed by the refusals.
    expect(
      rowsOf(await run(sql`select 1 from people where id in (${visitor.id}, ${owner!.id}, ${secondPerson!.id})`)),
    ).toHaveLength(3);
  });

  it('knows every column that names a person', async () => {
    const columns = rowsOf<{ ref: string }>(
      await run(sql`
        select c.table_name || '.' || c.column_name as ref
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.data_type = 'uuid'
           and c.column_name like '%person%'`),
    ).map((r) => r.ref);
    const referencing = rowsOf<{ ref: string }>(
      await run(sql`
        select conrelid::regclass::text || '.' || a.attname as ref
          from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[2]
         where c.contype = 'f' and c.confrelid = 'people'::regclass`),
    ).map((r) => r.ref);
    const unknown = [...new Set([...columns, ...referencing])].filter((ref) => !PERSON_REFERENCES.has(ref));
    expect(unknown).toEqual([]);
  });
});
