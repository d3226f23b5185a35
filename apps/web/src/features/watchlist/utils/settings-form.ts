import { watchlistSettingsSchema } from '@app/shared/watchlist/schemas';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

export const THRESHOLD_RANGE = {
  min: watchlistSettingsSchema.shape.name_threshold.minValue ?? 60,
  max: watchlistSettingsSchema.shape.name_threshold.maxValue ?? 100,
} as const;

/** The most people the settings name: the schema's own limit, read from its length check. */
export const NOTIFY_MAX: number =
  (watchlistSettingsSchema.shape.notify_person_ids.def.checks ?? [])
    .map((check) => check._zod.def as { check: string; maximum?: number })
    .find((def) => def.check === 'max_length')?.maximum ?? Number.POSITIVE_INFINITY;

/** The threshold as typed (a number, or '' when the field is emptied): its message, or null when it may be sent. */
export function thresholdError(value: number | string, t: Translate): string | null {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(n) && n >= THRESHOLD_RANGE.min && n <= THRESHOLD_RANGE.max
    ? null
    : t('watchlist:settings.threshold_range', THRESHOLD_RANGE);
}

/**
 * The server's messages about a list's entries (`notify_person_ids.2`) filed under the list, which is
 * the one field the form shows for them; other fields as they came.
 */
export function foldListErrors(fields: Record<string, string[]>, list: string): Record<string, string> {
  const folded: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(fields)) {
    const key = name === list || name.startsWith(`${list}.`) ? list : name;
    folded[key] = [...new Set([...(folded[key] ?? []), ...messages])];
  }
  return Object.fromEntries(Object.entries(folded).map(([name, messages]) => [name, messages.join(' ')]));
}
