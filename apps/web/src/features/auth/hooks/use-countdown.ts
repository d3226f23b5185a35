import { useEffect, useState } from 'react';

/** Seconds left of a wait that counts down once a second; start it with `start(seconds)`. */
export function useCountdown() {
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = window.setTimeout(() => setRemaining((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [remaining]);

  return { remaining, start: setRemaining };
}
