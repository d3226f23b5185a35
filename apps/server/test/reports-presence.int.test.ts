// The presence reports: users not on site (per user type, now or on a day) and track and trace (who
// shared an area with a person at overlapping times), on visits with known answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { localDay } from '@app/shared/visits/rules';
import type { PresenceOptions, TracePeople, TrackTrace, UsersNotOnSiteList } from '@app/shared/reports/presence';
import { eq, sql } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { users } from '../src/db/schema/index';
import { loadUserAccess } from '../src/modules/access/access.service';
import { reportSource } from '../src/modules/reports/report-sources';
import { bulkPeople, bulkVisits, vacuumAnalyze } from './helpers/bulk-rows';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn } from './helpers/http-client';
import { scopedAdmin } from './helpers/people-world';
import { insertVisit, visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { createCompany, PASSWORD } from './helpers/world';
import { cellText } from '../src/modules/reports/exports/export-headers';

let ctx: TestContext;
beforeAll(async () => {
  // Its own database on the PostgreSQL server: the planner sees only this file's rows' statistics.
  ctx = await createTestApp({}, undefined, { ownDatabase: true });
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const names = (body: UsersNotOnSiteList) => body.data.map((r) => r.person.first_name);

/** What the company's owner admin may do, as an export job reads it. */
async function accessOf(w: VisitsWorld) {
  const [user] = await ctx.db.db.select().from(users).where(eq(users.id, w.people.admin.id));
  return loadUserAccess(ctx.db.db, w.entity.id, user!);
}

describe('users not on site', () => {
  it('lists the active people of the chosen types (and types below them) who are not signed in now', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const night = (
      await w.admin.post('/user-types', {
        name: 'Night staff',
        registration_method: 'registration_allowed',
        grace_period_minutes: 30,
        parent_id: w.types.staff,
      })
    ).json<{ id: string }>().id;
    const ann = await w.person('Ann', w.types.staff);
    const bea = await w.person('Bea', w.types.staff);
    await w.person('Cat', w.types.staff);
    await w.person('Nate', night);
    await w.person('Vic', w.types.visitors);
    await w.person('Old', w.types.staff, w.sites.hq, { status: 'archived' });
    await w.signInOne(ann.id);
    const visit = await w.signInOne(bea.id, w.areas.warehouse);
    expect((await w.admin.post('/visits/sign-out', { visit_ids: [visit.id] })).statusCode).toBe(200);

    const res = await w.admin.get(`/reports/users-not-on-site?user_type_id=${w.types.staff}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<UsersNotOnSiteList>();
    // Signed in now (Ann), archived (Old) and of another type (Vic) are not listed; Nate's type is below Staff.
    expect(names(body)).toEqual(['Bea', 'Cat', 'Nate']);
    expect(body.count).toBe(3);
    const beaRow = body.data[0]!;
    expect(beaRow.last_visit).toMatchObject({ id: visit.id, state: 'left', area: { name: 'Warehouse' } });
    expect(beaRow.last_visit?.signed_out).not.toBeNull();
    expect(beaRow.user_types.map((t) => t.name)).toEqual(['Staff']);
    expect(body.data[1]!.last_visit).toBeNull();

    // Several types at once; at one site only (Ann is on site at HQ, not at the branch).
    const both = await w.admin.get(
      `/reports/users-not-on-site?user_type_id=${w.types.staff}&user_type_id=${w.types.visitors}`,
    );
    expect(names(both.json<UsersNotOnSiteList>())).toEqual(['Bea', 'Cat', 'Nate', 'Vic']);
    const branch = await w.admin.get(
      `/reports/users-not-on-site?user_type_id=${w.types.staff}&site_id=${w.sites.branch}`,
    );
    expect(names(branch.json<UsersNotOnSiteList>())).toEqual(['Ann', 'Bea', 'Cat', 'Nate']);
    expect(branch.json<UsersNotOnSiteList>().data[0]!.last_visit?.area.name).toBe('Reception');

    // Keyset pages by name, and the other way round.
    const first = (
      await w.admin.get(`/reports/users-not-on-site?user_type_id=${w.types.staff}&limit=2`)
    ).json<UsersNotOnSiteList>();
    expect(names(first)).toEqual(['Bea', 'Cat']);
    expect(first.next_cursor).not.toBeNull();
    const second = (
      await w.admin.get(`/reports/users-not-on-site?user_type_id=${w.types.staff}&limit=2&cursor=${first.next_cursor}`)
    ).json<UsersNotOnSiteList>();
    expect(names(second)).toEqual(['Nate']);
    expect(second.next_cursor).toBeNull();
    const desc = await w.admin.get(`/reports/users-not-on-site?user_type_id=${w.types.staff}&orderBy=desc`);
    expect(names(desc.json<UsersNotOnSiteList>())).toEqual(['Nate', 'Cat', 'Bea']);
    const searched = await w.admin.get(`/reports/users-not-on-site?user_type_id=${w.types.staff}&search=nat`);
    expect(names(searched.json<UsersNotOnSiteList>())).toEqual(['Nate']);

    // An export reads the same rows in the same order, a keyset batch at a time.
    const source = reportSource('users_not_on_site')!;
    const batches: string[][] = [];
    const filters = source.filters.parse({ user_type_id: [w.types.staff], orderBy: 'desc' });
    for await (const batch of source.batches(ctx.app, await accessOf(w), filters, { batchSize: 2 })) {
      batches.push((batch as UsersNotOnSiteList['data']).map((r) => r.person.first_name));
    }
    expect(batches).toEqual([['Nate', 'Cat'], ['Bea']]);
    expect(() => source.filters.parse({ user_type_id: [w.types.staff], colour: 'red' })).toThrow();
  });

  it('with a day: who did not arrive on that company day, whether on site now or not', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db, { timezone: 'Asia/Dubai' });
    const ann = await w.person('Ann', w.types.staff);
    const bea = await w.person('Bea', w.types.staff);
    const cat = await w.person('Cat', w.types.staff);
    // 2026-03-10 in Dubai is [2026-03-09T20:00Z, 2026-03-10T20:00Z).
    const visit = (personId: string, signedInAt: string, signedOutAt: string) =>
      insertVisit(ctx.db.db, w.entity, {
        personId,
        siteId: w.sites.hq,
        areaId: w.areas.reception,
        userTypeId: w.types.staff,
        state: 'left',
        signedInAt: new Date(signedInAt),
        signedOutAt: new Date(signedOutAt),
      });
    await visit(ann.id, '2026-03-09T20:30:00Z', '2026-03-09T22:00:00Z'); // 00:30 local on the 10th
    await visit(bea.id, '2026-03-09T19:30:00Z', '2026-03-09T21:00:00Z'); // arrived 23:30 on the 9th
    await visit(cat.id, '2026-03-10T19:59:00Z', '2026-03-10T21:00:00Z'); // 23:59 on the 10th
    await w.signInOne(ann.id);

    const res = await w.admin.get(`/reports/users-not-on-site?user_type_id=${w.types.staff}&day=2026-03-10`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<UsersNotOnSiteList>();
    expect(names(body)).toEqual(['Bea']);
    // The last visit up to the end of that day.
    expect(body.data[0]!.last_visit?.signed_in.local).toBe('2026-03-09 23:30');
    const ninth = await w.admin.get(`/reports/users-not-on-site?user_type_id=${w.types.staff}&day=2026-03-09`);
    expect(names(ninth.json<UsersNotOnSiteList>())).toEqual(['Ann', 'Cat']);
  });

  it('refuses unknown filters and missing types, answers only within scope and only the company', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    await w.person('Hal', w.types.staff, w.sites.hq);
    await w.person('Zed', w.types.staff, w.sites.branch);
    await w.person('Vera', w.types.visitors, w.sites.branch);
    const base = `/reports/users-not-on-site?user_type_id=${w.types.staff}`;

    const unknown = await w.admin.get(`${base}&colour=red`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('colour');
    expect((await w.admin.get('/reports/users-not-on-site')).json<{ fields: object }>().fields).toHaveProperty(
      'user_type_id',
    );
    expect((await w.admin.get(`${base}&sortField=email`)).statusCode).toBe(400);
    expect((await w.admin.get(`${base}&day=2026-02-30`)).statusCode).toBe(400);

    const scoped = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.branch], [w.types.staff]);
    const seen = names((await scoped.client.get(base)).json<UsersNotOnSiteList>());
    expect(seen).toContain('Zed');
    expect(seen).not.toContain('Hal');
    const options = (await scoped.client.get('/reports/presence/options')).json<PresenceOptions>();
    expect(options.sites.map((x) => x.name)).toEqual(['Branch']);
    expect(options.user_types.map((x) => x.name)).toEqual(['Staff']);
    const allOptions = (await w.admin.get('/reports/presence/options')).json<PresenceOptions>();
    expect(allOptions.sites.map((x) => x.name)).toEqual(['Branch', 'HQ']);
    const outside = await scoped.client.get(`${base}&site_id=${w.sites.hq}`);
    expect(outside.statusCode).toBe(400);
    expect(outside.json<{ fields: object }>().fields).toHaveProperty('site_id');

    const employee = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    expect((await employee.client.get(base)).statusCode).toBe(403);
    const reader = await signIn(ctx.app, w.people.employee_reporting.email, PASSWORD);
    expect((await reader.client.get(base)).statusCode).toBe(200);

    const other = await createCompany(ctx.db.db);
    const stranger = await signIn(ctx.app, other.people.admin.email, PASSWORD);
    const theirs = await stranger.client.get(base);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<UsersNotOnSiteList>().data).toEqual([]);
    expect((await stranger.client.get(`${base}&site_id=${w.sites.hq}`)).statusCode).toBe(400);
  });
});

/**
 * Track and trace on 2026-03-10 in Dubai (UTC+4): `at('09:00')` is that local time on the 10th,
 * `at('23:00', -1)` on the 9th.
 */
describe('track and trace', () => {
  const DAY = '2026-03-10';
  const at = (time: string, dayOffset = 0) => new Date(Date.parse(`${DAY}T${time}:00+04:00`) + dayOffset * 24 * HOUR);

  async function traceWorld() {
    const w = await visitsWorld(ctx.app, ctx.db.db, { timezone: 'Asia/Dubai' });
    const stay = async (personId: string, areaId: string, from: Date, to: Date | null, state = 'left') =>
      insertVisit(ctx.db.db, w.entity, {
        personId,
        siteId: areaId === w.areas.lobby ? w.sites.branch : w.sites.hq,
        areaId,
        userTypeId: w.types.visitors,
        state,
        loginMode: state === 'checked_in' ? 'checkIn_only' : 'signIn_signOut',
        signedInAt: from,
        signedOutAt: to,
      });
    return { w, stay };
  }

  type Row = TrackTrace['data'][number];
  const byName = (rows: Row[]) =>
    Object.fromEntries(rows.map((r) => [`${r.person.full_name.split(' ')[0]}@${r.area.name}`, r.overlap_minutes]));

  async function trace(w: VisitsWorld, personId: string, query = `&date=${DAY}`) {
    const res = await w.admin.get(`/reports/track-trace?person_id=${personId}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TrackTrace>();
  }

  it('finds overlaps at the edges: touching is none, a minute, containing, across midnight, other area none', async () => {
    const { w, stay } = await traceWorld();
    const [sam, tom, bob, cal, dan, eve, fay, jo, kim, hal] = await Promise.all(
      ['Sam', 'Tom', 'Bob', 'Cal', 'Dan', 'Eve', 'Fay', 'Jo', 'Kim', 'Hal'].map((n) => w.person(n)),
    );
    const { reception, warehouse, lobby, dock } = w.areas;
    await stay(sam!.id, reception, at('09:00'), at('12:00'));
    await stay(tom!.id, reception, at('12:00'), at('13:00')); // arrives as Sam leaves: no overlap
    await stay(bob!.id, reception, at('11:59'), at('12:30')); // one minute
    await stay(cal!.id, reception, at('08:00'), at('13:00')); // contains Sam's visit: 180 minutes
    await stay(dan!.id, warehouse, at('09:00'), at('12:00')); // same time, other area
    // Sam in the lobby from 23:00 the night before to 01:00: only the part on the 10th counts.
    await stay(sam!.id, lobby, at('23:00', -1), at('01:00'));
    await stay(eve!.id, lobby, at('00:30'), at('02:00')); // 30 minutes after midnight
    await stay(fay!.id, lobby, at('22:00', -1), at('23:30', -1)); // before midnight only
    // Check-ins count as one minute of presence.
    await stay(sam!.id, dock, at('10:00'), null, 'checked_in');
    await stay(jo!.id, dock, new Date(at('10:00').getTime() + 30_000), null, 'checked_in');
    await stay(kim!.id, dock, at('10:01'), null, 'checked_in'); // a minute later: touching
    await stay(hal!.id, reception, at('12:30'), at('13:30')); // met Cal (and Tom), not Sam

    const body = await trace(w, sam!.id);
    expect(body.person.full_name).toBe('Sam Tester');
    expect(body.data.every((r) => r.level === 1 && r.linked_by === null)).toBe(true);
    expect(byName(body.data)).toEqual({ 'Cal@Reception': 180, 'Eve@Lobby': 30, 'Bob@Reception': 1, 'Jo@Dock': 1 });
    const cal1 = body.data.find((r) => r.person.id === cal!.id)!;
    expect(cal1.first_overlap.local).toBe(`${DAY} 09:00`);
    expect(cal1.last_overlap.local).toBe(`${DAY} 12:00`);
    expect(cal1.site.name).toBe('HQ');
    const eve1 = body.data.find((r) => r.person.id === eve!.id)!;
    expect([eve1.first_overlap.local, eve1.last_overlap.local]).toEqual([`${DAY} 00:30`, `${DAY} 01:00`]);

    // The day before, Sam met Fay in the lobby (22:00-23:30 and 23:00-midnight: 30 minutes).
    const before = await trace(w, sam!.id, '&date=2026-03-09');
    expect(byName(before.data)).toEqual({ 'Fay@Lobby': 30 });

    // One level further: the contacts' contacts not already listed, with who links them.
    const deep = await trace(w, sam!.id, `&date=${DAY}&depth=2`);
    const second = deep.data.filter((r) => r.level === 2);
    const links = second.map(
      (r) => `${r.person.full_name.split(' ')[0]} via ${r.linked_by?.full_name.split(' ')[0]}: ${r.overlap_minutes}`,
    );
    // Jo's check-in minute [10:00:30, 10:01:30) meets Kim's [10:01, 10:02) for half a minute: one started minute.
    expect(links.sort()).toEqual(['Hal via Cal: 30', 'Kim via Jo: 1', 'Tom via Bob: 30', 'Tom via Cal: 60']);
    expect(deep.data.filter((r) => r.level === 1)).toHaveLength(4);

    const source = reportSource('track_trace')!;
    const exported: Row[] = [];
    const filters = source.filters.parse({ person_id: sam!.id, date: DAY, depth: '2' });
    const access = await accessOf(w);
    for await (const batch of source.batches(ctx.app, access, filters, { batchSize: 3 })) {
      exported.push(...(batch as Row[]));
    }
    expect(exported.map((r) => [r.level, r.person.id, r.overlap_minutes])).toEqual(
      deep.data.map((r) => [r.level, r.person.id, r.overlap_minutes]),
    );
    expect(source.columns.map((c) => c.value(exported[0]!, cellText('en', access)))).toEqual([
      1,
      'Cal Tester',
      null,
      'HQ',
      'Reception',
      180,
      new Date(cal1.first_overlap.at),
      new Date(cal1.last_overlap.at),
      null,
    ]);
  });

  it('counts a visit still on site up to now', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db, { timezone: 'UTC' });
    const [ana, ben] = [await w.person('Ana'), await w.person('Ben')];
    const now = Date.now();
    // Within today's UTC day however late it is: both arrived after midnight.
    const midnight = Date.parse(`${localDay(new Date(now), 'UTC')}T00:00:00Z`);
    const from = Math.max(midnight, now - 40 * MINUTE);
    const insert = (personId: string, since: number) =>
      insertVisit(ctx.db.db, w.entity, {
        personId,
        siteId: w.sites.hq,
        areaId: w.areas.reception,
        userTypeId: w.types.visitors,
        state: 'on_site',
        signedInAt: new Date(since),
      });
    await insert(ana.id, from);
    await insert(ben.id, from);
    const body = await trace(w, ana.id, `&date=${localDay(new Date(now), 'UTC')}`);
    const minutes = Math.ceil((now - from) / MINUTE);
    expect(body.data).toHaveLength(now - from > 0 ? 1 : 0);
    if (body.data[0]) {
      expect(body.data[0].person.id).toBe(ben.id);
      expect(body.data[0].overlap_minutes).toBeGreaterThanOrEqual(minutes);
      expect(body.data[0].overlap_minutes).toBeLessThanOrEqual(minutes + 1);
    }
  });

  it('refuses bad input, keeps to the scope and never shows another company', async () => {
    const { w, stay } = await traceWorld();
    const [sam, zed] = [await w.person('Sam', w.types.visitors, w.sites.hq), await w.person('Zed')];
    await stay(sam.id, w.areas.reception, at('09:00'), at('10:00'));
    await stay(zed.id, w.areas.reception, at('09:30'), at('11:00'));

    expect((await w.admin.get(`/reports/track-trace?person_id=${sam.id}&date=${DAY}&depth=3`)).statusCode).toBe(400);
    expect((await w.admin.get(`/reports/track-trace?person_id=${sam.id}`)).statusCode).toBe(400);
    const unknown = await w.admin.get(`/reports/track-trace?person_id=${sam.id}&date=${DAY}&area=1`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('area');

    // An admin of the branch sees neither an HQ person nor HQ visits.
    const scoped = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.branch], [w.types.visitors]);
    expect((await scoped.client.get(`/reports/track-trace?person_id=${sam.id}&date=${DAY}`)).statusCode).toBe(404);
    const found = (await w.admin.get('/reports/track-trace/people?search=sam')).json<TracePeople>().data;
    expect(found.map((p) => p.id)).toEqual([sam.id]);
    expect(found[0]!.email).toBeNull();
    expect((await scoped.client.get('/reports/track-trace/people?search=sam')).json<TracePeople>().data).toEqual([]);
    expect((await w.admin.get('/reports/track-trace/people?search=s')).statusCode).toBe(400);

    const other = await createCompany(ctx.db.db);
    const stranger = await signIn(ctx.app, other.people.admin.email, PASSWORD);
    const theirs = await stranger.client.get(`/reports/track-trace?person_id=${sam.id}&date=${DAY}`);
    expect((await stranger.client.get('/reports/track-trace/people?search=sam')).json<TracePeople>().data).toEqual([]);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('Zed');
    expect(byName((await trace(w, sam.id)).data)).toEqual({ 'Zed@Reception': 30 });
  });
});

/**
 * On the PostgreSQL server (whose planner decides from the statistics of a company large enough for an
 * index to win: 20,000 people, a few hundred of them staff, 120,000 visits over a year), every statement
 * both reports send, explained as the app role runs it, reads people and visits through indexes: never a
 * whole-table scan.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('presence reports under the app role', () => {
  type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
  const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
  const recorded: { text: string; values: unknown[] }[] = [];
  let recording = false;
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const originalQuery = pg.Client.prototype.query;
  let w: VisitsWorld;

  beforeAll(async () => {
    w = await visitsWorld(ctx.app, ctx.db.db);
    await bulkPeople(ctx.db.db, w.entity, 20_000);
    await ctx.db.db.execute(sql`
      insert into person_user_types (entity_id, person_id, user_type_id)
      select entity_id, id, case when random() < 0.02 then ${w.types.staff}::uuid else ${w.types.visitors}::uuid end
      from people where entity_id = ${w.entity.id}::uuid
      on conflict do nothing`);
    await bulkVisits(ctx.db.db, w.entity, { siteId: w.sites.hq, areaId: w.areas.reception }, 120_000, 365);
    await vacuumAnalyze(ctx.db.db);
    await ctx.db.db.execute(sql`analyze person_user_types`);
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const config = args[0] as { text?: unknown; values?: unknown[] } | undefined;
      if (recording && config && typeof config.text === 'string') {
        recorded.push({ text: config.text, values: config.values ?? (Array.isArray(args[1]) ? args[1] : []) });
      }
      return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
  }, 240_000);

  afterAll(() => {
    pg.Client.prototype.query = originalQuery;
  });

  async function wholeScans(url: string) {
    recorded.length = 0;
    recording = true;
    const res = await w.admin.get(url).finally(() => {
      recording = false;
    });
    expect(res.statusCode, res.body).toBe(200);
    const statements = recorded.filter(
      (r) =>
        /^\s*(select|with)/i.test(r.text) &&
        /\b(people|visits)\b/.test(r.text) &&
        !/session_access|\bsessions\b|memberships/.test(r.text),
    );
    expect(statements.length, url).toBeGreaterThan(0);
    const found: string[] = [];
    for (const statement of statements) {
      const plan = await withTenant(ctx.db.db, w.entity.id, async (tx) => {
        const client = (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
        const result = await client.query(`explain (format json) ${statement.text}`, statement.values);
        return (result.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan;
      });
      for (const node of nodes(plan)) {
        if (node['Node Type'] === 'Seq Scan' && ['people', 'visits'].includes(node['Relation Name'] ?? '')) {
          found.push(`${node['Relation Name']}: ${statement.text.replace(/\s+/g, ' ').slice(0, 200)}`);
        }
      }
    }
    return { found, body: res.json<{ next_cursor?: string | null; data: { person: { id: string } }[] }>() };
  }

  it('lists the people not on site, now and on a day, and a page after a cursor, through indexes', async () => {
    const base = `/reports/users-not-on-site?user_type_id=${w.types.staff}&limit=25`;
    const now = await wholeScans(base);
    expect(now.found).toEqual([]);
    expect(now.body.next_cursor).not.toBeNull();
    expect((await wholeScans(`${base}&cursor=${now.body.next_cursor}`)).found).toEqual([]);
    const day = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    expect((await wholeScans(`${base}&day=${day}`)).found).toEqual([]);
    expect((await wholeScans(`${base}&site_id=${w.sites.hq}&search=lovelace`)).found).toEqual([]);
  });

  it('traces a person on a day through indexes', async () => {
    const day = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const someone = (await wholeScans(`/reports/users-not-on-site?user_type_id=${w.types.staff}&limit=1`)).body.data[0]!
      .person.id;
    expect((await wholeScans(`/reports/track-trace?person_id=${someone}&date=${day}&depth=2`)).found).toEqual([]);
  });
});
