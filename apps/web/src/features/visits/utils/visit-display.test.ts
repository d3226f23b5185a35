import { describe, expect, it } from 'vitest';
import { fieldValueText, formatDay, formatLocalStamp, temperatureText } from './visit-display';

const words = { yes: 'Yes', no: 'No' };

describe('formatLocalStamp', () => {
  it("shows the time alone on the company's today, the date first on another day", () => {
    expect(formatLocalStamp('2026-03-04 09:05', '2026-03-04')).toEqual({
      text: '09:05',
      full: '04/03/2026 09:05',
      time: '09:05',
      date: null,
    });
    expect(formatLocalStamp('2026-03-03 23:59', '2026-03-04')).toEqual({
      text: '03/03/2026 23:59',
      full: '03/03/2026 23:59',
      time: '23:59',
      date: '03/03/2026',
    });
    expect(formatLocalStamp('not a time', '2026-03-04')).toBeNull();
  });
});

describe('fieldValueText', () => {
  it('prints lists, serialized lists, dates, switches and numbers as text', () => {
    expect(fieldValueText(['Red', 'Blue'], words)).toBe('Red, Blue');
    expect(fieldValueText('["Red","Blue"]', words)).toBe('Red, Blue');
    expect(fieldValueText('2026-03-04', words)).toBe('04/03/2026');
    expect(fieldValueText(true, words)).toBe('Yes');
    expect(fieldValueText(4, words)).toBe('4');
    expect(fieldValueText('[not json', words)).toBe('[not json');
    expect(fieldValueText(null, words)).toBe('');
    expect(fieldValueText({ a: 1 }, words)).toBe('');
  });
});

describe('small formats', () => {
  it('writes days as DD/MM/YYYY and temperatures with one decimal', () => {
    expect(formatDay('2026-12-31')).toBe('31/12/2026');
    expect(temperatureText(36.66)).toBe('36.7 °C');
  });
});
