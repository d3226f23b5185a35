import { describe, expect, it } from 'vitest';
import { summariseMassResult } from './mass-result';

const id = (n: number) => `0190a0b0-0000-7000-8000-${String(n).padStart(12, '0')}`;

describe('summariseMassResult', () => {
  it('counts what was done and names who was skipped and why', () => {
    const names = new Map([
      [id(1), 'Ada Acme'],
      [id(2), 'Bo Both'],
    ]);
    const summary = summariseMassResult(
      {
        done: [id(2)],
        skipped: [{ id: id(1), reason: 'default_person', message: 'Default users cannot be archived or deleted.' }],
      },
      names,
      'Someone',
    );
    expect(summary).toEqual({
      done: 1,
      skipped: [{ name: 'Ada Acme', message: 'Default users cannot be archived or deleted.' }],
      more: 0,
    });
  });

  it('names at most five skipped people and counts the rest; an unknown id still gets a name', () => {
    const skipped = Array.from({ length: 7 }, (_, n) => ({ id: id(n), reason: 'not_found' as const, message: 'Gone' }));
    const summary = summariseMassResult({ done: [], skipped }, new Map(), 'Someone');
    expect(summary.done).toBe(0);
    expect(summary.skipped).toHaveLength(5);
    expect(summary.skipped[0]).toEqual({ name: 'Someone', message: 'Gone' });
    expect(summary.more).toBe(2);
  });
});
