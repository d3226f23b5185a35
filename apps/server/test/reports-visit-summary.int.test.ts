import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { localDay } from '@app/shared/visits/rules';
import type { VisitSummary, VisitSummaryDay, VisitSummaryOptions } from '@app/shared/reports/visit-summary';
import { rowsOf, withTenant, type Executor } from '../src/db/client';
import { users } from '../src/db/schema/index';
import { loadUserAccess } from '../src/modules/access/access.service';
import { reportSource } from '../src/modules/reports/report-sources';
import { summaryGroups, type SummaryWhere } from '../src/modules/reports/visit-summary/visit-summary.repository';
import { SUMMARY_MAX_WAITING, summaryTurns } from '../src/modules/reports/visit-summary/visit-summary.service';
import { summaryGroupsFromStats } from '../src/modules/reports/visit-summary/visit-summary.stats';
import { addMode, addReason } from './helpers/attendance-factories';
import { bulkPeople, bulkVisits, vacuumAnalyze } from './helpers/bulk-rows';
import { scopedAdmin } from './helpers/people-world';
import { createTestApp, type TestContext } from './helpers/test-app';
import { insertVisit, visitsWorld, type VisitsWorld } from './helpers/visits-factories';

let ctx: TestContext;
beforeAll(async () => {
  // Its own database on the PostgreSQL server: the planner sees only this file's rows' statistics.
  ctx = await createTestApp({}, undefined, { ownDatabase: true });
});
afterAll(() => ctx.close());

// Asia/Dubai is UTC+4 all year: a local time t is `${t}+04:00`.
const at = (local: string) => new Date(`${local}+04:00`);
const PERIOD = 'from=2026-03-02&to=2026-03-08';

/**
 * A week (Monday 2 March … Sunday 8 March 2026) on Dubai's clock with known answers: five arrivals by
 * four people, one across midnight, one that is still the previous UTC day, one after the period that
 * is still its last UTC day, reasons given, and one expected visit that never came.
 */
async function seededWeek(w: VisitsWorld) {
  const mode = await addMode(w.admin, [w.sites.hq, w.sites.branch]);
  const traffic = await addReason(w.admin, mode.id, 'Traffic', 'late_sign_in', '09:00', 60);
  const doctor = await addReason(w.admin, mode.id, 'Doctor', 'early_sign_out', '14:00', 60);
  const [ann, bea, cat, dan, eve] = [
    await w.person('Ann'),
    await w.person('Bea', w.types.staff, w.sites.branch),
    await w.person('Cat', w.types.staff),
    await w.person('Dan'),
    await w.person('Eve'),
  ];
  const visit = (values: Parameters<typeof insertVisit>[2]) => insertVisit(w.db, w.entity, values);
  const hq = { siteId: w.sites.hq, areaId: w.areas.reception };
  // Monday: Ann twice (60 and 30 minutes), late then early.
  await visit({ personId: ann.id, ...hq, userTypeId: w.types.visitors, state: 'left', signedInAt: at('2026-03-02T09:00'), signedOutAt: at('2026-03-02T10:00'), lateReasonId: traffic.id }); // prettier-ignore
  await visit({ personId: ann.id, siteId: w.sites.hq, areaId: w.areas.warehouse, userTypeId: w.types.visitors, state: 'left', signedInAt: at('2026-03-02T14:00'), signedOutAt: at('2026-03-02T14:30'), earlyReasonId: doctor.id }); // prettier-ignore
  // Tuesday 23:30 until Wednesday 01:30: two hours, counted on Tuesday.
  await visit({ personId: bea.id, siteId: w.sites.branch, areaId: w.areas.lobby, userTypeId: w.types.staff, state: 'left', signedInAt: at('2026-03-03T23:30'), signedOutAt: at('2026-03-04T01:30'), lateReasonId: traffic.id }); // prettier-ignore
  // Wednesday 02:00 in Dubai is still Tuesday in UTC.
  await visit({ personId: cat.id, siteId: w.sites.hq, areaId: w.areas.dock, userTypeId: w.types.staff, loginMode: 'checkIn_only', state: 'checked_in', signedInAt: at('2026-03-04T02:00') }); // prettier-ignore
  // Sunday, no user type, still on site.
  await visit({ personId: dan.id, ...hq, state: 'on_site', signedInAt: at('2026-03-08T10:00') });
  // Outside the period on Dubai's clock (the second is still 8 March in UTC).
  await visit({ personId: ann.id, ...hq, userTypeId: w.types.visitors, state: 'left', signedInAt: at('2026-03-01T23:00'), signedOutAt: at('2026-03-01T23:50') }); // prettier-ignore
  await visit({ personId: ann.id, ...hq, userTypeId: w.types.visitors, state: 'left', signedInAt: at('2026-03-09T00:10'), signedOutAt: at('2026-03-09T01:00') }); // prettier-ignore
  // Expected on Thursday and never came; a cancelled one is no no-show.
  await visit({ personId: eve.id, ...hq, userTypeId: w.types.visitors, state: 'expected', expectedAt: at('2026-03-05T10:00') }); // prettier-ignore
  await visit({ personId: eve.id, ...hq, userTypeId: w.types.visitors, state: 'cancelled', expectedAt: at('2026-03-06T10:00') }); // prettier-ignore
  return { traffic, doctor };
}

const zeroDay = (day: string): VisitSummaryDay => ({ day, visits: 0, people: 0, average_minutes: null });

describe('the visit summary', () => {
  it("answers a week's figures on the company's clock", async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db, { timezone: 'Asia/Dubai' });
    const { traffic, doctor } = await seededWeek(w);
    const res = await w.admin.get(`/reports/visit-summary?${PERIOD}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<VisitSummary>();
    expect(body).toMatchObject({ from: '2026-03-02', to: '2026-03-08', timezone: 'Asia/Dubai' });
    expect(body.totals).toEqual({
      visits: 5,
      people: 4,
      completed: 3,
      average_minutes: 70,
      median_minutes: 60,
      no_shows: 1,
    });
    expect(body.days).toEqual([
      { day: '2026-03-02', visits: 2, people: 1, average_minutes: 45 },
      { day: '2026-03-03', visits: 1, people: 1, average_minutes: 120 },
      { day: '2026-03-04', visits: 1, people: 1, average_minutes: null },
      zeroDay('2026-03-05'),
      zeroDay('2026-03-06'),
      zeroDay('2026-03-07'),
      { day: '2026-03-08', visits: 1, people: 1, average_minutes: null },
    ]);
    expect(body.sites).toEqual([
      {
        site: { id: w.sites.hq, name: 'HQ' },
        visits: 4,
        people: 3,
        areas: [
          { area: { id: w.areas.reception, name: 'Reception' }, visits: 2, people: 2 },
          { area: { id: w.areas.dock, name: 'Dock' }, visits: 1, people: 1 },
          { area: { id: w.areas.warehouse, name: 'Warehouse' }, visits: 1, people: 1 },
        ],
      },
      {
        site: { id: w.sites.branch, name: 'Branch' },
        visits: 1,
        people: 1,
        areas: [{ area: { id: w.areas.lobby, name: 'Lobby' }, visits: 1, people: 1 }],
      },
    ]);
    expect(body.user_types).toEqual([
      { user_type: { id: w.types.staff, name: 'Staff' }, visits: 2, people: 2 },
      { user_type: { id: w.types.visitors, name: 'Visitors' }, visits: 2, people: 1 },
      { user_type: null, visits: 1, people: 1 },
    ]);
    expect(body.heat_map).toHaveLength(7);
    const cells = body.heat_map.flatMap((hours, weekday) =>
      hours.flatMap((n, hour) => (n ? [`${weekday}:${hour}=${n}`] : [])),
    );
    // Monday 09 and 14, Tuesday 23, Wednesday 02, Sunday 10.
    expect(cells).toEqual(['0:9=1', '0:14=1', '1:23=1', '2:2=1', '6:10=1']);
    expect(body.late_reasons).toEqual([{ reason: { id: traffic.id, name: 'Traffic' }, visits: 2 }]);
    expect(body.early_reasons).toEqual([{ reason: { id: doctor.id, name: 'Doctor' }, visits: 1 }]);

    // Filters narrow every figure.
    const of = async (query: string) => {
      const r = await w.admin.get(`/reports/visit-summary?${PERIOD}&${query}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<VisitSummary>();
    };
    expect((await of(`site_id=${w.sites.branch}`)).totals).toMatchObject({ visits: 1, average_minutes: 120 });
    expect((await of(`area_id=${w.areas.dock}`)).days.map((d) => d.visits)).toEqual([0, 0, 1, 0, 0, 0, 0]);
    const staff = await of(`user_type_id=${w.types.staff}`);
    expect(staff.totals).toMatchObject({ visits: 2, people: 2, no_shows: 0 });
    expect(staff.late_reasons).toEqual([{ reason: { id: traffic.id, name: 'Traffic' }, visits: 1 }]);
    // One day: the first of the period.
    const monday = await w.admin.get('/reports/visit-summary?from=2026-03-02&to=2026-03-02');
    expect(monday.json<VisitSummary>().totals).toMatchObject({ visits: 2, people: 1, median_minutes: 45 });
  });

  it('shows an empty period as zeros', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const res = await w.admin.get('/reports/visit-summary?from=2025-12-30&to=2026-01-02');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<VisitSummary>();
    expect(body.totals).toEqual({
      visits: 0,
      people: 0,
      completed: 0,
      average_minutes: null,
      median_minutes: null,
      no_shows: 0,
    });
    expect(body.days.map((d) => d.day)).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
    expect(body.heat_map.flat().every((n) => n === 0)).toBe(true);
    expect(body.sites).toEqual([]);
  });

  it('takes summaries in turns, and past its queue refuses one with a time to retry', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const holds: Promise<void>[] = [];
    // Every turn taken: a summary asked now waits, and answers once a turn frees.
    while (summaryTurns.waiting === 0) holds.push(summaryTurns.run(() => gate));
    const queued = w.admin.get(`/reports/visit-summary?${PERIOD}`);
    await expect.poll(() => summaryTurns.waiting).toBe(2);
    // The queue full: the next is refused at once, in the reader's words, with when to try again.
    while (summaryTurns.waiting < SUMMARY_MAX_WAITING) holds.push(summaryTurns.run(() => gate));
    const refused = await w.admin.get(`/reports/visit-summary?${PERIOD}`);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json<{ message: string }>().message).toBe('Too many requests. Try again in 5 seconds.');

    open();
    await Promise.all(holds);
    expect((await queued).statusCode).toBe(200);
    expect([summaryTurns.running, summaryTurns.waiting]).toEqual([0, 0]);
    expect((await w.admin.get(`/reports/visit-summary?${PERIOD}`)).statusCode).toBe(200);
  });

  it('refuses bad periods and unknown filters, naming the field', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const bad = async (query: string, field: string) => {
      const res = await w.admin.get(`/reports/visit-summary?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json<{ fields: Record<string, string[]> }>().fields)).toContain(field);
      return res.json<{ fields: Record<string, string[]> }>();
    };
    expect((await bad('from=2026-03-08&to=2026-03-02', 'to')).fields.to![0]).toMatch(/on or after/);
    expect((await bad('from=2025-01-01&to=2026-01-03', 'to')).fields.to![0]).toMatch(/366 days/);
    await bad('from=2026-02-30&to=2026-03-02', 'from');
    await bad('to=2026-03-02', 'from');
    await bad(`${PERIOD}&site_id=nope`, 'site_id');
    const unknown = await w.admin.get(`/reports/visit-summary?${PERIOD}&sort=visits`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('sort');
    // 366 days, a leap year's, is allowed.
    expect((await w.admin.get('/reports/visit-summary?from=2028-01-01&to=2028-12-31')).statusCode).toBe(200);
  });

  it("keeps to the reader's scope and the reader's company", async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db, { timezone: 'Asia/Dubai' });
    await seededWeek(w);
    const limited = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.hq], [w.types.visitors]);
    const res = await limited.client.get(`/reports/visit-summary?${PERIOD}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<VisitSummary>();
    expect(body.totals).toMatchObject({ visits: 2, people: 1, no_shows: 1 });
    expect(body.sites.map((s) => s.site.name)).toEqual(['HQ']);
    expect(body.user_types.map((t) => t.user_type?.name)).toEqual(['Visitors']);
    const options = (await limited.client.get('/reports/visit-summary/options')).json<VisitSummaryOptions>();
    expect(options.sites.map((s) => [s.name, s.areas.map((a) => a.name)])).toEqual([
      ['HQ', ['Dock', 'Reception', 'Warehouse']],
    ]);
    expect(options.user_types.map((t) => t.name)).toEqual(['Visitors']);
    expect((await limited.client.get(`/reports/visit-summary?${PERIOD}&site_id=${w.sites.branch}`)).statusCode).toBe(
      404,
    );
    expect(
      (await limited.client.get(`/reports/visit-summary?${PERIOD}&user_type_id=${w.types.staff}`)).statusCode,
    ).toBe(404);

    const other = await visitsWorld(ctx.app, ctx.db.db, { timezone: 'Asia/Dubai' });
    const theirs = (await other.admin.get(`/reports/visit-summary?${PERIOD}`)).json<VisitSummary>();
    expect(theirs.totals.visits).toBe(0);
    for (const q of [`site_id=${w.sites.hq}`, `area_id=${w.areas.reception}`, `user_type_id=${w.types.staff}`]) {
      expect((await other.admin.get(`/reports/visit-summary?${PERIOD}&${q}`)).statusCode).toBe(404);
    }
  });

  it('gives an export the per-day rows, every day, within scope', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db, { timezone: 'Asia/Dubai' });
    await seededWeek(w);
    const source = reportSource('visit_summary')!;
    expect(source.columns.map((c) => c.key)).toEqual(['day', 'visits', 'people', 'average_minutes']);
    const filters = source.filters.parse({ from: '2026-03-01', to: '2026-03-09' });
    const batches: VisitSummaryDay[][] = [];
    const readerCtx = await accessOf(w);
    for await (const batch of source.batches(ctx.app, readerCtx, filters, { batchSize: 4 })) batches.push(batch);
    expect(batches.map((b) => b.length)).toEqual([4, 4, 1]);
    expect(batches.flat().map((d) => [d.day, d.visits, d.average_minutes])).toEqual([
      ['2026-03-01', 1, 50],
      ['2026-03-02', 2, 45],
      ['2026-03-03', 1, 120],
      ['2026-03-04', 1, null],
      ['2026-03-05', 0, null],
      ['2026-03-06', 0, null],
      ['2026-03-07', 0, null],
      ['2026-03-08', 1, null],
      ['2026-03-09', 1, 50],
    ]);
    // Exports may cover more than a screen's year.
    expect(source.filters.safeParse({ from: '2020-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(source.filters.safeParse({ from: '2010-01-01', to: '2026-01-01' }).success).toBe(false);
  });

  it("reads a year through the arrivals index as the app's role", async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db, { timezone: 'Asia/Dubai' });
    const other = await visitsWorld(ctx.app, ctx.db.db);
    await bulkPeople(ctx.db.db, w.entity, 500);
    await bulkPeople(ctx.db.db, other.entity, 500);
    // Four years of visits in each of two companies: a year is a quarter of one company's rows.
    await bulkVisits(ctx.db.db, w.entity, { siteId: w.sites.hq, areaId: w.areas.reception }, 20_000, 1460);
    await bulkVisits(ctx.db.db, other.entity, { siteId: other.sites.hq, areaId: other.areas.reception }, 20_000, 1460);
    await vacuumAnalyze(ctx.db.db);
    const now = new Date();
    const where: SummaryWhere = {
      entityId: w.entity.id,
      from: localDay(new Date(now.getTime() - 365 * 86_400_000), 'Asia/Dubai'),
      to: localDay(now, 'Asia/Dubai'),
      start: new Date(now.getTime() - 365 * 86_400_000),
      end: now,
      timezone: 'Asia/Dubai',
      scope: undefined,
      scopeSiteIds: null,
      scopeUserTypeIds: null,
    };
    const plans = await withTenant(ctx.db.db, w.entity.id, async (tx) => {
      const captured: PlanNode[] = [];
      // The repository's statement, explained instead of run, in the same tenant transaction (app role).
      const explaining = {
        execute: async (query: SQL) => {
          const res = await tx.execute(sql`explain (format json) ${query}`);
          const [row] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(res);
          const plan = row!['QUERY PLAN'];
          captured.push((typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan)[0].Plan);
          return { rows: [] };
        },
      } as unknown as Executor;
      await summaryGroups(explaining, where, now);
      await summaryGroupsFromStats(explaining, where, where.to);
      // Row-level security: the app role counts this company's rows only.
      const [count] = rowsOf<{ n: string }>(await tx.execute(sql`select count(*) as n from visits`));
      expect(Number(count?.n)).toBe(20_000);
      return captured;
    });
    const nodes = plans.flatMap(scans);
    const visitScans = nodes.filter((node) => node['Relation Name'] === 'visits');
    expect(visitScans.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    const indexes = nodes.map((node) => node['Index Name']);
    expect(indexes, JSON.stringify(plans)).toContain('visits_entity_activity_idx');
    expect(indexes).toContain('visits_entity_expected_idx');
    // The aggregates (decision 038) through their key, which leads with the company and the day.
    for (const table of ['visit_day_arrivals']) {
      const read = nodes.filter((node) => node['Relation Name'] === table);
      expect(read.length, table).toBeGreaterThan(0);
      expect(
        read.map((node) => node['Node Type']),
        table,
      ).not.toContain('Seq Scan');
    }
  }, 120_000);
});

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
const scans = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(scans)];

async function accessOf(w: VisitsWorld) {
  const [user] = await ctx.db.db.select().from(users).where(eq(users.id, w.people.admin.id));
  return loadUserAccess(ctx.db.db, w.entity.id, user!);
}
