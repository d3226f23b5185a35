import { describe, expect, it } from 'vitest';
import { attendanceCodesHref, nextPageOf, tempPageHref, writeBackHref } from './flow-links';

const id = '0193a1b2-0000-7000-8000-000000000003';

describe('flow links', () => {
  it('goes from the errors to the duplicates when there are any, else to the valid records (spec §2)', () => {
    expect(nextPageOf('error', { duplicates: 2 })).toBe('duplicate');
    expect(nextPageOf('error', { duplicates: 0 })).toBe('valid');
    expect(nextPageOf('duplicate', { duplicates: 5 })).toBe('valid');
  });

  it('writes the temporary-users pages with their id, and from=view when opened from the view', () => {
    expect(tempPageHref('error', id)).toBe(`/integration-error?id=${id}`);
    expect(tempPageHref('duplicate', id)).toBe(`/integration-duplicate?id=${id}`);
    expect(tempPageHref('valid', id, true)).toBe(`/integration-valid?id=${id}&from=view`);
  });

  it('writes attendance codes with the name in the path, write-back with the id in the query', () => {
    expect(attendanceCodesHref(id, 'Staff & pupils')).toBe(`/attendance-codes/${id}/Staff%20%26%20pupils`);
    expect(writeBackHref(id)).toBe(`/write-back?id=${id}`);
  });
});
