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

  it("picks a counted text's plural form by the language's rules, as the browser does", () => {
    const plural: Resources = {
      en: { errors: { kiosks_one: 'It has {{count}} kiosk.', kiosks_other: 'It has {{count}} kiosks.' } },
      ar: {
        errors: {
          kiosks_zero: 'صفر',
          kiosks_one: 'كشك واحد',
          kiosks_two: 'كشكان',
          kiosks_few: '{{count}} أكشاك',
          kiosks_many: '{{count}} كشكًا',
          kiosks_other: '{{count}} كشك',
        },
      },
      es: { errors: {} },
    };
    expect(translate(plural, 'en', 'errors:kiosks', { count: 1 })).toBe('It has 1 kiosk.');
    expect(translate(plural, 'en', 'errors:kiosks', { count: 3 })).toBe('It has 3 kiosks.');
    expect(translate(plural, 'ar', 'errors:kiosks', { count: 2 })).toBe('كشكان');
    expect(translate(plural, 'ar', 'errors:kiosks', { count: 5 })).toBe('5 أكشاك');
    expect(translate(plural, 'ar', 'errors:kiosks', { count: 0 })).toBe('صفر');
    // Spanish has none of its own: the English forms.
    expect(translate(plural, 'es', 'errors:kiosks', { count: 1 })).toBe('It has 1 kiosk.');
  });

  it("picks a text's form for its context (the gender of the field it names), else its plain text", () => {
    const gendered: Resources = {
      en: { errors: { required: '{{field}} is required.' } },
      ar: {
        errors: {
          required: 'الحقل «{{field}}» مطلوب.',
          required_male: '{{field}} مطلوب.',
          required_female: '{{field}} مطلوبة.',
          left_female_one: 'بقيت {{field}} واحدة.',
          left_female_other: 'بقيت {{count}}.',
          left: 'بقي {{count}}.',
        },
      },
      es: { errors: {} },
    };
    expect(translate(gendered, 'ar', 'errors:required', { field: 'المنطقة', context: 'female' })).toBe(
      'المنطقة مطلوبة.',
    );
    expect(translate(gendered, 'ar', 'errors:required', { field: 'الاسم', context: 'male' })).toBe('الاسم مطلوب.');
    expect(translate(gendered, 'ar', 'errors:required', { field: 'Badge' })).toBe('الحقل «Badge» مطلوب.');
    expect(translate(gendered, 'ar', 'errors:left', { field: 'زيارة', count: 1, context: 'female' })).toBe(
      'بقيت زيارة واحدة.',
    );
    expect(translate(gendered, 'ar', 'errors:left', { count: 1, context: 'male' })).toBe('بقي 1.');
    // A language without the form: its plain text; without the text: English's.
    expect(translate(gendered, 'en', 'errors:required', { field: 'Area', context: 'female' })).toBe(
      'Area is required.',
    );
    expect(translate(gendered, 'es', 'errors:required', { field: 'Área', context: 'female' })).toBe(
      'Área is required.',
    );
  });

  it('lists every dotted key', () => {
    expect(flattenKeys(resources.en.errors!)).toEqual(['a', 'nested.b']);
  });
});
