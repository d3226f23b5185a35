import { describe, expect, it } from 'vitest';
import { descriptorFromText, descriptorToText, FACE_DESCRIPTOR_LENGTH, FaceMatcher } from './face-matcher';

/** A descriptor with its first values given, the rest 0. */
const at = (...values: number[]) => {
  const d = new Float32Array(FACE_DESCRIPTOR_LENGTH);
  d.set(values);
  return d;
};
const settings = { matchThreshold: 0.45, minGap: 0.05 };

describe('FaceMatcher', () => {
  const library = [
    { id: 'ada', descriptor: at(0, 0) },
    { id: 'bob', descriptor: at(1, 0) },
    { id: 'cy', descriptor: at(0, 1) },
  ];
  const matcher = new FaceMatcher(library);

  it('answers the nearest person within the threshold, with the distance', () => {
    expect(matcher.match(at(0.1, 0), settings)).toEqual({ id: 'ada', distance: expect.closeTo(0.1, 5) });
    expect(matcher.match(at(0.95, 0.05), settings)?.id).toBe('bob');
  });

  it('answers no one beyond the threshold, or when the second is hardly farther', () => {
    expect(matcher.match(at(0.5, 0.5), settings)).toBeNull();
    const twins = new FaceMatcher([...library, { id: 'ada-twin', descriptor: at(0.02, 0) }]);
    expect(twins.match(at(0.01, 0), settings)).toBeNull();
  });

  it('answers no one from an empty library, and the only one of a library of one', () => {
    expect(new FaceMatcher([]).match(at(0, 0), settings)).toBeNull();
    expect(new FaceMatcher([library[0]!]).match(at(0.2, 0), settings)?.id).toBe('ada');
  });
});

describe('a descriptor on the wire', () => {
  it('goes there and back as 684 base64 characters', () => {
    const d = at(0.25, -1.5, 3e-7);
    const text = descriptorToText(d);
    expect(text).toHaveLength(684);
    expect(descriptorFromText(text)).toEqual(d);
  });

  it('is refused when it is not 128 finite numbers', () => {
    expect(descriptorFromText('!'.repeat(684))).toBeNull();
    expect(descriptorFromText(descriptorToText(new Float32Array(127)))).toBeNull();
    expect(descriptorFromText(descriptorToText(at(Number.NaN)))).toBeNull();
  });
});
