import { daysBetween, REPORT_LIMITS } from '@app/shared/reports/common';
import { addDays, parseLocalDate } from '@app/shared/compliances/validity';
import { dayRange, localDay } from '@app/shared/visits/rules';
import { AppError } from '../../lib/app-error';

/** Days a log-like report (print queue, kiosk logs) covers when its reader gives none: the last 30. */
export const RECENT_DAYS = 30;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The instants of a report's days on the company's clock: the days given, or without `to` today, and
 * without `from` the 30 days up to `to`. A range past `maxDays` is refused on `to`.
 */
export function recentDays(
  q: { from?: string; to?: string },
  timeZone: string,
  now: Date,
  maxDays: number = REPORT_LIMITS.screenRangeDays,
) {
  const to = q.to ?? localDay(now, timeZone);
  let from = q.from;
  if (!from) {
    const d = addDays(parseLocalDate(to), -(RECENT_DAYS - 1));
    from = `${d.year}-${pad(d.month)}-${pad(d.day)}`;
  }
  if (to < from) throw new AppError('validation_failed', { field: 'to', messageKey: 'report_range_order' });
  if (daysBetween(from, to) > maxDays) {
    throw new AppError('validation_failed', { field: 'to', messageKey: 'report_range_too_long' });
  }
  return { from, to, ...dayRange(from, to, timeZone) };
}
