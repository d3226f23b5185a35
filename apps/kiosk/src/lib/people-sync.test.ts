import { describe, expect, it } from 'vitest';
import { createPeopleSync } from './people-sync';

/** A clock and timers the test moves by hand. */
function manualTime() {
  let at = 0;
  const timers: { due: number; run: () => void; live: boolean }[] = [];
  return {
    now: () => at,
    setTimer: (run: () => void, ms: number) => {
      const timer = { due: at + ms, run, live: true };
      timers.push(timer);
      return () => {
        timer.live = false;
      };
    },
    advance: async (ms: number) => {
      at += ms;
      for (const timer of timers.filter((t) => t.live && t.due <= at)) {
        timer.live = false;
        timer.run();
      }
      await Promise.resolve();
    },
  };
}

/** A fetch that ends when the test says. */
function controlledFetch() {
  const ends: (() => void)[] = [];
  let calls = 0;
  return {
    fetchAll: () =>
      new Promise<void>((resolve) => {
        calls += 1;
        ends.push(resolve);
      }),
    calls: () => calls,
    end: async () => {
      ends.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe('createPeopleSync', () => {
  it('fetches at once the first time, and gathers asks during a fetch into one more after the gap', async () => {
    const time = manualTime();
    const fetch = controlledFetch();
    const sync = createPeopleSync(fetch.fetchAll, { minGapMs: 120_000, ...time });
    sync.request();
    expect(fetch.calls()).toBe(1);
    sync.request();
    sync.request();
    expect(fetch.calls()).toBe(1);
    await fetch.end();
    // Asked during the fetch: the next one waits for the gap.
    expect(fetch.calls()).toBe(1);
    await time.advance(119_000);
    expect(fetch.calls()).toBe(1);
    await time.advance(1_000);
    expect(fetch.calls()).toBe(2);
    await fetch.end();
    expect(fetch.calls()).toBe(2);
  });

  it('many asks within the gap make a single fetch, and a failed fetch does not stop the next', async () => {
    const time = manualTime();
    let calls = 0;
    const sync = createPeopleSync(
      () => {
        calls += 1;
        return Promise.reject(new Error('offline'));
      },
      { minGapMs: 60_000, ...time },
    );
    sync.request();
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (let i = 0; i < 20; i++) {
      await time.advance(1_000);
      sync.request();
    }
    expect(calls).toBe(1);
    await time.advance(40_000);
    expect(calls).toBe(2);
  });

  it('does nothing once stopped', async () => {
    const time = manualTime();
    let calls = 0;
    const sync = createPeopleSync(
      async () => {
        calls += 1;
      },
      { minGapMs: 60_000, ...time },
    );
    sync.request();
    await new Promise((resolve) => setTimeout(resolve, 0));
    sync.request();
    sync.stop();
    await time.advance(60_000);
    sync.request();
    expect(calls).toBe(1);
  });
});
