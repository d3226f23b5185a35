// A place's limits as its form holds them (issue 29, decision 054): what was typed, never changed by
// the form; empty means no limit. A limit left empty is sent as null, which removes it.
import { CAPACITY_LIMITS } from '@app/shared/capacity/levels';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** A limit as typed: a number, or text (empty, or what a number input could not read). */
export type LimitInput = number | string;

export type PlaceLimitValues = { capacity: LimitInput; daily_visitor_limit: LimitInput };

export type PlaceLimits = { capacity: number | null; daily_visitor_limit: number | null };

/** The limits' range as the reader writes numbers (100,000 in English, 100.000 in Spanish). */
export type LimitRange = { min: string; max: string };

export function limitRange(language: string): LimitRange {
  const format = new Intl.NumberFormat(`${language}-u-nu-latn`);
  return { min: format.format(CAPACITY_LIMITS.min), max: format.format(CAPACITY_LIMITS.max) };
}

export const limitInputs = (place?: Partial<PlaceLimits> | null): PlaceLimitValues => ({
  capacity: place?.capacity ?? '',
  daily_visitor_limit: place?.daily_visitor_limit ?? '',
});

const isEmpty = (value: LimitInput) => typeof value === 'string' && value.trim() === '';

/** A limit to send: null when left empty. Only for a value `isLimitValid` accepts. */
export const limitValue = (value: LimitInput): number | null => (isEmpty(value) ? null : Number(value));

/** Whether a typed limit may be sent: empty, or a whole number in range. */
export function isLimitValid(value: LimitInput): boolean {
  if (isEmpty(value)) return true;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= CAPACITY_LIMITS.min && n <= CAPACITY_LIMITS.max;
}

/**
 * Each limit's message, under its field. `capacityAllowed` false: a check-in-only area, whose capacity
 * is not sent (check-ins keep nobody on site), so it is not checked either.
 */
export function placeLimitErrors(
  values: PlaceLimitValues,
  range: LimitRange,
  t: Translate,
  capacityAllowed = true,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (capacityAllowed && !isLimitValid(values.capacity)) errors.capacity = t('sites:limits.capacity_invalid', range);
  if (!isLimitValid(values.daily_visitor_limit)) errors.daily_visitor_limit = t('sites:limits.daily_invalid', range);
  return errors;
}

/** The limits a body carries: both always, so an edit that cleared one removes it. */
export const placeLimits = (values: PlaceLimitValues, capacityAllowed = true): PlaceLimits => ({
  capacity: capacityAllowed ? limitValue(values.capacity) : null,
  daily_visitor_limit: limitValue(values.daily_visitor_limit),
});
