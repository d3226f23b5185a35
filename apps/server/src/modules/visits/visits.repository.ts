import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import {
  areas,
  attendanceReasons,
  badgePrints,
  journeys,
  people,
  sites,
  userTypes,
  visitHosts,
  visits,
} from '../../db/schema/index';

// The SQL of visits. Every function takes the entity id and puts it in the WHERE clause; `scope` is
// the admin-scope part (visitInScope) wherever visits are read or changed on someone's behalf.

export type VisitRecord = typeof visits.$inferSelect;
export type VisitInsert = typeof visits.$inferInsert;

/**
 * Spec §6: an admin limited to some sites and user types sees the visits of those sites and user
 * types only (a visit without a user type is outside a limited user-type scope). Null lists mean all.
 */
export function visitInScope(scope: { siteIds: string[] | null; userTypeIds: string[] | null }): SQL | undefined {
  const parts: SQL[] = [];
  if (scope.siteIds !== null) parts.push(scope.siteIds.length ? inArray(visits.siteId, scope.siteIds) : sql`false`);
  if (scope.userTypeIds !== null) {
    parts.push(scope.userTypeIds.length ? inArray(visits.userTypeId, scope.userTypeIds) : sql`false`);
  }
  return parts.length ? and(...parts) : undefined;
}

const lateReasons = alias(attendanceReasons, 'late_reasons');
const earlyReasons = alias(attendanceReasons, 'early_reasons');

const rowColumns = {
  visit: visits,
  person: {
    id: people.id,
    firstName: people.firstName,
    lastName: people.lastName,
    email: people.email,
    companyName: people.companyName,
    image: people.image,
    qrCode: people.qrCode,
  },
  userTypeName: userTypes.name,
  siteName: sites.name,
  areaName: areas.name,
  journeyName: journeys.name,
  journeyLogo: journeys.logo,
  lateReason: { id: lateReasons.id, name: lateReasons.name, code: lateReasons.attendanceCode },
  earlyReason: { id: earlyReasons.id, name: earlyReasons.name, code: earlyReasons.attendanceCode },
};

export function selectRows(tx: Executor) {
  return tx
    .select(rowColumns)
    .from(visits)
    .innerJoin(people, and(eq(people.entityId, visits.entityId), eq(people.id, visits.personId)))
    .innerJoin(sites, and(eq(sites.entityId, visits.entityId), eq(sites.id, visits.siteId)))
    .innerJoin(areas, and(eq(areas.entityId, visits.entityId), eq(areas.id, visits.areaId)))
    .leftJoin(userTypes, and(eq(userTypes.entityId, visits.entityId), eq(userTypes.id, visits.userTypeId)))
    .leftJoin(journeys, and(eq(journeys.entityId, visits.entityId), eq(journeys.id, visits.journeyId)))
    .leftJoin(lateReasons, and(eq(lateReasons.entityId, visits.entityId), eq(lateReasons.id, visits.lateReasonId)))
    .leftJoin(earlyReasons, and(eq(earlyReasons.entityId, visits.entityId), eq(earlyReasons.id, visits.earlyReasonId)));
}

export type VisitRow = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number];

export async function findVisitRows(tx: Executor, entityId: string, scope: SQL | undefined, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return selectRows(tx).where(and(eq(visits.entityId, entityId), inArray(visits.id, [...ids]), scope));
}

/** The hosts of visits, with names, in one query. */
export async function hostsOfVisits(tx: Executor, entityId: string, visitIds: readonly string[]) {
  if (visitIds.length === 0) return [];
  return tx
    .select({
      visitId: visitHosts.visitId,
      id: people.id,
      firstName: people.firstName,
      lastName: people.lastName,
      email: people.email,
      notifiedAt: visitHosts.notifiedAt,
    })
    .from(visitHosts)
    .innerJoin(people, and(eq(people.entityId, visitHosts.entityId), eq(people.id, visitHosts.personId)))
    .where(and(eq(visitHosts.entityId, entityId), inArray(visitHosts.visitId, [...visitIds])))
    .orderBy(asc(people.firstName), asc(people.lastName));
}

/** The sites (with their areas) and user types an admin's scope lets the logbook be filtered by. */
export async function filterOptions(
  tx: Executor,
  entityId: string,
  scope: { siteIds: string[] | null; userTypeIds: string[] | null },
) {
  const none = (ids: string[] | null) => ids !== null && ids.length === 0;
  const siteRows = none(scope.siteIds)
    ? []
    : await tx
        .select({
          siteId: sites.id,
          siteName: sites.name,
          area: { id: areas.id, name: areas.name, loginMode: areas.loginMode, active: areas.active },
        })
        .from(sites)
        .leftJoin(areas, and(eq(areas.entityId, sites.entityId), eq(areas.siteId, sites.id)))
        .where(and(eq(sites.entityId, entityId), scope.siteIds ? inArray(sites.id, scope.siteIds) : undefined))
        .orderBy(asc(sites.name), asc(sites.id), asc(areas.name), asc(areas.id));
  const typeRows = none(scope.userTypeIds)
    ? []
    : await tx
        .select({ id: userTypes.id, name: userTypes.name, parentId: userTypes.parentId })
        .from(userTypes)
        .where(
          and(
            eq(userTypes.entityId, entityId),
            scope.userTypeIds ? inArray(userTypes.id, scope.userTypeIds) : undefined,
          ),
        )
        .orderBy(asc(userTypes.name), asc(userTypes.id));
  return { siteRows, typeRows };
}

export type CountRow = {
  user_type_id: string | null;
  user_type_name: string | null;
  on_site: number;
  signed_in: number;
  expected: number;
  checked_in: number;
};

/** Today's counts per user type (spec §3 Dashboard), within the scope and the optional site or area. */
export async function dailyCounts(
  tx: Executor,
  entityId: string,
  scope: SQL | undefined,
  day: { start: Date; end: Date },
  place: { siteId?: string; areaId?: string },
): Promise<CountRow[]> {
  const start = day.start.toISOString();
  const end = day.end.toISOString();
  const inDay = (column: SQL | AnyPgColumn) =>
    sql`(${column} >= ${start}::timestamptz and ${column} < ${end}::timestamptz)`;
  const rows = await tx
    .select({
      user_type_id: visits.userTypeId,
      user_type_name: userTypes.name,
      on_site: sql<number>`count(*) filter (where ${visits.state} = 'on_site')::int`,
      signed_in: sql<number>`count(*) filter (where ${visits.state} in ('on_site', 'left') and ${inDay(visits.signedInAt)})::int`,
      expected: sql<number>`count(*) filter (where ${visits.state} = 'expected' and ${inDay(visits.expectedAt)})::int`,
      checked_in: sql<number>`count(*) filter (where ${visits.state} = 'checked_in' and ${inDay(visits.signedInAt)})::int`,
    })
    .from(visits)
    .leftJoin(userTypes, and(eq(userTypes.entityId, visits.entityId), eq(userTypes.id, visits.userTypeId)))
    .where(
      and(
        eq(visits.entityId, entityId),
        scope,
        place.siteId ? eq(visits.siteId, place.siteId) : undefined,
        place.areaId ? eq(visits.areaId, place.areaId) : undefined,
        or(
          eq(visits.state, 'on_site'),
          inDay(visits.signedInAt),
          and(eq(visits.state, 'expected'), inDay(visits.expectedAt)),
        ),
      ),
    )
    .groupBy(visits.userTypeId, userTypes.name)
    .orderBy(sql`${userTypes.name} nulls last`);
  return rows.map((r) => ({
    ...r,
    on_site: Number(r.on_site),
    signed_in: Number(r.signed_in),
    expected: Number(r.expected),
    checked_in: Number(r.checked_in),
  }));
}

/**
 * The area a sign-in happens at, within the site scope, with its site's name and, when `withFields`,
 * the custom fields asked on arrival there (check-in fields at a check-in-only area, sign-in fields
 * elsewhere) in their order: one read.
 */
export async function arrivalArea(
  tx: Executor,
  values: { entityId: string; siteIds: string[] | null; areaId: string; withFields: boolean },
) {
  const [row] = await arrivalAreaQuery(tx, { ...values, all: values.siteIds === null });
  return row ?? null;
}

type ArrivalFieldRow = {
  id: string;
  name: string;
  type: string;
  required: boolean;
  options: unknown;
  printOnBadge: boolean;
  sectionId: string;
  sectionName: string;
};

const arrivalAreaQuery = preparedQuery('arrival_area_v2', (db) =>
  db
    .select({
      area: areas,
      siteName: sites.name,
      // The site's limits (decision 054): a sign-in where neither place has one reads nothing more.
      siteCapacity: sites.capacity,
      siteDailyLimit: sites.dailyVisitorLimit,
      fields: sql<ArrivalFieldRow[] | null>`(
        select json_agg(json_build_object('id', cf.id, 'name', cf.name, 'type', cf.type, 'required', cf.required,
          'options', cf.options, 'printOnBadge', cf.print_on_badge, 'sectionId', s.id, 'sectionName', s.name)
          order by s.position, cf.position, cf.id)
        from custom_fields cf join custom_field_sections s on s.entity_id = cf.entity_id and s.id = cf.section_id
        where ${sql.placeholder('withFields')}::boolean and cf.entity_id = ${areas.entityId}
          and cf.binding = case when ${areas.loginMode} = 'checkIn_only' then 'check_in' else 'sign_in' end)`,
    })
    .from(areas)
    .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
    .where(
      and(
        eq(sites.entityId, sql.placeholder('entityId')),
        eq(areas.id, sql.placeholder('areaId')),
        sql`(${sql.placeholder('all')}::boolean or ${sites.id} = any(${sql.placeholder('siteIds')}::uuid[]))`,
      ),
    )
    .limit(1),
);

const arrivalVisitsQuery = preparedQuery('arrival_visits_v1', (db) =>
  db
    .select({ visit: visits, areaName: areas.name })
    .from(visits)
    .innerJoin(areas, and(eq(areas.entityId, visits.entityId), eq(areas.id, visits.areaId)))
    .where(
      and(
        eq(visits.entityId, sql.placeholder('entityId')),
        sql`${visits.personId} = any(${sql.placeholder('personIds')}::uuid[])`,
        or(
          eq(visits.state, 'on_site'),
          and(
            eq(visits.state, 'expected'),
            eq(visits.siteId, sql.placeholder('siteId')),
            sql`${visits.expectedAt} >= ${sql.placeholder('start')}::timestamptz`,
            sql`${visits.expectedAt} < ${sql.placeholder('end')}::timestamptz`,
          ),
        ),
      ),
    ),
);

/**
 * In one read, what decides a sign-in of these people: their visits on site now (anywhere, with the
 * area's name), and their expected visits at the site within the range, nearest to `now` first.
 */
export async function arrivalVisitsOf(
  tx: Executor,
  entityId: string,
  personIds: readonly string[],
  siteId: string,
  range: { start: Date; end: Date },
  now: Date,
) {
  if (personIds.length === 0) return { onSite: [], expected: [] };
  const rows = await arrivalVisitsQuery(tx, {
    entityId,
    personIds,
    siteId,
    start: range.start.toISOString(),
    end: range.end.toISOString(),
  });
  const distance = (v: VisitRecord) => Math.abs((v.expectedAt?.getTime() ?? 0) - now.getTime());
  return {
    onSite: rows.filter((r) => r.visit.state === 'on_site'),
    expected: rows
      .filter((r) => r.visit.state === 'expected')
      .map((r) => r.visit)
      .sort((a, b) => distance(a) - distance(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  };
}

/** Visits by id, locked for a change (two sign-outs at once do the work once). */
export async function lockVisits(tx: Executor, entityId: string, scope: SQL | undefined, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(visits)
    .where(and(eq(visits.entityId, entityId), inArray(visits.id, [...ids]), scope))
    .for('update');
}

/** On-site visits of people, optionally in one area, locked for a change. */
export async function lockOnSiteVisitsOf(
  tx: Executor,
  entityId: string,
  scope: SQL | undefined,
  personIds: readonly string[],
  areaId?: string,
) {
  if (personIds.length === 0) return [];
  return tx
    .select()
    .from(visits)
    .where(
      and(
        eq(visits.entityId, entityId),
        inArray(visits.personId, [...personIds]),
        eq(visits.state, 'on_site'),
        areaId ? eq(visits.areaId, areaId) : undefined,
        scope,
      ),
    )
    .for('update');
}

export async function insertVisits(tx: Executor, values: VisitInsert[]) {
  if (values.length === 0) return [];
  return tx.insert(visits).values(values).returning();
}

/** The columns a sign-in writes of a new visit (the others take their defaults). */
export type ArrivalInsert = Required<
  Pick<
    VisitInsert,
    | 'entityId'
    | 'id'
    | 'personId'
    | 'userTypeId'
    | 'siteId'
    | 'areaId'
    | 'journeyId'
    | 'journeyFlowId'
    | 'loginMode'
    | 'state'
    | 'signedInAt'
    | 'signInSource'
    | 'temperatureC'
    | 'mask'
    | 'overrideReason'
    | 'lateReasonId'
    | 'hostMessage'
    | 'idempotencyKey'
    | 'extra'
  >
>;

/** New visits of a sign-in; one (the usual case) through a prepared statement (db/prepared.ts). */
export async function insertArrivals(tx: Executor, values: ArrivalInsert[]) {
  if (values.length !== 1) return insertVisits(tx, values);
  const [row] = values as [ArrivalInsert];
  return insertArrivalQuery(tx, { ...row, extra: JSON.stringify(row.extra) });
}

// Bare placeholders: the values go to the driver as given (JSON as text).
const value = (name: keyof ArrivalInsert) => sql`${sql.placeholder(name)}`;
const insertArrivalQuery = preparedQuery('insert_arrival_v1', (db) =>
  db
    .insert(visits)
    .values({
      entityId: value('entityId'),
      id: value('id'),
      personId: value('personId'),
      userTypeId: value('userTypeId'),
      siteId: value('siteId'),
      areaId: value('areaId'),
      journeyId: value('journeyId'),
      journeyFlowId: value('journeyFlowId'),
      loginMode: value('loginMode'),
      state: value('state'),
      signedInAt: sql`${sql.placeholder('signedInAt')}::timestamptz`,
      signInSource: value('signInSource'),
      temperatureC: sql`${sql.placeholder('temperatureC')}::numeric`,
      mask: sql`${sql.placeholder('mask')}::boolean`,
      overrideReason: value('overrideReason'),
      lateReasonId: value('lateReasonId'),
      hostMessage: value('hostMessage'),
      idempotencyKey: value('idempotencyKey'),
      extra: sql`${sql.placeholder('extra')}::jsonb`,
    })
    .returning(),
);

export async function updateVisit(tx: Executor, entityId: string, id: string, values: Partial<VisitInsert>) {
  const [row] = await tx
    .update(visits)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(visits.entityId, entityId), eq(visits.id, id)))
    .returning();
  return row ?? null;
}

/** Signs visits out at the given moments (one statement for any number). */
export async function signOutVisits(
  tx: Executor,
  entityId: string,
  items: { id: string; at: Date; source: string; earlyReasonId?: string | null }[],
) {
  if (items.length === 0) return [];
  const values = sql.join(
    items.map(
      (i) =>
        sql`(${i.id}::uuid, ${i.at.toISOString()}::timestamptz, ${i.source}::text, ${i.earlyReasonId ?? null}::uuid)`,
    ),
    sql`, `,
  );
  const res = await tx.execute<{ id: string }>(sql`
    update visits v set state = 'left', signed_out_at = x.at, sign_out_source = x.source,
      early_reason_id = coalesce(x.reason, v.early_reason_id), updated_at = now()
    from (values ${values}) as x(id, at, source, reason)
    where v.entity_id = ${entityId}::uuid and v.id = x.id and v.state = 'on_site'
    returning v.id`);
  return (res as { rows: { id: string }[] }).rows.map((r) => r.id);
}

export async function insertVisitHosts(tx: Executor, entityId: string, rows: { visitId: string; personId: string }[]) {
  if (rows.length === 0) return;
  await tx
    .insert(visitHosts)
    .values(rows.map((r) => ({ entityId, ...r })))
    .onConflictDoNothing();
}

export async function markHostsNotified(tx: Executor, entityId: string, visitIds: string[], at: Date) {
  if (visitIds.length === 0) return;
  await tx
    .update(visitHosts)
    .set({ notifiedAt: at })
    .where(
      and(eq(visitHosts.entityId, entityId), inArray(visitHosts.visitId, visitIds), isNull(visitHosts.notifiedAt)),
    );
}

/** Holds requests with the same idempotency key one after another until this transaction ends. */
export async function lockIdempotencyKey(tx: Executor, entityId: string, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`visits.sign_in:${entityId}:${key}`}, 0))`);
}

/** Visits made by earlier requests with this idempotency key (stored as `key:personId`, one per person). */
export async function visitsByIdempotencyKey(tx: Executor, entityId: string, key: string) {
  return (
    tx
      .select({ id: visits.id, key: visits.idempotencyKey })
      .from(visits)
      // A plain comparison on the generated column: a LIKE on the key could use no index under RLS
      // (a sequential scan of every visit per keyed sign-in).
      .where(and(eq(visits.entityId, entityId), eq(visits.idempotencyRequest, key)))
  );
}

/** People on site in a site's areas or one area now, and visits of any state there. */
export async function countVisitsIn(tx: Executor, entityId: string, place: { siteId: string } | { areaId: string }) {
  const where = and(
    eq(visits.entityId, entityId),
    'siteId' in place ? eq(visits.siteId, place.siteId) : eq(visits.areaId, place.areaId),
  );
  const [row] = await tx
    .select({
      onSite: sql<number>`count(*) filter (where ${visits.state} = 'on_site')::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(visits)
    .where(where);
  return { onSite: Number(row?.onSite ?? 0), all: Number(row?.all ?? 0) };
}

/** The visits on site in an area now, locked (an area's login mode is changing). */
export async function lockOnSiteInArea(tx: Executor, entityId: string, areaId: string) {
  return tx
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.entityId, entityId), eq(visits.areaId, areaId), eq(visits.state, 'on_site')))
    .for('update');
}

export async function setNotes(tx: Executor, entityId: string, id: string, notes: string | null) {
  const [row] = await tx
    .update(visits)
    .set({ notes, updatedAt: new Date() })
    .where(and(eq(visits.entityId, entityId), eq(visits.id, id)))
    .returning({ id: visits.id });
  return row ?? null;
}

export async function insertBadgePrint(tx: Executor, values: typeof badgePrints.$inferInsert) {
  const [row] = await tx.insert(badgePrints).values(values).returning();
  return row!;
}

// ── the auto sign-out sweep (outside any one company) ────────────────────────────────────────────

/** Companies with someone on site, and their time zones. Runs as the job's own role, not a tenant. */
export async function companiesWithPeopleOnSite(db: Executor) {
  const res = await db.execute<{ entity_id: string; timezone: string }>(sql`
    select e.id as entity_id, e.timezone from entities e
    where exists (select 1 from visits v where v.entity_id = e.id and v.state = 'on_site')`);
  return (res as { rows: { entity_id: string; timezone: string }[] }).rows;
}

/**
 * On-site visits of a company that may be due: in after_24h areas signed in at least 24 hours ago,
 * in midnight areas signed in before `midnightBefore` (the start of today on the company's clock).
 */
export async function dueOnSiteVisits(tx: Executor, entityId: string, now: Date, midnightBefore: Date) {
  return tx
    .select({ id: visits.id, signedInAt: visits.signedInAt, areaId: visits.areaId, mode: areas.autoSignOut })
    .from(visits)
    .innerJoin(areas, and(eq(areas.entityId, visits.entityId), eq(areas.id, visits.areaId)))
    .where(
      and(
        eq(visits.entityId, entityId),
        eq(visits.state, 'on_site'),
        or(
          and(
            eq(areas.autoSignOut, 'after_24h'),
            lt(visits.signedInAt, new Date(now.getTime() - 24 * 60 * 60 * 1000 + 1)),
          ),
          and(eq(areas.autoSignOut, 'midnight'), lt(visits.signedInAt, midnightBefore)),
        ),
      ),
    )
    .orderBy(asc(visits.signedInAt))
    .limit(1000);
}
