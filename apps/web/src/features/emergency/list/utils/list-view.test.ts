import { describe, expect, it } from 'vitest';
import type { EmergencyList, EmergencyPlaces, OnSitePerson } from '@app/shared/emergency/schemas';
import { areaOptions, listChoice, listFilter, matchesSearch, searchList } from './list-view';

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
        { id: A1, name: 'Lobby', on_site: 2 },
        { id: A2, name: 'Lab', on_site: 0 },
      ],
    },
    { id: S2, name: 'South', areas: [{ id: B1, name: 'Yard', on_site: 1 }] },
  ],
};

const person = (name: string, extra: Partial<OnSitePerson['person']> = {}, hosts: string[] = []): OnSitePerson => ({
  visit_id: '00000000-0000-4000-8000-00000000000f',
  person: { id: S1, full_name: name, photo_url: null, phone: null, company_name: null, ...extra },
  user_type: null,
  hosts,
  signed_in: { at: '2026-11-27T09:00:00Z', local: '2026-11-27 10:00' },
  login_mode: 'signIn_signOut',
});

describe('the emergency list view', () => {
  it('keeps of a saved choice only places that still exist, areas only of the chosen sites', () => {
    expect(listChoice({ site_id: [S1, 'gone'], area_id: [A1, B1] }, places)).toEqual({ siteIds: [S1], areaIds: [A1] });
    expect(listChoice({ area_id: B1 }, places)).toEqual({ siteIds: [], areaIds: [B1] });
    expect(listChoice({}, places)).toEqual({ siteIds: [], areaIds: [] });
    // Before the places are known, the choice is taken as saved.
    expect(listChoice({ site_id: S2 }, undefined)).toEqual({ siteIds: [S2], areaIds: [] });
  });

  it('asks for the chosen areas when there are any, else the chosen sites', () => {
    expect(listFilter({ siteIds: [S1], areaIds: [A1] })).toEqual({ site_id: [], area_id: [A1] });
    expect(listFilter({ siteIds: [S1], areaIds: [] })).toEqual({ site_id: [S1], area_id: [] });
    expect(listFilter({ siteIds: [], areaIds: [] })).toEqual({ site_id: [], area_id: [] });
  });

  it('offers the areas of the chosen sites, grouped by site', () => {
    expect(areaOptions(places, [S2])).toEqual([{ group: 'South', items: [{ value: B1, label: 'Yard' }] }]);
    expect(areaOptions(places, []).map((g) => g.group)).toEqual(['North', 'South']);
    expect(areaOptions(undefined, [])).toEqual([]);
  });

  it('finds people by name, company, phone or host, ignoring case and accents', () => {
    expect(matchesSearch(person('José Álvarez'), 'jose al')).toBe(true);
    expect(matchesSearch(person('Ada', { company_name: 'Acme' }), 'acm')).toBe(true);
    expect(matchesSearch(person('Ada', { phone: '+44 7700' }), '7700')).toBe(true);
    expect(matchesSearch(person('Ada', {}, ['Bruno Host']), 'bruno')).toBe(true);
    expect(matchesSearch(person('Ada'), 'zed')).toBe(false);
    expect(matchesSearch(person('Ada'), '  ')).toBe(true);
  });

  it('counts again what a search leaves, dropping empty areas and sites', () => {
    const list: EmergencyList = {
      sites: [
        {
          id: S1,
          name: 'North',
          count: 2,
          areas: [{ id: A1, name: 'Lobby', count: 2, people: [person('Ada'), person('Bruno')] }],
        },
        { id: S2, name: 'South', count: 1, areas: [{ id: B1, name: 'Yard', count: 1, people: [person('Cleo')] }] },
      ],
      total: 3,
      read_at: { at: '2026-11-27T09:00:00Z', local: '2026-11-27 10:00' },
    };
    const found = searchList(list, 'bru');
    expect(found.total).toBe(1);
    expect(found.sites.map((s) => [s.name, s.count, s.areas.map((a) => a.count)])).toEqual([['North', 1, [1]]]);
    expect(searchList(list, '')).toBe(list);
  });
});
