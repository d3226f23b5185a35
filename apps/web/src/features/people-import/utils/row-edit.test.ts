import { describe, expect, it } from 'vitest';
import { rowEditBody, rowEditRefusal, rowEditValues } from './row-edit';

const columns = [{ key: 'first_name' }, { key: 'email' }, { key: 'sites' }, { key: 'custom_fields.0193' }];
const row = { cells: { first_name: 'Ada', email: 'ada@example', sites: null, 'custom_fields.0193': 'M' } };

describe('rowEditValues', () => {
  it('gives every column of the sheet its text, an empty cell as empty', () => {
    expect(rowEditValues(row, columns)).toEqual({
      first_name: 'Ada',
      email: 'ada@example',
      sites: '',
      'custom_fields.0193': 'M',
    });
    expect(rowEditValues({ cells: {} }, [{ key: 'phone' }])).toEqual({ phone: '' });
  });
});

describe('rowEditBody', () => {
  it('sends only the cells that changed, as typed', () => {
    const values = { ...rowEditValues(row, columns), email: 'ada@example.com', sites: 'HQ; Branch' };
    expect(rowEditBody(row, values)).toEqual({ cells: { email: 'ada@example.com', sites: 'HQ; Branch' } });
  });

  it('sends a cleared cell as null', () => {
    expect(rowEditBody(row, { ...rowEditValues(row, columns), 'custom_fields.0193': '  ' })).toEqual({
      cells: { 'custom_fields.0193': null },
    });
  });

  it('sends nothing when nothing changed, spaces around a value or a blank empty cell included', () => {
    expect(rowEditBody(row, rowEditValues(row, columns))).toBeNull();
    expect(rowEditBody(row, { ...rowEditValues(row, columns), first_name: ' Ada ', sites: ' ' })).toBeNull();
  });

  it('sends a value typed into a column the row had no cell for', () => {
    expect(rowEditBody({ cells: {} }, { phone: '7700 900 001' })).toEqual({ cells: { phone: '7700 900 001' } });
  });
});

describe('rowEditRefusal', () => {
  it('files a message naming a cell under that cell, and the rest as the editor’s', () => {
    expect(
      rowEditRefusal({ 'cells.custom_fields.0193': ['Unknown column.'], id: ['This import has been queued.'] }, 'x'),
    ).toEqual({ cells: { 'custom_fields.0193': 'Unknown column.' }, other: 'This import has been queued.' });
  });

  it('falls back on the message when no field is named', () => {
    expect(rowEditRefusal({}, 'This row is no longer waiting.')).toEqual({
      cells: {},
      other: 'This row is no longer waiting.',
    });
    expect(rowEditRefusal({ 'cells.email': ['Bad'] }, 'Bad')).toEqual({ cells: { email: 'Bad' }, other: null });
  });
});
