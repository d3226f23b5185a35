import { useEffect, useState } from 'react';
import { KIOSK_REQUEST_LIMITS } from '@app/shared/kiosks/requests';
import { kioskScreenUrl } from '../api/kiosk-requests';

export type KioskScreen = { url: string | null; sequence: number };

/**
 * The latest picture of a shared kiosk screen, read every two seconds while `active`. A picture is
 * swapped in only once it has loaded, so the view never blanks between pictures; before the kiosk's
 * first picture there is none (the server answers 404).
 */
export function useKioskScreen(requestId: string | null, active: boolean): KioskScreen {
  const [screen, setScreen] = useState<KioskScreen>({ url: null, sequence: 0 });

  useEffect(() => {
    if (!requestId || !active) return;
    let stopped = false;
    let sequence = 0;
    let shown: string | null = null;
    const controller = new AbortController();
    const read = async () => {
      try {
        const res = await fetch(kioskScreenUrl(requestId, sequence), { signal: controller.signal, cache: 'no-store' });
        const next = Number(res.headers.get('x-screen-sequence') ?? 0);
        if (!res.ok || stopped || next === sequence) return;
        const url = URL.createObjectURL(await res.blob());
        if (stopped) return URL.revokeObjectURL(url);
        if (shown) URL.revokeObjectURL(shown);
        shown = url;
        sequence = next;
        setScreen({ url, sequence: next });
      } catch {
        // A missed picture is followed by the next one.
      }
    };
    void read();
    const timer = setInterval(() => void read(), KIOSK_REQUEST_LIMITS.screenIntervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
      controller.abort();
      if (shown) URL.revokeObjectURL(shown);
      setScreen({ url: null, sequence: 0 });
    };
  }, [requestId, active]);

  return screen;
}
