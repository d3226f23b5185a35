// What a request makes the database do, under the app's role: every statement the app sends through
// pg while the request runs is recorded as sent (drizzle passes { text } and the values apart), then
// explained inside the company's transaction as app_user; whole-table scans of people or visits are
// named. For the plan tests on the PostgreSQL server.
import pg from 'pg';
import { expect } from 'vitest';
import { withTenant, type Database, type Executor } from '../../src/db/client';
import type { TestClient } from './http-client';

type Recorded = { text: string; values: unknown[] };
type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
const scans = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(scans)];

const recorded: Recorded[] = [];
let recording = false;
// Called with apply on the client it belongs to.
// eslint-disable-next-line @typescript-eslint/unbound-method
const originalQuery = pg.Client.prototype.query;

/** Starts recording what pg is asked (only while a request of `tableScansOf` runs); answers how to stop. */
export function recordStatements(): () => void {
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = (typeof args[0] === 'string' ? { text: args[0] } : args[0]) as
      { text?: unknown; values?: unknown[] } | undefined;
    if (recording && config && typeof config.text === 'string') {
      recorded.push({ text: config.text, values: config.values ?? (Array.isArray(args[1]) ? args[1] : []) });
    }
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  return () => {
    pg.Client.prototype.query = originalQuery;
  };
}

/**
 * The whole-table scans of people or visits, and the indexes used, in the plans of what a GET sent;
 * `plans` has each of those statements with the tables and indexes its plan reads; `sent` counts the
 * statements of the request's company transaction (-1 when it had none).
 */
export async function tableScansOf(db: Executor, entityId: string, client: TestClient, url: string) {
  recorded.length = 0;
  recording = true;
  const res = await client.get(url).finally(() => {
    recording = false;
  });
  expect(res.statusCode, res.body).toBe(200);
  // How many statements the request sent in its company's transaction, besides opening and ending it.
  const begun = recorded.findIndex((r) => /^\s*begin\b/i.test(r.text) && r.text.includes('app.entity_id'));
  const ended = recorded.findIndex((r, i) => i > begun && /^\s*(commit|rollback)\b/i.test(r.text));
  const sent = begun < 0 || ended < 0 ? -1 : ended - begun - 1;
  const statements = recorded.filter(
    (r) => /^\s*(select|with)/i.test(r.text) && /"(people|visits)"/.test(r.text) && !r.text.includes('session_access'),
  );
  expect(statements.length, url).toBeGreaterThan(0);
  const found: string[] = [];
  const indexes = new Set<string>();
  /** Each statement's text with the tables and indexes its plan reads. */
  const plans: { text: string; relations: string[]; indexes: string[] }[] = [];
  for (const statement of statements) {
    const plan = await withTenant(db, entityId, async (tx) => {
      const pgClient = (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
      const result = await pgClient.query(`explain (format json) ${statement.text}`, statement.values);
      return (result.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan;
    });
    const nodes = scans(plan);
    plans.push({
      text: statement.text,
      relations: nodes.flatMap((n) => (n['Relation Name'] ? [n['Relation Name']] : [])),
      indexes: nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])),
    });
    for (const node of nodes) {
      if (node['Index Name']) indexes.add(node['Index Name']);
      if (node['Node Type'] === 'Seq Scan' && ['people', 'visits'].includes(node['Relation Name'] ?? '')) {
        found.push(`${node['Relation Name']}: ${statement.text.slice(0, 160)}`);
      }
    }
  }
  return {
    found,
    indexes,
    plans,
    sent,
    body: res.json<{ count: number; count_capped: boolean; next_cursor: string | null }>(),
  };
}

/**
 * The plans of what `act` sends that reads people or visits, explained on the owner's connection (the
 * passport's reads across companies run there, without a company set): the indexes each reads, and its
 * whole-table scans of people or visits.
 */
export async function ownerPlansOf(database: Database, act: () => Promise<unknown>) {
  recorded.length = 0;
  recording = true;
  await act().finally(() => {
    recording = false;
  });
  const statements = recorded.filter((r) => /^\s*(select|with)/i.test(r.text) && /"(people|visits)"/.test(r.text));
  expect(statements.length).toBeGreaterThan(0);
  return Promise.all(
    statements.map(async (statement) => {
      const { rows } = await database.query(`explain (format json) ${statement.text}`, statement.values);
      const nodes = scans((rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan);
      return {
        text: statement.text,
        indexes: nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])),
        wholeScans: nodes.flatMap((n) =>
          n['Node Type'] === 'Seq Scan' && ['people', 'visits'].includes(n['Relation Name'] ?? '')
            ? [n['Relation Name']!]
            : [],
        ),
      };
    }),
  );
}
