import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type SelectedFields } from 'drizzle-orm/pg-core';
import type { HistorySortField } from '@app/shared/reports/history';
import type { Executor } from '../../../db/client';
import {
  afterCursor,
  afterSortKeys,
  countCapped,
  decodeCursor,
  encodeCursor,
  type CursorValue,
  type SortKey,
} from '../../../db/keyset';
import {
  areas,
  attendanceReasons,
  badgePrints,
  complianceResponses,
  compliances,
  customFields,
  journeys,
  kiosks,
  people,
  personFieldValues,
  sites,
  userTypes,
  visitHosts,
  visits,
} from '../../../db/schema/index';
import { searchFilter } from '../../people/people-list.repository';

// The History report's SQL: every visit whose activity (arrival, else expected time, else creation:
// the stored `activity_at`) falls in a range of days, with plain-comparison filters the indexes of
// migration 0030 serve under row-level security, read by keyset in any of its orders.

export type HistoryWhere = {
  start: Date;
  end: Date;
  siteId?: string;
  areaId?: string;
  userTypeId?: string;
  personId?: string;
  hostId?: string;
  stage?: string;
  state?: string;
  /** Arrived on this ISO weekday and in this hour, on the clock of `timeZone`. */
  weekday?: number;
  hour?: number;
  timeZone: string;
  signedInBy?: string;
  lateReasonId?: string;
  earlyReasonId?: string;
  field?: { id: string; value: string };
  /** The people a search found (see peopleMatching); an empty list matches nothing. */
  searchedPeople?: string[];
};

/** A search matches at most this many people: a report narrowed by name needs no more. */
export const SEARCH_PEOPLE_MAX = 1000;

/**
 * The people a search finds (by name, email or company), read first and apart, so that the visits of
 * a year are then found by person through their index rather than joined with every person.
 */
export async function peopleMatching(tx: Executor, entityId: string, search: string): Promise<string[]> {
  const rows = await tx
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.entityId, entityId), searchFilter(search, true)))
    .limit(SEARCH_PEOPLE_MAX);
  return rows.map((r) => r.id);
}

export type HistoryPageQuery = {
  page: number;
  limit: number;
  sortField: HistorySortField;
  orderBy: 'asc' | 'desc';
  cursor?: string;
};

/** A profile value equal to `value` (text compared without case; a list holding it counts). */
function fieldValueMatches(entityId: string, field: { id: string; value: string }): SQL {
  const v = personFieldValues.value;
  return sql`${visits.personId} in (
    select ${personFieldValues.personId} from ${personFieldValues}
    where ${personFieldValues.entityId} = ${entityId}::uuid and ${personFieldValues.fieldId} = ${field.id}::uuid
      and (case when jsonb_typeof(${v}) = 'array'
        then exists (select 1 from jsonb_array_elements_text(${v}) as e(x) where lower(e.x) = lower(${field.value}))
        else lower(${v} #>> '{}') = lower(${field.value}) end)
  )`;
}

/** The company, the reader's scope, the range and the filters: each a plain comparison on `visits`. */
export function historyWhere(entityId: string, scope: SQL | undefined, f: HistoryWhere): SQL {
  return and(
    eq(visits.entityId, entityId),
    scope,
    sql`${visits.activityAt} >= ${f.start.toISOString()}::timestamptz`,
    sql`${visits.activityAt} < ${f.end.toISOString()}::timestamptz`,
    f.siteId ? eq(visits.siteId, f.siteId) : undefined,
    f.areaId ? eq(visits.areaId, f.areaId) : undefined,
    f.userTypeId ? eq(visits.userTypeId, f.userTypeId) : undefined,
    f.personId ? eq(visits.personId, f.personId) : undefined,
    f.stage ? eq(visits.stage, f.stage) : undefined,
    f.state === 'arrived' ? isNotNull(visits.signedInAt) : f.state ? eq(visits.state, f.state) : undefined,
    f.weekday !== undefined
      ? sql`extract(isodow from ${visits.signedInAt} at time zone ${f.timeZone}) = ${f.weekday}`
      : undefined,
    f.hour !== undefined
      ? sql`extract(hour from ${visits.signedInAt} at time zone ${f.timeZone}) = ${f.hour}`
      : undefined,
    f.signedInBy ? eq(visits.signInSource, f.signedInBy) : undefined,
    f.lateReasonId ? eq(visits.lateReasonId, f.lateReasonId) : undefined,
    f.earlyReasonId ? eq(visits.earlyReasonId, f.earlyReasonId) : undefined,
    f.hostId
      ? sql`${visits.id} in (select ${visitHosts.visitId} from ${visitHosts} where ${visitHosts.entityId} = ${entityId}::uuid and ${visitHosts.personId} = ${f.hostId}::uuid)`
      : undefined,
    f.field ? fieldValueMatches(entityId, f.field) : undefined,
    f.searchedPeople ? (f.searchedPeople.length ? inArray(visits.personId, f.searchedPeople) : sql`false`) : undefined,
  )!;
}

const lateReasons = alias(attendanceReasons, 'late_reasons');
const earlyReasons = alias(attendanceReasons, 'early_reasons');

/** A timestamp as fixed-width UTC text to the microsecond: it casts back exactly. */
const utcText = (column: SQL | AnyPgColumn) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const duration = sql`(${visits.signedOutAt} - ${visits.signedInAt})`;

/** A sort key: its SQL, the type its cursor value casts back to, and whether it can be empty (empties go last). */
const SORTS: Record<HistorySortField, SortKey[]> = {
  activity: [{ expr: visits.activityAt, cast: 'timestamptz', nullable: false }],
  signed_in_at: [{ expr: visits.signedInAt, cast: 'timestamptz', nullable: true }],
  signed_out_at: [{ expr: visits.signedOutAt, cast: 'timestamptz', nullable: true }],
  expected_at: [{ expr: visits.expectedAt, cast: 'timestamptz', nullable: true }],
  name: [
    { expr: people.lastName, cast: 'text', nullable: false },
    { expr: people.firstName, cast: 'text', nullable: false },
  ],
  site: [
    { expr: sites.name, cast: 'text', nullable: false },
    { expr: areas.name, cast: 'text', nullable: false },
  ],
  area: [{ expr: areas.name, cast: 'text', nullable: false }],
  user_type: [{ expr: userTypes.name, cast: 'text', nullable: true }],
  state: [{ expr: visits.state, cast: 'text', nullable: false }],
  duration: [{ expr: duration, cast: 'interval', nullable: true }],
};

const keyValue = (key: SortKey) =>
  key.cast === 'timestamptz'
    ? utcText(key.expr)
    : key.cast === 'interval'
      ? sql<string | null>`(${key.expr})::text`
      : sql<string | null>`${key.expr}`;

/**
 * Rows after the cursor in an order of keys going one way (empty values last), then the id the same
 * way. A sort by activity is one row comparison (an index range); the others filter the range's rows.
 */
function afterKeys(keys: SortKey[], values: CursorValue[], dir: 'asc' | 'desc', id: string): SQL {
  if (keys.every((k) => !k.nullable) && keys.length === 1 && keys[0]!.expr === visits.activityAt) {
    return afterCursor([visits.activityAt, visits.id], [values[0] ?? null, id], ['timestamptz', 'uuid'], dir);
  }
  return afterSortKeys(keys, values, dir, { column: visits.id, value: id, dir });
}

const rowColumns = {
  id: visits.id,
  personId: visits.personId,
  firstName: people.firstName,
  lastName: people.lastName,
  email: people.email,
  companyName: people.companyName,
  userTypeId: visits.userTypeId,
  userTypeName: userTypes.name,
  siteId: visits.siteId,
  siteName: sites.name,
  areaId: visits.areaId,
  areaName: areas.name,
  state: visits.state,
  stage: visits.stage,
  expectedAt: visits.expectedAt,
  signedInAt: visits.signedInAt,
  signedOutAt: visits.signedOutAt,
  durationMinutes: sql<
    number | null
  >`floor(extract(epoch from (${visits.signedOutAt} - ${visits.signedInAt})) / 60)::int`.as('duration_minutes'),
  signInSource: visits.signInSource,
  signOutSource: visits.signOutSource,
  lateReason: { id: lateReasons.id, name: lateReasons.name, code: lateReasons.attendanceCode },
  earlyReason: { id: earlyReasons.id, name: earlyReasons.name, code: earlyReasons.attendanceCode },
  temperatureC: visits.temperatureC,
  mask: visits.mask,
  notes: visits.notes,
};

function selectRows<T extends SelectedFields>(tx: Executor, extra: T) {
  return tx
    .select({ ...rowColumns, ...extra })
    .from(visits)
    .innerJoin(people, and(eq(people.entityId, visits.entityId), eq(people.id, visits.personId)))
    .innerJoin(sites, and(eq(sites.entityId, visits.entityId), eq(sites.id, visits.siteId)))
    .innerJoin(areas, and(eq(areas.entityId, visits.entityId), eq(areas.id, visits.areaId)))
    .leftJoin(userTypes, and(eq(userTypes.entityId, visits.entityId), eq(userTypes.id, visits.userTypeId)))
    .leftJoin(lateReasons, and(eq(lateReasons.entityId, visits.entityId), eq(lateReasons.id, visits.lateReasonId)))
    .leftJoin(earlyReasons, and(eq(earlyReasons.entityId, visits.entityId), eq(earlyReasons.id, visits.earlyReasonId)));
}

export type HistoryRecord = Awaited<ReturnType<typeof findHistoryPage>>['rows'][number];

/**
 * One page of the report: after `q.cursor` when given (keyset), else at `q.page`; the cursor holds the
 * last row's sort keys as the database has them.
 */
export async function findHistoryPage(tx: Executor, entityId: string, where: SQL, q: HistoryPageQuery) {
  const keys = SORTS[q.sortField];
  const sortName = `history:${q.sortField}:${q.orderBy}`;
  const decoded = q.cursor ? decodeCursor(q.cursor, sortName, keys.length + 1) : null;
  const after = decoded ? afterKeys(keys, decoded.slice(0, -1), q.orderBy, String(decoded.at(-1))) : undefined;
  const dir = q.orderBy === 'asc' ? asc : desc;
  const found = await selectRows(tx, {
    k0: keyValue(keys[0]!).as('k0'),
    k1: (keys[1] ? keyValue(keys[1]) : sql<string | null>`null`).as('k1'),
  })
    .where(and(where, after))
    .orderBy(
      ...keys.map((k) => (k.nullable ? sql`${k.expr} ${sql.raw(q.orderBy)} nulls last` : dir(k.expr as AnyPgColumn))),
      dir(visits.id),
    )
    .limit(q.limit + 1)
    .offset(decoded ? 0 : (q.page - 1) * q.limit);
  const rows = found.slice(0, q.limit);
  const last = rows.at(-1);
  const nextCursor =
    found.length > q.limit && last
      ? encodeCursor(sortName, [...[last.k0, last.k1].slice(0, keys.length), last.id])
      : null;
  return { rows, nextCursor };
}

/** Counted along the time of the visits, as the first page reads them (an index range for any place filter). */
export const countHistory = (tx: Executor, where: SQL) =>
  countCapped(tx, sql`${visits}`, where, sql`${visits.activityAt} desc`);

/** The hosts of visits, with names, in one query. */
export async function hostsOf(tx: Executor, entityId: string, visitIds: readonly string[]) {
  if (visitIds.length === 0) return [];
  return tx
    .select({ visitId: visitHosts.visitId, id: people.id, firstName: people.firstName, lastName: people.lastName })
    .from(visitHosts)
    .innerJoin(people, and(eq(people.entityId, visitHosts.entityId), eq(people.id, visitHosts.personId)))
    .where(and(eq(visitHosts.entityId, entityId), inArray(visitHosts.visitId, [...visitIds])))
    .orderBy(asc(people.firstName), asc(people.lastName), asc(people.id));
}

const createdBy = alias(people, 'created_by');
const decidedBy = alias(people, 'decided_by');

/** One visit of the company within the scope, with what its story shows beyond a row; null when none. */
export async function findHistoryVisit(tx: Executor, entityId: string, scope: SQL | undefined, id: string) {
  const [row] = await selectRows(tx, {
    journeyId: visits.journeyId,
    journeyName: journeys.name,
    loginMode: visits.loginMode,
    createdAt: visits.createdAt,
    createdBy: { id: createdBy.id, firstName: createdBy.firstName, lastName: createdBy.lastName },
    decidedBy: { id: decidedBy.id, firstName: decidedBy.firstName, lastName: decidedBy.lastName },
    decidedAt: visits.decidedAt,
    confirmedAt: visits.confirmedAt,
    overrideReason: visits.overrideReason,
    hostMessage: visits.hostMessage,
    kiosk: { id: kiosks.id, name: kiosks.name },
    extra: visits.extra,
  })
    .leftJoin(journeys, and(eq(journeys.entityId, visits.entityId), eq(journeys.id, visits.journeyId)))
    .leftJoin(createdBy, and(eq(createdBy.entityId, visits.entityId), eq(createdBy.id, visits.createdByPersonId)))
    .leftJoin(decidedBy, and(eq(decidedBy.entityId, visits.entityId), eq(decidedBy.id, visits.decidedByPersonId)))
    .leftJoin(kiosks, and(eq(kiosks.entityId, visits.entityId), eq(kiosks.id, visits.kioskId)))
    .where(and(eq(visits.entityId, entityId), eq(visits.id, id), scope));
  return row ?? null;
}

/** The compliance answers given for a visit, oldest first. */
export function complianceAnswersOf(tx: Executor, entityId: string, visitId: string) {
  return tx
    .select({
      id: complianceResponses.id,
      complianceId: complianceResponses.complianceId,
      complianceName: compliances.name,
      status: complianceResponses.status,
      answers: complianceResponses.answers,
      notes: complianceResponses.notes,
      answeredAt: complianceResponses.answeredAt,
    })
    .from(complianceResponses)
    .innerJoin(
      compliances,
      and(eq(compliances.entityId, complianceResponses.entityId), eq(compliances.id, complianceResponses.complianceId)),
    )
    .where(and(eq(complianceResponses.entityId, entityId), eq(complianceResponses.visitId, visitId)))
    .orderBy(asc(complianceResponses.answeredAt), asc(complianceResponses.id));
}

const requester = alias(people, 'requester');

/** The badges printed for a visit, oldest first. */
export function badgePrintsOf(tx: Executor, entityId: string, visitId: string) {
  return tx
    .select({
      id: badgePrints.id,
      status: badgePrints.status,
      createdAt: badgePrints.createdAt,
      requester: { id: requester.id, firstName: requester.firstName, lastName: requester.lastName },
      kiosk: { id: kiosks.id, name: kiosks.name },
    })
    .from(badgePrints)
    .leftJoin(
      requester,
      and(eq(requester.entityId, badgePrints.entityId), eq(requester.id, badgePrints.requestedByPersonId)),
    )
    .leftJoin(kiosks, and(eq(kiosks.entityId, badgePrints.entityId), eq(kiosks.id, badgePrints.kioskId)))
    .where(and(eq(badgePrints.entityId, entityId), eq(badgePrints.visitId, visitId)))
    .orderBy(asc(badgePrints.createdAt), asc(badgePrints.id));
}

/** Custom fields by id (names and types of the values a visit holds). */
export async function fieldsById(tx: Executor, entityId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: customFields.id, name: customFields.name, type: customFields.type })
    .from(customFields)
    .where(and(eq(customFields.entityId, entityId), inArray(customFields.id, [...ids])));
}

/** What the filters offer beyond sites and user types: reasons and the profile fields. */
export async function historyOptionRows(tx: Executor, entityId: string) {
  const reasons = await tx
    .select({
      id: attendanceReasons.id,
      name: attendanceReasons.name,
      type: attendanceReasons.type,
      code: attendanceReasons.attendanceCode,
    })
    .from(attendanceReasons)
    .where(eq(attendanceReasons.entityId, entityId))
    .orderBy(asc(attendanceReasons.name), asc(attendanceReasons.id));
  const fields = await tx
    .select({ id: customFields.id, name: customFields.name, type: customFields.type, options: customFields.options })
    .from(customFields)
    .where(and(eq(customFields.entityId, entityId), eq(customFields.binding, 'profile')))
    .orderBy(asc(customFields.name), asc(customFields.id));
  return { reasons, fields };
}
