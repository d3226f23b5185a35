import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, sqlArray, type Executor } from '../../db/client';
import { afterCursor, countCapped, type CursorValue } from '../../db/keyset';
import { containing } from '../../db/like';
import { inSites, phoneOf } from './emergency-list.repository';
import { SESSION_COLUMNS, type toSummaries } from './session-view';

// The SQL of emergency sessions: starting one (its areas and roll in the start's transaction), ending
// one, and reading them by the reader's sites. Every statement names the company.

/** Starts of sessions are one at a time per company, so two cannot take the same area. */
export async function lockSessionStarts(tx: Executor, entityId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`emergency.start:${entityId}`}, 0))`);
}

export type AreaPlace = { area_id: string; area_name: string; site_id: string; site_name: string };

/** The areas of these sites and these areas, within the reader's sites, by site and name. */
export async function findAreasToCover(
  tx: Executor,
  entityId: string,
  siteIds: readonly string[] | null,
  pick: { everything: boolean; siteIds: readonly string[]; areaIds: readonly string[] },
): Promise<AreaPlace[]> {
  const chosen = pick.everything
    ? sql`true`
    : sql`(a.site_id = any(${sqlArray(pick.siteIds, 'uuid')}) or a.id = any(${sqlArray(pick.areaIds, 'uuid')}))`;
  return rowsOf<AreaPlace>(
    await tx.execute(sql`
      select a.id as area_id, a.name as area_name, s.id as site_id, s.name as site_name
        from areas a join sites s on s.entity_id = a.entity_id and s.id = a.site_id
       where a.entity_id = ${entityId} and ${inSites(sql`a.site_id`, siteIds)} and ${chosen}
       order by s.name, s.id, a.name, a.id`),
  );
}

/** Of these areas, those already in a running session, with that session. */
export async function findAreasInRunningSessions(
  tx: Executor,
  entityId: string,
  areaIds: readonly string[],
): Promise<{ area_id: string; area_name: string; session_id: string; session_name: string }[]> {
  if (areaIds.length === 0) return [];
  return rowsOf(
    await tx.execute(sql`
      select a.area_id, coalesce(ar.name, a.area_name) as area_name, s.id as session_id, s.name as session_name
        from emergency_session_areas a
        join emergency_sessions s on s.entity_id = a.entity_id and s.id = a.session_id and s.ended_at is null
        left join areas ar on ar.entity_id = a.entity_id and ar.id = a.area_id
       where a.entity_id = ${entityId} and a.area_id = any(${sqlArray(areaIds, 'uuid')})
       order by s.started_at, area_name`),
  );
}

export type NewSession = {
  id: string;
  name: string;
  isDrill: boolean;
  origin: 'dashboard' | 'kiosk';
  kioskId: string | null;
  kioskName: string | null;
  startedByUserId: string | null;
  startedByName: string | null;
  highlightAfterMinutes: number;
};

/** The session row and its areas (names kept); answers when it started (the database's clock). */
export async function insertSession(
  tx: Executor,
  entityId: string,
  s: NewSession,
  areas: readonly AreaPlace[],
): Promise<{ startedAt: string }> {
  const [row] = rowsOf<{ started_at: string }>(
    await tx.execute(sql`
      insert into emergency_sessions (entity_id, id, name, is_drill, origin, kiosk_id, kiosk_name,
                                      started_by_user_id, started_by_name, highlight_after_minutes)
      values (${entityId}, ${s.id}, ${s.name}, ${s.isDrill}, ${s.origin}, ${s.kioskId}, ${s.kioskName},
              ${s.startedByUserId}, ${s.startedByName}, ${s.highlightAfterMinutes})
      returning started_at::text as started_at`),
  );
  await tx.execute(sql`
    insert into emergency_session_areas (entity_id, session_id, area_id, area_name, site_id, site_name)
    select ${entityId}, ${s.id}, x.area_id, x.area_name, x.site_id, x.site_name
      from jsonb_to_recordset(${JSON.stringify(areas)}::jsonb)
           as x(area_id uuid, area_name text, site_id uuid, site_name text)`);
  return { startedAt: row!.started_at };
}

/**
 * The visits on site now in these areas, locked until the start commits: whoever signs out meanwhile
 * waits for the session, and the sign-out's trigger then finds them on its roll.
 */
export async function lockVisitsOnSite(
  tx: Executor,
  entityId: string,
  areaIds: readonly string[],
): Promise<{ visit_id: string; email: string | null }[]> {
  return rowsOf(
    await tx.execute(sql`
      select v.id as visit_id, nullif(trim(p.email), '') as email
        from visits v join people p on p.entity_id = v.entity_id and p.id = v.person_id
       where v.entity_id = ${entityId} and v.state = 'on_site' and v.area_id = any(${sqlArray(areaIds, 'uuid')})
       order by v.id
         for update of v`),
  );
}

/**
 * The roll: one entry per visit (its person as they are now: name, company, phone, email, user type;
 * its place and sign-in time), missing (`not_present`) since the start. A person on site twice (two
 * open visits) is on it once, at their latest sign-in.
 */
export async function insertRoll(
  tx: Executor,
  entityId: string,
  sessionId: string,
  startedAt: string,
  entries: readonly { id: string; visitId: string; tokenHash: string | null }[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into emergency_roll (entity_id, id, session_id, person_id, visit_id, full_name, company_name, phone,
                                  email, user_type_id, user_type_name, site_id, area_id, signed_in_at, status,
                                  source, marked_at, version, safe_token_hash)
      select distinct on (p.id)
             ${entityId}::uuid, x.id, ${sessionId}::uuid, p.id, v.id, trim(p.first_name || ' ' || p.last_name),
             nullif(p.company_name, ''), ${phoneOf('p')}, nullif(trim(p.email), ''), v.user_type_id, ut.name,
             v.site_id, v.area_id, coalesce(v.signed_in_at, v.created_at), 'not_present', 'start',
             ${startedAt}::timestamptz, 1, x.token_hash
        from jsonb_to_recordset(${JSON.stringify(entries.map((e) => ({ id: e.id, visit_id: e.visitId, token_hash: e.tokenHash })))}::jsonb)
             as x(id uuid, visit_id uuid, token_hash text)
        join visits v on v.entity_id = ${entityId} and v.id = x.visit_id and v.state = 'on_site'
        join people p on p.entity_id = v.entity_id and p.id = v.person_id
        left join user_types ut on ut.entity_id = v.entity_id and ut.id = v.user_type_id
       order by p.id, v.signed_in_at desc nulls last, v.id
      returning id`),
  );
  return rows.length;
}

/** The roll entries with an email and a link, for the evacuation mails. */
export async function findMailableRoll(
  tx: Executor,
  entityId: string,
  sessionId: string,
): Promise<
  {
    id: string;
    email: string;
    full_name: string;
    lang: string | null;
    area_name: string | null;
    site_name: string | null;
  }[]
> {
  return rowsOf(
    await tx.execute(sql`
      select e.id, e.email, e.full_name, u.lang, sa.area_name, sa.site_name
        from emergency_roll e
        left join people p on p.entity_id = e.entity_id and p.id = e.person_id
        left join users u on u.id = p.user_id
        left join emergency_session_areas sa on sa.entity_id = e.entity_id and sa.session_id = e.session_id and sa.area_id = e.area_id
       where e.entity_id = ${entityId} and e.session_id = ${sessionId} and e.email is not null
         and e.safe_token_hash is not null
       order by e.id`),
  );
}

/** Sessions the reader may join: one of their areas is in the reader's sites. */
export const joinableBy = (siteIds: readonly string[] | null): SQL =>
  siteIds === null
    ? sql`true`
    : sql`exists (select 1 from emergency_session_areas ja
                   where ja.entity_id = s.entity_id and ja.session_id = s.id and ${inSites(sql`ja.site_id`, siteIds)})`;

/** A session row as session-view reads it (SESSION_COLUMNS). */
export type SessionRow = Parameters<typeof toSummaries>[2][number];

/** A page of sessions, newest first (keyset on started_at, id). */
export async function findSessionsPage(
  tx: Executor,
  entityId: string,
  siteIds: readonly string[] | null,
  q: {
    status?: 'active' | 'ended';
    drill?: boolean;
    /** Part of the session's name. */
    search?: string;
    limit: number;
    offset: number;
    after: CursorValue[] | null;
  },
): Promise<{ rows: SessionRow[]; count: number; capped: boolean }> {
  const where = sql.join(
    [
      sql`s.entity_id = ${entityId}`,
      joinableBy(siteIds),
      q.status === 'active' ? sql`s.ended_at is null` : q.status === 'ended' ? sql`s.ended_at is not null` : sql`true`,
      q.drill === undefined ? sql`true` : sql`s.is_drill = ${q.drill}`,
      // A company's sessions are few (a drill a month): the name is matched after the company's index.
      q.search ? sql`s.name ilike ${containing(q.search)}` : sql`true`,
    ],
    sql` and `,
  );
  const after = q.after
    ? sql`and ${afterCursor([sql`s.started_at`, sql`s.id`], q.after, ['timestamptz', 'uuid'], 'desc')}`
    : sql``;
  const rows = rowsOf<SessionRow>(
    await tx.execute(sql`
      select ${SESSION_COLUMNS}
        from emergency_sessions s
       where ${where} ${after}
       order by s.started_at desc, s.id desc
       limit ${q.limit + 1} offset ${q.offset}`),
  );
  const { count, capped } = await countCapped(tx, sql`emergency_sessions s`, where);
  return { rows, count, capped };
}

/** The running sessions the reader may join, newest first. */
export async function findActiveSessions(
  tx: Executor,
  entityId: string,
  siteIds: readonly string[] | null,
): Promise<SessionRow[]> {
  return rowsOf<SessionRow>(
    await tx.execute(sql`
      select ${SESSION_COLUMNS} from emergency_sessions s
       where s.entity_id = ${entityId} and s.ended_at is null and ${joinableBy(siteIds)}
       order by s.started_at desc, s.id desc`),
  );
}

/** The areas in the reader's sites that running sessions (which the reader may join) cover. */
export async function findAreasWithSession(
  tx: Executor,
  entityId: string,
  siteIds: readonly string[] | null,
): Promise<{ id: string; name: string; site_id: string; session_id: string }[]> {
  return rowsOf(
    await tx.execute(sql`
      select a.area_id as id, coalesce(ar.name, a.area_name) as name, a.site_id, a.session_id
        from emergency_session_areas a
        join emergency_sessions s on s.entity_id = a.entity_id and s.id = a.session_id and s.ended_at is null
        left join areas ar on ar.entity_id = a.entity_id and ar.id = a.area_id
       where a.entity_id = ${entityId} and ${inSites(sql`a.site_id`, siteIds)}
       order by name, a.area_id`),
  );
}

/**
 * Per kind (drill or not) of the sessions the reader may join: how many, the last start, and the
 * minutes from the start to the moment the last person of the reader's part of the roll was marked
 * present, for each session whose roll (those out aside) was all accounted for.
 */
export async function findSessionStats(
  tx: Executor,
  entityId: string,
  siteIds: readonly string[] | null,
): Promise<{ is_drill: boolean; n: number; last_at: string | null; minutes: number[] | null }[]> {
  const visible = siteIds === null ? sql`true` : sql`(e.site_id is null or ${inSites(sql`e.site_id`, siteIds)})`;
  return rowsOf(
    await tx.execute(sql`
      with sessions as (
        select s.id, s.is_drill, s.started_at from emergency_sessions s
         where s.entity_id = ${entityId} and ${joinableBy(siteIds)}
      ), done as (
        select e.session_id,
               extract(epoch from max(e.marked_at) filter (where e.status = 'present') - min(ss.started_at)) / 60 as minutes
          from emergency_roll e join sessions ss on ss.id = e.session_id
         where e.entity_id = ${entityId} and ${visible}
         group by e.session_id
        having count(*) filter (where e.status = 'not_present') = 0 and count(*) filter (where e.status = 'present') > 0
      )
      select ss.is_drill, count(*)::int as n, max(ss.started_at)::text as last_at,
             array_agg(round(d.minutes::numeric, 1)::float8 order by d.minutes) filter (where d.minutes is not null) as minutes
        from sessions ss left join done d on d.session_id = ss.id
       group by ss.is_drill`),
  );
}

/** The session's areas with their sites and how many people are on site in each now. */
export async function findSessionAreasOnSite(
  tx: Executor,
  entityId: string,
  sessionId: string,
): Promise<{ id: string; name: string; siteId: string; onSite: number }[]> {
  return rowsOf(
    await tx.execute(sql`
      select a.area_id as id, coalesce(ar.name, a.area_name) as name, a.site_id as "siteId",
             (select count(*)::int from visits v
               where v.entity_id = a.entity_id and v.area_id = a.area_id and v.state = 'on_site') as "onSite"
        from emergency_session_areas a
        left join areas ar on ar.entity_id = a.entity_id and ar.id = a.area_id
       where a.entity_id = ${entityId} and a.session_id = ${sessionId}
       order by name, a.area_id`),
  );
}

/** The sites a session covers (whoever reads it). */
export async function findSessionSites(tx: Executor, entityId: string, sessionId: string): Promise<string[]> {
  return rowsOf<{ site_id: string }>(
    await tx.execute(sql`
      select distinct site_id from emergency_session_areas where entity_id = ${entityId} and session_id = ${sessionId}`),
  ).map((r) => r.site_id);
}

/** Whether the company has this session (whoever may join it), and whether it runs. */
export async function findSessionState(
  tx: Executor,
  entityId: string,
  sessionId: string,
  forUpdate = false,
): Promise<{ id: string; name: string; ended: boolean } | null> {
  const [row] = rowsOf<{ id: string; name: string; ended: boolean }>(
    await tx.execute(sql`
      select id, name, ended_at is not null as ended from emergency_sessions
       where entity_id = ${entityId} and id = ${sessionId} ${forUpdate ? sql`for update` : sql``}`),
  );
  return row ?? null;
}

/** Ends a running session; false when it had ended already. */
export async function endSessionRow(
  tx: Executor,
  entityId: string,
  sessionId: string,
  by: { userId: string | null; name: string | null },
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update emergency_sessions set ended_at = now(), ended_by_user_id = ${by.userId}, ended_by_name = ${by.name}
       where entity_id = ${entityId} and id = ${sessionId} and ended_at is null
      returning id`),
  );
  return rows.length > 0;
}
