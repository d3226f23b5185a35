// Rules of a visit that the server applies and the screens preview: the health checks at sign-in
// (spec §4 Temperature, §5 override reason), when a forgotten sign-out happens (spec §4 Auto sign-out
// modes, on the company's clock), and how an instant reads on that clock.
import { notesLength } from '../compliances/answer-status';
import { addDays, endOfLocalDay, localDate, startOfLocalDay } from '../compliances/validity';
import { DEFAULT_TEMPERATURE_C, parseTemperature, temperaturePasses } from '../journeys/temperature';
import { fahrenheitToCelsius } from '../kiosks/schemas';
import { safeTimeZone, wallClockParts } from '../time-zones';
import { VISIT_LIMITS, type AutoSignOutMode } from './schemas';

const HOUR_MS = 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the company's clock shows it: `YYYY-MM-DD HH:mm`. */
export function localStamp(instant: Date, timeZone: string): string {
  const w = wallClockParts(instant, safeTimeZone(timeZone));
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

/** The company's calendar day of an instant, `YYYY-MM-DD`. */
export function localDay(instant: Date, timeZone: string): string {
  const d = localDate(instant, safeTimeZone(timeZone));
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

/** The instants a range of company days covers: [start of `from`, end of `to`). */
export function dayRange(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  const zone = safeTimeZone(timeZone);
  const parse = (value: string) => {
    const [year, month, day] = value.split('-').map(Number);
    return { year: year!, month: month!, day: day! };
  };
  return { start: startOfLocalDay(parse(from), zone), end: endOfLocalDay(parse(to), zone) };
}

/**
 * When a visit still on site is signed out for the person (spec §4 Auto sign-out modes): 24 hours after
 * the sign-in, or at the first midnight on the company's clock after it (a sign-in at midnight exactly
 * stays until the next one). On a night whose midnight the clocks skip, the day begins at the first
 * time that exists.
 */
export function autoSignOutAt(signedInAt: Date, mode: AutoSignOutMode, timeZone: string): Date {
  if (mode === 'after_24h') return new Date(signedInAt.getTime() + 24 * HOUR_MS);
  const zone = safeTimeZone(timeZone);
  return startOfLocalDay(addDays(localDate(signedInAt, zone), 1), zone);
}

/** Whether a visit signed in at `signedInAt` is due to be signed out at `now`. */
export const autoSignOutDue = (signedInAt: Date, mode: AutoSignOutMode, timeZone: string, now: Date): boolean =>
  autoSignOutAt(signedInAt, mode, timeZone).getTime() <= now.getTime();

export type HealthChecks = { temperature_check: boolean; mask_check: boolean; temperature_threshold: number };
export type HealthInput = {
  temperature?: { value: number | string; unit?: 'C' | 'F' } | null;
  mask?: boolean | null;
  overrideReason?: string | null;
};
export type HealthIssue = {
  field: 'temperature' | 'mask' | 'override_reason';
  key: string;
  vars?: Record<string, string | number>;
};
export type HealthResult = {
  /** The reading in Celsius (the default 36 °C when none was given), null when the flow takes none. */
  temperatureC: number | null;
  mask: boolean | null;
  /** A check failed and the override reason let it through. */
  overridden: boolean;
  /** The checks that failed, let through or not (the flow may email its admins of them). */
  failed: ('temperature' | 'mask')[];
  issues: HealthIssue[];
};

/**
 * The temperature and mask checks of a flow at sign-in. A reading is read with the spec's Fahrenheit
 * rule (a value with an "f", a unit F, or a number above 85); none given is the default 36 °C. A
 * reading above the threshold, or no mask where one is asked, needs an override reason of at least 20
 * characters (spec §5).
 */
export function checkHealth(checks: HealthChecks, input: HealthInput): HealthResult {
  const issues: HealthIssue[] = [];
  let temperatureC: number | null = null;
  const failed: HealthResult['failed'] = [];
  if (checks.temperature_check) {
    const raw = input.temperature?.value;
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
      temperatureC = DEFAULT_TEMPERATURE_C;
    } else if (input.temperature?.unit === 'F') {
      const value = typeof raw === 'number' ? raw : Number(raw.replace(/[°ºf]/gi, '').trim());
      temperatureC = Number.isFinite(value) ? fahrenheitToCelsius(value) : null;
    } else {
      temperatureC = parseTemperature(raw)?.celsius ?? null;
    }
    if (temperatureC === null || temperatureC < 25 || temperatureC > 45) {
      issues.push({ field: 'temperature', key: 'visit_temperature_invalid' });
      temperatureC = null;
    } else if (!temperaturePasses(temperatureC, checks.temperature_threshold)) {
      failed.push('temperature');
      if (!overrideGiven(input.overrideReason)) {
        issues.push({
          field: 'override_reason',
          key: 'visit_temperature_override_required',
          vars: {
            temperature: temperatureC,
            threshold: checks.temperature_threshold,
            min: VISIT_LIMITS.overrideReasonMin,
          },
        });
      }
    }
  }
  const mask = checks.mask_check ? input.mask === true : (input.mask ?? null);
  if (checks.mask_check && input.mask !== true) {
    failed.push('mask');
    if (!overrideGiven(input.overrideReason)) {
      issues.push({
        field: 'override_reason',
        key: 'visit_mask_override_required',
        vars: { min: VISIT_LIMITS.overrideReasonMin },
      });
    }
  }
  return { temperatureC, mask, overridden: failed.length > 0 && issues.length === 0, failed, issues };
}

const overrideGiven = (reason: string | null | undefined) => notesLength(reason) >= VISIT_LIMITS.overrideReasonMin;
