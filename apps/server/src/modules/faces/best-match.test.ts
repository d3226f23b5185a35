import { describe, expect, it } from 'vitest';
import { bestMatch } from './faces.service';

const at = (...values: number[]) => Float32Array.from(values);
const settings = { matchThreshold: 0.45, minGap: 0.05 };

describe('bestMatch', () => {
  const library = [
    { personId: 'ada', descriptor: at(0, 0) },
    { personId: 'bob', descriptor: at(1, 0) },
    { personId: 'cy', descriptor: at(0, 1) },
  ];

  it('answers the nearest person within the threshold, with the distance', () => {
    expect(bestMatch(at(0.1, 0), library, settings)).toEqual({ personId: 'ada', distance: expect.closeTo(0.1, 5) });
    expect(bestMatch(at(0.95, 0.05), library, settings)?.personId).toBe('bob');
  });

  it('answers no one beyond the threshold, or when the second is hardly farther', () => {
    expect(bestMatch(at(0.5, 0.5), library, settings)).toBeNull();
    const twins = [...library, { personId: 'ada-twin', descriptor: at(0.02, 0) }];
    expect(bestMatch(at(0.01, 0), twins, settings)).toBeNull();
  });

  it('answers no one from an empty library, and the only one of a library of one', () => {
    expect(bestMatch(at(0, 0), [], settings)).toBeNull();
    expect(bestMatch(at(0.2, 0), [library[0]!], settings)?.personId).toBe('ada');
  });
});
