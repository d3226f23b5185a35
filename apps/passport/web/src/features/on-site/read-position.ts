// The phone's position from the browser's geolocation, asked afresh for each sign-in or sign-out: a
// position is trusted for that moment only (decision 047), so none is reused from before.
import type { Position } from '@app/shared/passport/holder';

export type PositionFailure = 'unsupported' | 'denied' | 'unavailable' | 'timeout';

export class PositionError extends Error {
  constructor(readonly reason: PositionFailure) {
    super(reason);
  }
}

const REASONS: Record<number, PositionFailure> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };
const TIMEOUT_MS = 20_000;

/** The position now, as exact as the phone can tell; rejects with a PositionError saying why not. */
export function readPosition(
  geolocation: Geolocation | null = typeof navigator === 'undefined' ? null : (navigator.geolocation ?? null),
): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new PositionError('unsupported'));
      return;
    }
    geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: Math.max(0, coords.accuracy) }),
      (error) => reject(new PositionError(REASONS[error.code] ?? 'unavailable')),
      { enableHighAccuracy: true, maximumAge: 0, timeout: TIMEOUT_MS },
    );
  });
}
