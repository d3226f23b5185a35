// Sends what the kiosk queued while offline as soon as the server answers again, and every minute
// while anything is left (decision 045). One replay at a time.
import { useEffect, useRef } from 'react';
import type { DeviceApi } from '../lib/device-api';
import { replayQueue } from '../lib/offline-queue';
import { indexedQueueStore, sendReplay } from '../lib/offline-queue-store';

const RETRY_MS = 60_000;

export function useOfflineReplay(api: DeviceApi | null, reachable: boolean) {
  const running = useRef(false);
  useEffect(() => {
    if (!api || !reachable) return;
    const replay = async () => {
      if (running.current) return;
      running.current = true;
      try {
        await replayQueue(indexedQueueStore, (batch) => sendReplay(api, batch));
      } finally {
        running.current = false;
      }
    };
    void replay();
    const timer = setInterval(() => void replay(), RETRY_MS);
    return () => clearInterval(timer);
  }, [api, reachable]);
}
