import {
  KIOSK_SETTINGS_DEFAULTS,
  TEMPERATURE_RANGES,
  convertTemperature,
  type KioskDateFormat,
  type KioskSettings,
  type TemperatureUnit,
} from '@app/shared/kiosks/schemas';

/** The settings form starts from a kiosk's settings, or from the defaults for a group of kiosks. */
export const initialSettings = (settings: KioskSettings | undefined): KioskSettings =>
  settings ? { ...settings } : { ...KIOSK_SETTINGS_DEFAULTS };

/** Switching the unit carries the default temperature over (36 °C ↔ 96.8 °F) rather than leaving it out of range. */
export function withTemperatureUnit(values: KioskSettings, unit: TemperatureUnit): KioskSettings {
  if (values.temperature_unit === unit) return values;
  const converted = convertTemperature(values.default_temperature, values.temperature_unit, unit);
  const range = TEMPERATURE_RANGES[unit];
  return {
    ...values,
    temperature_unit: unit,
    default_temperature: Math.min(range.max, Math.max(range.min, converted)),
  };
}

/** A date as a kiosk with this date format shows it, for the format picker's examples. */
export function formatKioskDate(date: Date, format: KioskDateFormat): string {
  const parts: Record<string, string> = {
    yyyy: String(date.getFullYear()),
    MM: String(date.getMonth() + 1).padStart(2, '0'),
    dd: String(date.getDate()).padStart(2, '0'),
  };
  return format
    .split('-')
    .map((part) => parts[part] ?? part)
    .join('-');
}

/** Whether every kiosk of a group has the same settings (then the form can start from them). */
export function sameSettings(all: KioskSettings[]): KioskSettings | undefined {
  const [first, ...rest] = all;
  if (!first) return undefined;
  const key = JSON.stringify(first);
  return rest.every((s) => JSON.stringify(s) === key) ? first : undefined;
}
