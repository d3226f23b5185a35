// The kiosk's offline window (decision 044, the kiosk setting `offline_hours`, 24 unless set): while
// the server cannot be reached it keeps working from the data it saved, for this long after the
// server put that data together. Past it the data is too old to let people in by.
export const HOUR_MS = 60 * 60 * 1000;

export type DataAge = {
  /** Whether the saved data may still be used. */
  usable: boolean;
  /** When it stops being usable (ms since the epoch). */
  usableUntil: number;
};

/**
 * Whether data saved at `fetchedAt` may still be used at `now`, for an offline window of `hours`. A
 * fetched_at that cannot be read counts as too old; one in the future (a server clock ahead of the
 * tablet's) counts as fresh.
 */
export function dataAge(fetchedAt: string, hours: number, now: number): DataAge {
  const fetched = Date.parse(fetchedAt);
  if (Number.isNaN(fetched)) return { usable: false, usableUntil: 0 };
  const usableUntil = fetched + Math.max(0, hours) * HOUR_MS;
  return { usable: now < usableUntil, usableUntil };
}
