import { describe, expect, it } from 'vitest';
import { formatRemaining } from './format-remaining';

describe('formatRemaining', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatRemaining(15 * 60_000)).toBe('15:00');
    expect(formatRemaining(65_000)).toBe('1:05');
    expect(formatRemaining(9_000)).toBe('0:09');
  });

  it('counts a started second and never goes below zero', () => {
    expect(formatRemaining(59_001)).toBe('1:00');
    expect(formatRemaining(1)).toBe('0:01');
    expect(formatRemaining(0)).toBe('0:00');
    expect(formatRemaining(-500)).toBe('0:00');
  });
});
