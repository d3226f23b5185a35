import { describe, expect, it } from 'vitest';
import { matchEntry, compareNames } from './match';
import { emailKey, nameKeys, phoneKey, trigramSimilarity } from './name-keys';

const entry = (full_name: string, extra: Partial<Parameters<typeof matchEntry>[1]> = {}) => ({
  full_name,
  aliases: [],
  email: null,
  phone: null,
  company_name: null,
  ...extra,
});
const score = (subject: string, name: string) => matchEntry({ name: subject }, entry(name))?.score ?? 0;

describe('name keys', () => {
  it('spells Arabic and Latin names to one skeleton', () => {
    for (const [a, b] of [
      ['محمد', 'Mohammed'],
      ['محمد', 'Muhammad'],
      ['أحمد', 'Ahmed'],
      ['خالد', 'Khaled'],
      ['عبدالله', 'Abdullah'],
      ['فاطمة', 'Fatima'],
      ['عمر', 'Omar'],
      ['حسين', 'Hussein'],
      ['يوسف', 'Youssef'],
      ['الرشيد', 'Al-Rashid'],
      ['شريف', 'Sharif'],
    ]) {
      expect(nameKeys(a!).skeleton, `${a} / ${b}`).toBe(nameKeys(b!).skeleton);
    }
    expect(nameKeys('Zoë Ångström').plain).toBe('zoe angstrom');
    expect(nameKeys('مُحَمَّد').skeleton).toBe('mhmd');
  });

  it('computes pg_trgm similarity', () => {
    expect(trigramSimilarity('word', 'two words')).toBeCloseTo(4 / 11, 5);
    expect(trigramSimilarity('abc', 'abc')).toBe(1);
    expect(trigramSimilarity('', 'abc')).toBe(0);
  });

  it('keys contacts the way a mailbox and a line are reached', () => {
    expect(emailKey('J.Smith+promo@GMail.com')).toBe('jsmith@gmail.com');
    expect(emailKey('not an address')).toBeNull();
    expect(phoneKey('+971 50 123 4567')).toBe(phoneKey('0501234567'));
    expect(phoneKey('12345')).toBeNull();
  });
});

describe('matching an entry', () => {
  it('scores known pairs in Arabic and Latin script', () => {
    expect(score('Mohammed Al-Rashid', 'محمد الرشيد')).toBeGreaterThanOrEqual(90);
    expect(score('Muhammad Ali', 'Mohammed Ali')).toBeGreaterThanOrEqual(80);
    expect(score('Jon Smith', 'John Smith')).toBeGreaterThanOrEqual(80);
    expect(score('John Smith', 'John Smith')).toBe(100);
    expect(score('Youssef Khaled', 'يوسف خالد')).toBeGreaterThanOrEqual(90);
    expect(score('Ada Lovelace', 'John Smith')).toBe(0);
    expect(score('Maria Garcia', 'محمد الرشيد')).toBe(0);
    expect(score('Fatima Zahra', 'Fatma Zahra')).toBeGreaterThanOrEqual(80);
    expect(score('Peter Parker', 'Peter Pan')).toBe(0);
    // Different names with the same consonants: alike as they sound, not enough on their own.
    expect(score('Ali Hassan', 'Ola Hussein')).toBe(0);
    expect(matchEntry({ name: 'Ali Hassan' }, entry('Ola Hussein'), 60)?.reasons[0]?.how).toBe('sounds_alike');
  });

  it('explains each reason and how alike', () => {
    const m = matchEntry(
      { name: 'Mohamed Rashid', email: 'M.Rashid@example.com', company: 'Acme' },
      entry('محمد الرشيد', { aliases: ['Mo Rashid'], email: 'm.rashid@example.com', company_name: 'ACME' }),
    )!;
    expect(m.score).toBe(100);
    expect(m.reasons.map((r) => [r.field, r.how])).toEqual([
      ['email', 'same'],
      ['name', 'transliterated'],
      ['company', 'same'],
    ]);
    const alias = matchEntry({ name: 'Mo Rashid' }, entry('Someone Else', { aliases: ['Mo Rashid'] }))!;
    expect(alias.reasons[0]).toMatchObject({ field: 'alias', how: 'same', similarity: 100, distance: 0 });
  });

  it('follows the threshold', () => {
    const pair = compareNames(nameKeys('Jon Smith'), nameKeys('John Smith'))!;
    const s = Math.round(pair.similarity * 100);
    expect(matchEntry({ name: 'Jon Smith' }, entry('John Smith'), s)).not.toBeNull();
    expect(matchEntry({ name: 'Jon Smith' }, entry('John Smith'), s + 1)).toBeNull();
  });
});
