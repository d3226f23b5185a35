import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { duplicatePageDelay, errorPageDelay, validPageDelay } from './page-delays';

describe('page delays (spec §2)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settledAfter = async (wait: () => Promise<void>, ms: number) => {
    let done = false;
    void wait().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(ms - 1);
    const before = done;
    await vi.advanceTimersByTimeAsync(1);
    return { before, after: done };
  };

  it('waits 1 s before the error page', async () => {
    expect(await settledAfter(errorPageDelay, 1000)).toEqual({ before: false, after: true });
  });

  it('waits 0.5 s before the duplicate page', async () => {
    expect(await settledAfter(duplicatePageDelay, 500)).toEqual({ before: false, after: true });
  });

  it('waits 1 s before the valid-users page', async () => {
    expect(await settledAfter(validPageDelay, 1000)).toEqual({ before: false, after: true });
  });
});
