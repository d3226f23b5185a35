// The visit's date and time are on the company's clock (spec §5 "Visit date and time cannot be before
// now", §9 YYYY-MM-DD and HH:mm:ss): what "now" reads there, the first slot a form offers, and how an
// expected time is shown to the visitor in their language.
import { safeTimeZone, wallClockParts } from '@app/shared/time-zones';

export type ClockReading = { date: string; time: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** The company's clock now: `YYYY-MM-DD` and `HH:mm`. */
export function companyNow(timezone: string | null, now: number = Date.now()): ClockReading {
  const w = wallClockParts(now, safeTimeZone(timezone));
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The slot a new visit starts with: the next quarter hour of the company's clock (tomorrow after 23:45). */
export function firstSlot(timezone: string | null, now: number = Date.now()): ClockReading {
  const clock = companyNow(timezone, now);
  const [h, m] = clock.time.split(':').map(Number) as [number, number];
  let minutes = Math.ceil((h * 60 + m + 1) / 15) * 15;
  let date = clock.date;
  if (minutes >= 24 * 60) {
    minutes -= 24 * 60;
    date = addDays(date, 1);
  }
  return { date, time: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}` };
}

/**
 * Whether a visit at `date` `time` (company clock) is before now, to the minute like the server: the
 * current minute still counts as now.
 */
export function isBeforeNow(date: string, time: string, timezone: string | null, now: number = Date.now()): boolean {
  const clock = companyNow(timezone, now);
  return `${date}T${time.slice(0, 5)}` < `${clock.date}T${clock.time}`;
}

/**
 * An expected time as the API writes it (`YYYY-MM-DD HH:mm:ss` on the company's clock) in words of the
 * reader's language, without moving it to the reader's own time zone.
 */
export function formatVisitTime(expected: string, language: string): { date: string; time: string } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(expected);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const instant = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (Number.isNaN(instant.getTime())) return null;
  const date = new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(instant);
  const time = new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return { date, time };
}
