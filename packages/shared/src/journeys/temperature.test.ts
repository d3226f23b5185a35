import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPERATURE_C,
  isUsableThreshold,
  parseTemperature,
  readingCelsius,
  temperaturePasses,
} from './temperature';

describe('temperature (spec §4)', () => {
  it('reads plain numbers up to 85 as Celsius', () => {
    expect(parseTemperature('37.5')).toEqual({ celsius: 37.5, fahrenheit: false });
    expect(parseTemperature(38)).toEqual({ celsius: 38, fahrenheit: false });
    expect(parseTemperature('85')).toEqual({ celsius: 85, fahrenheit: false });
    expect(parseTemperature(' 37,8 °C ')).toEqual({ celsius: 37.8, fahrenheit: false });
  });

  it('reads a number above 85 as Fahrenheit and converts it', () => {
    expect(parseTemperature(99.5)).toEqual({ celsius: 37.5, fahrenheit: true });
    expect(parseTemperature('100.4')).toEqual({ celsius: 38, fahrenheit: true });
    expect(parseTemperature(85.1)).toEqual({ celsius: 29.5, fahrenheit: true });
  });

  it('reads any value containing f as Fahrenheit, whatever its size', () => {
    expect(parseTemperature('99.5F')).toEqual({ celsius: 37.5, fahrenheit: true });
    expect(parseTemperature('98.6 °f')).toEqual({ celsius: 37, fahrenheit: true });
    expect(parseTemperature('50f')).toEqual({ celsius: 10, fahrenheit: true });
    expect(parseTemperature('100 fahrenheit')).toEqual({ celsius: 37.8, fahrenheit: true });
  });

  it('reads Arabic digits and decimal separators', () => {
    expect(parseTemperature('٣٧٫٥')).toEqual({ celsius: 37.5, fahrenheit: false });
    expect(parseTemperature('۹۹٫۵ f')).toEqual({ celsius: 37.5, fahrenheit: true });
  });

  it('refuses what is not a temperature', () => {
    for (const bad of ['', '  ', 'hot', '37.5.1', '3 7', 'f', Number.NaN, Number.POSITIVE_INFINITY, null, undefined]) {
      expect(parseTemperature(bad as string)).toBeNull();
    }
  });

  it('takes 36 °C as the reading when none is given', () => {
    expect(DEFAULT_TEMPERATURE_C).toBe(36);
    expect(readingCelsius(undefined)).toBe(36);
    expect(readingCelsius('')).toBe(36);
    expect(readingCelsius('101F')).toBe(38.3);
    expect(readingCelsius('warm')).toBeNull();
  });

  it('accepts thresholds a front desk can use and compares readings with them', () => {
    expect(isUsableThreshold(37.5)).toBe(true);
    expect(isUsableThreshold(35)).toBe(true);
    expect(isUsableThreshold(42)).toBe(true);
    expect(isUsableThreshold(34.9)).toBe(false);
    expect(isUsableThreshold(parseTemperature('50f')!.celsius)).toBe(false);
    expect(temperaturePasses(37.5, 37.5)).toBe(true);
    expect(temperaturePasses(37.6, 37.5)).toBe(false);
  });
});
