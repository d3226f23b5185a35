import { describe, expect, it } from 'vitest';
import { cardBurst } from './card-burst';

const type = (text: string, start: number, gap: number) => {
  const reader = cardBurst();
  let at = start;
  let card: string | null = null;
  for (const key of [...text.split(''), 'Enter']) {
    card = reader.key(key, at) ?? card;
    at += gap;
  }
  return card;
};

describe('a card reader typing as a keyboard', () => {
  it('reads a fast burst ended by Enter as a card number', () => {
    expect(type('0004521337', 1000, 8)).toBe('0004521337');
  });

  it('ignores a person typing, a short burst and keys that are no card characters', () => {
    expect(type('0004521337', 1000, 180)).toBeNull();
    expect(type('123', 1000, 5)).toBeNull();
    const reader = cardBurst();
    expect(reader.key('1', 0)).toBeNull();
    expect(reader.key('2', 5)).toBeNull();
    expect(reader.key('Shift', 10)).toBeNull();
    expect(reader.key('3', 15)).toBeNull();
    expect(reader.key('4', 20)).toBeNull();
    expect(reader.key('Enter', 25)).toBeNull();
  });

  it('starts again after a pause, so a stray key before the card does not spoil it', () => {
    const reader = cardBurst();
    reader.key('x', 0);
    let at = 5000;
    for (const key of 'AB12CD34') reader.key(key, (at += 5));
    expect(reader.key('Enter', at + 5)).toBe('AB12CD34');
  });
});
