// The capacity settings form: the company's choice for full places, from when a place reads "nearing",
// and the user types whose visits count toward daily limits.
import { CAPACITY_LIMITS } from '@app/shared/capacity/levels';
import type { CapacitySettings, CapacitySettingsBody, OverCapacityMode } from '@app/shared/capacity/schemas';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

export const NEARING_RANGE = { min: CAPACITY_LIMITS.nearingMin, max: CAPACITY_LIMITS.nearingMax } as const;

export type SettingsValues = {
  over_capacity: OverCapacityMode;
  /** As typed: a number, or text the input could not read (empty). */
  nearing_percent: number | string;
  visitor_user_type_ids: string[];
};

export const settingsFormValues = (settings: CapacitySettings): SettingsValues => ({
  over_capacity: settings.over_capacity,
  nearing_percent: settings.nearing_percent,
  visitor_user_type_ids: settings.visitor_user_type_ids,
});

/** The percentage's message, or null when it is a whole number from 50 to 99. */
export function nearingError(value: number | string, t: Translate): string | null {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(n) && n >= NEARING_RANGE.min && n <= NEARING_RANGE.max
    ? null
    : t('capacity:settings.nearing_range', NEARING_RANGE);
}

/** What is sent; only for values `nearingError` accepted. */
export const settingsBody = (values: SettingsValues): CapacitySettingsBody => ({
  over_capacity: values.over_capacity,
  nearing_percent: Number(values.nearing_percent),
  visitor_user_type_ids: values.visitor_user_type_ids,
});

/** The server's messages by field, those about one chosen user type (`visitor_user_type_ids.2`) under the list. */
export function settingsServerErrors(fields: Record<string, string[]>): Record<string, string> {
  const folded: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(fields)) {
    const key = name.startsWith('visitor_user_type_ids.') ? 'visitor_user_type_ids' : name;
    folded[key] = [...new Set([...(folded[key] ?? []), ...messages])];
  }
  return Object.fromEntries(Object.entries(folded).map(([name, messages]) => [name, messages.join(' ')]));
}
