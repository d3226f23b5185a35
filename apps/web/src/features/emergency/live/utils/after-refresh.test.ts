import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@app/shared/constants';
import { endedSessionPlace, openAfterRefresh } from './after-refresh';

describe('a session modal after the refresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens 400–500 ms after the refresh has finished, not before', async () => {
    expect(TIMINGS.modalAfterRefreshMs).toBeGreaterThanOrEqual(400);
    expect(TIMINGS.modalAfterRefreshMs).toBeLessThanOrEqual(500);
    let finish!: () => void;
    const refresh = new Promise<void>((resolve) => (finish = resolve));
    const open = vi.fn();
    const done = openAfterRefresh(refresh, open);
    await vi.advanceTimersByTimeAsync(2000);
    expect(open).not.toHaveBeenCalled();
    finish();
    await vi.advanceTimersByTimeAsync(399);
    expect(open).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(101);
    expect(open).toHaveBeenCalledTimes(1);
    await done;
  });

  it('still opens when the refresh failed', async () => {
    const open = vi.fn();
    const done = openAfterRefresh(Promise.reject(new Error('offline')), open, 450);
    await vi.advanceTimersByTimeAsync(450);
    expect(open).toHaveBeenCalledTimes(1);
    await done;
  });
});

describe('where the person is when a session ends', () => {
  const id = '0190a5b0-0000-7000-8000-000000000001';
  it('tells the sessions list, the session page and elsewhere apart', () => {
    expect(endedSessionPlace('/emergency-sessions', id)).toBe('list');
    expect(endedSessionPlace('/emergency-sessions/', id)).toBe('list');
    expect(endedSessionPlace(`/emergency-sessions/Fire%20drill/${id}`, id)).toBe('session');
    expect(endedSessionPlace(`/emergency-sessions/Other/0190a5b0-0000-7000-8000-000000000002`, id)).toBe('elsewhere');
    expect(endedSessionPlace(`/emergency-sessions/Fire/${id}/report`, id)).toBe('elsewhere');
    expect(endedSessionPlace('/emergency-list', id)).toBe('elsewhere');
    expect(endedSessionPlace('/', id)).toBe('elsewhere');
  });
});
