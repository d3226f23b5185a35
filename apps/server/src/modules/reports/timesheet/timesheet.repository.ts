import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Executor } from '../../../db/client';
import { afterCursor, COUNT_CAP, type CursorValue } from '../../../db/keyset';
import {
  attendanceModes,
  attendanceReasons,
  journeyFlowAttendanceModes,
  people,
  timesheetCorrections,
  visits,
} from '../../../db/schema/index';
import type { AccessContext } from '../../access/access.types';
import { searchFilter } from '../../people/people-list.repository';
import { personInScope } from '../../people/person-scope';
import { visitInScope } from '../../visits/visits.repository';

// The timesheet's reads (issue 14 item 3). A page is a page of people, by name through the people
// name index (keyset), each kept only when it has an arrived visit current in the range (or a
// correction of a day in it); then the page's visits, modes and corrections, three reads for any page.
//
// A visit current in [start, end) began before the end and ended (or is on site) after the start.
// `activity_at` (its arrival) and `active_until` (its departure; infinity on site) are stored generated
// columns, so these are plain comparisons an index serves under row-level security; like the logbook
// (decision 022), every visit but a `long_visit` began at most a day before the range, so the index
// range on a person's visits starts a day before it.

const DAY_MS = 86_400_000;

export type TimesheetRange = { start: Date; end: Date; fromDay: string; toDay: string };

export type TimesheetViewFilters = {
  siteId?: string;
  userTypeId?: string;
  personId?: string;
  search?: string;
};

type Scope = Pick<AccessContext, 'siteIds' | 'userTypeIds'>;

/** The visits the timesheet counts, as conditions on `visits`: arrived, current in the range, in view. */
function visitWhere(entityId: string, scope: Scope, range: TimesheetRange, f: TimesheetViewFilters): SQL {
  const dayBefore = new Date(range.start.getTime() - DAY_MS).toISOString();
  return and(
    eq(visits.entityId, entityId),
    inArray(visits.state, ['on_site', 'left']),
    sql`${visits.signedInAt} is not null`,
    sql`${visits.activityAt} < ${range.end.toISOString()}::timestamptz`,
    sql`${visits.activeUntil} > ${range.start.toISOString()}::timestamptz`,
    sql`(${visits.activityAt} >= ${dayBefore}::timestamptz or ${visits.longVisit})`,
    visitInScope(scope),
    f.siteId ? eq(visits.siteId, f.siteId) : undefined,
    f.userTypeId ? eq(visits.userTypeId, f.userTypeId) : undefined,
  )!;
}

/**
 * The people of the view: with a counted visit, or (when the view is not narrowed to a site or user
 * type, which a correction does not have) with a correction in the range and within the reader's
 * people scope.
 */
function peopleWhere(entityId: string, scope: Scope, range: TimesheetRange, f: TimesheetViewFilters): SQL {
  const hasVisit = sql`exists (select 1 from ${visits} where ${visitWhere(entityId, scope, range, f)}
    and ${visits.personId} = ${people.id})`;
  const corrections = !f.siteId && !f.userTypeId;
  const inScope = personInScope(scope);
  const hasCorrection = sql`(exists (select 1 from ${timesheetCorrections}
    where ${timesheetCorrections.entityId} = ${people.entityId} and ${timesheetCorrections.personId} = ${people.id}
      and ${timesheetCorrections.day} >= ${range.fromDay}::date and ${timesheetCorrections.day} <= ${range.toDay}::date)
    ${inScope ? sql`and ${inScope}` : sql``})`;
  return and(
    eq(people.entityId, entityId),
    ne(people.status, 'anonymous'),
    f.personId ? eq(people.id, f.personId) : undefined,
    searchFilter(f.search, true),
    corrections ? sql`(${hasVisit} or ${hasCorrection})` : hasVisit,
  )!;
}

export type TimesheetPersonRow = { id: string; firstName: string; lastName: string; email: string | null };

export const personCursorValues = (p: TimesheetPersonRow): CursorValue[] => [p.lastName, p.firstName, p.id];

/** A page of the view's people by name (keyset on last name, first name, id), one more than asked. */
export async function findPeoplePage(
  tx: Executor,
  entityId: string,
  scope: Scope,
  range: TimesheetRange,
  f: TimesheetViewFilters,
  page: { limit: number; orderBy: 'asc' | 'desc'; after: CursorValue[] | null; offset?: number },
): Promise<TimesheetPersonRow[]> {
  const order = page.orderBy === 'asc' ? asc : desc;
  return tx
    .select({ id: people.id, firstName: people.firstName, lastName: people.lastName, email: people.email })
    .from(people)
    .where(
      and(
        peopleWhere(entityId, scope, range, f),
        page.after
          ? afterCursor(
              [people.lastName, people.firstName, people.id],
              page.after,
              ['text', 'text', 'uuid'],
              page.orderBy,
            )
          : undefined,
      ),
    )
    .orderBy(order(people.lastName), order(people.firstName), order(people.id))
    .limit(page.limit + 1)
    .offset(page.after ? 0 : (page.offset ?? 0));
}

/**
 * How many people the view holds (capped like every list's count), counted from the range's visits
 * (two index ranges: visits begun from a day before the range, and long visits begun earlier) and
 * corrections, never by walking the company's people.
 */
export async function countPeople(
  tx: Executor,
  entityId: string,
  scope: Scope,
  range: TimesheetRange,
  f: TimesheetViewFilters,
): Promise<{ count: number; capped: boolean }> {
  const dayBefore = new Date(range.start.getTime() - DAY_MS).toISOString();
  const searched = f.search
    ? sql`${visits.personId} in (select ${people.id} from ${people}
        where ${people.entityId} = ${entityId}::uuid and ${searchFilter(f.search, true)})`
    : undefined;
  const base = and(
    eq(visits.entityId, entityId),
    inArray(visits.state, ['on_site', 'left']),
    sql`${visits.signedInAt} is not null`,
    sql`${visits.activeUntil} > ${range.start.toISOString()}::timestamptz`,
    visitInScope(scope),
    f.siteId ? eq(visits.siteId, f.siteId) : undefined,
    f.userTypeId ? eq(visits.userTypeId, f.userTypeId) : undefined,
    f.personId ? eq(visits.personId, f.personId) : undefined,
    searched,
    // The company's anonymous record (decision 033) is nobody's timesheet.
    sql`${visits.personId} not in (select ${people.id} from ${people}
      where ${people.entityId} = ${entityId}::uuid and ${people.status} = 'anonymous')`,
  );
  const recent = and(
    base,
    sql`${visits.activityAt} >= ${dayBefore}::timestamptz`,
    sql`${visits.activityAt} < ${range.end.toISOString()}::timestamptz`,
  );
  const long = and(base, sql`${visits.longVisit}`, sql`${visits.activityAt} < ${dayBefore}::timestamptz`);
  const inScope = personInScope(scope);
  const corrected =
    !f.siteId && !f.userTypeId
      ? sql` union select ${timesheetCorrections.personId} from ${timesheetCorrections}
          where ${timesheetCorrections.entityId} = ${entityId}::uuid
            and ${timesheetCorrections.day} >= ${range.fromDay}::date and ${timesheetCorrections.day} <= ${range.toDay}::date
            ${f.personId ? sql`and ${timesheetCorrections.personId} = ${f.personId}::uuid` : sql``}
            and ${timesheetCorrections.personId} in (select ${people.id} from ${people}
              where ${and(eq(people.entityId, entityId), inScope, searchFilter(f.search, true))})`
      : sql``;
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(
      sql`select count(*)::int as n from (
        select ${visits.personId} from ${visits} where ${recent}
        union select ${visits.personId} from ${visits} where ${long}${corrected}
        limit ${COUNT_CAP + 1}) t`,
    ),
  );
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: n, capped: false };
}

const lateReasons = alias(attendanceReasons, 'late_reasons');
const earlyReasons = alias(attendanceReasons, 'early_reasons');

export type TimesheetVisitRow = {
  id: string;
  personId: string;
  journeyFlowId: string | null;
  signedInAt: Date;
  signedOutAt: Date | null;
  state: string;
  late: { id: string; name: string; code: string | null; modeId: string } | null;
  early: { id: string; name: string; code: string | null; modeId: string } | null;
};

/** The counted visits of some people over the range, by arrival. */
export async function findVisitsOf(
  tx: Executor,
  entityId: string,
  scope: Scope,
  range: TimesheetRange,
  f: TimesheetViewFilters,
  personIds: string[],
): Promise<TimesheetVisitRow[]> {
  if (personIds.length === 0) return [];
  const rows = await tx
    .select({
      id: visits.id,
      personId: visits.personId,
      journeyFlowId: visits.journeyFlowId,
      signedInAt: visits.signedInAt,
      signedOutAt: visits.signedOutAt,
      state: visits.state,
      lateId: lateReasons.id,
      lateName: lateReasons.name,
      lateCode: lateReasons.attendanceCode,
      lateMode: lateReasons.attendanceModeId,
      earlyId: earlyReasons.id,
      earlyName: earlyReasons.name,
      earlyCode: earlyReasons.attendanceCode,
      earlyMode: earlyReasons.attendanceModeId,
    })
    .from(visits)
    .leftJoin(lateReasons, and(eq(lateReasons.entityId, visits.entityId), eq(lateReasons.id, visits.lateReasonId)))
    .leftJoin(earlyReasons, and(eq(earlyReasons.entityId, visits.entityId), eq(earlyReasons.id, visits.earlyReasonId)))
    .where(and(visitWhere(entityId, scope, range, f), inArray(visits.personId, personIds)))
    .orderBy(asc(visits.personId), asc(visits.signedInAt), asc(visits.id));
  return rows.map((r) => ({
    id: r.id,
    personId: r.personId,
    journeyFlowId: r.journeyFlowId,
    signedInAt: r.signedInAt!,
    signedOutAt: r.signedOutAt,
    state: r.state,
    late: r.lateId ? { id: r.lateId, name: r.lateName!, code: r.lateCode, modeId: r.lateMode! } : null,
    early: r.earlyId ? { id: r.earlyId, name: r.earlyName!, code: r.earlyCode, modeId: r.earlyMode! } : null,
  }));
}

export type TimesheetModeRow = {
  id: string;
  name: string;
  days: number[];
  startTime: string;
  endTime: string;
};

const modeColumns = {
  id: attendanceModes.id,
  name: attendanceModes.name,
  days: attendanceModes.days,
  startTime: attendanceModes.startTime,
  endTime: attendanceModes.endTime,
};

/** The attendance modes of some journey flows, with the flow each serves. */
export async function findFlowModes(
  tx: Executor,
  entityId: string,
  flowIds: string[],
): Promise<(TimesheetModeRow & { flowId: string })[]> {
  if (flowIds.length === 0) return [];
  return tx
    .select({ flowId: journeyFlowAttendanceModes.flowId, ...modeColumns })
    .from(journeyFlowAttendanceModes)
    .innerJoin(
      attendanceModes,
      and(
        eq(attendanceModes.entityId, journeyFlowAttendanceModes.entityId),
        eq(attendanceModes.id, journeyFlowAttendanceModes.attendanceModeId),
      ),
    )
    .where(and(eq(journeyFlowAttendanceModes.entityId, entityId), inArray(journeyFlowAttendanceModes.flowId, flowIds)));
}

/** Attendance modes by id (the modes of recorded reasons). */
export async function findModes(tx: Executor, entityId: string, ids: string[]): Promise<TimesheetModeRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select(modeColumns)
    .from(attendanceModes)
    .where(and(eq(attendanceModes.entityId, entityId), inArray(attendanceModes.id, ids)));
}

const correctors = alias(people, 'correctors');

export type CorrectionRow = {
  id: string;
  personId: string;
  day: string;
  firstInAt: Date;
  lastOutAt: Date;
  minutes: number;
  reason: string;
  createdAt: Date;
  corrector: { id: string; firstName: string; lastName: string } | null;
};

/** The latest correction of each day in the range of some people (earlier ones are history). */
export async function findLatestCorrections(
  tx: Executor,
  entityId: string,
  range: TimesheetRange,
  personIds: string[],
): Promise<CorrectionRow[]> {
  if (personIds.length === 0) return [];
  const rows = await tx
    .selectDistinctOn([timesheetCorrections.personId, timesheetCorrections.day], {
      id: timesheetCorrections.id,
      personId: timesheetCorrections.personId,
      day: timesheetCorrections.day,
      firstInAt: timesheetCorrections.firstInAt,
      lastOutAt: timesheetCorrections.lastOutAt,
      minutes: timesheetCorrections.minutes,
      reason: timesheetCorrections.reason,
      createdAt: timesheetCorrections.createdAt,
      correctorId: correctors.id,
      correctorFirst: correctors.firstName,
      correctorLast: correctors.lastName,
    })
    .from(timesheetCorrections)
    .leftJoin(
      correctors,
      and(
        eq(correctors.entityId, timesheetCorrections.entityId),
        eq(correctors.id, timesheetCorrections.correctedByPersonId),
      ),
    )
    .where(
      and(
        eq(timesheetCorrections.entityId, entityId),
        inArray(timesheetCorrections.personId, personIds),
        sql`${timesheetCorrections.day} >= ${range.fromDay}::date`,
        sql`${timesheetCorrections.day} <= ${range.toDay}::date`,
      ),
    )
    .orderBy(
      asc(timesheetCorrections.personId),
      asc(timesheetCorrections.day),
      desc(timesheetCorrections.createdAt),
      desc(timesheetCorrections.id),
    );
  return rows.map((r) => ({
    id: r.id,
    personId: r.personId,
    day: r.day,
    firstInAt: r.firstInAt,
    lastOutAt: r.lastOutAt,
    minutes: r.minutes,
    reason: r.reason,
    createdAt: r.createdAt,
    corrector: r.correctorId ? { id: r.correctorId, firstName: r.correctorFirst!, lastName: r.correctorLast! } : null,
  }));
}

/** A person of the company within the reader's people scope, or undefined. */
export async function findPersonInScope(tx: Executor, entityId: string, scope: Scope, personId: string) {
  const [row] = await tx
    .select({ id: people.id, firstName: people.firstName, lastName: people.lastName })
    .from(people)
    .where(and(eq(people.entityId, entityId), eq(people.id, personId), personInScope(scope)));
  return row;
}

export type CorrectionInsert = typeof timesheetCorrections.$inferInsert;

export async function insertCorrection(tx: Executor, values: CorrectionInsert) {
  const [row] = await tx.insert(timesheetCorrections).values(values).returning();
  return row!;
}
