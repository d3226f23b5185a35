import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { deactivatedMessage } from './passport-deactivated';

const catalogue = (lang: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../../../../../packages/shared/src/i18n/${lang}/passport-sign-in.json`, import.meta.url),
      'utf8',
    ),
  ) as Record<string, unknown>;

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    resources: Object.fromEntries(['en', 'ar', 'es'].map((lang) => [lang, { 'passport-sign-in': catalogue(lang) }])),
  });
});

const say = (lang: string, days: number | null) => deactivatedMessage(i18n.getFixedT(lang), days);

describe('deactivatedMessage', () => {
  it('says today, 1 day ago or N days ago in English', () => {
    expect(say('en', 0)).toBe('Your Passport account was deactivated today. Reactivate it to continue.');
    expect(say('en', 1)).toBe('Your Passport account was deactivated 1 day ago. Reactivate it to continue.');
    expect(say('en', 2)).toBe('Your Passport account was deactivated 2 days ago. Reactivate it to continue.');
    expect(say('en', 365)).toContain('365 days ago');
  });

  it('uses the Arabic plural forms', () => {
    expect(say('ar', 0)).toContain('اليوم');
    expect(say('ar', 1)).toContain('منذ يوم واحد');
    expect(say('ar', 2)).toContain('منذ يومين');
    expect(say('ar', 3)).toContain('منذ 3 أيام');
    expect(say('ar', 10)).toContain('منذ 10 أيام');
    expect(say('ar', 11)).toContain('منذ 11 يومًا');
    expect(say('ar', 100)).toContain('منذ 100 يوم');
  });

  it('uses the Spanish forms', () => {
    expect(say('es', 0)).toContain('se desactivó hoy');
    expect(say('es', 1)).toContain('hace 1 día');
    expect(say('es', 7)).toContain('hace 7 días');
  });

  it('rounds odd day counts down and never below today', () => {
    expect(say('en', 1.9)).toContain('1 day ago');
    expect(say('en', -3)).toContain('today');
  });

  it('leaves the day out when it is not known', () => {
    expect(say('en', null)).toBe('Your Passport account is deactivated. Reactivate it to continue.');
    expect(say('ar', null)).toBe('حساب جوازك غير مفعّل. أعِد تفعيله للمتابعة.');
  });
});
