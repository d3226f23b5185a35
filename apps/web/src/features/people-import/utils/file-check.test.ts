import { describe, expect, it } from 'vitest';
import { formatLimit, isolated, sheetFileProblem, zipFileProblem } from './file-check';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = 1024 * 1024;

describe('sheetFileProblem', () => {
  it('takes an .xlsx workbook of at most 2 MB', () => {
    expect(sheetFileProblem({ name: 'People.XLSX', size: 2 * MB, type: XLSX })).toBeNull();
    // Some systems give no type: the name decides then.
    expect(sheetFileProblem({ name: 'people.xlsx', size: 10, type: '' })).toBeNull();
  });

  it('refuses other sheets and files', () => {
    expect(sheetFileProblem({ name: 'people.xls', size: 10, type: 'application/vnd.ms-excel' })).toEqual({
      key: 'not_xlsx',
    });
    expect(sheetFileProblem({ name: 'people.csv', size: 10, type: 'text/csv' })).toEqual({ key: 'not_xlsx' });
    expect(sheetFileProblem({ name: 'people.xlsx', size: 10, type: 'text/html' })).toEqual({ key: 'not_xlsx' });
  });

  it('refuses a sheet over 2 MB, saying the limit', () => {
    expect(sheetFileProblem({ name: 'people.xlsx', size: 2 * MB + 1, type: XLSX })).toEqual({
      key: 'too_large',
      size: 2 * MB,
    });
  });
});

describe('zipFileProblem', () => {
  it('takes a zip of at most 50 MB', () => {
    expect(zipFileProblem({ name: 'photos.zip', size: 50 * MB, type: 'application/zip' })).toBeNull();
    expect(zipFileProblem({ name: 'photos.zip', size: 1, type: 'application/x-zip-compressed' })).toBeNull();
  });

  it('refuses anything else, or more', () => {
    expect(zipFileProblem({ name: 'photos.rar', size: 1, type: '' })).toEqual({ key: 'not_zip' });
    expect(zipFileProblem({ name: 'photos.zip', size: 50 * MB + 1, type: 'application/zip' })).toEqual({
      key: 'too_large',
      size: 50 * MB,
    });
  });
});

describe('formatLimit', () => {
  it('says a limit in megabytes, or kilobytes under one', () => {
    expect(formatLimit(2 * MB)).toBe('2 MB');
    expect(formatLimit(50 * MB)).toBe('50 MB');
    expect(formatLimit(500 * 1024)).toBe('500 KB');
  });
});

describe('isolated', () => {
  it('sets a left-to-right reading apart from the sentence around it', () => {
    expect(isolated('2 MB')).toBe('\u20662 MB\u2069');
  });
});
