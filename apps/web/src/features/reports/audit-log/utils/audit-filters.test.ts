import { describe, expect, it } from 'vitest';
import { changedFields } from './audit-filters';

describe('a change as rows of fields', () => {
  it('lists each field of the values before and after, marking those that changed', () => {
    expect(changedFields({ name: 'HQ', open: true }, { name: 'House', open: true, tags: ['a'] }, 'value')).toEqual([
      { field: 'name', before: 'HQ', after: 'House', changed: true },
      { field: 'open', before: 'true', after: 'true', changed: false },
      { field: 'tags', before: null, after: '["a"]', changed: true },
    ]);
  });

  it('shows a created or deleted record’s fields on one side, a plain value as one row, nothing as none', () => {
    expect(changedFields(null, { name: 'HQ' }, 'value')).toEqual([
      { field: 'name', before: null, after: 'HQ', changed: true },
    ]);
    expect(changedFields(3, 4, 'value')).toEqual([{ field: 'value', before: '3', after: '4', changed: true }]);
    expect(changedFields(null, null, 'value')).toEqual([]);
  });
});
