import { describe, expect, it } from 'vitest';
import {
  fractionLeft,
  isExpired,
  refreshDelayMs,
  retryDelayMs,
  secondsLeft,
  shouldRefetchOnVisible,
  ticketOf,
} from './qr-timing';

const T0 = Date.parse('2025-05-01T10:00:00.000Z');
const response = (refresh_in: number, expiresInS: number) => ({
  token: 'jws',
  refresh_in,
  expires_at: new Date(T0 + expiresInS * 1000).toISOString(),
});

describe('ticketOf', () => {
  it('keeps the server’s timing when the clocks agree', () => {
    expect(ticketOf(response(30, 60), T0)).toEqual({
      token: 'jws',
      fetchedAt: T0,
      refreshIn: 30,
      expiresAt: T0 + 60_000,
    });
  });

  it('bounds the refresh interval', () => {
    expect(ticketOf(response(1, 60), T0).refreshIn).toBe(5);
    expect(ticketOf(response(86_400, 90_000), T0).refreshIn).toBe(600);
  });

  it('falls back to the refresh time when the server’s expiry is on a clock that disagrees', () => {
    // The device is ahead: the server's expiry looks already past.
    expect(ticketOf(response(30, -120), T0).expiresAt).toBe(T0 + 30_000);
    // The device is far behind: the expiry looks hours away.
    expect(ticketOf(response(30, 7200), T0).expiresAt).toBe(T0 + 30_000);
    expect(ticketOf({ token: 'jws', refresh_in: 30, expires_at: 'soon' }, T0).expiresAt).toBe(T0 + 30_000);
  });
});

describe('countdown', () => {
  const ticket = ticketOf(response(30, 60), T0);

  it('counts down to the next fetch in whole seconds and as a share of the interval', () => {
    expect(refreshDelayMs(ticket, T0)).toBe(30_000);
    expect(secondsLeft(ticket, T0)).toBe(30);
    expect(secondsLeft(ticket, T0 + 100)).toBe(30);
    expect(secondsLeft(ticket, T0 + 29_001)).toBe(1);
    expect(fractionLeft(ticket, T0)).toBe(1);
    expect(fractionLeft(ticket, T0 + 15_000)).toBe(0.5);
  });

  it('stops at zero when the fetch is overdue', () => {
    expect(refreshDelayMs(ticket, T0 + 45_000)).toBe(0);
    expect(secondsLeft(ticket, T0 + 45_000)).toBe(0);
    expect(fractionLeft(ticket, T0 + 45_000)).toBe(0);
  });

  it('treats the code as unusable from its expiry on', () => {
    expect(isExpired(ticket, T0 + 59_999)).toBe(false);
    expect(isExpired(ticket, T0 + 60_000)).toBe(true);
  });
});

describe('shouldRefetchOnVisible', () => {
  const ticket = ticketOf(response(30, 60), T0);

  it('fetches when there is no code yet or the code is older than a moment', () => {
    expect(shouldRefetchOnVisible(undefined, T0)).toBe(true);
    expect(shouldRefetchOnVisible(ticket, T0 + 2000)).toBe(true);
    expect(shouldRefetchOnVisible(ticket, T0 + 40_000)).toBe(true);
  });

  it('keeps a code that has only just arrived, unless the clock went backwards', () => {
    expect(shouldRefetchOnVisible(ticket, T0 + 500)).toBe(false);
    expect(shouldRefetchOnVisible(ticket, T0 - 60_000)).toBe(true);
  });
});

describe('retryDelayMs', () => {
  it('backs off from 1 s, doubling, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(retryDelayMs(0)).toBe(1000);
  });
});
