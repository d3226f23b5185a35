import { describe, expect, it } from 'vitest';
import type { SiteTree } from '@app/shared/sites/schemas';
import { doorsOfArea, timeWithSeconds } from './kiosk-requests';

const area = (id: string, doors: { id: string; name: string }[]) => ({
  id,
  value: id,
  text: id,
  kiosks: [],
  doors: doors.map((d) => ({ ...d, kiosk_id: null })),
});

describe('kiosk requests', () => {
  it('finds the doors of an area in any site, and none for an unknown area', () => {
    const tree = [
      { value: 's1', text: 'S1', children: [area('a1', [{ id: 'd1', name: 'Front' }])] },
      {
        value: 's2',
        text: 'S2',
        children: [
          area('a2', [
            { id: 'd2', name: 'Back' },
            { id: 'd3', name: 'Side' },
          ]),
        ],
      },
    ] as unknown as SiteTree;
    expect(doorsOfArea(tree, 'a2').map((d) => d.name)).toEqual(['Back', 'Side']);
    expect(doorsOfArea(tree, 'a3')).toEqual([]);
  });

  it('writes a moment with seconds on a 24-hour clock', () => {
    const at = new Date(2026, 11, 3, 7, 5, 9).toISOString();
    expect(timeWithSeconds(at, 'en')).toBe('07:05:09');
  });
});
