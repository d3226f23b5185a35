// The full-page preloader shown while the language changes (spec §4); it hides itself after 500 ms.
import { useSyncExternalStore } from 'react';
import { TIMINGS } from '@app/shared/constants';

let visible = false;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setVisible(next: boolean): void {
  visible = next;
  for (const listener of listeners) listener();
}

export function showPreloader(): void {
  clearTimeout(hideTimer);
  setVisible(true);
  hideTimer = setTimeout(() => setVisible(false), TIMINGS.preloaderHideMs);
}

export function usePreloaderVisible(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => visible,
    () => false,
  );
}
