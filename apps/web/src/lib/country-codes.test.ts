import { describe, expect, it } from 'vitest';
import { CALLING_CODES, callingCodeOptions, digitsOnly } from './country-codes';

describe('digitsOnly', () => {
  it('drops letters, spaces and signs: typing letters does nothing', () => {
    expect(digitsOnly('abc')).toBe('');
    expect(digitsOnly('+971 (50) 123-4567')).toBe('971501234567');
  });

  it('reads Arabic-Indic and Persian digits as the digits they are', () => {
    expect(digitsOnly('٠٥٠١٢٣')).toBe('050123');
    expect(digitsOnly('۰۹۸')).toBe('098');
  });
});

describe('callingCodeOptions', () => {
  it('offers every code once, digits only', () => {
    const options = callingCodeOptions('en');
    const codes = options.map((o) => o.value);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(codes)).toEqual(new Set(Object.values(CALLING_CODES)));
    expect(codes.every((code) => /^\d{1,4}$/.test(code))).toBe(true);
  });

  it('names each code after its countries, main ones first', () => {
    const options = callingCodeOptions('en');
    expect(options.find((o) => o.value === '971')?.label).toBe('+971 United Arab Emirates');
    expect(options.find((o) => o.value === '1')?.label).toMatch(/^\+1 United States, Canada, /);
  });

  it('names countries in the chosen language', () => {
    expect(callingCodeOptions('es').find((o) => o.value === '34')?.label).toBe('+34 España');
    expect(callingCodeOptions('ar').find((o) => o.value === '971')?.label).toBe('+971 الإمارات العربية المتحدة');
  });
});
