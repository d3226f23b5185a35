import { sql, type SQL } from 'drizzle-orm';
import type { EmergencyStatus, MarkSource } from '@app/shared/emergency/schemas';
import { findCapabilityKey } from '../../db/capability-keys';
import { rowsOf, sqlArray, type Executor } from '../../db/client';
import type { AccessContext } from '../access/access.types';
import { visibleRoll } from './session-view';

// The SQL of a session's roll call: marks (kept in emergency_marks, the latest made wins on the entry),
// people added at the muster point, the muster-point search, the report's history and the "I am safe"
// link's entry. Every statement names the company.

export type SessionState = { startedAt: Date; endedAt: Date | null; siteIds: string[] };

/**
 * The session's start, end and sites, its row held (FOR SHARE) until the transaction ends, so a session
 * cannot end between the check that it runs and the marks written under it (`lock: false` for a read).
 * Null when there is none.
 */
export async function lockSession(
  tx: Executor,
  entityId: string,
  sessionId: string,
  opts: { lock: boolean } = { lock: true },
): Promise<SessionState | null> {
  const [row] = rowsOf<{ started_at: string; ended_at: string | null; site_ids: string[] | null }>(
    await tx.execute(sql`
      select s.started_at::text as started_at, s.ended_at::text as ended_at,
             array(select distinct a.site_id::text from emergency_session_areas a
                    where a.entity_id = s.entity_id and a.session_id = s.id) as site_ids
        from emergency_sessions s
       where s.entity_id = ${entityId} and s.id = ${sessionId}
       ${opts.lock ? sql`for share of s` : sql``}`),
  );
  if (!row) return null;
  return {
    startedAt: new Date(row.started_at),
    endedAt: row.ended_at ? new Date(row.ended_at) : null,
    siteIds: row.site_ids ?? [],
  };
}

/** Of these entries, those on the session's roll that the reader may see. */
export async function visibleRollIds(
  tx: Executor,
  ctx: AccessContext,
  sessionId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select e.id from emergency_roll e
       where e.entity_id = ${ctx.entityId} and e.session_id = ${sessionId}
         and e.id = any(${sqlArray(ids, 'uuid')}) and ${visibleRoll(ctx)}`),
  );
  return new Set(rows.map((r) => r.id));
}

export type NewMark = {
  id: string;
  rollId: string;
  clientId: string | null;
  status: EmergencyStatus;
  source: MarkSource;
  markedAt: Date;
};
export type MarkedBy = { userId: string | null; name: string | null };

/**
 * Keeps the marks (a client id already received is skipped: a replayed queue counts once) and sets each
 * entry to the latest of its new marks when that was made no earlier than the entry's current status
 * (the latest made wins, whichever arrives last), raising its version. One statement; a concurrent mark
 * on the same entry waits for the row and is compared with what that one left. Answers how many marks
 * were kept and which entries changed.
 */
export async function writeMarks(
  tx: Executor,
  entityId: string,
  sessionId: string,
  marks: readonly NewMark[],
  by: MarkedBy,
): Promise<{ kept: number; changed: string[] }> {
  if (marks.length === 0) return { kept: 0, changed: [] };
  const input = JSON.stringify(
    marks.map((m, ord) => ({
      ord,
      id: m.id,
      roll_id: m.rollId,
      client_id: m.clientId,
      status: m.status,
      source: m.source,
      marked_at: m.markedAt.toISOString(),
    })),
  );
  const [row] = rowsOf<{ kept: number; changed: string[] | null }>(
    await tx.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${input}::jsonb)
          as x(ord int, id uuid, roll_id uuid, client_id uuid, status text, source text, marked_at timestamptz)
      ),
      kept as (
        insert into emergency_marks (entity_id, id, session_id, roll_id, client_id, status, source, marked_at, by_user_id, by_name)
        select ${entityId}, i.id, ${sessionId}, i.roll_id, i.client_id, i.status, i.source, i.marked_at,
               ${by.userId}::uuid, ${by.name}
          from input i order by i.ord
        on conflict (entity_id, session_id, client_id) where client_id is not null do nothing
        returning id
      ),
      latest as (
        select distinct on (i.roll_id) i.roll_id, i.status, i.source, i.marked_at
          from input i join kept k on k.id = i.id
         order by i.roll_id, i.marked_at desc, i.ord desc
      ),
      changed as (
        update emergency_roll e
           set status = l.status, source = l.source, marked_at = l.marked_at,
               marked_by_user_id = ${by.userId}::uuid, marked_by_name = ${by.name}, version = e.version + 1
          from latest l
         where e.entity_id = ${entityId} and e.session_id = ${sessionId} and e.id = l.roll_id
           and l.marked_at >= e.marked_at
        returning e.id
      )
      select (select count(*)::int from kept) as kept, array(select id::text from changed) as changed`),
  );
  return { kept: row?.kept ?? 0, changed: row?.changed ?? [] };
}

/** The entry a mark with this client id was made for (a request sent again), if any. */
export async function rollIdOfClientMark(
  tx: Executor,
  entityId: string,
  sessionId: string,
  clientId: string,
): Promise<string | null> {
  const [row] = rowsOf<{ roll_id: string }>(
    await tx.execute(sql`
      select roll_id from emergency_marks
       where entity_id = ${entityId} and session_id = ${sessionId} and client_id = ${clientId}`),
  );
  return row?.roll_id ?? null;
}

/**
 * Claims a client id for a muster-point addition: its mark row, written first so that the same request
 * sent twice at once waits here and then finds the first one's. False when it was already taken.
 */
export async function claimClientMark(
  tx: Executor,
  entityId: string,
  sessionId: string,
  mark: NewMark,
  by: MarkedBy,
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into emergency_marks (entity_id, id, session_id, roll_id, client_id, status, source, marked_at, by_user_id, by_name)
      values (${entityId}, ${mark.id}, ${sessionId}, ${mark.rollId}, ${mark.clientId}, ${mark.status}, ${mark.source},
              ${mark.markedAt.toISOString()}::timestamptz, ${by.userId}::uuid, ${by.name})
      on conflict (entity_id, session_id, client_id) where client_id is not null do nothing
      returning id`),
  );
  return rows.length > 0;
}

export type AddedEntry = {
  id: string;
  personId: string | null;
  fullName: string;
  companyName: string | null;
  phone: string | null;
  email: string | null;
  userTypeId: string | null;
  userTypeName: string | null;
  markedAt: Date;
};

/**
 * Someone at the muster point put on the roll, present. A person already on it is not added twice:
 * answers false, and their entry stays as it is (the caller marks it).
 */
export async function insertAddedEntry(
  tx: Executor,
  entityId: string,
  sessionId: string,
  e: AddedEntry,
  by: MarkedBy,
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into emergency_roll (entity_id, id, session_id, person_id, full_name, company_name, phone, email,
                                  user_type_id, user_type_name, status, source, marked_at, marked_by_user_id, marked_by_name)
      values (${entityId}, ${e.id}, ${sessionId}, ${e.personId}::uuid, ${e.fullName}, ${e.companyName}, ${e.phone},
              ${e.email}, ${e.userTypeId}::uuid, ${e.userTypeName}, 'present', 'added', ${e.markedAt.toISOString()}::timestamptz,
              ${by.userId}::uuid, ${by.name})
      on conflict (entity_id, session_id, person_id) where person_id is not null do nothing
      returning id`),
  );
  return rows.length > 0;
}

/** The entry of a person on the roll (visible to the reader or not). */
export async function rollIdOfPerson(
  tx: Executor,
  entityId: string,
  sessionId: string,
  personId: string,
): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select id from emergency_roll where entity_id = ${entityId} and session_id = ${sessionId} and person_id = ${personId}`),
  );
  return row?.id ?? null;
}

/** Points a claimed mark at the entry it turned out to be for. */
export async function moveMark(tx: Executor, entityId: string, markId: string, rollId: string): Promise<void> {
  await tx.execute(
    sql`update emergency_marks set roll_id = ${rollId} where entity_id = ${entityId} and id = ${markId}`,
  );
}

/** Sets an entry's status from one mark when it was made no earlier than the entry's status. */
export async function applyMark(
  tx: Executor,
  entityId: string,
  sessionId: string,
  rollId: string,
  mark: { status: EmergencyStatus; source: MarkSource; markedAt: Date },
  by: MarkedBy,
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update emergency_roll e
         set status = ${mark.status}, source = ${mark.source}, marked_at = ${mark.markedAt.toISOString()}::timestamptz,
             marked_by_user_id = ${by.userId}::uuid, marked_by_name = ${by.name}, version = e.version + 1
       where e.entity_id = ${entityId} and e.session_id = ${sessionId} and e.id = ${rollId}
         and ${mark.markedAt.toISOString()}::timestamptz >= e.marked_at
      returning e.id`),
  );
  return rows.length > 0;
}

export type MusterPersonRow = {
  id: string;
  first_name: string;
  last_name: string;
  company_name: string | null;
  phone_code: string | null;
  phone: string | null;
  email: string | null;
  image: string | null;
  user_type_id: string | null;
  user_type_name: string | null;
};

/**
 * Active people of the company within `scope` (a condition on `people`), matching `search`, who are not
 * on the session's roll; with their first user type by name. `ids`: these people only.
 */
export async function findMusterPeople(
  tx: Executor,
  entityId: string,
  sessionId: string,
  opts: { scope: SQL | undefined; search?: SQL | undefined; ids?: readonly string[]; limit: number },
): Promise<MusterPersonRow[]> {
  return rowsOf<MusterPersonRow>(
    await tx.execute(sql`
      select "people"."id", "people"."first_name", "people"."last_name", "people"."company_name",
             "people"."phone_code", "people"."phone", "people"."email", "people"."image",
             ut.id as user_type_id, ut.name as user_type_name
        from people
        left join lateral (
          select t.id, t.name from person_user_types put
            join user_types t on t.entity_id = put.entity_id and t.id = put.user_type_id
           where put.entity_id = "people"."entity_id" and put.person_id = "people"."id"
           order by t.name, t.id limit 1
        ) ut on true
       where "people"."entity_id" = ${entityId}::uuid and "people"."status" = 'active'
         ${opts.ids ? sql`and "people"."id" = any(${sqlArray(opts.ids, 'uuid')})` : sql``}
         ${opts.search ? sql`and ${opts.search}` : sql``}
         ${opts.scope ? sql`and ${opts.scope}` : sql``}
         and not exists (select 1 from emergency_roll r
                          where r.entity_id = "people"."entity_id" and r.session_id = ${sessionId}
                            and r.person_id = "people"."id")
       order by "people"."first_name", "people"."last_name", "people"."id"
       limit ${opts.limit}`),
  );
}

export type MarkHistoryRow = {
  marked_at: string;
  received_at: string;
  roll_id: string;
  full_name: string;
  status: EmergencyStatus;
  source: MarkSource;
  by_name: string | null;
};

/** Every mark of the session on entries the reader may see, in the order they were made. */
export async function markHistory(tx: Executor, ctx: AccessContext, sessionId: string): Promise<MarkHistoryRow[]> {
  return rowsOf<MarkHistoryRow>(
    await tx.execute(sql`
      select m.marked_at::text as marked_at, m.received_at::text as received_at, m.roll_id, e.full_name,
             m.status, m.source, m.by_name
        from emergency_marks m
        join emergency_roll e on e.entity_id = m.entity_id and e.id = m.roll_id
       where m.entity_id = ${ctx.entityId} and m.session_id = ${sessionId} and ${visibleRoll(ctx)}
       order by m.marked_at, m.received_at, m.id`),
  );
}

// ---- the "I am safe" link: found by its token alone, outside any company ----

export async function findSafeLinkKeys(db: Executor, tokenHash: string) {
  const keys = await findCapabilityKey(db, 'emergency_roll.safe_token_hash', tokenHash);
  if (!keys) return null;
  const [row] = rowsOf<{ entity_id: string; id: string; session_id: string }>(
    await db.execute(sql`
      select entity_id, id, session_id from emergency_roll where entity_id = ${keys.entityId} and id = ${keys.id}`),
  );
  return row ?? null;
}

export type SafeLinkRow = {
  full_name: string;
  status: EmergencyStatus;
  session_name: string;
  is_drill: boolean;
  started_at: string;
  ended_at: string | null;
  person_first_name: string | null;
};

/** The link's entry and session, within the company (`forShare`: the session's row held). */
export async function readSafeLink(
  tx: Executor,
  entityId: string,
  rollId: string,
  opts: { forShare?: boolean } = {},
): Promise<SafeLinkRow | null> {
  const [row] = rowsOf<SafeLinkRow>(
    await tx.execute(sql`
      select e.full_name, e.status, s.name as session_name, s.is_drill, s.started_at::text as started_at,
             s.ended_at::text as ended_at, p.first_name as person_first_name
        from emergency_roll e
        join emergency_sessions s on s.entity_id = e.entity_id and s.id = e.session_id
        left join people p on p.entity_id = e.entity_id and p.id = e.person_id
       where e.entity_id = ${entityId} and e.id = ${rollId}
       ${opts.forShare ? sql`for share of s` : sql``}`),
  );
  return row ?? null;
}
