// The History report: every visit whose activity falls in a range of company days, each filter with a
// known answer, its orders and keyset pages, its bounds, the reader's scope, another company, and one
// visit's whole story.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryList, HistoryOptions, HistoryVisit } from '@app/shared/reports/history';
import { withTenant } from '../src/db/client';
import { complianceResponses, personFieldValues, visitHosts } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { addMode, addReason } from './helpers/attendance-factories';
import { addCompliance, statementBody } from './helpers/compliances-factories';
import { signIn, type TestClient } from './helpers/http-client';
import { insertProfileField, scopedAdmin } from './helpers/people-world';
import { createTestApp, type TestContext } from './helpers/test-app';
import { insertVisit, visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
let w: VisitsWorld;
/** The visits of the range by name: v1 … v6, and those just outside it. */
const v: Record<string, string> = {};
let ids: { hal: string; ann: string; late: string; early: string; field: string };

const at = (iso: string) => new Date(iso);
const RANGE = 'from=2026-03-02&to=2026-03-04';

beforeAll(async () => {
  ctx = await createTestApp();
  w = await visitsWorld(ctx.app, ctx.db.db);
  const db = ctx.db.db;
  const ann = await w.person('Ann');
  const bea = await w.person('Bea', w.types.staff);
  const cat = await w.person('Cat', w.types.visitors, w.sites.branch);
  const dan = await w.person('Dan');
  const eve = await w.person('Eve', w.types.staff, w.sites.branch);
  const fay = await w.person('Fay', w.types.staff);
  const hal = await w.person('Hal', w.types.staff);
  const ivy = await w.person('Ivy', w.types.staff);
  const mode = await addMode(w.admin, [w.sites.hq, w.sites.branch]);
  const late = await addReason(w.admin, mode.id, 'Traffic', 'late_sign_in', '09:00', 60, 'TR');
  const early = await addReason(w.admin, mode.id, 'Doctor', 'early_sign_out', '10:00', 60, 'DR');
  const base = { siteId: w.sites.hq, areaId: w.areas.reception };
  const add = async (name: string, values: Parameters<typeof insertVisit>[2]) => {
    v[name] = (await insertVisit(db, w.entity, values)).id;
  };
  await add('v1', {
    ...base,
    personId: ann.id,
    userTypeId: w.types.visitors,
    state: 'left',
    signedInAt: at('2026-03-02T09:00:00Z'),
    signedOutAt: at('2026-03-02T11:30:00Z'),
    signInSource: 'dashboard',
    signOutSource: 'dashboard',
    lateReasonId: late.id,
    notes: 'Brought a parcel',
  });
  await add('v2', {
    siteId: w.sites.hq,
    areaId: w.areas.warehouse,
    personId: bea.id,
    userTypeId: w.types.staff,
    state: 'left',
    signedInAt: at('2026-03-02T10:00:00Z'),
    signedOutAt: at('2026-03-02T10:45:00Z'),
    signInSource: 'kiosk',
    earlyReasonId: early.id,
  });
  await add('v3', {
    siteId: w.sites.branch,
    areaId: w.areas.lobby,
    personId: cat.id,
    userTypeId: w.types.visitors,
    state: 'on_site',
    signedInAt: at('2026-03-03T08:00:00Z'),
    signInSource: 'api',
  });
  await add('v4', {
    ...base,
    personId: dan.id,
    userTypeId: w.types.visitors,
    state: 'expected',
    stage: 'awaiting_approval',
    expectedAt: at('2026-03-04T14:00:00Z'),
  });
  await add('v5', {
    siteId: w.sites.branch,
    areaId: w.areas.lobby,
    personId: eve.id,
    userTypeId: w.types.staff,
    state: 'cancelled',
    expectedAt: at('2026-03-03T12:00:00Z'),
  });
  await add('v6', {
    ...base,
    personId: fay.id,
    userTypeId: w.types.staff,
    state: 'left',
    signedInAt: at('2026-03-04T23:59:00Z'),
    signedOutAt: at('2026-03-05T01:00:00Z'),
    signInSource: 'dashboard',
  });
  // Just outside the range on either side (the company keeps UTC).
  await add('before', { ...base, personId: ann.id, state: 'left', signedInAt: at('2026-03-01T23:59:00Z') });
  await add('after', { ...base, personId: ann.id, state: 'left', signedInAt: at('2026-03-05T00:00:00Z') });

  const field = await insertProfileField(db, w.entity, {
    name: 'Department',
    type: 'labels',
    options: { choices: ['Sales', 'Ops'] },
  });
  await withTenant(db, w.entity.id, async (tx) => {
    await tx.insert(visitHosts).values([
      { entityId: w.entity.id, visitId: v.v1!, personId: hal.id },
      { entityId: w.entity.id, visitId: v.v3!, personId: hal.id },
      { entityId: w.entity.id, visitId: v.v2!, personId: ivy.id },
    ]);
    await tx.insert(personFieldValues).values([
      { entityId: w.entity.id, personId: ann.id, fieldId: field, value: ['Sales'] },
      { entityId: w.entity.id, personId: bea.id, fieldId: field, value: ['Ops'] },
      { entityId: w.entity.id, personId: fay.id, fieldId: field, value: ['Ops', 'Sales'] },
    ]);
  });
  ids = { hal: hal.id, ann: ann.id, late: late.id, early: early.id, field };
}, 120_000);

afterAll(() => ctx.close());

async function list(client: TestClient, query: string) {
  const res = await client.get(`/reports/history?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<HistoryList>();
}

/** The names of the visits a list shows, in its order. */
const names = (body: HistoryList) => body.data.map((r) => Object.keys(v).find((k) => v[k] === r.id));

describe('history report', () => {
  it('lists the visits of the range by activity, latest first, with their figures', async () => {
    const body = await list(w.admin, RANGE);
    expect(names(body)).toEqual(['v6', 'v4', 'v5', 'v3', 'v2', 'v1']);
    expect(body).toMatchObject({ count: 6, count_capped: false, next_cursor: null, timezone: 'UTC' });
    const first = body.data.find((r) => r.id === v.v1)!;
    expect(first).toMatchObject({
      person: { full_name: 'Ann Tester' },
      site: { name: 'HQ' },
      area: { name: 'Reception' },
      user_type: { name: 'Visitors' },
      state: 'left',
      duration_minutes: 150,
      sign_in_source: 'dashboard',
      hosts: [{ id: ids.hal, full_name: 'Hal Tester' }],
      late_reason: { name: 'Traffic', attendance_code: 'TR' },
      notes: 'Brought a parcel',
      signed_in: { local: '2026-03-02 09:00' },
    });
    expect(body.data.find((r) => r.id === v.v6)!.duration_minutes).toBe(61);
  });

  it('filters by each filter with a known answer', async () => {
    const cases: [string, string[]][] = [
      [`site_id=${w.sites.branch}`, ['v5', 'v3']],
      [`area_id=${w.areas.warehouse}`, ['v2']],
      [`user_type_id=${w.types.staff}`, ['v6', 'v5', 'v2']],
      [`person_id=${ids.ann}`, ['v1']],
      [`host_id=${ids.hal}`, ['v3', 'v1']],
      ['stage=awaiting_approval', ['v4']],
      ['state=left', ['v6', 'v2', 'v1']],
      // Every arrival (what the visit summary counts), and arrivals by weekday and hour on the company's clock.
      ['state=arrived', ['v6', 'v3', 'v2', 'v1']],
      ['state=arrived&weekday=1', ['v2', 'v1']],
      ['state=arrived&weekday=1&hour=9', ['v1']],
      ['weekday=3&hour=23', ['v6']],
      ['signed_in_by=kiosk', ['v2']],
      [`late_reason_id=${ids.late}`, ['v1']],
      [`early_reason_id=${ids.early}`, ['v2']],
      [`field_id=${ids.field}&field_value=sales`, ['v6', 'v1']],
      [`field_id=${ids.field}&field_value=Ops&user_type_id=${w.types.staff}&area_id=${w.areas.warehouse}`, ['v2']],
      ['search=fay', ['v6']],
      ['from=2026-03-03&to=2026-03-03', ['v5', 'v3']],
    ];
    for (const [query, expected] of cases) {
      const body = await list(w.admin, query.startsWith('from=') ? query : `${RANGE}&${query}`);
      expect(names(body), query).toEqual(expected);
      expect(body.count, query).toBe(expected.length);
    }
    for (const bad of ['weekday=8', 'hour=24', 'state=gone']) {
      const res = await w.admin.get(`/reports/history?${RANGE}&${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json<{ fields: Record<string, string[]> }>().fields), bad).toEqual([bad.split('=')[0]]);
    }
  });

  it('sorts by the allowed keys, empty values last', async () => {
    expect(names(await list(w.admin, `${RANGE}&sortField=name&orderBy=asc`))).toEqual([
      'v1',
      'v2',
      'v3',
      'v4',
      'v5',
      'v6',
    ]);
    expect(names(await list(w.admin, `${RANGE}&sortField=activity&orderBy=asc`))).toEqual([
      'v1',
      'v2',
      'v3',
      'v5',
      'v4',
      'v6',
    ]);
    expect(names(await list(w.admin, `${RANGE}&sortField=duration&orderBy=desc`)).slice(0, 3)).toEqual([
      'v1',
      'v6',
      'v2',
    ]);
    expect(
      names(await list(w.admin, `${RANGE}&sortField=site&orderBy=asc`))
        .slice(0, 2)
        .sort(),
    ).toEqual(['v3', 'v5']);
    expect(names(await list(w.admin, `${RANGE}&sortField=signed_out_at&orderBy=asc`)).slice(0, 3)).toEqual([
      'v2',
      'v1',
      'v6',
    ]);
  });

  it('pages by cursor in every order with no row twice and none missed', async () => {
    for (const sort of ['activity', 'name', 'duration', 'signed_in_at', 'site', 'user_type', 'state']) {
      for (const dir of ['asc', 'desc']) {
        const whole = names(await list(w.admin, `${RANGE}&sortField=${sort}&orderBy=${dir}&limit=50`));
        const seen: (string | undefined)[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const body: HistoryList = await list(
            w.admin,
            `${RANGE}&sortField=${sort}&orderBy=${dir}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          );
          seen.push(...names(body));
          cursor = body.next_cursor;
          pages++;
        } while (cursor && pages < 10);
        expect(seen, `${sort} ${dir}`).toEqual(whole);
        expect(pages, `${sort} ${dir}`).toBe(3);
      }
    }
    // The first pages by number, as the logbook does.
    expect(names(await list(w.admin, `${RANGE}&limit=2&page=2`))).toEqual(['v5', 'v3']);
    // A cursor of another order is refused on its field.
    const first = await list(w.admin, `${RANGE}&limit=2`);
    const mixed = await w.admin.get(`/reports/history?${RANGE}&limit=2&sortField=name&cursor=${first.next_cursor}`);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json<{ fields: object }>().fields).toHaveProperty('cursor');
  });

  it('refuses a missing, reversed or too long range, unknown filters and sort keys, naming the field', async () => {
    const refused = async (query: string, field: string) => {
      const res = await w.admin.get(`/reports/history?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(field);
    };
    await refused('to=2026-03-04', 'from');
    await refused('from=2026-03-04&to=2026-03-01', 'to');
    await refused('from=2025-01-01&to=2026-03-04', 'to');
    await refused(`${RANGE}&colour=red`, 'colour');
    await refused(`${RANGE}&sortField=password`, 'sortField');
    await refused(`${RANGE}&stage=lost`, 'stage');
    await refused(`${RANGE}&field_id=${ids.field}`, 'field_value');
    // A year with its leap day is allowed.
    expect((await w.admin.get('/reports/history?from=2027-03-01&to=2028-03-01')).statusCode).toBe(200);
  });

  it('keeps to the reader’s scope and permission', async () => {
    const scoped = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.branch], [w.types.visitors, w.types.staff]);
    expect(names(await list(scoped.client, RANGE))).toEqual(['v5', 'v3']);
    expect(names(await list(scoped.client, `${RANGE}&site_id=${w.sites.hq}`))).toEqual([]);
    expect((await scoped.client.get(`/reports/history/${v.v1}`)).statusCode).toBe(404);
    expect((await scoped.client.get(`/reports/history/${v.v3}`)).statusCode).toBe(200);
    const options = (await scoped.client.get('/reports/history/options')).json<HistoryOptions>();
    expect(options.sites.map((s) => s.name)).toEqual(['Branch']);

    const employee = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    expect((await employee.client.get(`/reports/history?${RANGE}`)).statusCode).toBe(403);
    const reader = await signIn(ctx.app, w.people.employee_reporting.email, PASSWORD);
    expect((await reader.client.get(`/reports/history?${RANGE}`)).statusCode).toBe(200);
  });

  it('never shows another company’s visits', async () => {
    const other = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, other.people.admin.email, PASSWORD);
    expect((await list(client, RANGE)).data).toEqual([]);
    expect((await client.get(`/reports/history/${v.v1}`)).statusCode).toBe(404);
    expect((await list(client, `${RANGE}&person_id=${ids.ann}`)).data).toEqual([]);
  });

  it('offers the filters within the scope', async () => {
    const res = await w.admin.get('/reports/history/options');
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json<HistoryOptions>();
    expect(options.sites.map((s) => [s.name, s.areas.map((a) => a.name)])).toEqual([
      ['Branch', ['Lobby']],
      ['HQ', ['Dock', 'Reception', 'Warehouse']],
    ]);
    expect(options.user_types.map((t) => t.name)).toEqual(['Staff', 'Visitors']);
    expect(options.late_reasons).toEqual([{ id: ids.late, name: 'Traffic', attendance_code: 'TR' }]);
    expect(options.early_reasons).toEqual([{ id: ids.early, name: 'Doctor', attendance_code: 'DR' }]);
    expect(options.custom_fields).toEqual([
      { id: ids.field, name: 'Department', type: 'labels', choices: ['Sales', 'Ops'] },
    ]);
    expect(options.sign_in_sources).toContain('kiosk');
  });

  it('tells a visit’s whole story: times, hosts, answers, custom-field values, badge prints', async () => {
    const plate = await insertProfileField(ctx.db.db, w.entity, {
      name: 'Vehicle plate',
      type: 'text',
      binding: 'sign_in',
    });
    await w.flow(w.types.visitors);
    const pat = await w.person('Pat');
    const visit = await w.signInOne(pat.id, w.areas.reception, {
      custom_fields: [{ custom_field_id: plate, value: 'DXB 1234' }],
      host_ids: [ids.hal],
    });
    const compliance = await addCompliance(w.admin, statementBody('Safety rules'));
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.insert(complianceResponses).values({
        entityId: w.entity.id,
        id: newId(),
        personId: pat.id,
        complianceId: compliance.id,
        complianceVersion: compliance.version,
        visitId: visit.id,
        answers: [true],
        status: 'success',
        isCompleted: true,
        isWrong: false,
      }),
    );
    expect((await w.admin.post(`/visits/${visit.id}/badge-prints`, {})).statusCode).toBe(201);
    const parking = await insertProfileField(ctx.db.db, w.entity, {
      name: 'Parking used',
      type: 'toggleButton',
      binding: 'sign_out',
    });
    // A value of a field not asked at sign-out is refused, and nothing changes.
    const wrong = await w.admin.post('/visits/sign-out', {
      visit_ids: [visit.id],
      custom_fields: [{ custom_field_id: plate, value: 'X' }],
    });
    expect(wrong.statusCode).toBe(422);
    const out = await w.admin.post('/visits/sign-out', {
      visit_ids: [visit.id],
      custom_fields: [{ custom_field_id: parking, value: true }],
    });
    expect(out.statusCode, out.body).toBe(200);

    const res = await w.admin.get(`/reports/history/${visit.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const story = res.json<HistoryVisit>();
    expect(story).toMatchObject({
      id: visit.id,
      person: { full_name: 'Pat Tester' },
      state: 'left',
      sign_in_source: 'dashboard',
      sign_out_source: 'dashboard',
      hosts: [{ id: ids.hal }],
      sign_in_fields: [{ id: plate, name: 'Vehicle plate', type: 'text', value: 'DXB 1234' }],
      sign_out_fields: [{ id: parking, name: 'Parking used', type: 'toggleButton', value: 1 }],
      compliances: [{ compliance: { id: compliance.id, name: 'Safety rules' }, status: 'success', answers: [true] }],
      badge_prints: [{ status: 'queued' }],
    });
    expect(story.signed_in).not.toBeNull();
    expect(story.signed_out).not.toBeNull();
    expect(story.duration_minutes).toBe(0);
    expect((await w.admin.get(`/reports/history/${newId()}`)).statusCode).toBe(404);
    expect((await w.admin.get('/reports/history/not-an-id')).statusCode).toBe(400);
  });
});
