// The hot lists read through their indexes under the app's role (decision 022): the people list (each
// sort, a deep page, a search), the logbook (today, a day a year back, a deep page) and their counts.
// Every statement a request sends is recorded and explained as the app role would run it; none may scan
// the people or visits table whole. On the PostgreSQL server, whose planner decides from statistics of
// a company large enough for an index to win.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, withTenant } from '../src/db/client';
import { COUNT_CAP } from '../src/db/keyset';
import { bulkPeople, bulkVisits, vacuumAnalyze } from './helpers/bulk-rows';
import { holderVisits } from '../src/modules/passport-holder/holder.service';
import { ownerPlansOf, recordStatements, tableScansOf } from './helpers/request-plans';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';

const onServer = Boolean(process.env.TEST_DATABASE_URL);
const PEOPLE = 30_000;
const VISITS = 150_000;

let ctx: TestContext;
let w: VisitsWorld;

let stopRecording = () => {};

beforeAll(async () => {
  if (!onServer) return;
  // Its own database on the PostgreSQL server: the planner sees only this file's rows' statistics.
  ctx = await createTestApp({}, undefined, { ownDatabase: true });
  w = await visitsWorld(ctx.app, ctx.db.db);
  await bulkPeople(ctx.db.db, w.entity, PEOPLE);
  await bulkVisits(ctx.db.db, w.entity, { siteId: w.sites.hq, areaId: w.areas.reception }, VISITS, 730);
  await vacuumAnalyze(ctx.db.db);
  stopRecording = recordStatements();
}, 240_000);

afterAll(async () => {
  stopRecording();
  if (ctx) await ctx.close();
});

const scansOf = (url: string) => tableScansOf(ctx.db.db, w.entity.id, w.admin, url);

describe.runIf(onServer)('list queries under the app role', () => {
  it('reads people through an index: every sort, a deep page, a cursor page and a search', async () => {
    const sanity = await withTenant(ctx.db.db, w.entity.id, async (tx) =>
      rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from people`)),
    );
    expect(sanity[0]!.n).toBeGreaterThan(PEOPLE);
    for (const sort of ['name', 'email', 'role', 'status', 'created_at']) {
      for (const dir of ['asc', 'desc']) {
        const first = await scansOf(`/people?limit=10&sortField=${sort}&orderBy=${dir}`);
        expect(first.found, `${sort} ${dir}`).toEqual([]);
        expect(first.body).toMatchObject({ count: COUNT_CAP, count_capped: true });
        const next = await scansOf(
          `/people?limit=10&sortField=${sort}&orderBy=${dir}&cursor=${first.body.next_cursor}`,
        );
        expect(next.found, `${sort} ${dir} after a cursor`).toEqual([]);
      }
    }
    expect((await scansOf('/people?limit=10&page=2000')).found).toEqual([]);
    const search = await scansOf('/people?limit=10&search=lovelace');
    expect(search.found).toEqual([]);
    expect(search.body.count_capped).toBe(false);
    expect(search.body.count).toBeGreaterThan(100);
  });

  it('reads a page by role in one statement through the role index, first and after a cursor', async () => {
    for (const dir of ['asc', 'desc']) {
      const first = await scansOf(`/people?limit=10&sortField=role&orderBy=${dir}`);
      // The page with its count, then what its people have: the roles' order is read within the page's statement.
      expect(first.sent, dir).toBe(2);
      expect(first.plans[0]!.indexes, dir).toContain('people_entity_role_idx');
      expect(first.body).toMatchObject({ count: COUNT_CAP, count_capped: true });
      const next = await scansOf(`/people?limit=10&sortField=role&orderBy=${dir}&cursor=${first.body.next_cursor}`);
      expect(next.sent, `${dir} after a cursor`).toBe(2);
      expect(next.plans[0]!.indexes, `${dir} after a cursor`).toContain('people_entity_role_idx');
    }
  });

  it('reads a page and its count in one statement, for every sort and after a cursor', async () => {
    for (const sort of ['name', 'email', 'status', 'created_at']) {
      const first = await scansOf(`/people?limit=10&sortField=${sort}`);
      expect(first.sent, sort).toBe(2);
      expect(first.body).toMatchObject({ count: COUNT_CAP, count_capped: true });
      const next = await scansOf(`/people?limit=10&sortField=${sort}&cursor=${first.body.next_cursor}`);
      expect(next.sent, `${sort} after a cursor`).toBe(2);
      expect(next.body).toMatchObject({ count: COUNT_CAP, count_capped: true });
    }
  });

  it("reads a search's page, count and people in one statement, checking the status on what it returned", async () => {
    const search = await scansOf('/people?limit=10&search=lovelace');
    const found = search.plans.find((p) => p.text.includes('app_people_found'));
    // The page's people only, by their primary key: none is read again to check a match's status.
    expect(found?.indexes.filter((i) => i.startsWith('people_'))).toEqual(['people_entity_id_id_pk']);
    expect(search.sent).toBe(2);
    expect(search.body.count).toBeGreaterThan(100);
  });

  it('reads the logbook through an index: today, a day a year back, a deep page, and counts', async () => {
    const yearBack = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    for (const url of [
      '/visits?limit=10',
      `/visits?limit=10&from=${yearBack}&to=${yearBack}`,
      `/visits?limit=10&page=20&from=${yearBack}&to=${yearBack}`,
      `/visits?limit=10&from=${yearBack}&to=${yearBack}&search=lovelace`,
    ]) {
      const { found, body } = await scansOf(url);
      expect(found, url).toEqual([]);
      expect(body.count_capped).toBe(false);
    }
  });

  it('reads the timesheet through indexes: a week, the page after its cursor, a search', async () => {
    const weekBack = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const week = `/reports/timesheet?limit=10&from=${weekBack}&to=${today}`;
    const first = await scansOf(week);
    expect(first.found).toEqual([]);
    expect(first.body.next_cursor).not.toBeNull();
    expect((await scansOf(`${week}&cursor=${first.body.next_cursor}`)).found).toEqual([]);
    expect((await scansOf(`${week}&search=lovelace`)).found).toEqual([]);
  });

  it('reads the logbook by latest activity, arrivals first, through the index of each group', async () => {
    const weekBack = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const week = `/visits?limit=10&from=${weekBack}&to=${today}`;
    const { found, indexes, body } = await scansOf(week);
    expect(found).toEqual([]);
    expect(body.next_cursor).not.toBeNull();
    // Ten arrivals fill the page: the visits nobody arrived for are not read at all.
    expect([...indexes]).toContain('visits_entity_arrived_activity_idx');
    expect([...indexes]).not.toContain('visits_entity_awaited_activity_idx');
    const next = await scansOf(`${week}&cursor=${body.next_cursor}`);
    expect(next.found).toEqual([]);
    expect([...next.indexes]).toContain('visits_entity_arrived_activity_idx');
  });

  it("finds a passport holder's people across companies and their visits through indexes", async () => {
    const [someone] = (
      await ctx.db.query(`select email from people where entity_id = $1 and email is not null limit 1`, [w.entity.id])
    ).rows as { email: string }[];
    const plans = await ownerPlansOf(ctx.db, () =>
      holderVisits(ctx.app, { accountId: 'plan', email: someone!.email.toLowerCase() }),
    );
    expect(plans.flatMap((p) => p.wholeScans)).toEqual([]);
    expect(plans.flatMap((p) => p.indexes)).toContain('people_email_lower_idx');
    expect(plans.flatMap((p) => p.indexes).some((i) => i.startsWith('visits_'))).toBe(true);
  });
});
