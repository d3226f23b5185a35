import { describe, expect, it } from 'vitest';
import { columnLabel, otherProblems, problemCount, rowName, rowStateOf, showsPhotos } from './row-view';

describe('rowStateOf', () => {
  it('tells a waiting row with problems from one ready to import', () => {
    expect(rowStateOf({ status: 'pending', errors: {} })).toBe('ready');
    expect(rowStateOf({ status: 'pending', errors: { email: ['Email is not valid.'] } })).toBe('problems');
  });

  it('gives what the run did, or that the row was dropped', () => {
    expect(rowStateOf({ status: 'created', errors: {} })).toBe('created');
    expect(rowStateOf({ status: 'skipped', errors: { sites: ['No such site.'] } })).toBe('skipped');
    expect(rowStateOf({ status: 'dropped', errors: { email: ['Twice.'] } })).toBe('dropped');
  });
});

describe('problemCount', () => {
  it('counts every message of every column', () => {
    expect(problemCount({ errors: {} })).toBe(0);
    expect(problemCount({ errors: { email: ['a'], sites: ['b', 'c'] } })).toBe(3);
  });
});

describe('rowName', () => {
  it('joins the names the sheet gives, or says there are none', () => {
    expect(rowName({ cells: { first_name: ' Rosa ', last_name: 'Parks' } })).toBe('Rosa Parks');
    expect(rowName({ cells: { first_name: null, last_name: 'Parks' } })).toBe('Parks');
    expect(rowName({ cells: { first_name: ' ', last_name: null } })).toBeNull();
  });
});

describe('otherProblems', () => {
  const columns = [{ key: 'first_name' }, { key: 'email' }];
  it('keeps the problems of columns the grid does not show', () => {
    const row = { errors: { email: ['bad'], phone: ['no phone column'], photo: ['too small'] } };
    expect(otherProblems(row, columns, false)).toEqual(['no phone column', 'too small']);
    expect(otherProblems(row, columns, true)).toEqual(['no phone column']);
  });
});

describe('showsPhotos', () => {
  it('shows photos when the task has some or a row on the page has a photo problem', () => {
    expect(showsPhotos(0, [{ errors: {}, has_photo: false }])).toBe(false);
    expect(showsPhotos(2, [])).toBe(true);
    expect(showsPhotos(0, [{ errors: { photo: ['too small'] }, has_photo: false }])).toBe(true);
  });
});

describe('columnLabel', () => {
  it('drops the template’s required star from a header', () => {
    expect(columnLabel('First name *')).toBe('First name');
    expect(columnLabel('الاسم الأول *')).toBe('الاسم الأول');
    expect(columnLabel('Email')).toBe('Email');
    expect(columnLabel('*')).toBe('*');
  });
});
