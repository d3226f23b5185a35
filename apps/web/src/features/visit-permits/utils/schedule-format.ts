// How a permit's schedule reads on screen. Dates show as DD/MM/YYYY (spec §5, lib/dates), times as
// 24-hour HH:mm, weekdays in the reader's language with Monday first.
import { ISO_WEEKDAYS, type PermitSchedule } from '@app/shared/visit-permits/schemas';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** An ISO date (YYYY-MM-DD) as DD/MM/YYYY. */
export function formatDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** 5 January 2026 was a Monday: ISO weekday n falls on (4 + n) January 2026. */
const weekdayDate = (isoWeekday: number) => new Date(Date.UTC(2026, 0, 4 + isoWeekday));

/** The names of the ISO weekdays (1 Monday … 7 Sunday) in a language. */
export function weekdayNames(lang: string, style: 'short' | 'long' = 'short'): Record<number, string> {
  const format = new Intl.DateTimeFormat(lang, { weekday: style, timeZone: 'UTC' });
  return Object.fromEntries(ISO_WEEKDAYS.map((d) => [d, format.format(weekdayDate(d))]));
}

/** "Every day", "Weekly on Mon, Wed", "Monthly on day 31 (…)", "Once". */
export function recurrenceText(s: PermitSchedule, t: Translate, lang: string): string {
  switch (s.recurrence) {
    case 'none':
      return t('visit-permits:schedule.once');
    case 'daily':
      return t('visit-permits:schedule.daily');
    case 'weekly': {
      const names = weekdayNames(lang);
      const days = [...s.weekdays].sort((a, b) => a - b);
      if (days.join() === '1,2,3,4,5') return t('visit-permits:schedule.weekdays');
      return t('visit-permits:schedule.weekly', {
        days: days.map((d) => names[d]).join(t('visit-permits:schedule.separator')),
      });
    }
    case 'monthly': {
      const day = Number(s.start_date.slice(8, 10));
      return day > 28
        ? t('visit-permits:schedule.monthly_clamped', { day })
        : t('visit-permits:schedule.monthly', { day });
    }
  }
}

/** "07:30–18:00". */
export const hoursText = (s: Pick<PermitSchedule, 'start_time' | 'end_time'>) => `${s.start_time}–${s.end_time}`;

/** "On 05/01/2026", "From 05/01/2026", "05/01/2026 – 31/12/2026". */
export function datesText(s: PermitSchedule, t: Translate): string {
  if (s.recurrence === 'none') return t('visit-permits:schedule.on_date', { date: formatDate(s.start_date) });
  if (!s.end_date) return t('visit-permits:schedule.from_date', { date: formatDate(s.start_date) });
  return t('visit-permits:schedule.date_range', { start: formatDate(s.start_date), end: formatDate(s.end_date) });
}
