import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { translate, type Catalogue } from '@app/shared/i18n/translate';
import { MATCH_FIELDS, MATCH_HOWS, type MatchReason } from '@app/shared/watchlist/match';
import {
  SCREENING_DECISIONS,
  SCREENING_OUTCOMES,
  SCREENING_WAYS,
  WATCHLIST_LEVELS,
} from '@app/shared/watchlist/schemas';
import { bidiIsolate, reasonPhrase, reasonPhrases } from './match-phrases';

const catalogue = (lang: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../../../../packages/shared/src/i18n/${lang}/watchlist.json`, import.meta.url), 'utf8'),
  ) as Catalogue;
const resources = {
  en: { watchlist: catalogue('en') },
  ar: { watchlist: catalogue('ar') },
  es: { watchlist: catalogue('es') },
};
const tIn = (lang: 'en' | 'ar') => (key: string, vars?: Record<string, string | number>) =>
  translate(resources, lang, key.includes(':') ? key : `watchlist:${key}`, vars);
const t = tIn('en');

const reason = (r: Partial<MatchReason>): MatchReason => ({
  field: 'name',
  how: 'same',
  similarity: 100,
  distance: null,
  entry_value: 'Mohammed Al-Rashid',
  subject_value: 'Mohammed Al-Rashid',
  ...r,
});

describe('a match reason as a phrase', () => {
  it('says an identical email, phone, company or name in a word', () => {
    expect(reasonPhrase(reason({ field: 'email', entry_value: 'a@x.test', subject_value: 'A@x.test' }), t)).toBe(
      'Email identical',
    );
    expect(reasonPhrase(reason({ field: 'phone' }), t)).toBe('Phone identical');
    expect(reasonPhrase(reason({ field: 'company', distance: 0 }), t)).toBe('Same company');
    expect(reasonPhrase(reason({ distance: 0 }), t)).toBe('Name identical');
  });

  it('names the alias that matched identically', () => {
    expect(reasonPhrase(reason({ field: 'alias', entry_value: 'Abu Salem' }), t)).toBe('Alias “Abu Salem” identical');
  });

  it('gives how alike two names are, both names, and how many letters apart when they are', () => {
    expect(
      reasonPhrase(
        reason({
          how: 'transliterated',
          similarity: 92,
          distance: null,
          entry_value: 'محمد الرشيد',
          subject_value: 'Mohammed Al-Rashid',
        }),
        t,
      ),
    ).toBe('Name 92% alike across scripts: “محمد الرشيد” ↔ “Mohammed Al-Rashid”');
    expect(
      reasonPhrase(
        reason({ how: 'alike', similarity: 88, distance: 2, entry_value: 'Jon Smyth', subject_value: 'John Smith' }),
        t,
      ),
    ).toBe('Name 88% alike: “Jon Smyth” ↔ “John Smith” (2 letters different)');
    expect(
      reasonPhrase(
        reason({ how: 'sounds_alike', similarity: 85, distance: 1, entry_value: 'Catrin', subject_value: 'Katrin' }),
        t,
      ),
    ).toBe('Name sounds 85% alike: “Catrin” ↔ “Katrin” (1 letter different)');
    expect(
      reasonPhrase(
        reason({
          field: 'alias',
          how: 'alike',
          similarity: 90,
          distance: 0,
          entry_value: 'Abu Salim',
          subject_value: 'Abu Salim',
        }),
        t,
      ),
    ).toBe('Alias 90% alike: “Abu Salim” ↔ “Abu Salim”');
  });

  it('keeps each name in its own direction when asked, and reads in Arabic', () => {
    const [phrase] = reasonPhrases(
      [
        reason({
          how: 'transliterated',
          similarity: 92,
          entry_value: 'محمد الرشيد',
          subject_value: 'Mohammed Al-Rashid',
        }),
      ],
      tIn('ar'),
      bidiIsolate,
    );
    expect(phrase).toBe(
      'الاسم متشابه بنسبة 92% بين أبجديتين: «\u2068محمد الرشيد\u2069» ↔ «\u2068Mohammed Al-Rashid\u2069»',
    );
    expect(
      reasonPhrase(
        reason({ how: 'alike', similarity: 81, distance: 2, entry_value: 'a', subject_value: 'b' }),
        tIn('ar'),
      ),
    ).toBe('الاسم متشابه بنسبة 81%: «a» ↔ «b» (حرفان مختلفان)');
  });
});

describe('keys built at run time', () => {
  const has = (key: string) => {
    let node: Catalogue | string | undefined = resources.en.watchlist;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' || (typeof node === 'object' && node !== null);
  };
  it('exist for every level, way, outcome, decision and reason the contracts allow', () => {
    const keys = [
      ...WATCHLIST_LEVELS.flatMap((l) => [`levels.${l}`, `level_hints.${l}`]),
      ...SCREENING_WAYS.map((w) => `ways.${w}`),
      ...SCREENING_OUTCOMES.map((o) => `outcomes.${o}`),
      ...SCREENING_DECISIONS.flatMap((d) =>
        ['action', 'for', 'title', 'intro', 'confirm', 'done'].map((group) => `decision.${group}.${d}`),
      ),
    ];
    expect(keys.filter((key) => !has(key))).toEqual([]);
    // Every reason the matcher can give reads as a phrase, never as a key.
    const phrases = MATCH_FIELDS.flatMap((field) =>
      MATCH_HOWS.map((how) => reasonPhrase(reason({ field, how, similarity: 90, distance: 1 }), t)),
    );
    expect(phrases.filter((phrase) => phrase.includes('reasons.'))).toEqual([]);
  });
});
