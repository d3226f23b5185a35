import { describe, expect, it } from 'vitest';
import { splitInternationalPhone } from './calling-codes';

describe('splitInternationalPhone', () => {
  it('splits a number written with + or 00 into its calling code and national digits', () => {
    expect(splitInternationalPhone('+971 50 123 4567')).toEqual({ code: '971', phone: '501234567' });
    expect(splitInternationalPhone('0044 (0)20 7946 0958')).toEqual({ code: '44', phone: '2079460958' });
    expect(splitInternationalPhone('+1-202-555-0143')).toEqual({ code: '1', phone: '2025550143' });
  });
  it('reads Arabic-Indic digits', () => {
    expect(splitInternationalPhone('+٩٧١٥٠١٢٣٤٥٦٧')).toEqual({ code: '971', phone: '501234567' });
  });
  it('answers null for a national number or one with no known code', () => {
    expect(splitInternationalPhone('050 123 4567')).toBeNull();
    expect(splitInternationalPhone('+999')).toBeNull();
    expect(splitInternationalPhone('+')).toBeNull();
  });
});
