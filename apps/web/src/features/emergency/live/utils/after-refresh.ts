// Spec §4 "Emergency session": when another admin starts or ends a session, the data is refreshed and
// the modal opens 400–500 ms after the refresh, so what it points to is already on screen.
import { TIMINGS } from '@app/shared/constants';
import { paths } from '@/config/paths';

/** Runs `open` `delayMs` after `refresh` settles (a failed refresh was reported; the modal still tells). */
export function openAfterRefresh(
  refresh: Promise<unknown>,
  open: () => void,
  delayMs: number = TIMINGS.modalAfterRefreshMs,
): Promise<void> {
  return refresh
    .catch(() => undefined)
    .then(
      () =>
        new Promise<void>((resolve) => {
          setTimeout(() => {
            open();
            resolve();
          }, delayMs);
        }),
    );
}

/**
 * Where the person is, for the "Session Ended" modal: on the sessions list (it already shows the
 * session ended, so the modal only says so), on that session's own page (likewise), or elsewhere.
 */
export function endedSessionPlace(pathname: string, sessionId: string): 'list' | 'session' | 'elsewhere' {
  const path = pathname.replace(/\/+$/, '');
  if (path === paths.emergencySessions) return 'list';
  const prefix = `${paths.emergencySessions}/`;
  if (path.startsWith(prefix) && path.split('/').at(-1) === sessionId) return 'session';
  return 'elsewhere';
}
