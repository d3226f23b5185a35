import { describe, expect, it } from 'vitest';
import { applyDocumentLanguage, hasLanguage, kioskLanguage, loadLanguage, translatorFor } from './i18n';

describe('the kiosk’s words', () => {
  it('reads its own catalogue by default and another namespace by name, with variables', () => {
    const t = translatorFor('en');
    expect(t('welcome.sign_in')).toBe('Sign in');
    expect(t('welcome.fallback', { company: 'Acme' })).toBe('Welcome to Acme');
    expect(t('kiosk-flow:next')).toBe('Continue');
  });

  it('speaks English until a language’s catalogues are loaded, then that language', async () => {
    expect(hasLanguage('es')).toBe(false);
    expect(translatorFor('es')('welcome.sign_out')).toBe('Sign out');
    await loadLanguage('es');
    expect(hasLanguage('es')).toBe(true);
    expect(translatorFor('es')('welcome.sign_out')).toBe('Registrar salida');
    await loadLanguage('ar');
    expect(translatorFor('ar')('welcome.sign_in')).toBe('تسجيل الدخول');
  });

  it('starts in the tablet’s first language it speaks, else English', () => {
    expect(kioskLanguage(['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(kioskLanguage(['AR'])).toBe('ar');
    expect(kioskLanguage(['de'])).toBe('en');
    expect(kioskLanguage([])).toBe('en');
  });

  it('sets lang and dir on the document', () => {
    const doc = { documentElement: { lang: '', dir: '' } } as unknown as Document;
    applyDocumentLanguage('ar', doc);
    expect(doc.documentElement).toMatchObject({ lang: 'ar', dir: 'rtl' });
    applyDocumentLanguage('es', doc);
    expect(doc.documentElement).toMatchObject({ lang: 'es', dir: 'ltr' });
  });
});
