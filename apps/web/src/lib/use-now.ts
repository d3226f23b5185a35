import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs`: figures that count on between reads, countdowns, "last seen". */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
