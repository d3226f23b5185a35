import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, sqlArray, type Executor } from '../../db/client';

// What the duplication control board reads: the pairs of the latest scan within the reader's scope,
// the two people of each, and the scans and merges done.

export type PairRow = {
  id: string;
  person_a_id: string;
  person_b_id: string;
  score: number;
  reasons: string[];
  name_similarity: number;
};

export type PairFilter = {
  reason?: string;
  /** Lower-cased. */
  search?: string;
  minScore?: number;
  /** The last row of the page before: score and id. */
  after?: { score: number; id: string };
};

/** `scope` binds to `people` (personInScope): both people of a pair must be in it. */
function pairWhere(entityId: string, f: PairFilter, scope: SQL | undefined): SQL {
  const parts: SQL[] = [sql`dp.entity_id = ${entityId}`];
  if (f.reason) parts.push(sql`${f.reason} = any(dp.reasons)`);
  if (f.minScore !== undefined) parts.push(sql`dp.score >= ${f.minScore}`);
  if (f.search) parts.push(sql`strpos(dp.search_text, ${f.search}) > 0`);
  if (scope) {
    for (const column of [sql`dp.person_a_id`, sql`dp.person_b_id`]) {
      parts.push(sql`exists (select 1 from people where people.entity_id = dp.entity_id
                               and people.id = ${column} and ${scope})`);
    }
  }
  return sql.join(parts, sql` and `);
}

export async function findPairs(tx: Executor, entityId: string, f: PairFilter, scope: SQL | undefined, limit: number) {
  const after = f.after ? sql` and (dp.score, dp.id) < (${f.after.score}::int, ${f.after.id}::uuid)` : sql``;
  // The board's order is the score index's, descending throughout: (score, id) below the cursor.
  return rowsOf<PairRow>(
    await tx.execute(sql`
      select dp.id, dp.person_a_id, dp.person_b_id, dp.score, dp.reasons, dp.name_similarity
        from duplicate_pairs dp
       where ${pairWhere(entityId, f, scope)}${after}
       order by dp.score desc, dp.id desc
       limit ${limit}`),
  );
}

export async function countPairs(tx: Executor, entityId: string, f: PairFilter, scope: SQL | undefined, cap: number) {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n from (
        select 1 from duplicate_pairs dp where ${pairWhere(entityId, f, scope)} limit ${cap + 1}) t`),
  );
  return Number(row?.n ?? 0);
}

/** One pair, when both its people are within `scope`. */
export async function findPair(tx: Executor, entityId: string, id: string, scope: SQL | undefined) {
  const [row] = rowsOf<PairRow>(
    await tx.execute(sql`
      select dp.id, dp.person_a_id, dp.person_b_id, dp.score, dp.reasons, dp.name_similarity
        from duplicate_pairs dp where ${pairWhere(entityId, {}, scope)} and dp.id = ${id}`),
  );
  return row ?? null;
}

export async function findPairOf(tx: Executor, entityId: string, one: string, other: string) {
  const [a, b] = one < other ? [one, other] : [other, one];
  const [row] = rowsOf<PairRow>(
    await tx.execute(sql`
      select id, person_a_id, person_b_id, score, reasons, name_similarity
        from duplicate_pairs where entity_id = ${entityId} and person_a_id = ${a} and person_b_id = ${b}`),
  );
  return row ?? null;
}

export type PairPersonRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_code: string | null;
  phone: string | null;
  id_number: string | null;
  company_name: string | null;
  status: string;
  image: string | null;
  dashboard_access: string;
  is_default: boolean;
  created_at: Date | string;
  visits: number;
  last_visit_at: Date | string | null;
};

/** The people of a page of pairs, with how many visits each has and the last (through the person index). */
export async function pairPeople(tx: Executor, entityId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return rowsOf<PairPersonRow>(
    await tx.execute(sql`
      select p.id, p.first_name, p.last_name, p.email, p.phone_code, p.phone, p.id_number, p.company_name,
             p.status, p.image, p.dashboard_access, p.is_default, p.created_at,
             (select count(*)::int from visits v where v.entity_id = p.entity_id and v.person_id = p.id) as visits,
             (select max(v.activity_at) from visits v
               where v.entity_id = p.entity_id and v.person_id = p.id) as last_visit_at
        from people p
       where p.entity_id = ${entityId} and p.id = any(${sqlArray(ids, 'uuid')})`),
  );
}

export type ScanRow = {
  id: string;
  status: string;
  requested_at: Date | string;
  finished_at: Date | string | null;
  people: number | null;
  pairs: number | null;
  duration_ms: number | null;
};

export async function latestScan(tx: Executor, entityId: string) {
  const [row] = rowsOf<ScanRow>(
    await tx.execute(sql`
      select id, status, requested_at, finished_at, people, pairs, duration_ms
        from duplicate_scans where entity_id = ${entityId}
       order by requested_at desc limit 1`),
  );
  return row ?? null;
}

export async function insertDismissal(
  tx: Executor,
  entityId: string,
  pair: { person_a_id: string; person_b_id: string },
  byPersonId: string | null,
) {
  await tx.execute(sql`
    insert into duplicate_dismissals (entity_id, person_a_id, person_b_id, dismissed_by_person_id)
    values (${entityId}, ${pair.person_a_id}, ${pair.person_b_id}, ${byPersonId})
    on conflict do nothing`);
  await tx.execute(sql`
    delete from duplicate_pairs
     where entity_id = ${entityId} and person_a_id = ${pair.person_a_id} and person_b_id = ${pair.person_b_id}`);
}

export type MergeRow = {
  id: string;
  kept_person_id: string;
  kept_name: string;
  removed_person_id: string;
  removed: {
    full_name: string;
    email: string | null;
    phone: string | null;
    id_number: string | null;
    company_name: string | null;
  };
  moved: Record<string, number>;
  filled: string[];
  dropped: string[];
  score: number | null;
  reasons: string[];
  merged_by_name: string | null;
  merged_at: Date | string;
  /** The instant at the database's precision, for the cursor. */
  merged_at_key: string;
};

const mergeInScope = (scope: SQL | undefined) =>
  scope
    ? sql` and exists (select 1 from people where people.entity_id = m.entity_id and people.id = m.kept_person_id and ${scope})`
    : sql``;

export async function countMerges(tx: Executor, entityId: string, scope: SQL | undefined, cap: number) {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n from (
        select 1 from person_merges m where m.entity_id = ${entityId}${mergeInScope(scope)} limit ${cap + 1}) t`),
  );
  return Number(row?.n ?? 0);
}

export async function findMerges(
  tx: Executor,
  entityId: string,
  scope: SQL | undefined,
  after: { at: string; id: string } | null,
  limit: number,
) {
  const inScope = mergeInScope(scope);
  const beyond = after ? sql` and (m.merged_at, m.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
  return rowsOf<MergeRow>(
    await tx.execute(sql`
      select m.id, m.kept_person_id, m.kept_name, m.removed_person_id, m.removed, m.moved, m.filled, m.dropped,
             m.score, m.reasons, m.merged_by_name, m.merged_at, m.merged_at::text as merged_at_key
        from person_merges m
       where m.entity_id = ${entityId}${inScope}${beyond}
       order by m.merged_at desc, m.id desc
       limit ${limit}`),
  );
}
