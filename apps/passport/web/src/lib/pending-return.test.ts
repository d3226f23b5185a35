import { describe, expect, it } from 'vitest';
import { readPendingReturn, RETURN_TTL_MS } from './pending-return';

const stored = (path: unknown, at: unknown) => JSON.stringify({ path, at });

describe('readPendingReturn', () => {
  it('gives back a fresh path to one of the app’s pages', () => {
    expect(readPendingReturn(stored('/interaction/abc', 1000), 1000 + RETURN_TTL_MS)).toBe('/interaction/abc');
  });

  it('forgets a stale, future-dated, foreign or malformed entry', () => {
    expect(readPendingReturn(stored('/interaction/abc', 1000), 1001 + RETURN_TTL_MS)).toBeUndefined();
    expect(readPendingReturn(stored('/interaction/abc', 5000), 1000)).toBeUndefined();
    expect(readPendingReturn(stored('https://evil.example/', 1000), 1000)).toBeUndefined();
    expect(readPendingReturn(stored(42, 1000), 1000)).toBeUndefined();
    expect(readPendingReturn('{not json', 1000)).toBeUndefined();
    expect(readPendingReturn(null, 1000)).toBeUndefined();
  });
});
