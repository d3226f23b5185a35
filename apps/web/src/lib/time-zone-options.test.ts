import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './time-zone-options';

describe('timeZoneOptions', () => {
  it('lists UTC and the known zones sorted by name, each with its offset at the given moment', () => {
    const winter = timeZoneOptions(new Date('2026-01-15T12:00:00Z'));
    const summer = timeZoneOptions(new Date('2026-07-15T12:00:00Z'));
    const names = winter.map((o) => o.value);
    expect(names).toContain('UTC');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(winter.find((o) => o.value === 'Europe/Madrid')?.label).toBe('Europe/Madrid (GMT+01:00)');
    expect(summer.find((o) => o.value === 'Europe/Madrid')?.label).toBe('Europe/Madrid (GMT+02:00)');
    expect(winter.find((o) => o.value === 'Asia/Dubai')?.label).toBe('Asia/Dubai (GMT+04:00)');
  });

  it('keeps a stored zone on the list even when the runtime does not name it', () => {
    expect(timeZoneOptions(new Date(), 'Etc/GMT-3').some((o) => o.value === 'Etc/GMT-3')).toBe(true);
  });
});
