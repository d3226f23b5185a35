import { describe, expect, it } from 'vitest';
import type { SiteTree } from '@app/shared/sites/schemas';
import { areaOptions, placeLabel } from './kiosk-areas';
import { formatKioskDate, initialSettings, sameSettings, withTemperatureUnit } from './kiosk-settings';
import { relativeTime } from './last-seen';
import { treeArea as area } from './site-tree.fixture';

const tree: SiteTree = [
  { value: 's1', text: 'HQ', children: [area('a1', 'Lobby', 's1'), area('a2', 'Dock', 's1')] },
  { value: 's2', text: 'Depot', children: [area('a3', 'Gate', 's2')] },
  { value: 's3', text: 'Empty', children: [] },
];

describe('area options', () => {
  it('groups areas by site, leaves out empty sites and the excluded area', () => {
    expect(areaOptions(tree)).toEqual([
      {
        group: 'HQ',
        items: [
          { value: 'a1', label: 'Lobby' },
          { value: 'a2', label: 'Dock' },
        ],
      },
      { group: 'Depot', items: [{ value: 'a3', label: 'Gate' }] },
    ]);
    expect(areaOptions(tree, 'a3').map((g) => g.group)).toEqual(['HQ']);
  });

  it('writes the site › area trail', () => {
    expect(placeLabel('HQ', 'Lobby')).toBe('HQ › Lobby');
  });
});

describe('settings form helpers', () => {
  const defaults = initialSettings(undefined);

  it('starts from the defaults and carries the temperature over when the unit changes', () => {
    expect(defaults).toMatchObject({ door_relay: 0, temperature_unit: 'C', default_temperature: 36 });
    const f = withTemperatureUnit(defaults, 'F');
    expect(f).toMatchObject({ temperature_unit: 'F', default_temperature: 96.8 });
    expect(withTemperatureUnit(f, 'C').default_temperature).toBe(36);
    expect(withTemperatureUnit(f, 'F')).toBe(f);
    // A value that would land outside the other unit's range is kept inside it.
    expect(withTemperatureUnit({ ...defaults, default_temperature: 45 }, 'F').default_temperature).toBe(113);
  });

  it('writes a date in each kiosk format', () => {
    const date = new Date(2026, 2, 7);
    expect(formatKioskDate(date, 'yyyy-MM-dd')).toBe('2026-03-07');
    expect(formatKioskDate(date, 'dd-MM-yyyy')).toBe('07-03-2026');
    expect(formatKioskDate(date, 'MM-dd-yyyy')).toBe('03-07-2026');
  });

  it('knows when a group of kiosks shares its settings', () => {
    expect(sameSettings([defaults, { ...defaults }])).toEqual(defaults);
    expect(sameSettings([defaults, { ...defaults, volume: 1 }])).toBeUndefined();
    expect(sameSettings([])).toBeUndefined();
  });
});

describe('relative time', () => {
  const now = Date.UTC(2026, 0, 10, 12, 0, 0);
  it('says how long ago, in the reader’s language', () => {
    expect(relativeTime(new Date(now - 20_000).toISOString(), now, 'en')).toBe('now');
    expect(relativeTime(new Date(now - 5 * 60_000).toISOString(), now, 'en')).toBe('5 minutes ago');
    expect(relativeTime(new Date(now - 3 * 3_600_000).toISOString(), now, 'en')).toBe('3 hours ago');
    expect(relativeTime(new Date(now - 26 * 3_600_000).toISOString(), now, 'en')).toBe('yesterday');
    expect(relativeTime(new Date(now - 3 * 3_600_000).toISOString(), now, 'es')).toBe('hace 3 horas');
  });
});
