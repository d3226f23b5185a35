// Announcement times (spec §5 "Announcement publish and expiry date and time cannot be in the past").
// People write publish and expiry times as wall-clock readings in the company's time zone
// ("2026-03-29T09:30"); the server keeps instants. Both sides convert and check with these functions,
// so the browser and the API refuse the same times for the same reasons.

import { safeTimeZone, wallClockMs, wallClockParts } from '../time-zones';

/** A wall-clock date and time to the minute: YYYY-MM-DDTHH:mm. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The parts of a YYYY-MM-DDTHH:mm reading, or null when it is not one or names no real day. */
export function parseLocalDateTime(value: string): WallClock | null {
  const m = LOCAL_DATE_TIME.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (year < 2000 || year > 2199) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day, hour, minute };
}

export const isLocalDateTime = (value: string): boolean => parseLocalDateTime(value) !== null;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export const formatLocalDateTime = (w: WallClock): string =>
  `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
const offsetAt = (ms: number, timeZone: string): number =>
  wallClockMs(ms, timeZone) - (ms - (((ms % 1000) + 1000) % 1000));

/** The reading of an instant on the zone's clock, to the minute. */
export function toLocalDateTime(instant: Date, timeZone: string): string {
  return formatLocalDateTime(wallClockParts(instant, safeTimeZone(timeZone)));
}

/**
 * The instant a zone's clock reads `local`. When the clock goes back and a reading happens twice, the
 * first one; when it jumps forward over the reading, the moment just after the jump (02:30 on a
 * 02:00 → 03:00 night is 03:30), as a clock on the wall would show it.
 */
export function fromLocalDateTime(local: string, timeZone: string): Date | null {
  const w = parseLocalDateTime(local);
  if (!w) return null;
  const zone = safeTimeZone(timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  // Offsets on either side of any change near this reading (changes are never 12 hours apart).
  const before = offsetAt(asUtc - 12 * HOUR_MS, zone);
  const after = offsetAt(asUtc + 12 * HOUR_MS, zone);
  const matches = [asUtc - before, asUtc - after]
    .filter((ms) => toLocalDateTime(new Date(ms), zone) === local)
    .sort((a, b) => a - b);
  return new Date(matches[0] ?? asUtc - before);
}

/** The start of the minute an instant falls in: times are compared to the minute. */
export const floorToMinute = (instant: Date): Date => new Date(Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS);

export type AnnouncementTimeField = 'publish_at' | 'expires_at';
export type AnnouncementTimeIssue = { field: AnnouncementTimeField; key: string };

/**
 * Why these publish and expiry readings cannot be saved, first problem first: a time that was changed
 * must not lie before the current minute in the company's time zone, and the expiry must come after
 * the publish time. A time kept as it was (editing an announcement that is already showing) may lie
 * in the past.
 */
export function announcementTimeIssues(
  times: { publish_at: string; expires_at: string },
  options: { timeZone: string; now: Date; kept?: Partial<Record<AnnouncementTimeField, boolean>> },
): AnnouncementTimeIssue[] {
  const issues: AnnouncementTimeIssue[] = [];
  const publish = fromLocalDateTime(times.publish_at, options.timeZone);
  const expires = fromLocalDateTime(times.expires_at, options.timeZone);
  const minute = floorToMinute(options.now).getTime();
  if (publish && !options.kept?.publish_at && publish.getTime() < minute) {
    issues.push({ field: 'publish_at', key: 'announcement_publish_in_past' });
  }
  if (expires && !options.kept?.expires_at && expires.getTime() < minute) {
    issues.push({ field: 'expires_at', key: 'announcement_expiry_in_past' });
  }
  if (publish && expires && expires.getTime() <= publish.getTime()) {
    issues.push({ field: 'expires_at', key: 'announcement_expiry_before_publish' });
  }
  return issues;
}
