// The hot lists read through their indexes under the app's role (decision 022): the people list (each
// sort, a deep page, a search), the logbook (today, a day a year back, a deep page) and their counts.
// Every statement a request sends is recorded and explained as the app role would run it; none may scan
// the people or visits table whole. On the PostgreSQL server, whose planner decides from statistics of
// a company large enough for an index to win.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { rowsOf, withTenant } from '../src/db/client';
import { COUNT_CAP } from '../src/db/keyset';
import { bulkPeople, bulkVisits, vacuumAnalyze } from './helpers/bulk-rows';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';

const onServer = Boolean(process.env.TEST_DATABASE_URL);
const PEOPLE = 30_000;
const VISITS = 150_000;

let ctx: TestContext;
let w: VisitsWorld;

type Recorded = { text: string; values: unknown[] };
const recorded: Recorded[] = [];
let recording = false;
// Called with apply on the client it belongs to.
// eslint-disable-next-line @typescript-eslint/unbound-method
const originalQuery = pg.Client.prototype.query;

beforeAll(async () => {
  if (!onServer) return;
  ctx = await createTestApp();
  w = await visitsWorld(ctx.app, ctx.db.db);
  await bulkPeople(ctx.db.db, w.entity, PEOPLE);
  await bulkVisits(ctx.db.db, w.entity, { siteId: w.sites.hq, areaId: w.areas.reception }, VISITS, 730);
  await vacuumAnalyze(ctx.db.db);
  // Every statement the app sends, as it sends it (drizzle passes { text } and the values apart).
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as { text?: unknown; values?: unknown[] } | undefined;
    if (recording && config && typeof config.text === 'string') {
      recorded.push({ text: config.text, values: config.values ?? (Array.isArray(args[1]) ? args[1] : []) });
    }
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
}, 240_000);

afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  if (ctx) await ctx.close();
});

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
const scans = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(scans)];

/** The whole-table scans of people or visits in the plans of what a request sent. */
async function tableScansOf(url: string) {
  recorded.length = 0;
  recording = true;
  const res = await w.admin.get(url).finally(() => {
    recording = false;
  });
  expect(res.statusCode, res.body).toBe(200);
  const statements = recorded.filter(
    (r) => /^\s*select/i.test(r.text) && /"(people|visits)"/.test(r.text) && !r.text.includes('session_access'),
  );
  expect(statements.length, url).toBeGreaterThan(0);
  const found: string[] = [];
  const indexes = new Set<string>();
  for (const statement of statements) {
    const plan = await withTenant(ctx.db.db, w.entity.id, async (tx) => {
      const client = (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
      const result = await client.query(`explain (format json) ${statement.text}`, statement.values);
      return (result.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan;
    });
    for (const node of scans(plan)) {
      if (node['Index Name']) indexes.add(node['Index Name']);
      if (node['Node Type'] === 'Seq Scan' && ['people', 'visits'].includes(node['Relation Name'] ?? '')) {
        found.push(`${node['Relation Name']}: ${statement.text.slice(0, 160)}`);
      }
    }
  }
  return { found, indexes, body: res.json<{ count: number; count_capped: boolean; next_cursor: string | null }>() };
}

describe.runIf(onServer)('list queries under the app role', () => {
  it('reads people through an index: every sort, a deep page, a cursor page and a search', async () => {
    const sanity = await withTenant(ctx.db.db, w.entity.id, async (tx) =>
      rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from people`)),
    );
    expect(sanity[0]!.n).toBeGreaterThan(PEOPLE);
    for (const sort of ['name', 'email', 'role', 'status', 'created_at']) {
      for (const dir of ['asc', 'desc']) {
        const first = await tableScansOf(`/people?limit=10&sortField=${sort}&orderBy=${dir}`);
        expect(first.found, `${sort} ${dir}`).toEqual([]);
        expect(first.body).toMatchObject({ count: COUNT_CAP, count_capped: true });
        const next = await tableScansOf(
          `/people?limit=10&sortField=${sort}&orderBy=${dir}&cursor=${first.body.next_cursor}`,
        );
        expect(next.found, `${sort} ${dir} after a cursor`).toEqual([]);
      }
    }
    expect((await tableScansOf('/people?limit=10&page=2000')).found).toEqual([]);
    const search = await tableScansOf('/people?limit=10&search=lovelace');
    expect(search.found).toEqual([]);
    expect(search.body.count_capped).toBe(false);
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
      const { found, body } = await tableScansOf(url);
      expect(found, url).toEqual([]);
      expect(body.count_capped).toBe(false);
    }
  });

  it('reads the logbook by latest activity, arrivals first, through the index of each group', async () => {
    const weekBack = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const week = `/visits?limit=10&from=${weekBack}&to=${today}`;
    const { found, indexes, body } = await tableScansOf(week);
    expect(found).toEqual([]);
    expect(body.next_cursor).not.toBeNull();
    // Ten arrivals fill the page: the visits nobody arrived for are not read at all.
    expect([...indexes]).toContain('visits_entity_arrived_activity_idx');
    expect([...indexes]).not.toContain('visits_entity_awaited_activity_idx');
    const next = await tableScansOf(`${week}&cursor=${body.next_cursor}`);
    expect(next.found).toEqual([]);
    expect([...next.indexes]).toContain('visits_entity_arrived_activity_idx');
  });
});
