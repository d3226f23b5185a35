import { describe, expect, it } from 'vitest';
import type { PermitSchedule } from '@app/shared/visit-permits/schemas';
import { datesText, formatDate, hoursText, recurrenceText, weekdayNames } from './schedule-format';

// A stand-in for i18next that shows the key and its values, so the tests read what is chosen.
const t = (key: string, vars: Record<string, string | number> = {}) =>
  key === 'visit-permits:schedule.separator'
    ? ', '
    : `${key.replace('visit-permits:schedule.', '')}${Object.keys(vars).length ? ` ${JSON.stringify(vars)}` : ''}`;

const schedule = (over: Partial<PermitSchedule>): PermitSchedule => ({
  start_date: '2026-01-05',
  end_date: null,
  start_time: '07:30',
  end_time: '18:00',
  recurrence: 'daily',
  weekdays: [],
  ...over,
});

describe('schedule text', () => {
  it('writes dates as DD/MM/YYYY', () => {
    expect(formatDate('2026-01-05')).toBe('05/01/2026');
    expect(datesText(schedule({}), t)).toBe('from_date {"date":"05/01/2026"}');
    expect(datesText(schedule({ end_date: '2026-12-31' }), t)).toBe(
      'date_range {"start":"05/01/2026","end":"31/12/2026"}',
    );
    expect(datesText(schedule({ recurrence: 'none', end_date: '2026-12-31' }), t)).toBe(
      'on_date {"date":"05/01/2026"}',
    );
  });

  it("names weekdays Monday first in the reader's language", () => {
    expect(Object.values(weekdayNames('en'))).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdayNames('es', 'long')[1]).toBe('lunes');
    expect(weekdayNames('ar', 'long')[5]).toBe('الجمعة');
  });

  it('says how a permit repeats', () => {
    expect(recurrenceText(schedule({ recurrence: 'weekly', weekdays: [5, 1, 3] }), t, 'en')).toBe(
      'weekly {"days":"Mon, Wed, Fri"}',
    );
    expect(recurrenceText(schedule({ recurrence: 'weekly', weekdays: [1, 2, 3, 4, 5] }), t, 'en')).toBe('weekdays');
    expect(recurrenceText(schedule({ recurrence: 'monthly', start_date: '2026-01-15' }), t, 'en')).toBe(
      'monthly {"day":15}',
    );
    // Days some months lack fall on the month's last day: the text says so.
    expect(recurrenceText(schedule({ recurrence: 'monthly', start_date: '2026-01-31' }), t, 'en')).toBe(
      'monthly_clamped {"day":31}',
    );
    expect(recurrenceText(schedule({ recurrence: 'none' }), t, 'en')).toBe('once');
    expect(hoursText(schedule({}))).toBe('07:30–18:00');
  });
});
