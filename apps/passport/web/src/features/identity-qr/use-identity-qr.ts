// The QR identity on screen: fetched at once, replaced when the server says, fetched again when the tab is
// shown again (a phone's timers sleep with the screen), paused while hidden, retried with a back-off.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toString as qrToSvg } from 'qrcode';
import type { ApiError } from '../../lib/api-error';
import { svgImageUrl } from '../../lib/svg-image';
import { toApiError } from '../../lib/use-request';
import { getQr } from './api/get-qr';
import { refreshDelayMs, retryDelayMs, shouldRefetchOnVisible, ticketOf, type QrTicket } from './qr-timing';

export type IdentityQr = { ticket: QrTicket | undefined; error: ApiError | undefined; retry: () => void };

export function useIdentityQr(): IdentityQr {
  const [ticket, setTicket] = useState<QrTicket>();
  const [error, setError] = useState<ApiError>();
  const refreshNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    let current: QrTicket | undefined;
    let failures = 0;

    const schedule = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(refresh, ms);
    };

    function refresh() {
      clearTimeout(timer);
      controller?.abort();
      const own = new AbortController();
      controller = own;
      getQr(own.signal).then(
        (response) => {
          if (own.signal.aborted) return;
          failures = 0;
          current = ticketOf(response, Date.now());
          setTicket(current);
          setError(undefined);
          schedule(refreshDelayMs(current, Date.now()));
        },
        (caught: unknown) => {
          if (own.signal.aborted) return;
          failures += 1;
          setError(toApiError(caught));
          // A signed-out person is sent to the sign-in page (lib/account.ts): no point asking again.
          if (toApiError(caught).status !== 401) schedule(retryDelayMs(failures));
        },
      );
    }

    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        clearTimeout(timer);
        controller?.abort();
      } else if (shouldRefetchOnVisible(current, Date.now())) {
        refresh();
      } else if (current) {
        schedule(refreshDelayMs(current, Date.now()));
      }
    };

    refreshNow.current = () => {
      failures = 0;
      refresh();
    };
    if (document.visibilityState !== 'hidden') refresh();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  const retry = useCallback(() => refreshNow.current(), []);
  return { ticket, error, retry };
}

/**
 * The token drawn as a QR code (an SVG image); the previous drawing stays until the next one is ready. Low
 * error correction: a screen shows it without damage, and fewer, larger modules scan faster at a kiosk.
 */
export function useQrImage(token: string | undefined): string | undefined {
  const [image, setImage] = useState<{ token: string; url: string }>();
  useEffect(() => {
    if (!token) return;
    let live = true;
    qrToSvg(token, { type: 'svg', errorCorrectionLevel: 'L', margin: 2, color: { dark: '#000000', light: '#ffffff' } })
      .then((svg) => live && setImage({ token, url: svgImageUrl(svg) }))
      .catch((error: unknown) => console.error('The QR code could not be drawn', error));
    return () => {
      live = false;
    };
  }, [token]);
  return image?.url;
}

/** The current time, every second while the page is shown (the countdown). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
