import { sql } from 'drizzle-orm';
import type { PrivacyRun, PrivacyScope, PrivacyTrigger, Retention } from '@app/shared/people/privacy';
import { rowsOf, type Executor } from '../../db/client';
import { afterCursor, countCapped, decodeCursor, encodeCursor } from '../../db/keyset';

// The privacy manager's settings and runs (decision 033), in the caller's tenant transaction.

export async function companyRetention(tx: Executor, entityId: string): Promise<Retention> {
  const [row] = rowsOf<Retention>(
    await tx.execute(sql`
      select data_retention_days, scans_retention_days from privacy_settings where entity_id = ${entityId}`),
  );
  return row ?? { data_retention_days: null, scans_retention_days: null };
}

export async function saveCompanyRetention(tx: Executor, entityId: string, r: Retention) {
  await tx.execute(sql`
    insert into privacy_settings (entity_id, data_retention_days, scans_retention_days)
    values (${entityId}, ${r.data_retention_days}, ${r.scans_retention_days})
    on conflict (entity_id) do update
       set data_retention_days = excluded.data_retention_days,
           scans_retention_days = excluded.scans_retention_days, updated_at = now()`);
}

export type UserTypeRetentionRow = {
  id: string;
  name: string;
  data_retention_days: number | null;
  scans_retention_days: number | null;
  people: number;
};

export async function userTypeRetentions(tx: Executor, entityId: string, typeId?: string) {
  return rowsOf<UserTypeRetentionRow>(
    await tx.execute(sql`
      select ut.id, ut.name, ut.data_retention_days, ut.scans_retention_days,
             (select count(*)::int from person_user_types put
                join people p on p.entity_id = put.entity_id and p.id = put.person_id
               where put.entity_id = ut.entity_id and put.user_type_id = ut.id
                 and p.status in ('active', 'archived')) as people
        from user_types ut
       where ut.entity_id = ${entityId} ${typeId ? sql`and ut.id = ${typeId}` : sql``}
       order by lower(ut.name), ut.id`),
  );
}

/** Sets a user type's own retention (null days: it follows the default); false when there is no such type. */
export async function saveUserTypeRetention(tx: Executor, entityId: string, typeId: string, r: Retention) {
  const rows = rowsOf(
    await tx.execute(sql`
      update user_types
         set data_retention_days = ${r.data_retention_days}, scans_retention_days = ${r.scans_retention_days},
             updated_at = now()
       where entity_id = ${entityId} and id = ${typeId}
      returning id`),
  );
  return rows.length > 0;
}

export type NewRun = {
  trigger: PrivacyTrigger;
  scope: PrivacyScope;
  userTypeId?: string | null;
  userTypeName?: string | null;
  localDate?: string | null;
  requestedByPersonId?: string | null;
};

/** Starts a run; null when a nightly run of that company's day exists already. */
export async function insertRun(tx: Executor, entityId: string, id: string, run: NewRun): Promise<string | null> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into privacy_runs
        (entity_id, id, trigger, scope, user_type_id, user_type_name, local_date, requested_by_person_id)
      values (${entityId}, ${id}, ${run.trigger}, ${run.scope}, ${run.userTypeId ?? null}, ${run.userTypeName ?? null},
              ${run.localDate ?? null}, ${run.requestedByPersonId ?? null})
      on conflict (entity_id, local_date) where trigger = 'schedule' do nothing
      returning id`),
  );
  return rows[0]?.id ?? null;
}

export async function addToRun(tx: Executor, entityId: string, id: string, people: number, visits: number) {
  await tx.execute(sql`
    update privacy_runs set people_erased = people_erased + ${people}, visits_anonymised = visits_anonymised + ${visits}
     where entity_id = ${entityId} and id = ${id}`);
}

export async function finishRun(tx: Executor, entityId: string, id: string, status: 'done' | 'failed') {
  await tx.execute(sql`
    update privacy_runs set status = ${status}, finished_at = now() where entity_id = ${entityId} and id = ${id}`);
}

type RunRow = {
  id: string;
  trigger: PrivacyTrigger;
  scope: PrivacyScope;
  status: PrivacyRun['status'];
  user_type_id: string | null;
  user_type_name: string | null;
  people_erased: number;
  visits_anonymised: number;
  requested_by: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export const toRun = (r: RunRow): PrivacyRun => ({
  id: r.id,
  trigger: r.trigger,
  scope: r.scope,
  status: r.status,
  user_type: r.user_type_id && r.user_type_name ? { id: r.user_type_id, name: r.user_type_name } : null,
  people_erased: r.people_erased,
  visits_anonymised: r.visits_anonymised,
  requested_by: r.requested_by,
  started_at: iso(r.started_at)!,
  finished_at: iso(r.finished_at),
});

const RUN_COLUMNS = sql`
  r.id, r.trigger, r.scope, r.status, r.user_type_id, r.user_type_name, r.people_erased, r.visits_anonymised,
  nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), '') as requested_by,
  r.started_at, r.finished_at`;
const RUN_FROM = sql`
  privacy_runs r left join people p on p.entity_id = r.entity_id and p.id = r.requested_by_person_id`;

export async function findRun(tx: Executor, entityId: string, id: string) {
  const [row] = rowsOf<RunRow>(
    await tx.execute(sql`select ${RUN_COLUMNS} from ${RUN_FROM} where r.entity_id = ${entityId} and r.id = ${id}`),
  );
  return row ? toRun(row) : null;
}

const RUNS_SORT = 'started_at_desc';

/** Runs newest first, by keyset on (started_at, id). */
export async function listRuns(
  tx: Executor,
  entityId: string,
  q: { limit: number; page: number; cursor?: string; trigger?: PrivacyTrigger },
) {
  const ofTrigger = q.trigger ? sql`and r.trigger = ${q.trigger}` : sql``;
  const after = q.cursor ? decodeCursor(q.cursor, RUNS_SORT, 2) : null;
  const keyset = after
    ? sql`and ${afterCursor([sql`r.started_at`, sql`r.id`], after, ['timestamptz', 'uuid'], 'desc')}`
    : sql``;
  const offset = after ? 0 : (q.page - 1) * q.limit;
  const rows = rowsOf<RunRow>(
    await tx.execute(sql`
      select ${RUN_COLUMNS} from ${RUN_FROM}
       where r.entity_id = ${entityId} ${ofTrigger} ${keyset}
       order by r.started_at desc, r.id desc
       limit ${q.limit + 1} offset ${offset}`),
  );
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const counted = await countCapped(
    tx,
    sql`privacy_runs r`,
    sql`r.entity_id = ${entityId} ${ofTrigger}`,
    sql`r.started_at desc`,
  );
  return {
    data: page.map(toRun),
    count: counted.count,
    count_capped: counted.capped,
    next_cursor: rows.length > q.limit && last ? encodeCursor(RUNS_SORT, [iso(last.started_at)!, last.id]) : null,
  };
}
