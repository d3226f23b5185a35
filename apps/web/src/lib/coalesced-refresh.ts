// Reading again what live events made stale, once for many of them (decision 023): a refresh waits
// until events pause for `quietMs`, but no longer than `maxWaitMs` under a steady stream of them, and
// runs only while the tab is visible (a hidden tab catches up when it is shown again).

export type CoalescedRefresh = {
  /** Something changed: read again a little later. */
  schedule: () => void;
  /** Read again now (after missed events, e.g. a reconnection). */
  now: () => void;
  stop: () => void;
};

export function coalescedRefresh(
  run: () => void,
  { quietMs = 1500, maxWaitMs = 5000 }: { quietMs?: number; maxWaitMs?: number } = {},
): CoalescedRefresh {
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let firstAt: number | null = null;
  let owed = false;

  const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';
  const fire = () => {
    clearTimeout(quiet);
    quiet = undefined;
    firstAt = null;
    if (visible()) {
      owed = false;
      run();
    } else owed = true;
  };
  const onVisibility = () => {
    if (owed && visible()) fire();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);

  return {
    schedule() {
      const now = Date.now();
      firstAt ??= now;
      clearTimeout(quiet);
      const wait = Math.max(0, Math.min(quietMs, firstAt + maxWaitMs - now));
      quiet = setTimeout(fire, wait);
    },
    now: fire,
    stop() {
      clearTimeout(quiet);
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
