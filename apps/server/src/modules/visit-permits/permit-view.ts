// How a stored permit is shown: its schedule as the engine reads it, and the API's shapes.
import { localDateTime, periodOn, type PermitSchedule, type Recurrence } from '@app/shared/visit-permits/recurrence';
import type { SimpleVisitPermit, VisitPermit } from '@app/shared/visit-permits/schemas';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { personInScope } from '../people/person-scope';
import type { PermitRow, PermitScope, PermitWithCounts } from './visit-permits.repository';

/** The company's time zone: permits' days and times are on its clock. */

/** Today's date on the company's clock. */
export const todayOf = (ctx: AccessContext, now = Date.now()): string => localDateTime(now, companyZone(ctx)).date;

/** What the caller may see of people and user types (spec §6). */
export const scopeOf = (ctx: AccessContext): PermitScope => ({
  people: personInScope(ctx),
  userTypeIds: ctx.userTypeIds,
});

/** The database keeps times as HH:MM:SS and dates as YYYY-MM-DD. */
export const scheduleOfRow = (row: PermitRow): PermitSchedule => ({
  start_date: row.startDate,
  end_date: row.endDate,
  start_time: row.startTime.slice(0, 5),
  end_time: row.endTime.slice(0, 5),
  recurrence: row.recurrence as Recurrence,
  weekdays: row.weekdays,
});

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toSimplePermit(row: PermitRow, today: string): SimpleVisitPermit {
  const schedule = scheduleOfRow(row);
  return {
    id: row.id,
    name: row.name,
    ...schedule,
    weekdays: [...schedule.weekdays],
    period: periodOn(schedule, today),
  };
}

export const toPermitSummary = (row: PermitRow, today: string) => ({
  ...toSimplePermit(row, today),
  description: row.description,
});

export function toPermit(found: PermitWithCounts, today: string): VisitPermit {
  return {
    ...toPermitSummary(found.row, today),
    people_count: found.peopleCount,
    user_type_count: found.userTypeCount,
    outside_scope: found.outsideScope,
    created_at: iso(found.row.createdAt),
    updated_at: iso(found.row.updatedAt),
  };
}
