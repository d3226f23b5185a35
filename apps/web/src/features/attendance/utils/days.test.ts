import { describe, expect, it } from 'vitest';
import { dayRuns, daysSummary, weekdayName, weekdayNames } from './days';

describe('weekdays', () => {
  it('names ISO weekdays in the person’s language, Monday first', () => {
    expect(weekdayName(1, 'en')).toBe('Mon');
    expect(weekdayName(7, 'en', 'long')).toBe('Sunday');
    expect(weekdayName(1, 'es', 'long')).toBe('lunes');
    expect(weekdayNames('en').map((d) => d.name)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });

  it('writes a schedule’s days as runs', () => {
    expect(dayRuns([5, 1, 2, 3, 4])).toEqual([[1, 5]]);
    expect(dayRuns([1, 3, 4, 5, 7])).toEqual([
      [1, 1],
      [3, 5],
      [7, 7],
    ]);
    expect(daysSummary([1, 2, 3, 4, 5], 'en')).toBe('Mon–Fri');
    expect(daysSummary([6, 7], 'en')).toBe('Sat–Sun');
    expect(daysSummary([1, 3, 4, 5], 'en')).toBe('Mon, Wed–Fri');
    expect(daysSummary([1, 3], 'ar')).toContain('، ');
  });
});
