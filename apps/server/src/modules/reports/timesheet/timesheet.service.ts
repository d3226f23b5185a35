import type { FastifyInstance } from 'fastify';
import { isAllowed } from '@app/shared/access/permissions';
import { addDays, parseLocalDate } from '@app/shared/compliances/validity';
import type {
  TimesheetCorrection,
  TimesheetCorrectionBody,
  TimesheetDay,
  TimesheetFilters,
  TimesheetList,
  TimesheetParams,
  TimesheetPerson,
} from '@app/shared/reports/timesheet';
import { instantOf } from '@app/shared/visit-permits/recurrence';
import { dayRange, localDay, localStamp } from '@app/shared/visits/rules';
import { withTenant, type Executor } from '../../../db/client';
import { decodeCursor, encodeCursor, type CursorValue } from '../../../db/keyset';
import { AppError, forbidden } from '../../../lib/app-error';
import { newId } from '../../../lib/ids';
import type { AccessContext } from '../../access/access.types';
import { companyZone } from '../../access/company-zone';
import { writeAudit } from '../../audit/audit.repository';
import { fullName } from '../../people/person-view';
import {
  countPeople,
  findFlowModes,
  findLatestCorrections,
  findModes,
  findPeoplePage,
  findPersonInScope,
  findVisitsOf,
  insertCorrection,
  personCursorValues,
  type TimesheetModeRow,
  type TimesheetRange,
  type TimesheetViewFilters,
} from './timesheet.repository';
import { personDays } from './timesheet-days';

const MINUTE_MS = 60_000;

const rangeOf = (from: string, to: string, timeZone: string): TimesheetRange => ({
  ...dayRange(from, to, timeZone),
  fromDay: from,
  toDay: to,
});

const viewOf = (f: {
  site_id?: string;
  user_type_id?: string;
  person_id?: string;
  search?: string;
}): TimesheetViewFilters => ({
  siteId: f.site_id,
  userTypeId: f.user_type_id,
  personId: f.person_id,
  search: f.search || undefined,
});

const cursorSort = (f: Pick<TimesheetFilters, 'sortField' | 'orderBy'>) => `${f.sortField}:${f.orderBy}`;

type PeoplePage = { people: TimesheetPerson[]; next: CursorValue[] | null };

/**
 * A page of the view's people with their days: four reads (people, visits, modes, corrections) for any
 * page, inside the caller's tenant transaction.
 */
async function readPage(
  tx: Executor,
  ctx: AccessContext,
  filters: TimesheetFilters,
  page: { limit: number; after: CursorValue[] | null; offset?: number },
  now: Date,
): Promise<PeoplePage> {
  const timeZone = companyZone(ctx);
  const range = rangeOf(filters.from, filters.to, timeZone);
  const view = viewOf(filters);
  const rows = await findPeoplePage(tx, ctx.entityId, ctx, range, view, { ...page, orderBy: filters.orderBy });
  const pagePeople = rows.slice(0, page.limit);
  const ids = pagePeople.map((p) => p.id);
  const visits = await findVisitsOf(tx, ctx.entityId, ctx, range, view, ids);
  const flowIds = [...new Set(visits.flatMap((v) => (v.journeyFlowId ? [v.journeyFlowId] : [])))];
  const flowModes = await findFlowModes(tx, ctx.entityId, flowIds);
  const reasonModeIds = [...new Set(visits.flatMap((v) => [v.late?.modeId, v.early?.modeId].filter(isString)))];
  const reasonModes = await findModes(tx, ctx.entityId, reasonModeIds);
  const corrections = await findLatestCorrections(tx, ctx.entityId, range, ids);

  const modesById = new Map<string, TimesheetModeRow>();
  for (const m of [...flowModes, ...reasonModes]) modesById.set(m.id, m);
  const modesByFlow = new Map<string, TimesheetModeRow[]>();
  for (const m of flowModes) modesByFlow.set(m.flowId, [...(modesByFlow.get(m.flowId) ?? []), m]);

  const people = pagePeople.map((p): TimesheetPerson => {
    const { days, totals } = personDays({
      visits: visits.filter((v) => v.personId === p.id),
      corrections: corrections.filter((c) => c.personId === p.id),
      modesById,
      modesByFlow,
      timeZone,
      range,
      now,
    });
    return { person: { id: p.id, full_name: fullName(p), email: p.email }, days, totals };
  });
  const last = pagePeople[pagePeople.length - 1];
  return { people, next: rows.length > page.limit && last ? personCursorValues(last) : null };
}

const isString = (v: string | undefined): v is string => typeof v === 'string';

const inTenant = <T>(app: FastifyInstance, ctx: AccessContext, fn: (tx: Executor) => Promise<T>) =>
  withTenant(app.db.db, ctx.entityId, fn);

/** GET /reports/timesheet. */
export async function getTimesheet(
  app: FastifyInstance,
  ctx: AccessContext,
  q: TimesheetParams,
): Promise<TimesheetList> {
  const { limit, cursor, page: pageNumber, ...filters } = q;
  const sort = cursorSort(filters);
  const after = cursor ? decodeCursor(cursor, sort, 3) : null;
  const timeZone = companyZone(ctx);
  // Days still on site count up to this instant, which the answer gives so a screen can count on.
  const now = new Date();
  return inTenant(app, ctx, async (tx) => {
    // A page jumped to by its number (no cursor) skips the people before it; following pages use the cursor.
    const offset = after ? 0 : (pageNumber - 1) * limit;
    const page = await readPage(tx, ctx, filters, { limit, after, offset }, now);
    const { count, capped } = await countPeople(
      tx,
      ctx.entityId,
      ctx,
      rangeOf(filters.from, filters.to, timeZone),
      viewOf(filters),
    );
    return {
      data: page.people,
      count,
      count_capped: capped,
      next_cursor: page.next ? encodeCursor(sort, page.next) : null,
      timezone: timeZone,
      as_of: now.toISOString(),
    };
  });
}

/**
 * Every person of the view with their days, a page of people at a time, each page in its own short
 * tenant transaction (what an export reads).
 */
export async function* timesheetPages(
  app: FastifyInstance,
  ctx: AccessContext,
  filters: TimesheetFilters,
  batchSize: number,
): AsyncGenerator<TimesheetPerson[]> {
  let after: CursorValue[] | null = null;
  const now = new Date();
  do {
    const page: PeoplePage = await inTenant(app, ctx, (tx) =>
      readPage(tx, ctx, filters, { limit: batchSize, after }, now),
    );
    if (page.people.length) yield page.people;
    after = page.next;
  } while (after);
}

const figures = (d: TimesheetDay | undefined) =>
  d ? { first_in: d.first_in?.at ?? null, last_out: d.last_out?.at ?? null, minutes: d.minutes } : null;

/**
 * POST /reports/timesheet/corrections: a person's day as it should read. Reading the report is not
 * enough: correcting it changes a person's record, so it also needs the `users` permission (the role
 * "employee with reporting" reads reports and nothing else).
 */
export async function correctDay(
  app: FastifyInstance,
  ctx: AccessContext,
  body: TimesheetCorrectionBody & { last_out_next_day: boolean },
): Promise<TimesheetCorrection> {
  if (!isAllowed(ctx.permissions, 'users')) throw forbidden();
  const timeZone = companyZone(ctx);
  const now = new Date();
  if (body.day > localDay(now, timeZone)) {
    throw new AppError('rule_violation', { field: 'day', messageKey: 'timesheet_day_in_future' });
  }
  const outDay = body.last_out_next_day
    ? (() => {
        const d = addDays(parseLocalDate(body.day), 1);
        return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
      })()
    : body.day;
  const firstIn = new Date(instantOf(body.day, body.first_in, timeZone, 'first'));
  const lastOut = new Date(instantOf(outDay, body.last_out, timeZone, 'last'));
  if (lastOut <= firstIn) {
    throw new AppError('rule_violation', { field: 'last_out', messageKey: 'timesheet_last_out_before_first_in' });
  }
  if (lastOut > now) {
    throw new AppError('rule_violation', { field: 'last_out', messageKey: 'timesheet_last_out_in_future' });
  }
  const minutes = Math.floor((lastOut.getTime() - firstIn.getTime()) / MINUTE_MS);
  const reason = body.reason.trim();

  return inTenant(app, ctx, async (tx) => {
    const person = await findPersonInScope(tx, ctx.entityId, ctx, body.person_id);
    if (!person) {
      throw new AppError('rule_violation', { field: 'person_id', messageKey: 'timesheet_person_not_available' });
    }
    // The day as it read before: what the audit row keeps as "before".
    const before = await readPage(
      tx,
      ctx,
      { from: body.day, to: body.day, person_id: person.id, sortField: 'name', orderBy: 'asc' },
      { limit: 1, after: null },
      now,
    );
    const actor = ctx.actor.kind === 'user' ? ctx.actor : null;
    const row = await insertCorrection(tx, {
      entityId: ctx.entityId,
      id: newId(),
      personId: person.id,
      day: body.day,
      firstInAt: firstIn,
      lastOutAt: lastOut,
      minutes,
      reason,
      correctedByPersonId: actor?.personId ?? null,
    });
    const after = { day: body.day, first_in: firstIn.toISOString(), last_out: lastOut.toISOString(), minutes, reason };
    await writeAudit(tx, ctx, {
      action: 'timesheet.correct',
      targetType: 'person',
      targetId: person.id,
      before: { day: body.day, ...figures(before.people[0]?.days.find((d) => d.day === body.day)) },
      after,
    });
    return {
      id: row.id,
      person_id: person.id,
      day: body.day,
      first_in: { at: firstIn.toISOString(), local: localStamp(firstIn, timeZone) },
      last_out: { at: lastOut.toISOString(), local: localStamp(lastOut, timeZone) },
      minutes,
      reason,
      corrected_by: actor?.personId && actor.personName ? { id: actor.personId, full_name: actor.personName } : null,
      corrected_at: row.createdAt.toISOString(),
    };
  });
}
