import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Runs something after a delay (spec §9: save-and-sync and retry wait 2 s before following the run),
 * unless the page has gone by then: a page left must not move the app anywhere.
 */
export function useLater(): (ms: number, run: () => void) => void {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  return useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);
}

/** Whether `ms` have passed since `start` became true (at once for 0 or less). */
export function useDelayElapsed(ms: number, start: boolean): boolean {
  const later = useLater();
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (start && ms > 0) later(ms, () => setElapsed(true));
  }, [ms, start, later]);
  return start && (ms <= 0 || elapsed);
}
