import { describe, expect, it } from 'vitest';
import { headerState, toggleAll, toggleOne } from './selection';

describe('selection', () => {
  it('adds and removes one id, once', () => {
    expect(toggleOne(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleOne(['a', 'b'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleOne(['a', 'b'], 'a', false)).toEqual(['b']);
  });

  it('selects or clears the page, keeping other pages’ choices', () => {
    expect(toggleAll(['x'], ['a', 'b'], true)).toEqual(['x', 'a', 'b']);
    expect(toggleAll(['x', 'a', 'b'], ['a', 'b'], false)).toEqual(['x']);
  });

  it('tells the header checkbox whether all, some or none of the page is selected', () => {
    expect(headerState(['a', 'b'], ['a', 'b'])).toBe('all');
    expect(headerState(['a', 'x'], ['a', 'b'])).toBe('some');
    expect(headerState(['x'], ['a', 'b'])).toBe('none');
    expect(headerState([], [])).toBe('none');
  });
});
