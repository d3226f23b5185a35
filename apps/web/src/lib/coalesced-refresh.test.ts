import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedRefresh } from './coalesced-refresh';

describe('coalescedRefresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads once after events pause, and at the latest after the longest wait', () => {
    const run = vi.fn();
    const refresh = coalescedRefresh(run, { quietMs: 1000, maxWaitMs: 3000 });
    refresh.schedule();
    vi.advanceTimersByTime(500);
    refresh.schedule();
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);

    // A steady stream: every 400 ms for 10 s gives a read every 3 s, not none and not one each.
    for (let t = 0; t < 10_000; t += 400) {
      refresh.schedule();
      vi.advanceTimersByTime(400);
    }
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(1 + 3);
    expect(run.mock.calls.length).toBeLessThanOrEqual(1 + 4);
    refresh.stop();
  });

  it('reads now when asked', () => {
    const run = vi.fn();
    const refresh = coalescedRefresh(run);
    refresh.schedule();
    refresh.now();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(1);
    refresh.stop();
  });

  it('waits for a hidden tab to be shown again', () => {
    const listeners: (() => void)[] = [];
    const page = {
      visibilityState: 'hidden',
      addEventListener: (_: string, fn: () => void) => listeners.push(fn),
      removeEventListener: () => undefined,
    };
    vi.stubGlobal('document', page);
    try {
      const run = vi.fn();
      const refresh = coalescedRefresh(run, { quietMs: 100 });
      refresh.schedule();
      vi.advanceTimersByTime(1000);
      expect(run).not.toHaveBeenCalled();
      page.visibilityState = 'visible';
      for (const fn of listeners) fn();
      expect(run).toHaveBeenCalledTimes(1);
      refresh.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
