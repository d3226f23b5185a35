// The dashboard's actions on logbook rows (spec §4 Badge label; "Mass-action data"): each row's next
// action, and the selected rows split into those to sign out and those to sign in again, by area.
import type { SiteTree } from '@app/shared/sites/schemas';
import type { SignInPreview, Visit } from '@app/shared/visits/schemas';

export type RowAction = 'sign_out' | 'sign_in' | 'check_in';

/**
 * A row's next action is its badge label: Sign out while on site in a sign-in/out area, Check in for a
 * check-in-only area, Sign in otherwise. A cancelled expected visit has none.
 */
export const rowAction = (visit: Visit): RowAction | null => (visit.state === 'cancelled' ? null : visit.badge_label);

/** People signed in again at one area, running their flow there. */
export type AreaGroup = {
  areaId: string;
  /** "Site › Area". */
  place: string;
  /** expected_visit_id: the expected visit of the row chosen, signed in rather than another of today's. */
  people: { id: string; full_name: string; expected_visit_id?: string }[];
};

export type MassSplit = {
  /** Visits on site: signed out. */
  signOut: Visit[];
  /** People not on site, by the area of their row: signed in again there. */
  signIn: AreaGroup[];
  /** Whether any of them was signed in before ("Sign in again") or all are only expected ("Sign in"). */
  again: boolean;
};

/** A row's person as a sign-in takes them: an expected row's own visit is the one signed in. */
export const arrivalOf = (v: Visit): AreaGroup['people'][number] => ({
  id: v.person.id,
  full_name: v.person.full_name,
  ...(v.state === 'expected' ? { expected_visit_id: v.id } : {}),
});

/**
 * Splits the selected rows: visits on site are signed out; the others' people are signed in again at
 * their row's area (a person once, at their first row; someone also on site is only signed out).
 */
export function splitForMassAction(visits: readonly Visit[]): MassSplit {
  const signOut = visits.filter((v) => rowAction(v) === 'sign_out');
  const onSite = new Set(signOut.map((v) => v.person.id));
  const seen = new Set<string>();
  const groups = new Map<string, AreaGroup>();
  let again = false;
  for (const v of visits) {
    const action = rowAction(v);
    if (action === null || action === 'sign_out' || onSite.has(v.person.id) || seen.has(v.person.id)) continue;
    seen.add(v.person.id);
    const group = groups.get(v.area.id) ?? {
      areaId: v.area.id,
      place: `${v.site.name} › ${v.area.name}`,
      people: [],
    };
    group.people.push(arrivalOf(v));
    groups.set(v.area.id, group);
    if (v.state !== 'expected') again = true;
  }
  return { signOut, signIn: [...groups.values()], again };
}

/** The areas of the visits to sign out, each with its people (to read their early sign-out reasons). */
export function peopleByArea(visits: readonly Visit[]): { areaId: string; personIds: string[] }[] {
  const byArea = new Map<string, Set<string>>();
  for (const v of visits) byArea.set(v.area.id, (byArea.get(v.area.id) ?? new Set()).add(v.person.id));
  return [...byArea.entries()].map(([areaId, ids]) => ({ areaId, personIds: [...ids] }));
}

export type ReasonChoice = { id: string; name: string; attendance_code: string | null };

/**
 * The early sign-out reasons every one of the people may be given (one request carries one reason),
 * and the one to start with: the reason preselected for all of them alike, if any (spec §4 "One
 * reason is preselected. With more than one, the user picks.").
 */
export function commonReasons(previews: readonly SignInPreview[]): {
  options: ReasonChoice[];
  preselected: string | null;
} {
  const people = previews.flatMap((p) => p.people).filter((p) => p.reasons.type === 'early_sign_out');
  if (people.length === 0) return { options: [], preselected: null };
  let options = people[0]!.reasons.options.map((r) => ({ id: r.id, name: r.name, attendance_code: r.attendance_code }));
  for (const person of people.slice(1))
    options = options.filter((o) => person.reasons.options.some((r) => r.id === o.id));
  const first = people[0]!.reasons.preselected;
  const preselected = first && people.every((p) => p.reasons.preselected === first) ? first : null;
  return { options, preselected: preselected ?? (options.length === 1 ? options[0]!.id : null) };
}

export type AreaOptionGroup = { group: string; items: { value: string; label: string; disabled?: boolean }[] };

/** The site → area tree as a grouped choice: sites are headings, areas the choices; inactive areas cannot be picked. */
export const areaOptions = (tree: SiteTree): AreaOptionGroup[] =>
  tree
    .filter((site) => site.children.length > 0)
    .map((site) => ({
      group: site.text,
      items: site.children.map((area) => ({ value: area.value, label: area.text, disabled: !area.status })),
    }));

/** "Site › Area" of an area in the tree, or null when it is not there. */
export function placeOf(tree: SiteTree, areaId: string): string | null {
  for (const site of tree) {
    const area = site.children.find((a) => a.value === areaId);
    if (area) return `${site.text} › ${area.text}`;
  }
  return null;
}
