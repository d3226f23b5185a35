// Temperatures as people type them (spec §4 "Temperature", §9): a value written with an "f", or a
// number above 85, is Fahrenheit and is converted to Celsius; Celsius is what is stored and compared.
// The server (flow settings, kiosk readings) and the browser (the flow editor's preview) use these.
import { LIMITS } from '../constants';
import { fahrenheitToCelsius } from '../kiosks/schemas';

/** Spec §9: the default reading, 36 °C, used when a kiosk sends no reading. */
export const DEFAULT_TEMPERATURE_C: number = LIMITS.defaultTemperatureC;
/** Spec §9: a bare number above this is read as Fahrenheit. */
export const FAHRENHEIT_ABOVE: number = LIMITS.fahrenheitAbove;
/**
 * A fever threshold outside this range stops nobody or everybody, so it is refused. In Fahrenheit
 * that is 95 °F to 107.6 °F.
 */
export const TEMPERATURE_THRESHOLD_RANGE_C = { min: 35, max: 42 } as const;
/** What a new flow's temperature check starts with: the usual fever threshold. */
export const DEFAULT_TEMPERATURE_THRESHOLD_C = 37.5;

export type TemperatureInput = string | number | null | undefined;
export type ParsedTemperature = { celsius: number; fahrenheit: boolean };

const round1 = (value: number) => Math.round(value * 10) / 10;

// Arabic-Indic (U+0660…) and Eastern Arabic-Indic (U+06F0…) digits, as an Arabic keyboard types them.
const toAsciiDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));

/**
 * Reads a temperature as typed ("37.5", "99.5F", "99,5 °f", "٣٧٫٥", 100) into Celsius, saying whether
 * it was Fahrenheit. Null when it is empty or not a temperature at all.
 */
export function parseTemperature(input: TemperatureInput): ParsedTemperature | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    return input > FAHRENHEIT_ABOVE
      ? { celsius: fahrenheitToCelsius(input), fahrenheit: true }
      : { celsius: round1(input), fahrenheit: false };
  }
  const text = toAsciiDigits(input.trim().toLowerCase()).replace(/[٫,]/g, '.');
  if (text === '') return null;
  const markedFahrenheit = text.includes('f');
  const number = text.replace(/fahrenheit|celsius|[°ºfc]/g, '').trim();
  if (!/^-?\d+(\.\d+)?$/.test(number)) return null;
  const value = Number(number);
  return markedFahrenheit || value > FAHRENHEIT_ABOVE
    ? { celsius: fahrenheitToCelsius(value), fahrenheit: true }
    : { celsius: round1(value), fahrenheit: false };
}

/** A reading in Celsius: none given is the default reading (36 °C); null when it is not a temperature. */
export function readingCelsius(input: TemperatureInput): number | null {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) {
    return DEFAULT_TEMPERATURE_C;
  }
  return parseTemperature(input)?.celsius ?? null;
}

/** Whether a threshold (already in Celsius) is one a front desk can use. */
export const isUsableThreshold = (celsius: number): boolean =>
  celsius >= TEMPERATURE_THRESHOLD_RANGE_C.min && celsius <= TEMPERATURE_THRESHOLD_RANGE_C.max;

/** A reading passes the temperature check when it is not above the flow's threshold (both Celsius). */
export const temperaturePasses = (readingC: number, thresholdC: number): boolean => readingC <= thresholdC;
