// The emergency list's view: the places it is narrowed to (kept as the reader's table preference, so a
// warden who watches one building finds it so again) and a name search over what is on screen.
import type { EmergencyList, EmergencyPlaces, OnSitePerson } from '@app/shared/emergency/schemas';
import type { GridFilterValue } from '@app/shared/table-preferences/schemas';
import type { GridOptions } from '@/components/data-grid/grid-state';
import type { EmergencyListFilter } from '../../api/get-emergency-list';

/** The list has no paged grid: the preference keeps its filters and search only. */
export const EMERGENCY_LIST_VIEW: GridOptions = { defaultSorting: [], filterKeys: ['site_id', 'area_id'] };

const ids = (value: GridFilterValue | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export type ListChoice = { siteIds: string[]; areaIds: string[] };

/**
 * What the reader chose, without what no longer exists (a site deleted since, an area moved out of the
 * chosen sites): a stale choice must never hide people during an evacuation.
 */
export function listChoice(filters: Record<string, GridFilterValue>, places: EmergencyPlaces | undefined): ListChoice {
  const siteIds = ids(filters.site_id);
  const areaIds = ids(filters.area_id);
  if (!places) return { siteIds, areaIds };
  const sites = places.sites.filter((s) => siteIds.includes(s.id));
  const chosenSites = sites.length > 0 ? sites : places.sites;
  return {
    siteIds: sites.map((s) => s.id),
    areaIds: chosenSites.flatMap((s) => s.areas.filter((a) => areaIds.includes(a.id)).map((a) => a.id)),
  };
}

/**
 * The list's query for a choice: the chosen areas when there are any (they lie in the chosen sites),
 * else the chosen sites, else everything the reader may see.
 */
export const listFilter = (choice: ListChoice): EmergencyListFilter =>
  choice.areaIds.length > 0 ? { site_id: [], area_id: choice.areaIds } : { site_id: choice.siteIds, area_id: [] };

/** The areas to choose from: those of the chosen sites (of every site when none is chosen), by site. */
export function areaOptions(places: EmergencyPlaces | undefined, siteIds: readonly string[]) {
  return (places?.sites ?? [])
    .filter((site) => siteIds.length === 0 || siteIds.includes(site.id))
    .map((site) => ({ group: site.name, items: site.areas.map((area) => ({ value: area.id, label: area.name })) }))
    .filter((group) => group.items.length > 0);
}

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** Whether a person matches a search by name, company, phone or host. */
export function matchesSearch(person: OnSitePerson, search: string): boolean {
  const needle = fold(search.trim());
  if (needle === '') return true;
  return [person.person.full_name, person.person.company_name ?? '', person.person.phone ?? '', ...person.hosts].some(
    (text) => fold(text).includes(needle),
  );
}

/** The list with only the people matching the search, counts made again, empty areas and sites left out. */
export function searchList(list: EmergencyList, search: string): EmergencyList {
  if (search.trim() === '') return list;
  const sites = list.sites
    .map((site) => {
      const areas = site.areas
        .map((area) => {
          const people = area.people.filter((p) => matchesSearch(p, search));
          return { ...area, people, count: people.length };
        })
        .filter((area) => area.count > 0);
      return { ...site, areas, count: areas.reduce((sum, a) => sum + a.count, 0) };
    })
    .filter((site) => site.count > 0);
  return { ...list, sites, total: sites.reduce((sum, s) => sum + s.count, 0) };
}
