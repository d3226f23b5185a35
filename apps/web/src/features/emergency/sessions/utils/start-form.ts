// The "Start session" form: what it sends (POST /start_emergency) and how many people the roll will
// hold, from the places it covers and how many are on site in each now.
import type { EmergencyPlaces, StartSessionInput } from '@app/shared/emergency/schemas';
import { EMERGENCY_LIMITS } from '@app/shared/emergency/schemas';

export type StartScope = 'everything' | 'choose';

export type StartFormValues = {
  name: string;
  is_drill: boolean;
  scope: StartScope;
  site_ids: string[];
  area_ids: string[];
  highlight_after_minutes: number | string;
};

export const startFormDefaults = (name: string): StartFormValues => ({
  name,
  is_drill: false,
  scope: 'everything',
  site_ids: [],
  area_ids: [],
  highlight_after_minutes: EMERGENCY_LIMITS.highlightMinutesDefault,
});

/** The body sent: no places for everything the warden may see; the chosen sites and areas otherwise. */
export function startBody(values: StartFormValues): StartSessionInput {
  const choose = values.scope === 'choose';
  return {
    name: values.name,
    is_drill: values.is_drill,
    site_ids: choose ? values.site_ids : [],
    area_ids: choose ? values.area_ids : [],
    // An emptied number field is sent as it is, so the check names it.
    highlight_after_minutes: values.highlight_after_minutes as number,
  };
}

/** The areas a start covers: every area, or those of the chosen sites and the chosen areas. */
export function coveredAreaIds(
  places: EmergencyPlaces,
  values: Pick<StartFormValues, 'scope' | 'site_ids' | 'area_ids'>,
) {
  const areas = places.sites.flatMap((site) => site.areas.map((area) => ({ site: site.id, area })));
  if (values.scope === 'everything') return areas.map(({ area }) => area.id);
  return areas
    .filter(({ site, area }) => values.site_ids.includes(site) || values.area_ids.includes(area.id))
    .map(({ area }) => area.id);
}

/** How many people on site now the roll will hold: those in the covered areas not already in a session. */
export function rollEstimate(
  places: EmergencyPlaces,
  values: Pick<StartFormValues, 'scope' | 'site_ids' | 'area_ids'>,
  busyAreaIds: ReadonlySet<string>,
): { people: number; areas: number; busy: number } {
  const covered = new Set(coveredAreaIds(places, values));
  let people = 0;
  let areas = 0;
  let busy = 0;
  for (const site of places.sites) {
    for (const area of site.areas) {
      if (!covered.has(area.id)) continue;
      if (busyAreaIds.has(area.id)) {
        busy += 1;
        continue;
      }
      areas += 1;
      people += area.on_site;
    }
  }
  return { people, areas, busy };
}

/** A name to start with at once: what it is and when (the warden may change it). */
export const suggestedName = (label: string, now: Date): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${label} ${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
};
