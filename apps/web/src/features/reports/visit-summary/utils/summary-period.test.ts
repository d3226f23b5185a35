import { describe, expect, it } from 'vitest';
import { historyHref, periodRange, summaryPageFiltersSchema, summaryQuery } from './summary-period';

// Friday 27 November 2026, noon on this machine's clock.
const now = new Date(2026, 10, 27, 12);

describe('the visit summary period', () => {
  it('covers the calendar week, month or year holding today', () => {
    expect(periodRange({ period: 'week' }, now)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodRange({ period: 'month' }, now)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodRange({ period: 'year' }, now)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(periodRange({ period: 'week' }, new Date(2026, 10, 29, 12))).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
    expect(periodRange({ period: 'month' }, new Date(2028, 1, 10))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('takes chosen days in order, at most a year', () => {
    expect(periodRange({ period: 'custom', from: '2026-03-08', to: '2026-03-02' }, now)).toEqual({
      from: '2026-03-02',
      to: '2026-03-08',
    });
    expect(periodRange({ period: 'custom', from: '2026-03-02' }, now)).toEqual({
      from: '2026-03-02',
      to: '2026-03-02',
    });
    expect(periodRange({ period: 'custom', from: '2024-01-01', to: '2026-01-01' }, now).to).toBe('2025-01-01');
  });

  it('defaults to this month and keeps the filters in the query', () => {
    const filters = summaryPageFiltersSchema.parse({ site_id: '01a21b84-5396-7dec-929a-a60d1191d877' });
    expect(summaryQuery(filters, now)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      site_id: '01a21b84-5396-7dec-929a-a60d1191d877',
    });
  });

  it("opens History with the view's and the figure's filters", () => {
    expect(historyHref({ from: '2026-11-01', to: '2026-11-30' }, { from: '2026-11-05', to: '2026-11-05' })).toBe(
      '/reporting/history?from=2026-11-05&state=arrived&to=2026-11-05',
    );
    expect(historyHref({ from: '2026-11-01', to: '2026-11-30', user_type_id: 'u' }, { late_reason_id: 'r' })).toBe(
      '/reporting/history?from=2026-11-01&late_reason_id=r&state=arrived&to=2026-11-30&user_type_id=u',
    );
    expect(historyHref({ from: '2026-11-01', to: '2026-11-30' }, { weekday: '1', hour: '9' })).toBe(
      '/reporting/history?from=2026-11-01&hour=9&state=arrived&to=2026-11-30&weekday=1',
    );
    expect(historyHref({ from: '2026-11-01', to: '2026-11-30' }, { state: 'expected' })).toBe(
      '/reporting/history?from=2026-11-01&state=expected&to=2026-11-30',
    );
  });
});
