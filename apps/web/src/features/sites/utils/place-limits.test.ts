import { describe, expect, it } from 'vitest';
import { isLimitValid, limitInputs, limitRange, limitValue, placeLimitErrors, placeLimits } from './place-limits';

const t = (key: string, vars?: Record<string, string | number>) => `${key} ${JSON.stringify(vars ?? {})}`;
const range = limitRange('en');

describe('a place’s limits in its form', () => {
  it('writes the range as the reader writes numbers', () => {
    expect(range).toEqual({ min: '1', max: '100,000' });
    expect(limitRange('es').max).toBe('100.000');
  });

  it('shows no limit as an empty field and sends it as null', () => {
    expect(limitInputs(null)).toEqual({ capacity: '', daily_visitor_limit: '' });
    expect(limitInputs({ capacity: 40, daily_visitor_limit: null })).toEqual({ capacity: 40, daily_visitor_limit: '' });
    expect(limitValue('')).toBeNull();
    expect(limitValue('  ')).toBeNull();
    expect(limitValue(40)).toBe(40);
    expect(limitValue('40')).toBe(40);
  });

  it('takes a whole number from 1 to 100,000, or nothing', () => {
    for (const fine of ['', 1, 40, 100_000, '250']) expect(isLimitValid(fine)).toBe(true);
    for (const wrong of [0, -3, 2.5, 100_001, '1e99', '-', '99999999999999999999'])
      expect(isLimitValid(wrong)).toBe(false);
  });

  it('files each message under its field, naming it and the range', () => {
    expect(placeLimitErrors({ capacity: 0, daily_visitor_limit: 2.5 }, range, t)).toEqual({
      capacity: 'sites:limits.capacity_invalid {"min":"1","max":"100,000"}',
      daily_visitor_limit: 'sites:limits.daily_invalid {"min":"1","max":"100,000"}',
    });
    expect(placeLimitErrors({ capacity: 10, daily_visitor_limit: '' }, range, t)).toEqual({});
  });

  it('neither checks nor sends a capacity where none is taken (a check-in-only area)', () => {
    expect(placeLimitErrors({ capacity: 0, daily_visitor_limit: 5 }, range, t, false)).toEqual({});
    expect(placeLimits({ capacity: 12, daily_visitor_limit: 5 }, false)).toEqual({
      capacity: null,
      daily_visitor_limit: 5,
    });
    expect(placeLimits({ capacity: '', daily_visitor_limit: 5 })).toEqual({ capacity: null, daily_visitor_limit: 5 });
  });
});
