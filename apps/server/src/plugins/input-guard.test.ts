import { describe, expect, it } from 'vitest';
import { findInputProblem, isCleanText, MAX_DEPTH } from './input-guard';

/** An array `levels` deep: `[[[ ... ]]]`, built without recursion. */
const nested = (levels: number, leaf: unknown = 1) => {
  let value: unknown = leaf;
  for (let i = 1; i < levels; i++) value = [value];
  return [value];
};

describe('isCleanText', () => {
  it('refuses NUL and unpaired surrogates, keeps every real character', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800', 'end\ud83d']) {
      expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['', 'Zoë', 'مرحبا', '😀', 'a\u0001b', '\ufffd', 'line\nbreak']) {
      expect(isCleanText(good), JSON.stringify(good)).toBe(true);
    }
  });
});

describe('findInputProblem', () => {
  it('finds a bad string by its path, in objects and arrays', () => {
    expect(findInputProblem({ name: 'ok', people: [{ note: 'fine' }, { note: 'a\u0000' }] })).toEqual({
      path: ['people', 1, 'note'],
      reason: 'characters',
    });
    expect(findInputProblem({ search: '\ud800' })).toEqual({ path: ['search'], reason: 'characters' });
    expect(findInputProblem(['\udfff'])).toEqual({ path: [0], reason: 'characters' });
  });

  it('names the object that holds a bad key, never the key', () => {
    expect(findInputProblem({ custom_fields: { 'a\u0000': 'x' } })).toEqual({
      path: ['custom_fields'],
      reason: 'characters',
    });
    expect(findInputProblem({ '\ud800': 1 })).toEqual({ path: [], reason: 'characters' });
  });

  it(`allows ${MAX_DEPTH} levels and refuses one more, at the first object too deep`, () => {
    expect(findInputProblem({ a: nested(MAX_DEPTH - 1) })).toBeNull();
    const tooDeep = findInputProblem({ a: nested(MAX_DEPTH) });
    expect(tooDeep).toEqual({ path: ['a', ...Array<number>(MAX_DEPTH - 1).fill(0)], reason: 'depth' });
    expect(findInputProblem(nested(MAX_DEPTH + 1))?.path).toHaveLength(MAX_DEPTH);
  });

  it('walks a body far deeper than any call stack without overflowing', () => {
    expect(findInputProblem({ deep: nested(100_000) }, 150_000)).toBeNull();
    expect(findInputProblem({ deep: nested(100_000) })?.reason).toBe('depth');
  });

  it('leaves clean values, numbers, booleans and nulls alone', () => {
    expect(findInputProblem({ a: 1, b: null, c: true, d: ['x', { e: 1e308 }], f: '😀' })).toBeNull();
    expect(findInputProblem(undefined)).toBeNull();
    expect(findInputProblem('plain')).toBeNull();
  });
});
