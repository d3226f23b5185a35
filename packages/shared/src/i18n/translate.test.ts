import { describe, expect, it } from 'vitest';
import { flattenKeys, translate, type Resources } from './translate';

const resources: Resources = {
  en: { errors: { a: 'Hello {{name}}', nested: { b: 'B' } }, common: { c: 'C' } },
  ar: { errors: { a: 'مرحبا {{name}}' } },
  es: { errors: {} },
};

describe('translate', () => {
  it('interpolates and falls back to English, then to the key', () => {
    expect(translate(resources, 'ar', 'errors:a', { name: 'Sara' })).toBe('مرحبا Sara');
    expect(translate(resources, 'es', 'errors:a', { name: 'Ana' })).toBe('Hello Ana');
    expect(translate(resources, 'es', 'errors:nested.b')).toBe('B');
    expect(translate(resources, 'en', 'c')).toBe('C');
    expect(translate(resources, 'en', 'errors:missing')).toBe('errors:missing');
  });

  it('lists every dotted key', () => {
    expect(flattenKeys(resources.en.errors!)).toEqual(['a', 'nested.b']);
  });
});
