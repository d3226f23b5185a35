import { describe, expect, it } from 'vitest';
import { isRightToLeft, pickLanguage } from './i18n';

describe('pickLanguage', () => {
  it('keeps the language chosen in this browser', () => {
    expect(pickLanguage('ar', ['es-ES', 'en'])).toBe('ar');
  });

  it('otherwise takes the first browser language the passport speaks, by its base tag', () => {
    expect(pickLanguage(null, ['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(pickLanguage('klingon', ['AR-eg'])).toBe('ar');
  });

  it('falls back to English', () => {
    expect(pickLanguage(undefined, ['de-DE', 'fr'])).toBe('en');
    expect(pickLanguage(null, [])).toBe('en');
  });
});

describe('isRightToLeft', () => {
  it('is true for Arabic only', () => {
    expect(isRightToLeft('ar')).toBe(true);
    expect(isRightToLeft('en')).toBe(false);
    expect(isRightToLeft('es')).toBe(false);
  });
});
