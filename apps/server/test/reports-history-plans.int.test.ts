// The History report reads through its indexes under the app's role: a year's first page, a deep page
// by cursor, a rare site's page and the counts. Every statement a request sends is recorded and
// explained as the app role runs it; none may scan the visits or people table whole. On the PostgreSQL
// server, whose planner decides from statistics of a company large enough for an index to win.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../src/db/keyset';
import { bulkPeople, bulkVisits, vacuumAnalyze } from './helpers/bulk-rows';
import { recordStatements, tableScansOf } from './helpers/request-plans';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';

const onServer = Boolean(process.env.TEST_DATABASE_URL);
const PEOPLE = 20_000;
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
  await bulkVisits(ctx.db.db, w.entity, { siteId: w.sites.branch, areaId: w.areas.lobby }, 300, 730, 0);
  await vacuumAnalyze(ctx.db.db);
  stopRecording = recordStatements();
}, 240_000);

afterAll(async () => {
  stopRecording();
  if (ctx) await ctx.close();
});

const plansOf = (url: string) => tableScansOf(ctx.db.db, w.entity.id, w.admin, url);

const day = (daysBack: number) => new Date(Date.now() - daysBack * 86_400_000).toISOString().slice(0, 10);

describe.runIf(onServer)('history report queries under the app role', () => {
  it('reads a year’s first page, a deep page by cursor and a rare site through indexes', async () => {
    const year = `/reports/history?limit=50&from=${day(365)}&to=${day(0)}`;
    const first = await plansOf(year);
    expect(first.found).toEqual([]);
    expect([...first.indexes]).toContain('visits_entity_activity_at_idx');
    expect(first.body).toMatchObject({ count_capped: true });
    expect(first.body.next_cursor).not.toBeNull();

    // Half a year deep: the cursor of a row there, as a page after thousands of others would carry it.
    const deep = encodeCursor('history:activity:desc', [
      new Date(Date.now() - 180 * 86_400_000).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z'),
      'ffffffff-ffff-7fff-bfff-ffffffffffff',
    ]);
    const deepPage = await plansOf(`${year}&cursor=${deep}`);
    expect(deepPage.found).toEqual([]);
    expect([...deepPage.indexes]).toContain('visits_entity_activity_at_idx');

    const branch = await plansOf(`${year}&site_id=${w.sites.branch}`);
    expect(branch.found).toEqual([]);
    expect([...branch.indexes]).toContain('visits_entity_site_activity_idx');
    expect(branch.body.count_capped).toBe(false);
    expect(branch.body.count).toBeGreaterThan(100);

    const searched = await plansOf(`${year}&search=lovelace`);
    expect(searched.found).toEqual([]);
  });
});
