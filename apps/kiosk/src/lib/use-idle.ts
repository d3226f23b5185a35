import { useEffect, useRef } from 'react';

/** Calls `onIdle` once nobody has touched or typed for `ms` while `active`; any touch starts the count again. */
export function useIdle(active: boolean, ms: number, onIdle: () => void) {
  const callback = useRef(onIdle);
  useEffect(() => {
    callback.current = onIdle;
  }, [onIdle]);
  useEffect(() => {
    if (!active) return;
    let timer = setTimeout(() => callback.current(), ms);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => callback.current(), ms);
    };
    const events = ['pointerdown', 'keydown', 'input', 'wheel'] as const;
    for (const name of events) window.addEventListener(name, restart, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, restart, { capture: true });
    };
  }, [active, ms]);
}
