import { describe, expect, it } from 'vitest';
import { bidiLevels, visualPieces } from './pdf-bidi';

const drawn = (text: string, dir: 'ltr' | 'rtl') =>
  visualPieces(text, dir)
    .map((p) => (p.space ? ' ' : p.text))
    .join('');

describe('a line in drawing order', () => {
  it('leaves left-to-right text as it is, word by word', () => {
    expect(visualPieces('John Smith', 'ltr')).toEqual([
      { text: 'John', space: false },
      { text: ' ', space: true },
      { text: 'Smith', space: false },
    ]);
    expect(drawn('Started 2026-11-27 09:00 by Omar', 'ltr')).toBe('Started 2026-11-27 09:00 by Omar');
  });

  it('puts Arabic words right to left, each kept in logical order for the font engine to shape and turn', () => {
    expect(drawn('تقرير نداء الأسماء', 'rtl')).toBe('الأسماء نداء تقرير');
    // Arabic inside a left-to-right line: its words right to left, in place.
    expect(drawn('Areas: الاستقبال الرئيسي, Dock', 'ltr')).toBe('Areas: الرئيسي الاستقبال, Dock');
  });

  it('keeps numbers and Latin runs left to right inside Arabic, and mirrors brackets', () => {
    expect(drawn('تمرين الحريق 3 (Building A)', 'rtl')).toBe('(Building A) 3 الحريق تمرين');
    expect(drawn('بدأت 2026-11-27 09:00 بواسطة Omar Haddad', 'rtl')).toBe('Omar Haddad بواسطة 09:00 2026-11-27 بدأت');
    // A bracket inside right-to-left text is mirrored before the engine turns the word.
    expect(visualPieces('(محمد)', 'rtl')).toEqual([{ text: ')محمد(', space: false }]);
    // Neutrals alone inside right-to-left text are turned here.
    expect(drawn('أ :) ب', 'rtl')).toBe('ب (: أ');
  });

  it('gives numbers between digits their joiners', () => {
    expect(bidiLevels([...'ع 10:45'], 'rtl')).toEqual([1, 1, 2, 2, 2, 2, 2]);
    expect(bidiLevels([...'a 10:45'], 'ltr')).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});
