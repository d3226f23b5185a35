import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isIsoDate, isUuid } from './formats';

describe('formats', () => {
  it('takes the UUIDs z.uuid() takes, and only those', () => {
    const samples = [
      'c0ffee00-1234-4abc-8def-0123456789ab',
      'C0FFEE00-1234-7ABC-BDEF-0123456789AB',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      'c0ffee00-1234-9abc-8def-0123456789ab',
      'c0ffee00-1234-4abc-cdef-0123456789ab',
      'c0ffee00-1234-4abc-8def-0123456789a',
      'c0ffee0012344abc8def0123456789ab',
      ' c0ffee00-1234-4abc-8def-0123456789ab',
      '',
      'not-a-uuid',
    ];
    const zod = z.uuid();
    for (const sample of samples) expect(isUuid(sample), sample).toBe(zod.safeParse(sample).success);
    expect(samples.filter(isUuid)).toHaveLength(4);
    expect(isUuid(42)).toBe(false);
  });

  it('takes the days z.iso.date() takes, and only those', () => {
    const samples = [
      '2026-12-02',
      '2024-02-29',
      '2000-02-29',
      '1900-02-29',
      '2026-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-1-01',
      '2026-12-02T00:00',
      '20261202',
      '',
    ];
    const zod = z.iso.date();
    for (const sample of samples) expect(isIsoDate(sample), sample).toBe(zod.safeParse(sample).success);
    expect(samples.filter(isIsoDate)).toEqual(['2026-12-02', '2024-02-29', '2000-02-29']);
    expect(isIsoDate(null)).toBe(false);
  });
});
