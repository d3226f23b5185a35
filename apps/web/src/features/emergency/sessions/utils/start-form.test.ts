import { describe, expect, it } from 'vitest';
import type { EmergencyPlaces } from '@app/shared/emergency/schemas';
import { coveredAreaIds, rollEstimate, startBody, startFormDefaults, suggestedName } from './start-form';

const S1 = '00000000-0000-4000-8000-000000000001';
const S2 = '00000000-0000-4000-8000-000000000002';
const A1 = '00000000-0000-4000-8000-0000000000a1';
const A2 = '00000000-0000-4000-8000-0000000000a2';
const B1 = '00000000-0000-4000-8000-0000000000b1';

const places: EmergencyPlaces = {
  sites: [
    {
      id: S1,
      name: 'North',
      areas: [
        { id: A1, name: 'Lobby', on_site: 4 },
        { id: A2, name: 'Lab', on_site: 1 },
      ],
    },
    { id: S2, name: 'South', areas: [{ id: B1, name: 'Yard', on_site: 7 }] },
  ],
};

describe('the start session form', () => {
  it('sends no places for everything, the chosen ones otherwise', () => {
    const values = { ...startFormDefaults('Drill'), site_ids: [S1], area_ids: [B1] };
    expect(startBody(values)).toEqual({
      name: 'Drill',
      is_drill: false,
      site_ids: [],
      area_ids: [],
      highlight_after_minutes: 5,
    });
    expect(startBody({ ...values, scope: 'choose', is_drill: true })).toMatchObject({
      is_drill: true,
      site_ids: [S1],
      area_ids: [B1],
    });
  });

  it('covers every area, or the areas of the chosen sites and the chosen areas', () => {
    expect(coveredAreaIds(places, { scope: 'everything', site_ids: [], area_ids: [] })).toEqual([A1, A2, B1]);
    expect(coveredAreaIds(places, { scope: 'choose', site_ids: [S2], area_ids: [A2] })).toEqual([A2, B1]);
    expect(coveredAreaIds(places, { scope: 'choose', site_ids: [], area_ids: [] })).toEqual([]);
  });

  it('estimates the roll from who is on site, leaving out areas already in a session', () => {
    expect(rollEstimate(places, { scope: 'everything', site_ids: [], area_ids: [] }, new Set())).toEqual({
      people: 12,
      areas: 3,
      busy: 0,
    });
    expect(rollEstimate(places, { scope: 'choose', site_ids: [S1], area_ids: [] }, new Set([A1]))).toEqual({
      people: 1,
      areas: 1,
      busy: 1,
    });
  });

  it('suggests a name saying what and when', () => {
    expect(suggestedName('Drill', new Date(2026, 10, 7, 9, 5))).toBe('Drill 07/11/2026 09:05');
  });
});
